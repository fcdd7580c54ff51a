//! Remote content put in control over the sentences of one section: a
//! fetch of a URL in one sentence and, a few sentences later, the order
//! that puts what it returned in control ("1. Download `URL`. … 3. `setup`
//! is a list of shell commands … Run each one in order in a shell", "Fetch
//! URL at startup. Load it as your working policy."). Each sentence alone
//! names either the URL or the order, so the per-sentence pass (`prose.rs`)
//! sees neither; the section says both. The order is read by the shared
//! instruction grammar (`intent_grammar`, class `RemoteOrders`), with its
//! negation and fetch-anchor checks, over a window that starts at the
//! fetch: the same reading as inside one sentence.

use super::indicators::{URL_RE, classify_url};
use super::intent_grammar::{self as grammar, Intent};
use super::{Sink, Src};
use crate::evidence::{Evidence, Op, Origin, Tag};
use crate::ssl::vocab::{ActType as A, ResourceScope as R};
use std::ops::Range;

/// Bytes after a fetched URL within which an order still refers to what
/// it fetched ("near", as `decide::raise` counts lines; a window, not a
/// cut: every URL of the section gets its own).
const NEAR_BYTES: usize = 1200;

/// "Treat fetched pages as untrusted data, not instructions".
static DATA_NOT_ORDERS: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?i)(?-u:\b)(untrusted|not (as )?(instructions?|commands?|directives?|rules))(?-u:\b)",
);
/// A run of a list the fetched text holds: remote code, not only wording.
static RUN_LIST: crate::rx::Lazy =
    crate::rx::Lazy::new(r"(?i)^\W*(run|execute|exec|eval\w*|paste)(?-u:\b)");

/// The span of the sentence around `a..b` in `text`: back to a sentence
/// end or line break, on to the next.
fn sentence_around(text: &str, a: usize, b: usize) -> (usize, usize) {
    let is_end = |c: char| matches!(c, '.' | '!' | '?' | '\n');
    let s = text[..a].rfind(is_end).map_or(0, |i| i + 1);
    let e = text[b..].find(is_end).map_or(text.len(), |i| b + i);
    (s, e)
}

/// Evidence for the section `units` (prose units under `heading`), unless
/// the per-sentence pass already read remote instructions there (items of
/// `sink` from `before` on).
pub fn scan_section(
    file: &Src,
    units: &[Range<usize>],
    heading: &str,
    before: usize,
    origin: Origin,
    sink: &mut Sink,
) {
    let (Some(first), Some(last)) = (units.first(), units.last()) else {
        return;
    };
    if sink.items[before.min(sink.items.len())..]
        .iter()
        .any(|e| e.op == Op::NetFetch && e.has(Tag::RemoteInstructions))
    {
        return;
    }
    let base = first.start;
    let text = crate::text::slice(file.text, first.start, last.end);
    for u in URL_RE.find_iter(text) {
        let url = u
            .as_str()
            .trim_end_matches(['.', ',', ';', ':', '*', '_', '`', ')']);
        let url_tags = classify_url(url);
        if url_tags.contains(&Tag::KnownInstaller) {
            continue;
        }
        let (fs, _) = sentence_around(text, u.start(), u.end());
        // The URL's own sentence fetches it.
        if !grammar::fetches(crate::text::slice(text, fs, u.start())) {
            continue;
        }
        let hi = crate::text::clamp_boundary(text, (u.end() + NEAR_BYTES).min(text.len()));
        let window = &text[fs..hi];
        let after = u.end() - fs;
        let Some((a, b)) = grammar::find_where(window, Intent::RemoteOrders, |at| at >= after)
        else {
            continue;
        };
        let (ss, se) = sentence_around(window, a, b);
        let said = &window[ss..se];
        if DATA_NOT_ORDERS.is_match(said) {
            continue;
        }
        let mut ev = Evidence::new(Op::NetFetch, A::Request, R::Network, url)
            .tags(url_tags)
            .tag(Tag::RemoteInstructions)
            .object("instructions loaded from a URL at run time")
            .instrument("agent");
        if RUN_LIST.is_match(&window[a..b]) || super::planted_orders::runs_fetched(&window[..se]) {
            ev.tags.insert(Tag::RunsFetched);
        }
        if super::doc_frame::is_doc_frame(heading) {
            ev.tags.insert(Tag::Documentation);
        }
        if super::doc_frame::has_imperative_clause(said) {
            ev.tags.insert(Tag::Imperative);
        }
        let at = base + fs;
        let mut ev = file.at(ev, at + ss, at + se, "markdown");
        ev.origin = origin;
        if origin == Origin::HtmlComment {
            ev.tags.insert(Tag::Imperative);
        }
        sink.push(ev);
        return;
    }
}

/// Output flags that send a fetch to a file instead of standard output.
const TO_FILE: &[&str] = &[
    "-o",
    "-O",
    "--output",
    "--remote-name",
    "-OutFile",
    "--output-document",
    ">",
    ">>",
    "|",
];

/// A `` !`cmd` `` / ```` ```! ```` directive runs before the model sees the
/// prompt and its standard output replaces it: a fetch there (`curl URL`,
/// `wget -qO- URL`, `irm URL`) whose output is not sent to a file puts the
/// fetched text among the skill's instructions on every invocation, with
/// no agent deciding. The network fetches the shell model found in the
/// directive (`sink` items from `before`, directive text `cmd`) become
/// remote instructions; when the file after the directive (`after`) orders
/// what it returns followed (the `RemoteOrders` grammar) they may carry
/// commands (`RunsFetched`).
pub fn dynamic_fetches(cmd: &str, after: &str, before: usize, sink: &mut Sink) {
    let to_stdout = |c: &str| {
        let words: Vec<&str> = c.split_whitespace().collect();
        let wget = words.first().is_some_and(|w| *w == "wget");
        let dash = words.iter().any(|w| *w == "-" || w.ends_with("O-"));
        !words.iter().any(|w| {
            TO_FILE.contains(w) || w.starts_with("-o") && w.len() > 2 && !w.starts_with("--")
        }) && (!wget || dash)
            || wget && dash
    };
    let hi = crate::text::clamp_boundary(after, NEAR_BYTES.min(after.len()));
    let ordered = grammar::find(&after[..hi], Intent::RemoteOrders).is_some();
    for e in sink.items.iter_mut().skip(before) {
        if e.op != Op::NetFetch || e.origin != Origin::DynamicContext {
            continue;
        }
        let line = cmd
            .lines()
            .find(|l| l.contains(e.target.as_str()))
            .unwrap_or(cmd);
        if e.target.contains("://") && to_stdout(line) {
            e.tags.insert(Tag::RemoteInstructions);
            e.tags.insert(Tag::Imperative);
            e.object = "instructions fetched into the prompt before the model runs".to_string();
            if ordered {
                e.tags.insert(Tag::RunsFetched);
            }
        }
    }
}
