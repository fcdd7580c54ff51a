//! Native programs run from PowerShell, read by the shell reader's program
//! tables: `vssadmin delete shadows /all`, `wmic shadowcopy delete`,
//! `aws iam …`, `kubectl …`, also when the name or arguments are computed
//! (`$t = 'vss' + 'adm' + 'in'; & $t delete shadows`, `& ('bc' + 'dedit')
//! /set …`, `ForEach-Object { & $ev cl "$_" }`).
//!
//! [`command_line`] resolves a segment's words through the PowerShell
//! reader's known string values; [`analyse`] hands the resolved line to the
//! shell reader, located at the PowerShell segment.

use super::{Sink, Src};
use crate::evidence::Origin;

/// Native programs the PowerShell reader has no rule of its own for, whose
/// meaning the shell reader's tables know.
const NATIVE: &[&str] = &[
    "vssadmin",
    "wmic",
    "bcdedit",
    "wbadmin",
    "cipher",
    "fsutil",
    "aws",
    "gcloud",
    "az",
    "kubectl",
    "gh",
    "docker",
    "git",
    "terraform",
    // Round 36: raw disk writers under PowerShell on Linux/macOS.
    "dd",
    "shred",
    "wipefs",
];

/// Whether the shell reader's tables know what program `prog` (lower
/// case, no `.exe`) does.
pub fn is_native(prog: &str) -> bool {
    NATIVE.contains(&prog)
}

/// Longest resolved line handed on (`limits.rs`; a cut marks the file
/// incomplete).
use crate::limits::PS_MAX_NATIVE_LINE as MAX_LINE;

/// The command lines a PowerShell segment runs natively, resolved, when the
/// program is a known native one or its name is computed. `value` is the
/// PowerShell reader's value of a quoted, `$var` or `( … + … )` word.
pub fn command_line(body: &str, value: &dyn Fn(&str) -> Option<String>) -> Vec<String> {
    let mut out = Vec::new();
    for cand in candidates(body) {
        let words = words(cand);
        let Some(first) = words.first() else {
            continue;
        };
        let computed = first.starts_with('$') || first.starts_with('(');
        let resolve = |w: &str| -> String {
            let needs = w.starts_with(['$', '(', '\'', '"']);
            match needs.then(|| value(w)).flatten() {
                Some(v) => v,
                None => w.trim_matches(['\'', '"']).to_string(),
            }
        };
        let name = resolve(first);
        let prog = name
            .rsplit(['\\', '/'])
            .next()
            .unwrap_or(&name)
            .to_ascii_lowercase();
        let prog = prog.trim_end_matches(".exe");
        if prog.is_empty() || prog.contains(['$', ' ']) {
            continue;
        }
        if !(NATIVE.contains(&prog) || computed && !prog.contains('-')) {
            continue;
        }
        out.push(join_line(prog, words[1..].iter().map(|w| resolve(w))));
    }
    out
}

/// The shell command line of program `prog` and its resolved words, a word
/// quoted when the shell would split or expand it; at most `MAX_LINE`
/// bytes (a cut is recorded).
pub fn join_line(prog: &str, words: impl Iterator<Item = String>) -> String {
    let mut line = prog.to_string();
    for v in words {
        if line.len() > MAX_LINE {
            // The arguments past it are not read as part of the command.
            crate::limits::gave_up("PS_MAX_NATIVE_LINE");
            break;
        }
        line.push(' ');
        if v.is_empty() || v.contains([' ', '{', '}', ';', '|', '&']) {
            line.push('\'');
            line.push_str(&v.replace('\'', ""));
            line.push('\'');
        } else {
            line.push_str(&v);
        }
    }
    line
}

/// Reads each resolved line as a shell command, located at `start..end`.
pub fn analyse(lines: Vec<String>, src: &Src, sink: &mut Sink, start: usize, end: usize) {
    for l in lines {
        let sub = src.derived(&l, start, end, Origin::Script);
        super::shell::extract(&sub, sink);
    }
}

/// Logical lines with `$a = 'x'; $b = 'y'` split into one statement each,
/// so that every assignment on the line is known.
pub fn statements(lines: Vec<(usize, String)>) -> Vec<(usize, String)> {
    let mut out = Vec::with_capacity(lines.len());
    for (start, line) in lines {
        if !line.trim_start().starts_with('$') || !line.contains(';') {
            out.push((start, line));
            continue;
        }
        let cuts = top_level(&line, b";");
        let mut from = 0;
        for cut in cuts.into_iter().chain([line.len()]) {
            let piece = &line[from..cut];
            if !piece.trim().is_empty() {
                out.push((start + from, piece.to_string()));
            }
            from = (cut + 1).min(line.len());
        }
    }
    out
}

