//! PowerShell gates (issue 14): `if (<condition>) { … }` blocks whose
//! condition checks the date, the environment or a first-run marker
//! (the shared table in [`super::gates`]). What the block does is tagged
//! with the gate, and a trigger step marks the condition when the block
//! does something worth hiding ([`super::concepts::worth_gating`]), as in
//! the other languages.

use super::{Sink, Src};
use crate::evidence::{Evidence, Op};
use crate::ssl::vocab::{ActType as A, ResourceScope as R};

static IF_RE: crate::rx::Lazy = crate::rx::Lazy::new(r"(?i)\b(?:if|elseif)\s*\(");
static NOW_PS: crate::rx::Lazy =
    crate::rx::Lazy::new(r"(?i)get-date|\[datetime\]::(?:utc)?now|\[datetime\]::today");

/// Blocks looked at per unit; the rest are not gated (bounded work).
const MAX_GATES: usize = 256;

static BLOCK_KW: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?i)^\s*\}?\s*(?:\$[\w:]+\s*=\s*)?(?:(?:if|elseif|else|foreach|for|while|do|try|catch|finally|switch|function|filter|start-job|start-threadjob|invoke-command|icm|register-engineevent|register-objectevent|register-wmievent)\b|[&.]\s*\{)",
);

/// Round 24: also the script blocks of `Start-Job { … }`, `Invoke-Command
/// { … }`, `Register-EngineEvent … -Action { … }` and `& { … }`, which run
/// their body as the file's code (in the background or at an event).
///
/// The statements inside the `{ … }` blocks of a one-line `if (…) { … }`
/// (or `else`, `foreach`, `while`, `try` …, and a one-line `function f {
/// iwr … | iex }`), each with its byte offset:
/// the line walk reads a statement from its first word, so a command
/// behind `if (…) {` on the same line was not read at all. Nested blocks
/// come out too (their own line starts with a keyword again).
pub fn block_statements(start: usize, line: &str) -> Vec<(usize, String)> {
    nested_statements(start, line, 0)
}

/// Blocks nested deeper than this on one line are not opened.
const MAX_BLOCK_DEPTH: usize = 8;

fn nested_statements(start: usize, line: &str, depth: usize) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    if depth >= MAX_BLOCK_DEPTH || !BLOCK_KW.is_match(line) {
        return out;
    }
    let b = line.as_bytes();
    let mut i = 0;
    while let Some(open) = line[i..].find('{').map(|o| i + o) {
        let close = closing(b, open, b'{', b'}').unwrap_or(b.len());
        let body = &line[open + 1..close.min(line.len())];
        let mut from = 0;
        for cut in super::ps_native::top_level(body, b";")
            .into_iter()
            .chain([body.len()])
        {
            let piece = &body[from..cut];
            let lead = piece.len() - piece.trim_start().len();
            if !piece.trim().is_empty() {
                let at = start + open + 1 + from + lead;
                out.push((at, piece.trim().to_string()));
                out.extend(nested_statements(at, piece.trim(), depth + 1));
            }
            from = (cut + 1).min(body.len());
        }
        i = close + 1;
        if i >= line.len() || out.len() > MAX_GATES {
            break;
        }
    }
    out
}

/// PowerShell code that reads the current date or time.
pub fn reads_now_ps(t: &str) -> bool {
    NOW_PS.is_match(t)
}

/// The index of the bracket closing the one at `open`, if any.
fn closing(b: &[u8], open: usize, o: u8, c: u8) -> Option<usize> {
    let mut depth = 0usize;
    for (i, &x) in b.iter().enumerate().skip(open) {
        if x == o {
            depth += 1;
        } else if x == c {
            depth = depth.checked_sub(1)?;
            if depth == 0 {
                return Some(i);
            }
        }
    }
    None
}

/// Gates the evidence pushed since `first` (items of this unit).
pub fn apply(src: &Src, masked: &str, sink: &mut Sink, first: usize, lang: &'static str) {
    let b = masked.as_bytes();
    let none = Default::default();
    let mut triggers = Vec::new();
    for m in IF_RE.find_iter(masked).take(MAX_GATES) {
        let open = m.end() - 1;
        let Some(close) = closing(b, open, b'(', b')') else {
            continue;
        };
        let cond = &masked[open + 1..close];
        let Some(g) = super::gates::gate_of(cond, reads_now_ps, &none) else {
            continue;
        };
        let rest = &masked[close + 1..];
        let Some(brace) = rest
            .find(|c: char| !c.is_whitespace())
            .filter(|&i| rest[i..].starts_with('{'))
        else {
            continue;
        };
        let body_open = close + 1 + brace;
        let body_close = closing(b, body_open, b'{', b'}').unwrap_or(b.len());
        let span = src.loc(body_open, body_close);
        let start = (span.start_line, span.start_column);
        let end = (span.end_line, span.end_column);
        let items = sink.items.get_mut(first..).unwrap_or_default();
        let mut risky = false;
        for e in items.iter_mut().filter(|e| {
            let at = (e.location.start_line, e.location.start_column);
            e.location.path == span.path && at >= start && at <= end
        }) {
            e.tags.insert(g);
            risky |= super::concepts::worth_gating(e);
        }
        if risky {
            let ev = Evidence::new(
                Op::Trigger,
                A::Compare,
                R::Other,
                crate::text::snippet(cond, 120),
            )
            .object("condition gating a risky action")
            .instrument("if")
            .tag(g);
            triggers.push(src.at(ev, m.start(), close + 1, lang));
        }
    }
    for t in triggers {
        sink.push(t);
    }
}
