//! Text helpers: lossy decoding, byte-offset → (line, column) mapping, and
//! escaping of hostile strings for display.

/// Maps byte offsets in a text to 1-based lines and 1-based columns counted
/// in Unicode scalar values (SARIF `columnKind: unicodeCodePoints`).
pub struct LineIndex<'a> {
    text: &'a str,
    /// Byte offsets of line starts, computed on first use: most texts that
    /// get an index (string literals, sentences) never report a position.
    starts: std::cell::OnceCell<Vec<usize>>,
}

impl<'a> LineIndex<'a> {
    pub fn new(text: &'a str) -> Self {
        Self {
            text,
            starts: std::cell::OnceCell::new(),
        }
    }

    fn starts(&self) -> &[usize] {
        self.starts.get_or_init(|| {
            let mut starts = vec![0];
            starts.extend(self.text.match_indices('\n').map(|(i, _)| i + 1));
            starts
        })
    }

    /// 0-based line of a byte offset.
    pub fn line_of(&self, byte: usize) -> usize {
        match self.starts().binary_search(&byte) {
            Ok(i) => i,
            Err(i) => i - 1,
        }
    }

    /// 1-based (line, column) of a byte offset; column counts chars.
    pub fn position(&self, byte: usize) -> (usize, usize) {
        let byte = clamp_boundary(self.text, byte);
        let line = self.line_of(byte);
        let start = self.starts()[line];
        let col = self.text[start..byte].chars().count();
        (line + 1, col + 1)
    }

    /// The text of a 0-based line, without its newline.
    pub fn line_text(&self, line: usize) -> &'a str {
        let starts = self.starts();
        let start = starts.get(line).copied().unwrap_or(self.text.len());
        let end = starts
            .get(line + 1)
            .map(|e| e - 1)
            .unwrap_or(self.text.len());
        self.text.get(start..end.max(start)).unwrap_or("")
    }

    pub fn line_count(&self) -> usize {
        self.starts().len()
    }

    pub fn line_start(&self, line: usize) -> usize {
        self.starts().get(line).copied().unwrap_or(self.text.len())
    }
}

/// Moves `i` down to the nearest char boundary (never panics on hostile offsets).
pub fn clamp_boundary(s: &str, i: usize) -> usize {
    let mut i = i.min(s.len());
    while !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// A safe sub-slice by byte range, clamped to char boundaries.
pub fn slice(s: &str, start: usize, end: usize) -> &str {
    let a = clamp_boundary(s, start);
    let b = clamp_boundary(s, end.max(a));
    &s[a..b]
}

/// Decodes bytes as UTF-8, replacing invalid sequences, and reports whether
/// any replacement happened. A payload must not hide behind one bad byte.
pub fn decode_lossy(bytes: &[u8]) -> (String, bool) {
    match std::str::from_utf8(bytes) {
        Ok(s) => (s.to_string(), false),
        Err(_) => (String::from_utf8_lossy(bytes).into_owned(), true),
    }
}

/// Escapes control and invisible characters so that hostile file names and
/// snippets cannot rewrite a terminal or a report.
pub fn escape_display(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '\t' => out.push(' '),
            c if c.is_control() || is_invisible(c) => {
                out.push_str(&format!("\\u{{{:x}}}", c as u32));
            }
            c => out.push(c),
        }
    }
    out
}

/// Zero-width, bidi-control and tag characters: invisible when rendered.
pub fn is_invisible(c: char) -> bool {
    matches!(c as u32,
        0x200B..=0x200F | 0x202A..=0x202E | 0x2060..=0x2064 | 0x2066..=0x2069
        | 0x061C | 0xFEFF | 0xE0000..=0xE007F | 0x180E | 0x00AD)
}

/// Whether `word` occurs in `text` as a whole identifier (not inside a
/// longer one): `print(token)` has `token`, `print(tokens_left)` does not.
pub fn has_word(text: &str, word: &str) -> bool {
    let ident = |c: u8| c.is_ascii_alphanumeric() || c == b'_';
    let b = text.as_bytes();
    !word.is_empty()
        && text.match_indices(word).any(|(i, _)| {
            let end = i + word.len();
            (i == 0 || !ident(b[i - 1])) && (end >= b.len() || !ident(b[end]))
        })
}

/// A one-line snippet: trimmed, escaped and capped at `max` chars.
pub fn snippet(s: &str, max: usize) -> String {
    let one: String = s.split('\n').next().unwrap_or("").trim().to_string();
    let esc = escape_display(&one);
    if esc.chars().count() > max {
        let mut t: String = esc.chars().take(max).collect();
        t.push('…');
        t
    } else {
        esc
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_count_chars_not_bytes() {
        let t = "ab\nдx y\n";
        let idx = LineIndex::new(t);
        assert_eq!(idx.position(0), (1, 1));
        let y = t.find('y').unwrap();
        assert_eq!(idx.position(y), (2, 4));
        assert_eq!(idx.line_text(1), "дx y");
    }

    #[test]
    fn hostile_offsets_do_not_panic() {
        let t = "дд";
        let idx = LineIndex::new(t);
        assert_eq!(idx.position(1), (1, 1));
        assert_eq!(slice(t, 1, 99), "дд");
    }

    #[test]
    fn escapes_controls() {
        assert_eq!(
            escape_display("a\u{1b}[2Jb\u{200b}"),
            "a\\u{1b}[2Jb\\u{200b}"
        );
    }
}
