//! PowerShell words, shared by the PowerShell reader's parts: strings
//! and comments (`quoted_step`, `mask_comments`), pipeline segments,
//! tokens, and the values of `-Name value` parameters.

/// One byte inside a PowerShell string quoted with `q`: the index of the
/// next byte to look at, and whether the string closed here. A backtick
/// escapes the next byte in double quotes; `''` is a quote in single quotes.
pub(super) fn quoted_step(b: &[u8], i: usize, q: u8) -> (usize, bool) {
    let c = b[i];
    if c == b'`' && q == b'"' {
        return (i + 2, false);
    }
    if c == q {
        if q == b'\'' && b.get(i + 1) == Some(&b'\'') {
            return (i + 2, false);
        }
        return (i + 1, true);
    }
    (i + 1, false)
}

/// Blanks `#` comments and `<# #>` blocks (quotes respected), keeping
/// every byte offset.
pub(super) fn mask_comments(t: &str) -> String {
    let b = t.as_bytes();
    let mut out = b.to_vec();
    let mut i = 0;
    let mut quote: Option<u8> = None;
    while i < b.len() {
        let c = b[i];
        if let Some(q) = quote {
            let (next, closed) = quoted_step(b, i, q);
            if closed {
                quote = None;
            }
            i = next;
            continue;
        }
        match c {
            b'"' | b'\'' => quote = Some(c),
            b'<' if b.get(i + 1) == Some(&b'#') => {
                let end = t[i..].find("#>").map(|e| i + e + 2).unwrap_or(b.len());
                for o in &mut out[i..end] {
                    if *o != b'\n' {
                        *o = b' ';
                    }
                }
                i = end;
                continue;
            }
            b'#' if i == 0 || b[i - 1].is_ascii_whitespace() || b[i - 1] == b';' => {
                while i < b.len() && b[i] != b'\n' {
                    out[i] = b' ';
                    i += 1;
                }
                continue;
            }
            b'\n' => quote = None,
            _ => {}
        }
        i += 1;
    }
    String::from_utf8(out).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
}

/// Splits on `|` and `;` outside quotes, parentheses and braces (`||` is
/// not a pipe).
pub(super) fn segments(line: &str) -> Vec<(usize, &str)> {
    let b = line.as_bytes();
    let mut out = Vec::new();
    let mut seg = 0;
    for i in super::ps_native::top_level(line, b"|;") {
        if b.get(i + 1) == Some(&b'|') || i > 0 && b[i - 1] == b'|' {
            continue;
        }
        out.push((seg, &line[seg..i]));
        seg = i + 1;
    }
    out.push((seg, &line[seg..]));
    out
}

/// Whitespace-separated tokens with quotes removed.
pub(super) fn tokens(seg: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut quote: Option<char> = None;
    let mut depth = 0i32;
    for c in seg.chars() {
        if let Some(q) = quote {
            if c == q {
                quote = None;
            } else {
                cur.push(c);
            }
            continue;
        }
        match c {
            '"' | '\'' if depth == 0 => quote = Some(c),
            '(' => {
                depth += 1;
                cur.push(c);
            }
            ')' => {
                depth -= 1;
                cur.push(c);
            }
            c if c.is_whitespace() && depth <= 0 => {
                if !cur.is_empty() {
                    out.push(std::mem::take(&mut cur));
                }
            }
            c => cur.push(c),
        }
        if out.len() > 256 {
            break;
        }
    }
    if !cur.is_empty() {
        out.push(cur);
    }
    out
}

/// The value of `-Name value` (case-insensitive; `-Name:value` too).
pub(super) fn param<'t>(toks: &'t [String], names: &[&str]) -> Option<&'t str> {
    for (i, t) in toks.iter().enumerate() {
        let Some(flag) = t.strip_prefix('-') else {
            continue;
        };
        let (f, inline) = match flag.split_once(':') {
            Some((f, v)) => (f, Some(v)),
            None => (flag, None),
        };
        if names.iter().any(|n| n.eq_ignore_ascii_case(f)) {
            return inline.or_else(|| toks.get(i + 1).map(String::as_str));
        }
    }
    None
}

pub(super) fn has_flag(toks: &[String], names: &[&str]) -> bool {
    toks.iter().any(|t| {
        t.strip_prefix('-')
            .map(|f| f.split(':').next().unwrap_or(f))
            .is_some_and(|f| names.iter().any(|n| n.eq_ignore_ascii_case(f)))
    })
}

/// Positional arguments after the command name (flag values skipped).
pub(super) fn positional(toks: &[String], valued: &[&str]) -> Vec<String> {
    let mut out = Vec::new();
    let mut i = 1;
    while i < toks.len() {
        let t = &toks[i];
        if let Some(f) = t.strip_prefix('-') {
            if !f.contains(':') && valued.iter().any(|n| n.eq_ignore_ascii_case(f)) {
                i += 1;
            }
        } else {
            out.push(t.clone());
        }
        i += 1;
    }
    out
}
