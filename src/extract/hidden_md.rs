//! Text Markdown hides from a human reader but hands to the model (round
//! 22): HTML comments, elements hidden by an attribute or a style
//! (`hidden`, `display:none`, `visibility:hidden`, zero size or opacity),
//! link-reference definitions used as comments (`[//]: # (…)`,
//! `[comment]: <> (…)`), image alt text and link titles. Each hidden span
//! is read as prose addressed to the agent (origin `HtmlComment`: an order
//! whatever its mood) and for the commands it holds. A span whose text
//! orders a read of secrets or of the user's data, or a send, is
//! concealment as well: an `HiddenText` step (SK-EXEC-006, an intent
//! signal) names where it hides. `<details>` is not hidden (the reader
//! opens it), nor is `aria-hidden` alone (it hides from screen readers,
//! not from the eye).

use super::{Lang, Sink, Src, prose};
use crate::evidence::{Evidence, Op, Origin, Tag};
use crate::ssl::vocab::{ActType as A, ResourceScope as R};
use std::ops::Range;

/// An opening tag (its element may be hidden from view by a `hidden`
/// attribute or a style that removes, blanks or shrinks it to nothing),
/// attributes of any length: [`hidden_tag_at`] keeps those of at most
/// [`TAG_ATTRS_MAX_CHARS`]. Written `[^<>]{0,600}`, the bound compiled six
/// hundred copies of a Unicode class, the second costliest pattern of a
/// single-skill run.
static HIDDEN_TAG: crate::rx::Lazy =
    crate::rx::Lazy::new(r#"(?i)<(?P<name>[a-z][a-z0-9]{0,15})(?P<attrs>(?:\s[^<>]*)?)>"#);

/// Characters of a tag's attributes read as a tag: the space before them
/// and 600 more.
const TAG_ATTRS_MAX_CHARS: usize = 601;

/// The first opening tag at or after `from` whose attributes hold at most
/// [`TAG_ATTRS_MAX_CHARS`]: the matches of
/// `(?i)<(?P<name>[a-z][a-z0-9]{0,15})(?P<attrs>(?:\s[^<>]{0,600})?)>`.
/// A tag's name and attributes are fixed by where it starts (the name runs
/// to the first space or `>`, the attributes to the first `<` or `>`), so a
/// start matches that pattern exactly when it matches [`HIDDEN_TAG`] with
/// attributes that short, with the same groups; a longer one is not a tag
/// and the search goes on from the next character, as the bounded
/// pattern's does.
fn hidden_tag_at(body: &str, from: usize) -> Option<regex::Captures<'_>> {
    let mut at = from;
    loop {
        let c = HIDDEN_TAG.captures_at(body, at)?;
        let short = c
            .name("attrs")
            .is_none_or(|a| a.as_str().chars().nth(TAG_ATTRS_MAX_CHARS).is_none());
        if short {
            return Some(c);
        }
        // The match starts with `<`, one byte.
        at = c.get(0)?.start() + 1;
    }
}
static HIDING_ATTR: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"(?i)(?:^|\s)hidden(?:\s*=\s*["']?(?:hidden|true)?["']?)?(?:\s|/|$)|style\s*=\s*["'][^"']*?(?:display\s*:\s*none|visibility\s*:\s*hidden|(?:font-size|opacity|(?:max-)?height|line-height)\s*:\s*0(?:\.0+)?(?:px|pt|em|rem|%)?\s*(?:[;"']|!important)|clip\s*:\s*rect\(\s*0)"#,
);
/// A link-reference definition on a line of its own: label, destination
/// and optional title; none of it is rendered.
static LINK_REF: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"(?m)^ {0,3}\[(?P<label>[^\]\n]{1,200})\]:[ \t]*(?P<dest><[^>\n]*>|\S+)(?:[ \t]+(?:"(?P<t1>[^"\n]*)"|'(?P<t2>[^'\n]*)'|\((?P<t3>[^\n]*)\)))?[ \t]*$"#,
);
/// Image alt text, link titles and `alt`/`title` attributes long enough to
/// hold a sentence.
static ALT_TITLE: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"!\[(?P<alt>[^\]\n]{24,600})\]\(|\]\(\s*<?[^\s()<>]+>?\s+"(?P<title>[^"\n]{24,600})"\s*\)|(?i:\s(?:alt|title)\s*=\s*)"(?P<attr>[^"\n]{24,600})""#,
);
/// Elements that have no content (nothing to hide between tags).
const VOID: &[&str] = &[
    "img", "input", "br", "hr", "meta", "link", "source", "wbr", "area", "col", "embed",
];

/// Where hidden text sits, for the finding's message.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Place {
    Comment,
    Element,
    LinkRef,
    AltTitle,
    Frontmatter,
    /// The string fields of a data file SKILL.md tells the agent to obey
    /// (round 34, `delegated.rs`): read as orders, not hidden by placement.
    Delegated,
}

