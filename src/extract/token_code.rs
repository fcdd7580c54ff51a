//! Round 25 (struct25): code that token-level languages (Perl, Ruby, PHP,
//! Lua, Go, Rust, …) run when what they run is not written out.
//!
//! - **One decoder table for every language** ([`DECODERS`]): Perl
//!   `pack('H*', …)`/`unpack('m', …)`/`decode_base64`, PHP `hex2bin`/
//!   `base64_decode`/`gzinflate`/`str_rot13`, Ruby `[…].pack('H*')`/
//!   `Base64.decode64`/`unpack1('m')`, Lua `string.char(…)`, Go
//!   `hex.DecodeString`/`base64.StdEncoding.DecodeString`, Rust
//!   `base64::decode`/`hex::decode`. A decoder call reaching the language's
//!   code evaluator ([`EVAL_ROWS`]: Perl/Ruby/PHP `eval`, Lua
//!   `load`/`loadstring`), directly or through the last value assigned to
//!   the variable passed, is decoded code run (`DynamicCode`, encoded and
//!   obfuscated: SK-EXEC-003). When the decoder's input is a literal (or a
//!   variable assigned one), the payload is decoded and read again in the
//!   file's language.
//! - **A downloaded file run as code** ([`LOADERS`]): Lua `dofile`/
//!   `loadfile` (also `pcall(dofile, f)`), Perl `do`/`require`, Ruby
//!   `load`/`require`, PHP `include`/`require`, whose path folds to a file
//!   the same file downloaded (a fetch whose output binding is that file:
//!   `vim.system({ "curl", "-o", manifest, url })`) is a download-and-run.
//!
//! Nothing here proves a flow beyond the variable assignments the file
//! itself makes ([`assigned_expr`], `token_calls::file_vars`).

use super::exec_op::{ExecForm, ExecOp};
use super::token_calls::{Arg, call_args, file_vars, fold_code};
use super::{Sink, Src};
use crate::evidence::{Op, Origin, Tag};

/// What a decoder undoes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decoder {
    /// Hex text or base64 (`deobf::decode_layers` tells them apart and
    /// follows nested base64 and zlib layers).
    Layers,
    /// A compressed payload (its input is usually a decoder call too).
    Inflate,
    Rot13,
    /// A list of character codes.
    Codes,
}

/// The decoder spellings of every token-level language, as they appear in
/// code (matched as text, a word boundary before each).
pub const DECODERS: &[(&str, Decoder)] = &[
    // Perl, Ruby (`[x].pack('H*')`), PHP's `pack('H*', …)`.
    ("pack('H*'", Decoder::Layers),
    ("pack(\"H*\"", Decoder::Layers),
    ("pack 'H*'", Decoder::Layers),
    ("pack \"H*\"", Decoder::Layers),
    ("pack('h*'", Decoder::Layers),
    ("unpack('m", Decoder::Layers),
    ("unpack(\"m", Decoder::Layers),
    ("unpack1('m", Decoder::Layers),
    ("unpack1(\"m", Decoder::Layers),
    ("decode_base64(", Decoder::Layers),
    ("pack('C*'", Decoder::Codes),
    ("pack(\"C*\"", Decoder::Codes),
    ("pack('c*'", Decoder::Codes),
    ("pack(\"c*\"", Decoder::Codes),
    // PHP.
    ("hex2bin(", Decoder::Layers),
    ("base64_decode(", Decoder::Layers),
    ("gzinflate(", Decoder::Inflate),
    ("gzuncompress(", Decoder::Inflate),
    ("gzdecode(", Decoder::Inflate),
    ("str_rot13(", Decoder::Rot13),
    ("convert_uudecode(", Decoder::Layers),
    // Ruby.
    ("Base64.decode64(", Decoder::Layers),
    ("Base64.strict_decode64(", Decoder::Layers),
    ("Base64.urlsafe_decode64(", Decoder::Layers),
    ("Zlib::Inflate.inflate(", Decoder::Inflate),
    ("Zlib.inflate(", Decoder::Inflate),
    // Lua.
    ("string.char(", Decoder::Codes),
    // Go.
    ("hex.DecodeString(", Decoder::Layers),
    ("base64.StdEncoding.DecodeString(", Decoder::Layers),
    ("base64.URLEncoding.DecodeString(", Decoder::Layers),
    ("base64.RawStdEncoding.DecodeString(", Decoder::Layers),
    ("base64.RawURLEncoding.DecodeString(", Decoder::Layers),
    // Rust.
    ("base64::decode(", Decoder::Layers),
    ("STANDARD.decode(", Decoder::Layers),
    ("hex::decode(", Decoder::Layers),
];

