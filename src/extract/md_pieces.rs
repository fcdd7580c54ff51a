//! Large Markdown parsed piece by piece. pulldown-cmark builds the tree of a
//! whole document before yielding its first event, about 36 bytes per byte
//! of a list of short items: a 16 MB Markdown list took 923 MB. A document
//! over [`PIECES_OVER`] is therefore cut into pieces of about
//! [`PIECE_BYTES`] at block boundaries (a line after a blank line, or a
//! list item or heading, never inside a fenced code block), and the pieces
//! are parsed one after the other, so only one piece's tree is alive at a
//! time. Offsets are the document's. What crosses a cut: nothing but
//! link reference definitions, which are not analysed.

use pulldown_cmark::{Event, Options, Parser};
use std::ops::Range;

/// Documents larger than this are parsed in pieces.
pub const PIECES_OVER: usize = 2 * 1024 * 1024;
/// The size a piece grows to before it is cut at the next block boundary.
pub const PIECE_BYTES: usize = 512 * 1024;

/// The events of `body` with byte ranges in `body`.
pub fn events(body: &str, opts: Options) -> impl Iterator<Item = (Event<'_>, Range<usize>)> {
    let bounds = if body.len() > PIECES_OVER {
        cut(body, PIECE_BYTES)
    } else {
        vec![(0, body.len())]
    };
    bounds.into_iter().flat_map(move |(a, b)| {
        Parser::new_ext(&body[a..b], opts)
            .into_offset_iter()
            .map(move |(ev, r)| (ev, (r.start + a)..(r.end + a)))
    })
}

/// A fence opener or closer: up to 3 spaces, then 3 or more of `` ` `` or `~`.
fn fence(line: &str) -> Option<(u8, usize)> {
    let t = line.trim_start_matches(' ');
    if line.len() - t.len() > 3 {
        return None;
    }
    let c = *t.as_bytes().first()?;
    if c != b'`' && c != b'~' {
        return None;
    }
    let n = t.bytes().take_while(|&b| b == c).count();
    (n >= 3).then_some((c, n))
}

/// A line that starts a block on its own: a list item or a heading.
fn starts_block(line: &str) -> bool {
    let b = line.as_bytes();
    matches!(b.first(), Some(b'#'))
        || matches!(b, [b'-' | b'*' | b'+', b' ', ..])
        || b.first().is_some_and(u8::is_ascii_digit)
}

/// Contiguous pieces covering `text`, each cut at a line start outside
/// any fenced code block: after a blank line or before a list item or
/// heading once the piece holds `size` bytes, at any unindented line once
/// it holds 1.5 × `size`. A text without such lines stays one piece.
pub fn cut(text: &str, size: usize) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut start = 0;
    let mut open: Option<(u8, usize)> = None;
    let mut prev_blank = false;
    let mut pos = 0;
    for line in text.split_inclusive('\n') {
        let at = pos;
        pos += line.len();
        let len = at - start;
        if open.is_none() && len >= size && at > start {
            let unindented = !line.starts_with([' ', '\t', '\n', '\r']);
            let good = unindented && (prev_blank || starts_block(line));
            if good || unindented && len >= size + size / 2 {
                out.push((start, at));
                start = at;
            }
        }
        match (open, fence(line)) {
            (None, Some(f)) => open = Some(f),
            (Some((c, n)), Some((c2, n2)))
                if c == c2 && n2 >= n && line.trim().bytes().all(|b| b == c) =>
            {
                open = None
            }
            _ => {}
        }
        prev_blank = line.trim().is_empty();
    }
    out.push((start, text.len()));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pieces_are_contiguous_and_keep_fences_whole() {
        let mut t = String::new();
        for i in 0..2_000 {
            t.push_str(&format!("- item {i}\n"));
            if i % 100 == 0 {
                t.push_str("```bash\n- not an item\n\n# not a heading\n```\n");
            }
        }
        let b = cut(&t, 1_000);
        assert!(b.len() > 10, "{}", b.len());
        assert_eq!(b[0].0, 0);
        assert_eq!(b.last().map(|x| x.1), Some(t.len()));
        for w in b.windows(2) {
            assert_eq!(w[0].1, w[1].0);
            assert!(
                t[w[1].0..].starts_with("- item"),
                "{:?}",
                &t[w[1].0..][..20]
            );
        }
        // A text without line breaks is one piece.
        let one = "x".repeat(10_000);
        assert_eq!(cut(&one, 100), vec![(0, one.len())]);
    }

    #[test]
    fn events_carry_document_offsets() {
        let t = format!("# Title\n\n{}", "- `ls /x`\n".repeat(400_000));
        let n = events(&t, Options::empty())
            .filter(|(e, r)| matches!(e, Event::Code(_)) && &t[r.clone()] == "`ls /x`")
            .count();
        assert_eq!(n, 400_000);
    }
}