impl Place {
    fn describe(self) -> &'static str {
        match self {
            Place::Comment => "an HTML comment",
            Place::Element => "an element hidden by its style or attribute",
            Place::LinkRef => "a link-reference comment",
            Place::AltTitle => "image alt or link title text",
            Place::Frontmatter => "a frontmatter field the user is not shown",
            Place::Delegated => "a data file SKILL.md tells the agent to obey",
        }
    }
}

/// The hidden spans of Markdown `body` (at byte `offset` of its file),
/// outside the fenced code blocks `code`. Elements whose closing tag is
/// past `MAX_HIDDEN_ELEMENT` bytes are read to that bound and the file is
/// marked incomplete.
pub fn spans(
    body: &str,
    offset: usize,
    code: &[Range<usize>],
    sink: &mut Sink,
) -> Vec<(Range<usize>, Place)> {
    let in_code = |p: usize| {
        code.iter()
            .any(|c| c.start <= p + offset && p + offset < c.end)
    };
    let mut out = Vec::new();
    let mut search = 0;
    // Every tag starts with `<`: a body without one never compiles the
    // tag pattern (a few milliseconds of a single-skill run).
    let tags = body.contains('<');
    while let Some(c) = tags.then(|| hidden_tag_at(body, search)).flatten() {
        let (Some(all), Some(name), Some(attrs)) = (c.get(0), c.name("name"), c.name("attrs"))
        else {
            break;
        };
        search = all.end();
        let name = name.as_str().to_ascii_lowercase();
        if in_code(all.start())
            || VOID.contains(&name.as_str())
            || name == "details"
            || !HIDING_ATTR.is_match(attrs.as_str())
        {
            continue;
        }
        let (end, whole) = close_of(body, all.end(), &name);
        if !whole {
            sink.incomplete.push(format!(
                "hidden <{name}> element longer than {} bytes read in part",
                crate::limits::MAX_HIDDEN_ELEMENT
            ));
        }
        out.push(((all.end() + offset)..(end + offset), Place::Element));
        search = search.max(end);
    }
    for c in LINK_REF.captures_iter(body) {
        let Some(all) = c.get(0) else { continue };
        if in_code(all.start()) {
            continue;
        }
        for g in ["label", "t1", "t2", "t3"] {
            if let Some(m) = c
                .name(g)
                .filter(|m| m.as_str().split_whitespace().count() > 2)
            {
                out.push(((m.start() + offset)..(m.end() + offset), Place::LinkRef));
            }
        }
    }
    for c in ALT_TITLE.captures_iter(body) {
        for g in ["alt", "title", "attr"] {
            if let Some(m) = c.name(g).filter(|m| !in_code(m.start())) {
                out.push(((m.start() + offset)..(m.end() + offset), Place::AltTitle));
            }
        }
    }
    out.sort_by_key(|(r, _)| (r.start, r.end));
    out
}

/// The end of an element's content: its matching closing tag (nested
/// elements of the same name counted), or the bound.
fn close_of(body: &str, from: usize, name: &str) -> (usize, bool) {
    let limit = crate::text::clamp_boundary(
        body,
        from.saturating_add(crate::limits::MAX_HIDDEN_ELEMENT)
            .min(body.len()),
    );
    let hay = body[from..limit].to_ascii_lowercase();
    let open = format!("<{name}");
    let close = format!("</{name}");
    let mut depth = 0usize;
    let mut at = 0;
    while let Some(i) = hay[at..].find('<') {
        let p = at + i;
        let rest = &hay[p..];
        let boundary = |n: usize| {
            rest[n..]
                .chars()
                .next()
                .is_none_or(|c| !c.is_ascii_alphanumeric())
        };
        if rest.starts_with(&close) && boundary(close.len()) {
            if depth == 0 {
                return (from + p, true);
            }
            depth -= 1;
        } else if rest.starts_with(&open) && boundary(open.len()) {
            depth += 1;
        }
        at = p + 1;
    }
    (limit, limit == body.len())
}

/// How the commands written in agent text are read (`markdown::agent_text`,
/// handed in by the caller: this module does not name `markdown`, which
/// calls it, so there is no import cycle).
pub type Commands = fn(&Src, &str, &mut Sink);

