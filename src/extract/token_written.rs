//! Round 31 (covert31): a file the code writes, then loads as code, in
//! the token-level languages. `file_put_contents($t, X); include $t;`
//! (PHP), `File.write(p, X); load p` (Ruby), `io.open(p, "w"):write(X);
//! dofile(p)` (Lua), `open(my $fh, '>', $p) … do $p` (Perl) run X as
//! code, as `eval(X)` does: X is judged as an evaluator's argument. Run
//! code a web request carries (`$_COOKIE`, `$_POST`, …: a webshell,
//! SK-EXEC-005), decoded code (SK-EXEC-003) or fetched code (a
//! download-and-run). A template cache that writes code it generated and
//! includes it (no request data, decoder or fetch in X) stays quiet.
//!
//! Loader sites are the `token_code::LOADERS` table's; writer calls are
//! [`WRITERS`]. The path a loader names is matched to a write by its text
//! (`$t`, `path`) or by the variable that holds it.

use super::token_calls::{Arg, call_args};
use super::{Sink, Src};
use crate::evidence::{Evidence, Op};
use crate::ssl::vocab::{ActType as A, ResourceScope as R};

/// Calls that write their second argument into the file their first names.
const WRITERS: &[(&[&str], &str)] = &[
    (&["php"], "file_put_contents"),
    (&["rb", "cr"], "File.write"),
    (&["rb", "cr"], "IO.write"),
    (&["rb", "cr"], "File.binwrite"),
];

/// What the written text carries that makes loading it a run of foreign
/// code.
enum Carries {
    Request,
    Decoded,
    Fetched(String),
}

/// X itself, or the values the variables in X were last assigned before
/// `at`: judged for request data, a decoder or a fetch.
fn carries(text: &str, x: &str, at: usize) -> Option<Carries> {
    let mut parts = vec![x.to_string()];
    let b = x.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'$'
            || b[i].is_ascii_alphabetic() && (i == 0 || !b[i - 1].is_ascii_alphanumeric())
        {
            let s = i + usize::from(b[i] == b'$');
            let mut e = s;
            while e < b.len() && (b[e].is_ascii_alphanumeric() || b[e] == b'_') {
                e += 1;
            }
            if e > s {
                // Every name of X is looked up (a payload variable padded
                // behind harmless ones is still read); past the bound the
                // file is incomplete.
                if parts.len() > crate::limits::TOKEN_MAX_CARRY_NAMES {
                    crate::limits::gave_up("TOKEN_MAX_CARRY_NAMES");
                    break;
                }
                if let Some(v) = super::token_code::assigned_expr(text, &x[s..e], at) {
                    parts.push(v.to_string());
                }
            }
            i = e.max(i + 1);
        } else {
            i += 1;
        }
    }
    if parts
        .iter()
        .any(|p| super::webshell::REQUEST_INPUT.is_match(p))
    {
        return Some(Carries::Request);
    }
    if parts
        .iter()
        .any(|p| super::token_code::decoder_in(p).is_some())
    {
        return Some(Carries::Decoded);
    }
    parts
        .iter()
        .find(|p| super::token_calls::FETCH_API.is_match(p))
        .map(|p| {
            let url = super::indicators::URL_RE
                .find(p)
                .map_or("fetched code", |m| m.as_str());
            Carries::Fetched(url.to_string())
        })
}

/// Reads one token-level file (see the module docs).
pub fn scan(src: &Src, sink: &mut Sink) {
    let text = src.text;
    let ext = src.ext();
    let writers: Vec<&str> = WRITERS
        .iter()
        .filter(|(l, _)| l.contains(&ext.as_str()))
        .map(|(_, w)| *w)
        .collect();
    let Some((_, loaders)) = super::token_code::LOADERS
        .iter()
        .find(|(l, _)| l.contains(&ext.as_str()))
    else {
        return;
    };
    // (path text, written text, where) of every write, first to last.
    let mut writes: Vec<(&str, &str, usize)> = Vec::new();
    for w in &writers {
        for (at, _) in text.match_indices(&format!("{w}(")) {
            if writes.len() >= crate::limits::TOKEN_MAX_WRITE_LOADS {
                crate::limits::gave_up("TOKEN_MAX_WRITE_LOADS");
                break;
            }
            let args = call_args(text, at + w.len() + 1, true);
            let span = |a: &Arg| match a {
                Arg::Lit(s, e) | Arg::Expr(s, e) => &text[*s..*e],
            };
            if let [p, x, ..] = &args[..] {
                writes.push((span(p).trim(), span(x), at));
            }
        }
    }
    if writes.is_empty() {
        return;
    }
    let mut found = Vec::new();
    for w in loaders.iter() {
        for at in super::token_code::word_sites(text, w) {
            let rest = text[at + w.len()..].trim_start_matches([' ', '\t', '(']);
            let path: String = rest
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || matches!(c, '$' | '_'))
                .collect();
            if path.is_empty() {
                continue;
            }
            let Some((_, x, wat)) = writes
                .iter()
                .rev()
                .find(|(p, _, wat)| *p == path && *wat < at)
            else {
                continue;
            };
            let Some(c) = carries(text, x, *wat) else {
                continue;
            };
            let end = text[at..].find('\n').map_or(text.len(), |i| at + i);
            let ev = match c {
                Carries::Request => Evidence::new(
                    Op::ReverseShell,
                    A::CallTool,
                    R::Network,
                    crate::text::snippet(&text[*wat..end], 160),
                )
                .instrument("webshell")
                .object(format!(
                    "server code that writes what a web request sends to a file and runs it ({w} of the written file)"
                )),
                Carries::Decoded => super::exec_op::ExecOp::new(
                    super::exec_op::ExecForm::Code,
                    crate::text::snippet(x, 120),
                )
                .object(format!("{w} of a file written with decoded code"))
                .encoded(true)
                .computed(true)
                .lower(),
                Carries::Fetched(url) => super::download_run::DownloadRun::code(url, Vec::new())
                    .instrument(format!("{w} of a file written with fetched code"))
                    .lower(),
            };
            found.push(src.at(ev, at, end, "code"));
        }
    }
    for ev in found {
        sink.push(ev);
    }
}
