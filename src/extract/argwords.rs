//! Round 26: the words of a command line as the interpreter table and the
//! remote-runner table read them (a leaf: both use it, neither imports the
//! other through it).

/// The program name as the table knows it: basename, lower case, no `.exe`,
/// no version suffix (`python3.12` → `python3`).
pub fn program(arg0: &str) -> String {
    let base = arg0
        .rsplit(['/', '\\'])
        .next()
        .unwrap_or(arg0)
        .to_lowercase();
    let base = base.trim_end_matches(".exe");
    match base.split_once('.') {
        Some((head, tail)) if tail.chars().all(|c| c.is_ascii_digit()) => head.to_string(),
        _ => base.to_string(),
    }
}

/// Splits the opening of a command line into words the way a shell would
/// for the table's purposes: a quoted word is one word (with its quotes),
/// up to `max` words. Returns each word with its byte range.
pub fn opening_words(line: &str, max: usize) -> Vec<(usize, usize)> {
    let b = line.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() && out.len() < max {
        while i < b.len() && b[i].is_ascii_whitespace() {
            i += 1;
        }
        if i >= b.len() {
            break;
        }
        let start = i;
        if b[i] == b'"' || b[i] == b'\'' {
            let q = b[i];
            i += 1;
            while i < b.len() && b[i] != q {
                i += if b[i] == b'\\' && q == b'"' { 2 } else { 1 };
            }
            i = (i + 1).min(b.len());
        } else {
            while i < b.len() && !b[i].is_ascii_whitespace() {
                i += 1;
            }
        }
        out.push((start, i));
    }
    out
}

/// The words of a command line (`-NoProfile -Command "iex …"`), a quoted
/// word kept whole with its quotes removed, at most `max` words.
pub fn split_words(line: &str, max: usize) -> Vec<String> {
    opening_words(line, max)
        .into_iter()
        .map(|(s, e)| unquote(&line[s..e]).to_string())
        .collect()
}

/// A word without the one pair of quotes around it.
pub fn unquote(w: &str) -> &str {
    let w = w.trim();
    for q in ['"', '\''] {
        if w.len() >= 2 && w.starts_with(q) && w.ends_with(q) {
            return &w[1..w.len() - 1];
        }
    }
    w
}
