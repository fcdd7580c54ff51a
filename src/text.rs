//! Text helpers: lossy decoding, byte-offset → (line, column) mapping, and
//! escaping of hostile strings for display.

/// Maps byte offsets in a text to 1-based lines and 1-based columns counted
/// in Unicode scalar values (SARIF `columnKind: unicodeCodePoints`).
pub struct LineIndex<'a> {
    text: &'a str,
    /// Byte offsets of line starts, computed on first use: most texts that
    /// get an index (string literals, sentences) never report a position.
    starts: std::cell::OnceCell<Vec<usize>>,
    /// Chars before every `CHAR_BLOCK`-th byte, computed on first use: the
    /// column of an offset on a very long line costs at most one block of
    /// counting, not the whole line (everything on one 3 MB line once made
    /// each position O(n), the file O(n²)).
    chars_before: std::cell::OnceCell<Vec<usize>>,
}

/// Bytes per entry of [`LineIndex`]'s char-count table.
const CHAR_BLOCK: usize = 1024;

/// Chars in `b`: bytes that do not continue a UTF-8 sequence.
fn count_chars(b: &[u8]) -> usize {
    b.iter().filter(|&&c| c & 0xC0 != 0x80).count()
}

impl<'a> LineIndex<'a> {
    pub fn new(text: &'a str) -> Self {
        Self {
            text,
            starts: std::cell::OnceCell::new(),
            chars_before: std::cell::OnceCell::new(),
        }
    }