/// Positions of the bytes in `seps` outside quotes, parentheses and braces
/// (shared with `ps_words::segments`).
pub(super) fn top_level(s: &str, seps: &[u8]) -> Vec<usize> {
    let mut out = Vec::new();
    let (mut depth, mut quote) = (0i32, None::<u8>);
    for (i, &c) in s.as_bytes().iter().enumerate() {
        if let Some(q) = quote {
            if c == q {
                quote = None;
            }
            continue;
        }
        match c {
            b'\'' | b'"' => quote = Some(c),
            b'(' | b'{' => depth += 1,
            b')' | b'}' => depth -= 1,
            _ if seps.contains(&c) && depth <= 0 => out.push(i),
            _ => {}
        }
    }
    out
}

/// The segment itself, and each `& …` call inside a `{ … }` block.
fn candidates(body: &str) -> Vec<&str> {
    let mut out = vec![body.trim().trim_start_matches(['&', ' '])];
    if let Some(open) = body.find('{') {
        let inner = &body[open + 1..];
        let inner = inner.rfind('}').map_or(inner, |c| &inner[..c]);
        for part in inner.split([';', '|']) {
            if let Some(call) = part.trim().strip_prefix('&') {
                out.push(call.trim());
            }
        }
    }
    out
}

/// Whitespace-separated words; quotes and parentheses keep their contents
/// together (`('del' + 'ete')` is one word).
fn words(s: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let b = s.as_bytes();
    let (mut depth, mut quote, mut start) = (0i32, None::<u8>, None::<usize>);
    for (i, &c) in b.iter().enumerate() {
        if let Some(q) = quote {
            if c == q {
                quote = None;
            }
            continue;
        }
        match c {
            b'\'' | b'"' => {
                quote = Some(c);
                start.get_or_insert(i);
            }
            b'(' => {
                depth += 1;
                start.get_or_insert(i);
            }
            b')' => depth -= 1,
            b' ' | b'\t' if depth <= 0 => {
                if let Some(st) = start.take() {
                    out.push(&s[st..i]);
                }
            }
            _ => {
                start.get_or_insert(i);
            }
        }
    }
    if let Some(st) = start {
        out.push(&s[st..]);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(body: &str) -> Vec<String> {
        let v = |w: &str| -> Option<String> {
            let w = w.trim_matches(['(', ')']);
            match w {
                "$t" => Some("vssadmin".into()),
                "$ev" => Some("wevtutil".into()),
                _ => Some(
                    w.split('+')
                        .map(|p| p.trim().trim_matches(['\'', '"']))
                        .collect(),
                ),
            }
        };
        command_line(body, &v)
    }

    #[test]
    fn computed_names_and_arguments_are_resolved() {
        assert_eq!(
            lines("$t ('del' + 'ete') ('sha' + 'dows') '/all' '/quiet'"),
            vec!["vssadmin delete shadows /all /quiet"]
        );
        assert_eq!(
            lines("('bc' + 'dedit') /set '{default}' recoveryenabled No"),
            vec!["bcdedit /set '{default}' recoveryenabled No"]
        );
        assert_eq!(
            lines("$ev el | ForEach-Object { & $ev cl \"$_\" }")[1],
            "wevtutil cl $_"
        );
        assert_eq!(
            lines("wmic shadowcopy delete"),
            vec!["wmic shadowcopy delete"]
        );
    }

    #[test]
    fn assignments_on_one_line_become_statements() {
        let s = statements(vec![(10, "$a = 'vss'; $b = 'a;dm'; $c = 'in'".into())]);
        let got: Vec<(usize, &str)> = s.iter().map(|(o, l)| (*o, l.as_str())).collect();
        assert_eq!(
            got,
            vec![(10, "$a = 'vss'"), (21, " $b = 'a;dm'"), (34, " $c = 'in'")]
        );
        let s = statements(vec![(0, "Write-Host 'a'; Write-Host 'b'".into())]);
        assert_eq!(s.len(), 1);
    }

    #[test]
    fn cmdlets_and_plain_programs_are_left_to_the_powershell_reader() {
        assert!(lines("Remove-Item $env:TEMP -Recurse").is_empty());
        assert!(lines("Write-Host 'vssadmin delete shadows'").is_empty());
        assert!(lines("notepad.exe a.txt").is_empty());
    }
}