/// The first decoder spelled in `expr`: (offset of its end, spelling,
/// kind). A spelling must not continue a longer name
/// (`my_hex2bin(` is not `hex2bin(`).
pub fn decoder_in(expr: &str) -> Option<(usize, &'static str, Decoder)> {
    let b = expr.as_bytes();
    DECODERS
        .iter()
        .filter_map(|&(w, k)| {
            expr.match_indices(w)
                .find(|(i, _)| *i == 0 || !(b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'_'))
                .map(|(i, _)| (i, w, k))
        })
        .min_by_key(|(i, ..)| *i)
        .map(|(i, w, k)| (i + w.len(), w, k))
}

/// Decodes `payload` as `kind` says; `None` when it is not text.
pub fn decode(kind: Decoder, payload: &str) -> Option<String> {
    match kind {
        Decoder::Layers | Decoder::Inflate => super::deobf::decode_layers(payload),
        Decoder::Rot13 => {
            let r = super::deobf::rot13(payload);
            super::deobf::decode_layers(&r).or(Some(r))
        }
        Decoder::Codes => super::deobf::char_codes(payload),
    }
}

/// Files a language loads and runs as code, by extension.
pub const LOADERS: &[(&[&str], &[&str])] = &[
    (&["lua"], &["dofile", "loadfile"]),
    (&["pl", "pm"], &["do", "require"]),
    (&["rb", "cr"], &["load", "require"]),
    (
        &["php"],
        &["include", "include_once", "require", "require_once"],
    ),
];

/// Calls of every token-level language that hand a string to a shell
/// (the command-line forms of `token_calls::RUN_CALL`).
const SHELL_RUNS: &[&str] = &[
    "system",
    "exec",
    "shell_exec",
    "passthru",
    "popen",
    "proc_open",
    "os.execute",
    "io.popen",
    "IO.popen",
];

/// The statement after byte `from`: to its `;` or line end, bounded.
fn statement(text: &str, from: usize) -> (usize, usize) {
    let rest = &text[from..];
    let end = rest.find([';', '\n']).unwrap_or(rest.len());
    let end = end.min(crate::limits::TOKEN_MAX_CALL_ARGS);
    let end = (0..=end)
        .rev()
        .find(|&i| rest.is_char_boundary(i))
        .unwrap_or(0);
    (from, from + end)
}

/// A bare variable (`$code`, `(code)`, `@x`), without sigils or brackets.
fn bare_name(expr: &str) -> Option<&str> {
    let n = expr
        .trim()
        .trim_start_matches('(')
        .trim_end_matches(')')
        .trim()
        .trim_start_matches(['$', '@']);
    (!n.is_empty() && n.bytes().all(|c| c.is_ascii_alphanumeric() || c == b'_')).then_some(n)
}

/// Occurrences of word `w` in `text` that are whole words on a code line.
pub(super) fn word_sites<'t>(text: &'t str, w: &'t str) -> impl Iterator<Item = usize> + 't {
    let b = text.as_bytes();
    text.match_indices(w).map(|(i, _)| i).filter(move |&at| {
        let end = at + w.len();
        !(at > 0
            && (b[at - 1].is_ascii_alphanumeric()
                || matches!(b[at - 1], b'_' | b'$' | b'>' | b'.' | b':'))
            || end < b.len() && (b[end].is_ascii_alphanumeric() || b[end] == b'_')
            || super::token_calls::in_comment_line(text, at))
    })
}

/// Both passes over one token-level file; `before`: where the file's
/// evidence starts in the sink (the downloads [`fetched_file_runs`] pairs
/// with).
pub fn scan(src: &Src, sink: &mut Sink, before: usize) {
    decoded_eval(src, sink);
    fetched_file_runs(src, sink, before);
    go_generate(src, sink);
}

