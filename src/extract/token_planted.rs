//! Text a token-level program (Go, Ruby, Perl, PHP, Lua, Rust) writes where
//! it runs later (round 18): the content of a write that plants a shell rc
//! file, a crontab, a unit, a LaunchAgent or a git hook
//! (`File.write(rc, TEXT)`, `file_put_contents($rc, TEXT, FILE_APPEND)`,
//! `os.WriteFile(p, []byte(TEXT), 0644)`, `io.open(rc, "a"):write(TEXT)`,
//! `File.open(rc, "a") { |f| f.puts TEXT }`, `fwrite($f, TEXT)`, `print $fh
//! TEXT`), folded by `token_calls::fold_code` and read by the shared
//! `persisted::read_planted` in the place's language.

use super::token_calls::{Arg, Vars, call_args, fold_code};
use super::{Sink, Src};
use regex::Regex;
use std::sync::LazyLock;

/// A write through a handle, after the call that opened it: a method
/// (`f:write(`, `f.puts `, `$fh->print(`), PHP's `fwrite($f, …)`/`fputs`,
/// Perl's `print $fh …` / `print {$fh} …`, Go's `f.WriteString(`.
static HANDLE_WRITE: LazyLock<Regex> = LazyLock::new(|| {
    crate::rx::re(
        r"(?:[\w$)]\s*(?:\.|:|->)\s*(?:write|puts|print|WriteString|Write|syswrite)\b\s*\(?|\b(?:fwrite|fputs)\s*\(\s*\$\w+\s*,|\bprint\s*\{?\s*\$\w+\s*\}?\s+)",
    )
});

use crate::limits::TOKEN_HANDLE_WINDOW as HANDLE_WINDOW;

/// The text written by a call (`args`: its arguments; `m_end`: where they
/// start), given that the call's step `write` plants it: the
/// second argument of a whole-file write, else the first write through a
/// handle within [`HANDLE_WINDOW`] bytes after the call. A handle write
/// only further on may be the one (an attacker can pad the gap), so the
/// file is then marked incomplete; `writes` holds the starts of every
/// handle write of the file, found once per file on first need.
#[allow(clippy::too_many_arguments)]
pub(super) fn read(
    src: &Src,
    sink: &mut Sink,
    m_end: usize,
    args: &[Arg],
    handle_open: bool,
    vars: &Vars,
    write: usize,
    budget: &mut usize,
    writes: &mut Option<Vec<usize>>,
) {
    let text = src.text;
    let span_of = |a: &Arg| match a {
        Arg::Lit(s, e) => (*s - 1, *e + 1),
        Arg::Expr(s, e) => (*s, *e),
    };
    if handle_open {
        let stop = (m_end + HANDLE_WINDOW).min(text.len());
        let stop = (stop..=text.len())
            .find(|&i| text.is_char_boundary(i))
            .unwrap_or(text.len());
        let mut near: Vec<usize> = HANDLE_WRITE
            .find_iter(&text[m_end..stop])
            .map(|w| m_end + w.end())
            .collect();
        if near.len() > crate::limits::TOKEN_MAX_HANDLE_WRITES {
            crate::limits::gave_up("TOKEN_MAX_HANDLE_WRITES");
            near.truncate(crate::limits::TOKEN_MAX_HANDLE_WRITES);
        }
        if near.is_empty() {
            let all = writes
                .get_or_insert_with(|| HANDLE_WRITE.find_iter(text).map(|w| w.start()).collect());
            if all.get(all.partition_point(|&w| w < stop)).is_some() {
                crate::limits::gave_up("TOKEN_HANDLE_WINDOW");
            }
            return;
        }
        // Round 20: every write through the handle within the window, and
        // every argument of each (`f.puts "", "# nb helper"` then `f.puts
        // "sudo() { … }"`), one line each: the text the file receives.
        let mut lines = Vec::new();
        let (mut first, mut last) = (usize::MAX, 0);
        for from in near {
            let paren = text[..from].ends_with('(');
            for a in call_args(text, from, paren) {
                let (s, e) = span_of(&a);
                if let Some(code) = fold_code(strip_bytes(&text[s..e]), vars) {
                    lines.push(code);
                    first = first.min(s);
                    last = last.max(e);
                }
            }
        }
        if lines.is_empty() {
            return;
        }
        let code = lines.join("\n");
        super::persisted::read_planted(
            src,
            sink,
            &code,
            (first, last),
            &[write],
            false,
            true,
            budget,
        );
        return;
    }
    let Some((s, e)) = args.get(1).map(span_of) else {
        return;
    };
    let expr = strip_bytes(&text[s..e]);
    let Some(code) = fold_code(expr, vars) else {
        return;
    };
    super::persisted::read_planted(src, sink, &code, (s, e), &[write], false, true, budget);
}

/// `[]byte(X)` (Go), `X.as_bytes()`: the text inside.
fn strip_bytes(a: &str) -> &str {
    let a = a.trim();
    if let Some(inner) = a.strip_prefix("[]byte(").and_then(|r| r.strip_suffix(')')) {
        return inner.trim();
    }
    a.strip_suffix(".as_bytes()").unwrap_or(a)
}
