//! PowerShell text at the word level, for the line reader
//! (`powershell.rs`): comments blanked, statements cut into pipeline
//! segments and tokens, parameters looked up, quoted strings and literal
//! lists recognised. Pure functions of the text: no values, no evidence.

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

/// The text after `-ArgumentList` (or `-Args`): its token, joined with the
/// tokens after it while one ends in `,` (a list spread over tokens).
pub(super) fn argument_list_raw(toks: &[String]) -> Option<String> {
    let i = toks.iter().position(|t| {
        t.strip_prefix('-')
            .is_some_and(|f| ["argumentlist", "args"].contains(&f.to_ascii_lowercase().as_str()))
    })?;
    let mut raw = String::new();
    for t in toks.iter().skip(i + 1) {
        raw.push_str(t);
        if !t.ends_with(',') {
            break;
        }
    }
    Some(raw)
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

/// Splits `a + b + c` on `+` outside quotes; `None` when there are
/// parentheses or other operators outside quotes (not a plain concatenation).
/// The elements of a literal list: `@(a, b)`, `@(a\n b)`, `(a, b)` or
/// `a, b` (at least two, or one inside `@( )`), split at top-level commas
/// and new lines; `None` when the text is not such a list.
pub(super) fn list_elements(t: &str) -> Option<Vec<&str>> {
    let t = t.trim().trim_end_matches(';').trim_end();
    let (inner, wrapped) = match t.strip_prefix("@(").or_else(|| t.strip_prefix('(')) {
        Some(r) => (r.strip_suffix(')')?, true),
        None => (t, false),
    };
    let cuts = super::ps_native::top_level(inner, b",\n");
    if cuts.is_empty() && !(wrapped && t.starts_with('@')) {
        return None;
    }
    let mut out = Vec::new();
    let mut from = 0;
    for cut in cuts.into_iter().chain([inner.len()]) {
        let e = inner[from..cut].trim();
        if !e.is_empty() {
            out.extend(side_by_side(e));
        }
        from = cut + 1;
    }
    Some(out)
}

/// Quoted strings written side by side (`'a'  'b'`: the elements of a
/// multi-line `@( )` once its lines are joined), else the text whole.
pub(super) fn side_by_side(e: &str) -> Vec<&str> {
    let b = e.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let q = b[i];
        if q != b'\'' && q != b'"' {
            return vec![e];
        }
        let start = i;
        i += 1;
        loop {
            if i >= b.len() {
                return vec![e];
            }
            let (next, closed) = quoted_step(b, i, q);
            i = next;
            if closed {
                break;
            }
        }
        out.push(&e[start..i.min(e.len())]);
        while i < b.len() && b[i].is_ascii_whitespace() {
            i += 1;
        }
    }
    out
}

/// A string joined from character codes: `[char[]](118,115) -join ''`,
/// `-join [char[]](…)`, `[string]::new([char[]](…))`, `-join (118,115 |
/// % {[char]$_})` (decoded by `deobf::char_codes`).
pub(super) fn char_join(value: &str) -> Option<String> {
    let l = value.to_ascii_lowercase();
    if !l.contains("[char") || !(l.contains("-join") || l.contains("[string]::new")) {
        return None;
    }
    let open = match l.find("[char[]]") {
        Some(i) => i + 8 + l[i + 8..].find('(')? + 1,
        None => l.find("-join")? + 5 + l[l.find("-join")? + 5..].find('(')? + 1,
    };
    let close = open + l[open..].find([')', '|'])?;
    super::deobf::char_codes(&value[open..close])
}

/// Whether `part` is exactly one quoted string (`'a'`, `"b"`), not two
/// side by side (`'a' 'b'`) or a list (`'a', 'b'`).
pub(super) fn one_quoted(part: &str) -> bool {
    let b = part.as_bytes();
    let Some(&q) = b.first().filter(|&&c| c == b'\'' || c == b'"') else {
        return false;
    };
    let mut i = 1;
    while i < b.len() {
        let (next, closed) = quoted_step(b, i, q);
        if closed {
            return next == b.len();
        }
        i = next;
    }
    false
}

pub(super) fn split_plus(v: &str) -> Option<Vec<&str>> {
    let mut out = Vec::new();
    let mut quote: Option<u8> = None;
    let mut seg = 0;
    let b = v.as_bytes();
    let mut i = 0;
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
            b'+' => {
                out.push(&v[seg..i]);
                seg = i + 1;
            }
            b'(' | b')' | b'|' | b';' | b'[' | b'-' | b'*' => return None,
            _ => {}
        }
        i += 1;
    }
    if quote.is_some() {
        return None;
    }
    out.push(&v[seg..]);
    (out.len() <= 256).then_some(out)
}

/// Round 44 (recall44a): how deep [`fold_expr`] follows parentheses and
/// operators inside one value; deeper is given up (`limits.rs`).
use crate::limits::PS_MAX_FOLD_DEPTH as MAX_FOLD_DEPTH;

