//! Token-level fallback for files too large or too deep for the tree walk.

use super::api::snip;
use super::*;
use crate::extract::net_send::{NetCall, NetKind};

// ---- token-level fallback -------------------------------------------------

/// The text with comments blanked (offsets kept), so that patterns never
/// match inside comments.
pub(super) fn mask_comments(t: &str) -> String {
    let b = t.as_bytes();
    let mut out = b.to_vec();
    let mut i = 0;
    let mut quote: Option<u8> = None;
    while i < b.len() {
        let c = b[i];
        if let Some(q) = quote {
            if c == b'\\' {
                i += 2;
                continue;
            }
            if c == q || (c == b'\n' && q != b'`') {
                quote = None;
            }
            i += 1;
            continue;
        }
        match c {
            b'"' | b'\'' | b'`' => quote = Some(c),
            b'/' if b.get(i + 1) == Some(&b'/') => {
                while i < b.len() && b[i] != b'\n' {
                    out[i] = b' ';
                    i += 1;
                }
                continue;
            }
            b'/' if b.get(i + 1) == Some(&b'*') => {
                let end = t[i + 2..]
                    .find("*/")
                    .map(|e| i + 2 + e + 2)
                    .unwrap_or(b.len());
                for o in &mut out[i..end] {
                    if *o != b'\n' {
                        *o = b' ';
                    }
                }
                i = end;
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    // Only ASCII bytes were replaced by ASCII spaces, but a multi-byte
    // character inside a comment may have been cut: fall back to lossy.
    String::from_utf8(out).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
}

static LEX_EXEC: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"\b(?:exec|execSync|spawn|spawnSync|execFile|execFileSync)\s*\(\s*(?:["'`]([^"'`\n]+)["'`])?"#,
);
static LEX_DYN: crate::rx::Lazy =
    crate::rx::Lazy::new(r"\beval\s*\(|\bnew\s+Function\s*\(|\bvm\.run\w*\(");