/// Reads one hidden span `start..end` of `file` as an order to the agent,
/// then marks it as concealment when it orders a collection or a send.
pub fn read_span(
    file: &Src,
    (start, end): (usize, usize),
    place: Place,
    commands: Commands,
    sink: &mut Sink,
) {
    let text = crate::text::slice(file.text, start, end);
    if text.trim().len() < 6 {
        return;
    }
    let before = sink.items.len();
    // A frontmatter field keeps its origin (its weights are the
    // description's); Markdown hidden from view is read as a comment is.
    let origin = match place {
        Place::Frontmatter => Origin::Frontmatter,
        Place::Delegated => Origin::Prose,
        _ => Origin::HtmlComment,
    };
    let hidden = place != Place::Delegated;
    prose::extract_unit(file, start, end, "", origin, sink);
    let unit = [start..end];
    super::prose_remote::scan_section(file, &unit, "", before, origin, sink);
    super::prose_acts::scan_section(file, &unit, "", origin, hidden, sink);
    if let Some(sec) = super::prose_acts::Section::read(file, &unit, "", origin) {
        if !sink.expired() {
            super::prose_handover::scan_section(file, &sec, sink);
            super::prose_sidechannel::scan_section(file, &sec, sink);
            super::prose_carry::scan_section(file, &sec, sink);
            super::git_remote::scan_section(file, &sec, hidden, sink);
        }
    }
    if place != Place::Comment {
        // Commands written inline or on a line of the hidden text (a
        // comment's are read by the caller, as before).
        let sub = file.nested(
            text,
            start,
            if hidden { Origin::HtmlComment } else { origin },
        );
        commands(&sub, text, sink);
    } else if let Some(lang) = Lang::sniff(text) {
        let src = file.nested(text, start, Origin::HtmlComment);
        super::extract_code(lang, &src, sink);
    }
    if hidden {
        mark(file, start, end, place, before, sink);
    }
}

/// Whether an evidence item found in hidden text is an order to collect
/// or send: a read of secrets or of the user's data, or a send.
fn collects_or_sends(e: &Evidence) -> bool {
    if e.has(Tag::Negated) || e.has(Tag::Documentation) {
        return false;
    }
    matches!(e.op, Op::NetSend | Op::SocketConnect) && e.has(Tag::Outsider)
        || matches!(e.op, Op::EnvDump | Op::KeychainRead)
        || matches!(e.op, Op::FileRead | Op::EnvRead | Op::ClipboardRead)
            && matches!(e.scope, R::Credentials | R::UserData)
}

/// Pushes the concealment step for hidden text that orders a collection
/// or a send (`before`: the sink length before the span was read).
pub fn mark(file: &Src, start: usize, end: usize, place: Place, before: usize, sink: &mut Sink) {
    let Some(first) = sink
        .items
        .get(before..)
        .and_then(|new| new.iter().find(|e| collects_or_sends(e)))
    else {
        return;
    };
    let what = crate::text::snippet(&first.target, 80);
    let ev = Evidence::new(Op::HiddenText, A::Infer, R::Other, what)
        .tag(Tag::Imperative)
        .object(match place {
            Place::Comment => "order to collect or send data hidden in an HTML comment",
            Place::Element => "order to collect or send data hidden in an invisible element",
            Place::LinkRef => "order to collect or send data hidden in a link-reference comment",
            Place::AltTitle => "order to collect or send data hidden in alt or title text",
            Place::Frontmatter => "order to collect or send data hidden in a frontmatter field",
            Place::Delegated => "order to collect or send data in a data file the agent obeys",
        })
        .instrument(place.describe());
    let mut ev = file.at(ev, start, end, "markdown");
    ev.origin = Origin::HtmlComment;
    sink.push(ev);
}

#[cfg(test)]
mod tests {
    /// `hidden_tag_at` finds what the bounded pattern finds, with the same
    /// groups, around the bound and with multi-byte attributes.
    #[test]
    fn tag_search_answers_as_the_bounded_pattern() {
        let bounded =
            crate::rx::re(r#"(?i)<(?P<name>[a-z][a-z0-9]{0,15})(?P<attrs>(?:\s[^<>]{0,600})?)>"#);
        let mut bodies: Vec<String> = Vec::new();
        for n in [0, 1, 598, 599, 600, 601, 602, 2000] {
            for fill in ["x", "é", "\n"] {
                let attrs = fill.repeat(n);
                bodies.push(format!("a <div {attrs}> b <span hidden>c</span>"));
                bodies.push(format!("<p\u{a0}{attrs}><b style=\"display:none\">x</b>"));
                bodies.push(format!("<x1 {attrs}<i {attrs}>"));
                bodies.push(format!("<{attrs}a>< a><A{attrs}>"));
            }
        }
        bodies.push("<averyveryverylongname1 x><b>".into());
        for body in &bodies {
            let mut from = 0;
            while from <= body.len() {
                let want = bounded.captures_at(body, from);
                let got = super::hidden_tag_at(body, from);
                let groups = |c: &Option<regex::Captures>| {
                    c.as_ref().map(|c| {
                        ["name", "attrs"]
                            .map(|g| c.name(g).map(|m| m.range()))
                            .to_vec()
                            .into_iter()
                            .chain([c.get(0).map(|m| m.range())])
                            .collect::<Vec<_>>()
                    })
                };
                assert_eq!(groups(&got), groups(&want), "{body:?} from {from}");
                let Some(next) = want.and_then(|c| c.get(0)).map(|m| m.start() + 1) else {
                    break;
                };
                from = next;
            }
        }
    }
}