/// A string expression folded to its value: pieces joined with `+` at the
/// top level (a parenthesised piece folded in turn: `'…\' + ('R' + 'un')`),
/// a list joined (`('a','b') -join ''`, `-join ('a','b')`, `$parts -join
/// '\'`, `[string]::Join('', …)`, `[string]::Concat(…)`) and a format
/// (`'{0}\{1}' -f 'a', $b`). `leaf` gives a quoted literal's or a
/// variable's value, `list` a variable's list. Each level reads its text
/// once; past [`MAX_FOLD_DEPTH`] levels the value is given up and the
/// analysis marked incomplete, never cut silently.
pub(super) fn fold_expr(
    v: &str,
    leaf: &dyn Fn(&str) -> Option<String>,
    list: &dyn Fn(&str) -> Option<Vec<String>>,
    depth: usize,
) -> Option<String> {
    if depth > MAX_FOLD_DEPTH {
        crate::limits::gave_up("PS_MAX_FOLD_DEPTH");
        return None;
    }
    let v = unwrap_parens(v.trim().trim_end_matches(';').trim_end());
    if v.is_empty() {
        return None;
    }
    let fold = |p: &str| fold_expr(p, leaf, list, depth + 1);
    let items = |p: &str| -> Option<Vec<String>> {
        let p = p.trim();
        if let Some(l) = p.strip_prefix('$').and_then(|n| list(n)) {
            return Some(l);
        }
        match list_elements(p) {
            Some(es) => es.into_iter().map(fold).collect(),
            None => Some(vec![fold(p)?]),
        }
    };
    let lower = v.to_ascii_lowercase();
    for (api, joins) in [("[string]::join(", true), ("[string]::concat(", false)] {
        if let Some(rest) = lower.strip_prefix(api).filter(|r| r.ends_with(')')) {
            let inner = &v[v.len() - rest.len()..v.len() - 1];
            let cuts = super::ps_native::top_level(inner, b",");
            if joins {
                let cut = *cuts.first()?;
                return Some(items(&inner[cut + 1..])?.join(&fold(&inner[..cut])?));
            }
            return Some(items(inner)?.concat());
        }
    }
    if let Some((at, len)) = word_operator(v, &["-join", "-f"]) {
        let (left, right) = (v[..at].trim(), v[at + len..].trim());
        if len == 5 {
            if left.is_empty() {
                return Some(items(right)?.concat());
            }
            return Some(items(left)?.join(&fold(right)?));
        }
        let mut out = fold(left)?;
        for (i, a) in items(right)?.iter().enumerate() {
            out = out.replace(&format!("{{{i}}}"), a);
        }
        return Some(out);
    }
    let cuts = super::ps_native::top_level(v, b"+");
    if cuts.is_empty() {
        return if v.starts_with('(') { None } else { leaf(v) };
    }
    let mut out = String::new();
    let mut from = 0;
    for cut in cuts.into_iter().chain([v.len()]) {
        out.push_str(&fold(&v[from..cut])?);
        if out.len() > crate::limits::PS_MAX_VAR_LEN {
            crate::limits::gave_up("PS_MAX_VAR_LEN");
            return None;
        }
        from = cut + 1;
    }
    Some(out)
}

/// `v` without one pair of parentheses around all of it.
fn unwrap_parens(v: &str) -> &str {
    let Some(inner) = v.strip_prefix('(').and_then(|r| r.strip_suffix(')')) else {
        return v;
    };
    // The first `(` must close at the very end: `('a') + ('b')` is two.
    let closes = super::ps_native::top_level(inner, b")");
    if closes.is_empty() { inner.trim() } else { v }
}

/// The first top-level word operator of `ops` in `v` (case-insensitive,
/// followed by a space, a quote or a parenthesis): its offset and length.
fn word_operator(v: &str, ops: &[&str]) -> Option<(usize, usize)> {
    super::ps_native::top_level(v, b"-")
        .into_iter()
        .find_map(|i| {
            ops.iter().find_map(|op| {
                let end = i + op.len();
                let b = v.as_bytes();
                (b.len() > end
                    && b[i..end].eq_ignore_ascii_case(op.as_bytes())
                    && matches!(b[end], b' ' | b'\t' | b'(' | b'\'' | b'"' | b'$'))
                .then_some((i, op.len()))
            })
        })
}

pub(super) fn file_name(p: &str) -> String {
    p.trim_matches(['"', '\''])
        .replace('\\', "/")
        .rsplit('/')
        .next()
        .unwrap_or(p)
        .to_lowercase()
}

/// Round 26: the two parts of `Join-Path A B` (named parameters such as
/// `-Path A -ChildPath B` dropped) or `[IO.Path]::Combine(A, B)`; None
/// for any other shape or another number of parts.
pub(super) fn join_parts(value: &str) -> Option<[&str; 2]> {
    let lower = value.to_ascii_lowercase();
    let parts: Vec<&str> = if lower.starts_with("join-path ") {
        value["join-path ".len()..]
            .split_whitespace()
            .filter(|w| !w.starts_with('-'))
            .collect()
    } else if let Some(r) = lower
        .strip_prefix("[io.path]::combine(")
        .or_else(|| lower.strip_prefix("[system.io.path]::combine("))
    {
        let inner = &value[value.len() - r.len()..];
        inner.strip_suffix(')')?.split(',').map(str::trim).collect()
    } else {
        return None;
    };
    <[&str; 2]>::try_from(parts).ok()
}

/// `$PROFILE` or one of its four properties (`$PROFILE.CurrentUserAllHosts`).
pub(super) fn is_profile_ref(value: &str) -> bool {
    let v = value
        .trim()
        .trim_end_matches(';')
        .trim_end()
        .to_ascii_lowercase();
    v == "$profile"
        || v.strip_prefix("$profile.").is_some_and(|p| {
            matches!(
                p,
                "currentuserallhosts"
                    | "currentusercurrenthost"
                    | "allusersallhosts"
                    | "alluserscurrenthost"
            )
        })
}