/// Go's `//go:generate CMD`: a command `go generate` runs from the source
/// file, read as shell at build time ([`Origin::Hook`]).
fn go_generate(src: &Src, sink: &mut Sink) {
    const HEAD: &str = "//go:generate ";
    if src.ext() != "go" || !src.text.contains(HEAD) {
        return;
    }
    let mut at = 0;
    for line in src.text.split_inclusive('\n') {
        let here = at;
        at += line.len();
        let Some(cmd) = line.trim_end().strip_prefix(HEAD) else {
            continue;
        };
        let start = here + HEAD.len();
        let inner = src.nested(cmd, start, Origin::Hook);
        super::shell::extract(&inner, sink);
    }
}

/// Decoded code handed to the language's evaluator.
fn decoded_eval(src: &Src, sink: &mut Sink) {
    let text = src.text;
    let ext = src.ext();
    if decoder_in(text).is_none() {
        return;
    }
    let evals = EVAL_ROWS
        .iter()
        .find(|(l, _)| l.contains(&ext.as_str()))
        .map_or(&[][..], |(_, w)| *w);
    let runs = evals
        .iter()
        .map(|w| (*w, ExecForm::Code))
        .chain(SHELL_RUNS.iter().map(|w| (*w, ExecForm::Shell)));
    let mut checked = 0usize;
    for (w, form) in runs {
        for at in word_sites(text, w).collect::<Vec<_>>() {
            let after = &text[at + w.len()..];
            let rest = after.trim_start_matches([' ', '\t']);
            // `pcall(load, x)`: the evaluator handed to a protected call
            // takes the call's next argument.
            let protected = rest.starts_with(',')
                && ["pcall(", "xpcall("]
                    .iter()
                    .any(|p| text[..at].trim_end().ends_with(p));
            // Perl's `eval { … }` catches errors; it runs no string.
            if rest.starts_with('{')
                || rest.starts_with(['=', '.'])
                || rest.starts_with(',') && !protected
            {
                continue;
            }
            checked += 1;
            if checked > crate::limits::TOKEN_MAX_EVAL_CALLS {
                crate::limits::gave_up("TOKEN_MAX_EVAL_CALLS");
                return;
            }
            let (s, e) = statement(text, at + w.len());
            let arg = &text[s..e];
            // The decoder in the argument, or in the last value assigned
            // to the variable passed (`my $c = pack('H*', $h); eval $c`).
            let (expr, expr_at) = match decoder_in(arg) {
                Some(_) => (arg, s),
                // `eval tpl('opts')` where `sub tpl { … pack('H*', …) }`:
                // a helper of the file that returns decoded text.
                None if helper_decodes(text, arg) => (arg, s),
                None => {
                    let Some(name) = bare_name(arg.split([',']).next().unwrap_or("")) else {
                        continue;
                    };
                    let Some(x) = assigned_expr(text, name, at) else {
                        continue;
                    };
                    let off = x.as_ptr() as usize - text.as_ptr() as usize;
                    (x, off)
                }
            };
            let (dend, spelling, kind) = match decoder_in(expr) {
                Some(d) => d,
                None => (expr.len(), "a helper that decodes", Decoder::Layers),
            };
            let ev = ExecOp::new(form, format!("{w} of decoded text"))
                .encoded(true)
                .computed(true)
                .instrument(format!("{w} {}", spelling.trim_end_matches(['(', ' '])))
                .object("decoded code run")
                .lower();
            sink.push(src.at(ev, at, e, "code"));
            let payload = payload_of(text, &expr[dend..], kind, at);
            if let Some(decoded) = payload.and_then(|p| decode(kind, &p)) {
                let shell = form == ExecForm::Shell;
                read_decoded(src, sink, &decoded, (expr_at, expr_at + expr.len()), shell);
            }
        }
    }
}

/// Keywords that open a function definition, in every token-level
/// language (Perl `sub`, Ruby/Python `def`, Lua/PHP/JS `function`, Go
/// `func`, Rust `fn`).
const DEFINERS: &[&str] = &["sub ", "def ", "function ", "func ", "fn "];

/// Whether `arg` calls a function of the file (`tpl('opts')`) whose body
/// (to its closing brace or `end`, bounded) holds a decoder call.
fn helper_decodes(text: &str, arg: &str) -> bool {
    let a = arg.trim().trim_start_matches('(').trim_start_matches('&');
    let Some(open) = a.find('(') else {
        return false;
    };
    let name = &a[..open];
    if name.is_empty() || !name.bytes().all(|c| c.is_ascii_alphanumeric() || c == b'_') {
        return false;
    }
    DEFINERS.iter().any(|d| {
        let head = format!("{d}{name}");
        text.match_indices(&head).any(|(i, _)| {
            let body_at = i + head.len();
            let next = text.as_bytes().get(body_at).copied().unwrap_or(b' ');
            if next.is_ascii_alphanumeric() || next == b'_' {
                return false;
            }
            let mut end = (body_at + crate::limits::TOKEN_MAX_CALL_ARGS).min(text.len());
            while !text.is_char_boundary(end) {
                end -= 1;
            }
            let body = &text[body_at..end];
            let stop = body
                .find("\n}")
                .or_else(|| body.find("\nend"))
                .unwrap_or(body.len());
            decoder_in(&body[..stop]).is_some()
        })
    })
}

