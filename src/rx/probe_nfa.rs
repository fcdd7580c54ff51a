//! The pattern dialect and a probe's automaton (see `rx::Probe`), on
//! `regex-syntax` and `regex-automata` alone: `build.rs` includes this file
//! to build the probes of the gate table's patterns ahead of time
//! (`rx::stored_probes`), and the scan builds the others with the same code.

use regex_automata::nfa::thompson::{self, NFA, WhichCaptures};
use regex_automata::util::syntax;
use regex_syntax::hir::{Hir, HirKind};
use std::borrow::Cow;

/// Rewrite `\w`, `\d` (inside and outside classes) and `\b` to ASCII.
pub fn ascii_classes(pattern: &str) -> Cow<'_, str> {
    if !pattern.contains(['\\']) {
        return Cow::Borrowed(pattern);
    }
    let mut out = String::with_capacity(pattern.len() + 16);
    let mut in_class = false;
    // Whether the previous char opened a class (`[` or `[^`): a `]` right
    // after it is a literal, not the end of the class.
    let mut class_start = false;
    let mut chars = pattern.chars();
    while let Some(c) = chars.next() {
        let opened = class_start;
        class_start = false;
        match c {
            '\\' => match chars.next() {
                Some('w') if in_class => out.push_str("0-9A-Za-z_"),
                Some('w') => out.push_str("[0-9A-Za-z_]"),
                Some('d') if in_class => out.push_str("0-9"),
                Some('d') => out.push_str("[0-9]"),
                Some('b') if !in_class => out.push_str("(?-u:\\b)"),
                Some(n) => {
                    out.push('\\');
                    out.push(n);
                }
                None => out.push('\\'),
            },
            '[' if !in_class => {
                in_class = true;
                class_start = true;
                out.push(c);
            }
            '^' if opened => {
                class_start = true;
                out.push(c);
            }
            ']' if in_class && !opened => {
                in_class = false;
                out.push(c);
            }
            _ => out.push(c),
        }
    }
    Cow::Owned(out)
}

/// The forward NFA (no captures) of any of `patterns` matching, written in
/// the `regex` dialect as given (no ASCII rewrite here), with `regex`'s
/// defaults (UTF-8 syntax and matches, the 10 MiB NFA size limit); with
/// `open`, wide bounded repetitions are opened ([`relax`]). The flag says
/// whether the NFA's language is the patterns' (nothing opened).
pub fn nfa<P: AsRef<str>>(
    patterns: &[P],
    case_insensitive: bool,
    open: bool,
) -> Option<(NFA, bool)> {
    let config = syntax::Config::new()
        .utf8(true)
        .case_insensitive(case_insensitive);
    let mut hirs = syntax::parse_many_with(patterns, &config).ok()?;
    let mut exact = true;
    if open {
        for hir in &mut hirs {
            if let Some(opened) = relax(hir) {
                *hir = opened;
                exact = false;
            }
        }
    }
    let nfa = thompson::Compiler::new()
        .syntax(config)
        .configure(
            thompson::Config::new()
                .which_captures(WhichCaptures::None)
                .nfa_size_limit(Some(10 * (1 << 20))),
        )
        .build_many_from_hir(&hirs)
        .ok()?;
    Some((nfa, exact))
}

/// Widest bounded repetition a probe keeps as written: `X{m,n}` with
/// `n - m` above it is opened to `X{m,}` (an NFA holds `n` copies of `X`).
const PROBE_SPAN: u32 = 8;

/// `hir` with every bounded repetition wider than [`PROBE_SPAN`] opened
/// (`X{m,n}` to `X{m,}`), or None when it has none. The opened language
/// holds the pattern's, and anchors and word boundaries are untouched, so
/// a text without a match of the opened pattern has none of the pattern.
pub fn relax(hir: &Hir) -> Option<Hir> {
    use regex_syntax::hir::{Capture, Repetition};
    fn all(hirs: &[Hir]) -> Option<Vec<Hir>> {
        let opened: Vec<Option<Hir>> = hirs.iter().map(relax).collect();
        if opened.iter().all(Option::is_none) {
            return None;
        }
        Some(
            opened
                .into_iter()
                .zip(hirs)
                .map(|(o, h)| o.unwrap_or_else(|| h.clone()))
                .collect(),
        )
    }
    match hir.kind() {
        HirKind::Repetition(r) => {
            let wide = r.max.is_some_and(|n| n - r.min > PROBE_SPAN);
            let sub = relax(&r.sub);
            if !wide && sub.is_none() {
                return None;
            }
            Some(Hir::repetition(Repetition {
                min: r.min,
                max: if wide { None } else { r.max },
                greedy: r.greedy,
                sub: Box::new(sub.unwrap_or_else(|| (*r.sub).clone())),
            }))
        }
        HirKind::Capture(c) => relax(&c.sub).map(|sub| {
            Hir::capture(Capture {
                index: c.index,
                name: c.name.clone(),
                sub: Box::new(sub),
            })
        }),
        HirKind::Concat(parts) => all(parts).map(Hir::concat),
        HirKind::Alternation(alts) => all(alts).map(Hir::alternation),
        HirKind::Empty | HirKind::Literal(_) | HirKind::Class(_) | HirKind::Look(_) => None,
    }
}