    /// Chars in `text[..byte]` (`byte` on a char boundary).
    fn chars_to(&self, byte: usize) -> usize {
        let b = self.text.as_bytes();
        let table = self.chars_before.get_or_init(|| {
            let mut t = Vec::with_capacity(b.len() / CHAR_BLOCK + 1);
            let mut n = 0;
            t.push(0);
            for block in b.chunks(CHAR_BLOCK) {
                n += count_chars(block);
                t.push(n);
            }
            t
        });
        let k = byte / CHAR_BLOCK;
        table[k] + count_chars(&b[k * CHAR_BLOCK..byte])
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
        let col = if byte - start <= CHAR_BLOCK {
            self.text[start..byte].chars().count()
        } else {
            self.chars_to(byte) - self.chars_to(start)
        };
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
/// `text` with either its fenced code blocks (```` ``` ```` / `~~~`) or
/// everything outside them blanked to spaces, byte for byte with line
/// breaks kept, so offsets and line numbers stay those of `text`. The fence
/// lines themselves are blanked either way.
pub fn fence_mask(text: &str, keep_code: bool) -> String {
    let mut out = String::with_capacity(text.len());
    let mut inside = false;
    for line in text.split_inclusive('\n') {
        let t = line.trim_start();
        let marker = t.starts_with("```") || t.starts_with("~~~");
        if marker {
            inside = !inside;
        }
        if !marker && inside == keep_code {
            out.push_str(line);
        } else {
            out.extend(line.bytes().map(|b| if b == b'\n' { '\n' } else { ' ' }));
        }
    }
    out
}

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
/// Reads a bounded window of `s` (the first line of a 3 MB one-line script
/// once cost O(n) per item).
/// The lines of a Markdown document a reader sees as prose: outside fenced
/// code blocks and with HTML comments removed.
pub fn visible_prose(md: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut fence: Option<&str> = None;
    let mut comment = false;
    for line in md.lines() {
        let t = line.trim_start();
        if let Some(f) = fence {
            if t.starts_with(f) {
                fence = None;
            }
            continue;
        }
        if !comment && (t.starts_with("```") || t.starts_with("~~~")) {
            fence = Some(&t[..3]);
            continue;
        }
        let mut kept = String::new();
        let mut rest = line;
        loop {
            if comment {
                match rest.find("-->") {
                    Some(i) => {
                        rest = &rest[i + 3..];
                        comment = false;
                    }
                    None => break,
                }
            } else {
                match rest.find("<!--") {
                    Some(i) => {
                        kept.push_str(&rest[..i]);
                        rest = &rest[i + 4..];
                        comment = true;
                    }
                    None => {
                        kept.push_str(rest);
                        break;
                    }
                }
            }
        }
        out.push(kept);
    }
    out
}

/// Whether `text` names host `host` as a whole name (`catbox.moe`,
/// `https://catbox.moe/x`), case-insensitively; `notcatbox.moe` does not.
pub fn names_host(text: &str, host: &str) -> bool {
    !host.is_empty()
        && text
            .split(|c: char| !(c.is_alphanumeric() || c == '.' || c == '-'))
            .map(|w| w.trim_end_matches('.'))
            .any(|w| w.eq_ignore_ascii_case(host))
}

pub fn snippet(s: &str, max: usize) -> String {
    let esc = escape_display(first_line_trimmed(s, max));
    if esc.chars().count() > max {
        let mut t: String = esc.chars().take(max).collect();
        t.push('…');
        t
    } else {
        esc
    }
}

/// The first line of `s`, trimmed, as far as a snippet of `max` chars
/// needs it: a line longer than the window is cut at the window.
fn first_line_trimmed(s: &str, max: usize) -> &str {
    let body = s.trim_start_matches(|c: char| c != '\n' && c.is_whitespace());
    let cap = clamp_boundary(body, (max + 2) * 4);
    let line = match body[..cap].find('\n') {
        Some(i) => &body[..i],
        None if cap == body.len() => body,
        // The window ends inside the line: it is longer than the snippet
        // unless only white space follows (then trim it exactly).
        None => {
            let next = body[cap..]
                .chars()
                .find(|c| *c == '\n' || !c.is_whitespace());
            if next.is_none_or(|c| c == '\n') {
                &body[..cap]
            } else {
                return &body[..cap];
            }
        }
    };
    line.trim_end()
}

/// Byte spans of the contents of "…", '…' and `…` literals on one line.
pub fn quoted_literals(text: &str) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let b = text.as_bytes();
    let mut i = 0;
    while i < b.len() {
        let q = b[i];
        if matches!(q, b'"' | b'\'' | b'`') {
            let mut j = i + 1;
            while j < b.len() && b[j] != q && b[j] != b'\n' {
                if b[j] == b'\\' {
                    j += 1;
                }
                j += 1;
            }
            if j < b.len() && b[j] == q && j > i + 1 {
                if text.is_char_boundary(i + 1) && text.is_char_boundary(j) {
                    out.push((i + 1, j));
                }
                i = j + 1;
                continue;
            }
        }
        i += 1;
    }
    out
}

/// The 1-based line numbers of the Markdown headings of `text`, outside
/// fenced code (a `# comment` in a shell block is not a heading).
pub fn heading_lines(text: &str) -> Vec<usize> {
    let mut out = Vec::new();
    let mut fence: Option<&str> = None;
    for (i, line) in text.lines().enumerate() {
        let t = line.trim_start();
        let mark = ["```", "~~~"].into_iter().find(|m| t.starts_with(m));
        match (fence, mark) {
            (None, Some(m)) => fence = Some(m),
            (Some(open), Some(m)) if open == m => fence = None,
            (None, None) if t.starts_with('#') => {
                let rest = t.trim_start_matches('#');
                if t.len() - rest.len() <= 6 && (rest.is_empty() || rest.starts_with(' ')) {
                    out.push(i + 1);
                }
            }
            _ => {}
        }
    }
    out
}

/// The sections of a Markdown text as 1-based line ranges `[first, end)`,
/// split at its headings outside fenced code ([`heading_lines`]); the text
/// before the first heading is a section of its own.
pub fn section_lines(text: &str) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut start = 1;
    for h in heading_lines(text) {
        if h > start {
            out.push((start, h));
        }
        start = h;
    }
    out.push((start, text.lines().count() + 1));
    out
}