/// The decoder's input: a literal right after it, the code list of
/// `string.char(…)`, or the literal last assigned to the variable named.
fn payload_of(text: &str, after: &str, kind: Decoder, at: usize) -> Option<String> {
    if kind == Decoder::Codes {
        let close = after.find(')')?;
        let inner = &after[..close];
        // `string.char(unpack(codes))`: the list the file assigns `codes`.
        if let Some(name) = inner
            .strip_prefix("table.unpack(")
            .or_else(|| inner.strip_prefix("unpack("))
        {
            let v = assigned_list(text, name.trim(), at)?;
            return Some(v.to_string());
        }
        return Some(inner.to_string());
    }
    let args = call_args(after, 0, true);
    for a in args.iter().take(3) {
        match *a {
            Arg::Lit(s, e) if e > s + 8 => return Some(after[s..e].to_string()),
            Arg::Expr(s, e) => {
                let x = &after[s..e];
                // A nested decoder (`gzinflate(base64_decode('…'))`).
                if let Some((d, _, _)) = decoder_in(x) {
                    return payload_of(text, &x[d..], Decoder::Layers, at);
                }
                let Some(name) = bare_name(x) else {
                    continue;
                };
                let v = assigned_expr(text, name, at)?;
                let v = v.trim().trim_end_matches(';').trim();
                let v = v
                    .strip_prefix(['"', '\''])
                    .and_then(|v| v.strip_suffix(['"', '\'']))?;
                return Some(v.to_string());
            }
            _ => {}
        }
    }
    None
}

/// Decoded text read again in the file's own language (a Perl payload is
/// Perl), located at the decoder's expression; what it finds is encoded.
fn read_decoded(
    src: &Src,
    sink: &mut Sink,
    decoded: &str,
    (start, end): (usize, usize),
    shell: bool,
) {
    if decoded.trim().len() < 8 || super::past_nest_limit(src, sink) {
        return;
    }
    let sub = src.derived(decoded, start, end, Origin::Decoded);
    if super::past_nest_limit(&sub, sink) {
        return;
    }
    let from = sink.items.len();
    let lang = if shell {
        Some(super::Lang::Shell)
    } else {
        super::Lang::sniff(decoded)
    };
    match lang {
        Some(lang) => super::extract_code(lang, &sub, sink),
        None => super::scan_tokens(&sub, sink),
    }
    for item in &mut sink.items[from..] {
        item.tags.insert(Tag::Encoded);
    }
}

/// A file the same file downloaded, loaded and run as code.
fn fetched_file_runs(src: &Src, sink: &mut Sink, before: usize) {
    let text = src.text;
    let ext = src.ext();
    let Some((_, words)) = LOADERS.iter().find(|(l, _)| l.contains(&ext.as_str())) else {
        return;
    };
    let from = before.min(sink.items.len());
    let outputs: Vec<(String, String)> = sink.items[from..]
        .iter()
        .filter(|e| matches!(e.op, Op::NetFetch | Op::NetSend))
        .filter_map(|e| Some((e.output.clone()?, e.target.clone())))
        .filter(|(o, _)| o.starts_with("$file_"))
        .collect();
    if outputs.is_empty() {
        return;
    }
    let vars = file_vars(text);
    let mut found = Vec::new();
    for w in words.iter() {
        for at in word_sites(text, w) {
            let rest = &text[at + w.len()..];
            let trimmed = rest.trim_start_matches([' ', '\t']);
            let skip = rest.len() - trimmed.len();
            // `dofile(f)`, `do $f`, `load f`, `pcall(dofile, f)`.
            let (from, paren) = match trimmed.as_bytes().first() {
                Some(b'(') => (at + w.len() + skip + 1, true),
                Some(b',') => (at + w.len() + skip + 1, true),
                Some(b'$' | b'"' | b'\'') => (at + w.len() + skip, false),
                Some(c) if c.is_ascii_alphabetic() && ext == "rb" => (at + w.len() + skip, false),
                _ => continue,
            };
            let args = call_args(text, from, paren);
            let path = match args.first() {
                Some(Arg::Lit(s, e)) => Some(text[*s..*e].to_string()),
                Some(Arg::Expr(s, e)) => fold_code(&text[*s..*e], &vars),
                None => None,
            };
            let Some(path) = path else { continue };
            let bind = super::file_bind(&path);
            if let Some((_, url)) = outputs.iter().find(|(o, _)| *o == bind) {
                let ev = super::download_run::DownloadRun::code(url.clone(), vec![bind])
                    .instrument(format!("{w} of a downloaded file"))
                    .lower();
                let end = text[at..].find('\n').map_or(text.len(), |i| at + i);
                found.push(src.at(ev, at, end, "code"));
            }
        }
    }
    for ev in found {
        sink.push(ev);
    }
}

