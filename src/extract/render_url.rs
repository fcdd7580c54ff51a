//! Exfiltration through a rendered URL (round 22): the agent told to emit
//! a Markdown image or link (or an `<img>`), whose URL carries a
//! placeholder for the conversation, the user's data or a secret. A chat
//! client fetches an image as soon as it renders it, so the data leaves
//! without a click. The placeholder names the data itself (`<conversation
//! summary>`, `{{api_key}}`), or names a summary, context or payload while
//! the section it sits in names the user's data or the conversation. A
//! badge with a fixed URL or with placeholders for a package or a repo
//! (`img.shields.io/npm/v/<package>`) carries nothing of the user's.

use super::{Sink, Src};
use crate::evidence::{Origin, Tag};

/// An image, a link or an `<img src>`: the URL, with placeholders that may
/// hold spaces (`?ctx=<urlencoded summary>`).
static RENDERED: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"(?i)(?:!?\[[^\]\n]{0,200}\]\(\s*<?|<img\s[^>\n]{0,300}?src\s*=\s*["'])(?P<url>https?://[^\s()<>"'{}]+(?:(?:<[^<>\n]{1,80}>|\{\{?[^{}\n]{1,80}\}\}?|\$\{[^{}\n]{1,80}\})[^\s()<>"'{}]*)*)"#,
);
/// A placeholder in a URL.
static PLACEHOLDER: crate::rx::Lazy =
    crate::rx::Lazy::new(r"<[^<>\n]{1,80}>|\{\{?[^{}\n]{1,80}\}\}?|\$\{[^{}\n]{1,80}\}");
/// A placeholder that names the data itself.
static STRONG: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?i)(?-u:\b)(?:conversations?|chats?|transcripts?|history|messages?|prompts?|questions?|user'?s?[ _-]+(?:input|message|question|data|text|query)|secrets?|tokens?|api[ _-]?keys?|passwords?|credentials?|env|environment|cookies?|pii|customers?|emails?)(?-u:\b)",
);
/// A placeholder that holds whatever the section says it holds.
static WEAK: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?i)(?-u:\b)(?:summary|summari[sz]ed|context|content|contents|data|text|body|payload|info|details|notes|recap|digest)(?-u:\b)",
);
/// The section says the payload is the conversation or the user's data.
static SECTION_DATA: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?i)(?-u:\b)(?:conversation|chat|transcript|messages\s+so\s+far|customer\s+(?:names?|emails?|data|details)|names,?\s+emails|email\s+addresses|order\s+numbers|internal\s+notes|personal\s+(?:data|details|information)|pii|api\s+keys?|tokens?|passwords?|credentials?|secrets?)(?-u:\b)",
);

/// Emits a read of the user's data flowing to each rendered URL of `text`
/// (a Markdown file; `doc`: the whole file documents) that carries it.
pub fn scan(file: &Src, text: &str, doc: bool, sink: &mut Sink) {
    if !RENDERED.is_match(text) {
        return;
    }
    let framed = super::doc_frame::framed_lines(text, doc);
    let secs = crate::text::section_bytes(text);
    for c in RENDERED.regex().captures_iter(text) {
        let Some(u) = c.name("url") else { continue };
        let url = u.as_str();
        let holes: Vec<&str> = PLACEHOLDER
            .regex()
            .find_iter(url)
            .map(|m| m.as_str())
            .collect();
        let sec = secs
            .iter()
            .find(|(a, b)| *a <= u.start() && u.start() < *b)
            .map_or("", |(a, b)| crate::text::slice(text, *a, *b));
        let carried = holes
            .iter()
            .find(|h| STRONG.is_match(h) || WEAK.is_match(h) && SECTION_DATA.is_match(sec));
        let Some(hole) = carried else { continue };
        let credential = !WEAK.is_match(hole)
            && super::prose_acts::names_credential(hole)
            && !SECTION_DATA
                .find(sec)
                .is_some_and(|m| m.as_str().contains(' '));
        let mut evs = super::prose_acts::read_then_send(
            hole.trim_matches(['<', '>', '{', '}', '$']),
            credential,
            url,
            "instruction to emit an image or link whose URL carries the user's data",
            format!("$rendered_url_{}", u.start()),
        );
        let line = text[..u.start()].matches('\n').count();
        let doc_line = framed.get(line).copied().unwrap_or(false);
        for ev in &mut evs {
            ev.tags.insert(if doc_line {
                Tag::Documentation
            } else {
                Tag::Imperative
            });
            let mut e = file.at(ev.clone(), u.start(), u.end(), "markdown");
            e.origin = Origin::Prose;
            *ev = e;
        }
        for ev in evs {
            sink.push(ev);
        }
    }
}