/// [`section_lines`] as byte ranges `[start, end)` of `text`.
pub fn section_bytes(text: &str) -> Vec<(usize, usize)> {
    let idx = LineIndex::new(text);
    section_lines(text)
        .into_iter()
        .map(|(a, b)| (idx.line_start(a - 1), idx.line_start(b - 1)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sections_split_at_headings_outside_fences() {
        let t = "intro\n# One\ntext\n```sh\n# not a heading\n```\n## Two\nend\n";
        assert_eq!(section_lines(t), vec![(1, 2), (2, 7), (7, 9)]);
        let b = section_bytes(t);
        assert_eq!(b.len(), 3);
        assert_eq!(
            &t[b[1].0..b[1].1],
            "# One\ntext\n```sh\n# not a heading\n```\n"
        );
        assert_eq!(&t[b[2].0..b[2].1], "## Two\nend\n");
        assert_eq!(section_lines("# Only\n"), vec![(1, 2)]);
        assert_eq!(section_bytes(""), vec![(0, 0)]);
    }

    #[test]
    fn fence_mask_keeps_offsets_and_one_side() {
        let t = "say hi\n```sh\ncurl x\n```\nbye\n";
        let code = fence_mask(t, true);
        let prose = fence_mask(t, false);
        assert_eq!(code.len(), t.len());
        assert_eq!(prose.len(), t.len());
        assert_eq!(code.find("curl"), t.find("curl"));
        assert!(!code.contains("say") && !code.contains("bye") && !code.contains("```"));
        assert!(prose.contains("say hi") && prose.contains("bye") && !prose.contains("curl"));
        assert_eq!(code.matches('\n').count(), t.matches('\n').count());
    }

    #[test]
    fn visible_prose_skips_fences_and_comments() {
        let md = "Images go to catbox.moe.\n```bash\ncurl https://files.example/x\n```\nA <!-- hidden.example --> b\n<!--\nalso.example\n-->\nend\n";
        let v = visible_prose(md);
        assert!(v.iter().any(|l| names_host(l, "catbox.moe")));
        assert!(!v.iter().any(|l| names_host(l, "files.example")));
        assert!(!v.iter().any(|l| names_host(l, "hidden.example")));
        assert!(!v.iter().any(|l| names_host(l, "also.example")));
        assert!(v.iter().any(|l| l.contains("end")));
        assert!(!names_host("see notcatbox.moe", "catbox.moe"));
        assert!(names_host(
            "POST to https://Catbox.moe/user/api.php",
            "catbox.moe"
        ));
    }

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
    fn columns_on_long_lines_match_a_plain_count() {
        let t = format!("x\n{}", "aд😀 ".repeat(3_000));
        let idx = LineIndex::new(&t);
        for byte in [2, 900, 1_030, 4_097, 5_000, 20_000, t.len()] {
            let byte = clamp_boundary(&t, byte);
            let want = t[2..byte].chars().count() + 1;
            assert_eq!(idx.position(byte), (2, want), "at {byte}");
        }
    }

    #[test]
    fn snippets_of_long_lines_read_a_window() {
        assert_eq!(snippet("  ab c \nnext", 200), "ab c");
        let long = format!("{}\n", "x".repeat(10_000));
        assert_eq!(snippet(&long, 5), "xxxxx…");
        let spaced = format!("ab{}\n", " ".repeat(10_000));
        assert_eq!(snippet(&spaced, 200), "ab");
        assert_eq!(snippet("\n\nx", 10), "");
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

/// The byte after the bracket matching the one at `open` (`(`, `{` or
/// `[`), reading at most `max` bytes past it; `None` when it does not
/// close within them (round 24: one matcher for the text readers).
pub fn matching_close(b: &[u8], open: usize, max: usize) -> Option<usize> {
    let (o, c) = match b.get(open)? {
        b'(' => (b'(', b')'),
        b'{' => (b'{', b'}'),
        b'[' => (b'[', b']'),
        _ => return None,
    };
    let mut depth = 0usize;
    for (i, &x) in b.iter().enumerate().skip(open) {
        if i - open > max {
            return None;
        }
        if x == o {
            depth += 1;
        } else if x == c {
            depth -= 1;
            if depth == 0 {
                return Some(i + 1);
            }
        }
    }
    None
}