/// Calls that run a string as code of the file's own language, per
/// language (extensions): PHP `eval`/`assert`/`create_function`, Ruby
/// `eval`/`instance_eval`/`class_eval`/`module_eval`, Perl string `eval`,
/// Lua `load`/`loadstring`/`dostring`.
pub(super) const EVAL_ROWS: &[(&[&str], &[&str])] = &[
    (&["php"], &["eval", "assert", "create_function"]),
    (
        &["rb", "cr"],
        &["eval", "instance_eval", "class_eval", "module_eval"],
    ),
    (&["pl", "pm"], &["eval"]),
    (&["lua"], &["load", "loadstring", "dostring"]),
];

/// The right-hand side of the last assignment to `name` before `before`
/// (`$s = …;`, `s = …`, `my $s = …`, `local s = …`, `s := …`), to the end
/// of its statement.
pub(super) fn assigned_expr<'t>(text: &'t str, name: &str, before: usize) -> Option<&'t str> {
    let b = text.as_bytes();
    let word = |c: u8| c.is_ascii_alphanumeric() || c == b'_';
    text[..before]
        .match_indices(name)
        .filter(|(i, _)| *i == 0 || !word(b[i - 1]))
        .filter_map(|(i, _)| {
            let rest = &text[i + name.len()..before];
            let t = rest.trim_start_matches([' ', '\t']);
            let t = t.strip_prefix(":=").or_else(|| {
                t.strip_prefix('=')
                    .filter(|r| !r.starts_with(['=', '~', '>']))
            })?;
            let end = t.find(['\n', ';']).unwrap_or(t.len());
            Some(t[..end].trim())
        })
        .last()
}

/// The inside of the `{…}`/`[…]` list last assigned to `name` before
/// `before` (`local codes = { 104, 105 }`), bounded.
pub(super) fn assigned_list<'t>(text: &'t str, name: &str, before: usize) -> Option<&'t str> {
    let b = text.as_bytes();
    let word = |c: u8| c.is_ascii_alphanumeric() || c == b'_';
    let (i, _) = text[..before]
        .match_indices(name)
        .filter(|(i, _)| *i == 0 || !word(b[i - 1]))
        .filter(|(i, _)| {
            let t = text[i + name.len()..].trim_start_matches([' ', '\t']);
            t.starts_with('=') && !t.starts_with("==")
        })
        .last()?;
    let rest = &text[i + name.len()..];
    let open = rest.find(['{', '['])?;
    let stop = (open + crate::limits::TOKEN_MAX_CALL_ARGS).min(rest.len());
    let close = rest.get(open..stop)?.find(['}', ']'])?;
    Some(&rest[open + 1..open + close])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decoder_table_finds_spellings_as_words() {
        assert_eq!(
            decoder_in("eval pack('H*', $rt)").map(|d| d.1),
            Some("pack('H*'")
        );
        assert_eq!(
            decoder_in("eval(gzinflate(base64_decode($x)))").map(|d| d.2),
            Some(Decoder::Inflate)
        );
        assert!(decoder_in("my_hex2bin($x)").is_none());
        assert_eq!(decode(Decoder::Codes, "104, 105").as_deref(), Some("hi"));
        assert_eq!(
            decode(Decoder::Layers, "6563686f2068656c6c6f20776f726c64").as_deref(),
            Some("echo hello world")
        );
    }
}
