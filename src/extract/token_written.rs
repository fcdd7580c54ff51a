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
    // Round 32: a `curl`/`wget` line that saved the file (`handle_writes`).
    static SHELL_FETCH: crate::rx::Lazy = crate::rx::Lazy::new(r"\b(?:curl|wget)\b[^\n]*https?://");
    parts
        .iter()
        .find(|p| super::token_calls::FETCH_API.is_match(p) || SHELL_FETCH.is_match(p))
        .map(|p| {
            let url = super::indicators::URL_RE
                .find(p)
                .map_or("fetched code", |m| m.as_str());
            Carries::Fetched(url.to_string())
        })
}

/// A path as written, without its quotes.
fn unquote(p: &str) -> &str {
    p.trim().trim_matches(['\'', '"'])
}

/// Round 32: writes through a file handle and downloads to a file, in
/// Lua and Perl: `local f = io.open(p, "w")` … `f:write(X)`,
/// `io.open(p, "w"):write(X)`, `open(my $fh, '>', $p)` … `print $fh X`,
/// LWP `getstore(URL, $p)` / `mirror(URL, $p)`, and a `curl`/`wget` line
/// run with `-o PATH` (`os.execute('curl -s URL -o ' .. p)`): each is a
/// write of (path, text) the loaders are matched to. Every site is read;
/// past `TOKEN_MAX_WRITE_LOADS` writes the file is incomplete.
fn handle_writes<'t>(text: &'t str, ext: &str, writes: &mut Vec<(&'t str, &'t str, usize)>) {
    static LUA_OPEN: crate::rx::Lazy = crate::rx::Lazy::new(
        r#"(?:local\s+)?(?P<h>[A-Za-z_]\w*)\s*=\s*(?:assert\s*\(\s*)?io\.open\s*\(\s*(?P<p>[^,()]+?)\s*,\s*["'][wa]b?\+?["']"#,
    );
    static LUA_CHAIN: crate::rx::Lazy = crate::rx::Lazy::new(
        r#"io\.open\s*\(\s*(?P<p>[^,()]+?)\s*,\s*["'][wa]b?\+?["']\s*\)\s*:\s*write\s*\((?P<x>[^\n]*)\)"#,
    );
    static PL_OPEN: crate::rx::Lazy = crate::rx::Lazy::new(
        r#"open\s*\(?\s*(?:my\s+)?(?P<h>\$?\w+)\s*,\s*(?:["']>>?["']\s*,\s*(?P<p>[^)\s;,]+)|["']>>?\s*(?P<q>\$\w+)["'])"#,
    );
    static GETSTORE: crate::rx::Lazy =
        crate::rx::Lazy::new(r#"\b(?:getstore|mirror)\s*\(\s*[^,]+,\s*(?P<p>[^)\s;]+)\s*\)"#);
    static CURL_TO: crate::rx::Lazy = crate::rx::Lazy::new(
        r#"\b(?:curl|wget)\b[^\n]*?\s(?:-o|-O|--output|--output-document)(?:\s+|=)(?:["']\s*(?:\.\.|\.)\s*)?(?P<p>[$\w./~-]+)"#,
    );
    let lua = ext == "lua";
    let perl = matches!(ext, "pl" | "pm");
    if !lua && !perl {
        return;
    }
    let mut push = |p: &'t str, x: &'t str, at: usize| {
        if writes.len() >= crate::limits::TOKEN_MAX_WRITE_LOADS {
            crate::limits::gave_up("TOKEN_MAX_WRITE_LOADS");
            return;
        }
        writes.push((p.trim(), x, at));
    };
    let line_of = |at: usize| {
        let s = text[..at].rfind('\n').map_or(0, |i| i + 1);
        let e = text[at..].find('\n').map_or(text.len(), |i| at + i);
        &text[s..e]
    };
    for c in GETSTORE
        .captures_iter(text)
        .chain(CURL_TO.captures_iter(text))
    {
        if let (Some(p), Some(m)) = (c.name("p"), c.get(0)) {
            push(p.as_str(), line_of(m.start()), m.start());
        }
    }
    if lua {
        for c in LUA_CHAIN.captures_iter(text) {
            if let (Some(p), Some(x), Some(m)) = (c.name("p"), c.name("x"), c.get(0)) {
                push(p.as_str(), x.as_str(), m.start());
            }
        }
    }
    let opens = if lua { &LUA_OPEN } else { &PL_OPEN };
    for c in opens.captures_iter(text) {
        let (Some(h), Some(p), Some(m)) = (c.name("h"), c.name("p").or(c.name("q")), c.get(0))
        else {
            continue;
        };
        let h = h.as_str();
        let after = m.end();
        // The handle's writes after the open, to the end of the statement.
        let site = if lua {
            format!("{h}:write(")
        } else {
            format!("print {h} ")
        };
        for (at, _) in text[after..].match_indices(&site) {
            let from = after + at + site.len();
            let end = text[from..]
                .find(if lua { ")\n" } else { ";" })
                .map_or(text.len(), |i| from + i);
            push(p.as_str(), &text[from..end], after + at);
        }
    }
    writes.sort_by_key(|w| w.2);
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
    handle_writes(text, &ext, &mut writes);
    if writes.is_empty() {
        return;
    }
    let mut found = Vec::new();
    for w in loaders.iter() {
        for at in super::token_code::word_sites(text, w) {
            let rest = text[at + w.len()..].trim_start_matches([' ', '\t', '(']);
            // Round 32: a quoted literal path (`dofile('/tmp/p.lua')`).
            let path: String = match rest.chars().next() {
                Some(q @ ('\'' | '"')) => rest[1..]
                    .split(q)
                    .next()
                    .filter(|p| !p.contains('\n'))
                    .map_or(String::new(), |p| format!("{q}{p}{q}")),
                _ => rest
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || matches!(c, '$' | '_'))
                    .collect(),
            };
            let path = unquote(&path).to_string();
            if path.is_empty() {
                continue;
            }
            let Some((_, x, wat)) = writes
                .iter()
                .rev()
                .find(|(p, _, wat)| unquote(p) == path && *wat < at)
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