static LEX_NET: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"\b(?:fetch|axios(?:\.(?:get|post|put|patch|request))?|got(?:\.\w+)?|https?\.(?:request|get))\s*\(\s*[`"']([^`"'\n]+)"#,
);
static LEX_READ: crate::rx::Lazy =
    crate::rx::Lazy::new(r#"\b(?:readFileSync|readFile|createReadStream)\s*\(([^;\n]*)"#);
static LEX_STR: crate::rx::Lazy = crate::rx::Lazy::new(r#"["'`]([^"'`\n]+)["'`]"#);
static LEX_ENV_DUMP: crate::rx::Lazy = crate::rx::Lazy::new(
    r"JSON\.stringify\(\s*process\.env\s*\)|Object\.(?:entries|keys|values)\(\s*process\.env\s*\)|\.\.\.process\.env\b",
);
static LEX_ENV: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"process\.env(?:\.([A-Za-z_][A-Za-z0-9_]*)|\[\s*["']([A-Za-z_][A-Za-z0-9_]*)["']\s*\])"#,
);
static LEX_DECODE: crate::rx::Lazy =
    crate::rx::Lazy::new(r#"Buffer\.from\([^;\n]*?["'](?:base64|hex)["']\s*\)|\batob\s*\("#);
static LEX_WS: crate::rx::Lazy = crate::rx::Lazy::new(r#"new\s+WebSocket\s*\(\s*[`"']([^`"'\n]+)"#);

/// Pattern-level scan of JavaScript too large (or too deep) to evaluate.
pub(super) fn lexical(src: &Src, base: usize, text: &str, sink: &mut Sink) {
    let masked = mask_comments(text);
    let m = masked.as_str();
    let has_cp = m.contains("child_process");
    let push = |ev: Evidence, s: usize, e: usize, sink: &mut Sink| {
        let ev = src.at(ev, base + s, base + e, LANG);
        sink.push(ev);
    };
    if has_cp {
        for c in LEX_EXEC.captures_iter(m) {
            let all = c.get(0).map(|x| (x.start(), x.end())).unwrap_or((0, 0));
            let target = c.get(1).map(|x| x.as_str()).unwrap_or("$_");
            let ev = Evidence::new(Op::Exec, A::CallTool, R::Process, snip(target))
                .object("process started")
                .instrument("child_process");
            push(ev, all.0, all.1, sink);
        }
    }
    for x in LEX_DYN.find_iter(m) {
        let ev = Evidence::new(Op::DynamicCode, A::CallTool, R::Process, x.as_str())
            .object("code evaluated at runtime")
            .instrument("eval");
        push(ev, x.start(), x.end(), sink);
    }
    for c in LEX_NET.captures_iter(m) {
        let all = c.get(0).map(|x| (x.start(), x.end())).unwrap_or((0, 0));
        let url = c.get(1).map(|x| x.as_str()).unwrap_or("");
        if !URL_RE.is_match(url) {
            continue;
        }
        let tail = crate::text::slice(m, all.1, all.1 + 400);
        let sends = all_sends(crate::text::slice(m, all.0, all.1), tail);
        let ev = NetCall::http(sends, url).instrument("http").lower().1;
        push(ev, all.0, all.1, sink);
    }
    for c in LEX_READ.captures_iter(m) {
        let all = c.get(0).map(|x| (x.start(), x.end())).unwrap_or((0, 0));
        let args = c.get(1).map(|x| x.as_str()).unwrap_or("");
        let args = crate::text::slice(args, 0, 300);
        let home = args.contains("homedir()") || args.contains("process.env.HOME");
        for s in LEX_STR.captures_iter(args) {
            let lit = s.get(1).map(|x| x.as_str()).unwrap_or("");
            let path = if home && !lit.starts_with('/') && !lit.starts_with('~') {
                format!("~/{}", lit.trim_start_matches('/'))
            } else {
                lit.to_string()
            };
            let (scope, tags) = classify_path(&path);
            if scope == R::Credentials {
                let ev = Evidence::new(Op::FileRead, A::Read, scope, path)
                    .tags(tags)
                    .object("file read")
                    .instrument("fs");
                push(ev, all.0, all.1, sink);
                break;
            }
        }
    }
    for x in LEX_ENV_DUMP.find_iter(m) {
        let ev = Evidence::new(Op::EnvDump, A::Read, R::Credentials, "environment")
            .object("whole environment read")
            .instrument("process.env");
        push(ev, x.start(), x.end(), sink);
    }
    for c in LEX_ENV.captures_iter(m) {
        let name = c
            .get(1)
            .or_else(|| c.get(2))
            .map(|x| x.as_str())
            .unwrap_or("");
        if is_secret_env(name) {
            let all = c.get(0).map(|x| (x.start(), x.end())).unwrap_or((0, 0));
            let ev = crate::extract::concepts::env_read(name, "process.env");
            push(ev, all.0, all.1, sink);
        }
    }
    for x in LEX_DECODE.find_iter(m) {
        let ev = Evidence::new(Op::Decode, A::Infer, R::Memory, "base64")
            .tag(Tag::Encoded)
            .object("decoding")
            .instrument("Buffer.from");
        push(ev, x.start(), x.end(), sink);
    }
    for c in LEX_WS.captures_iter(m) {
        let all = c.get(0).map(|x| (x.start(), x.end())).unwrap_or((0, 0));
        let url = c.get(1).map(|x| x.as_str()).unwrap_or("");
        let ev = NetCall::new(NetKind::Connect, url)
            .object("persistent socket")
            .instrument("WebSocket")
            .lower()
            .1;
        push(ev, all.0, all.1, sink);
    }
}

fn all_sends(call: &str, tail: &str) -> bool {
    let t = tail.to_ascii_lowercase();
    call.contains(".post")
        || call.contains(".put")
        || call.contains(".patch")
        || t.contains("method: 'post'")
        || t.contains("method:'post'")
        || t.contains("method: \"post\"")
        || t.contains("method:\"post\"")
        || t.contains("body:")
}
