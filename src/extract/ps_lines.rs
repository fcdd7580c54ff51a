//! PowerShell logical lines: the physical lines of one command joined.
//!
//! A command continues on the next line after a backtick, a trailing `|`
//! or `,`, and while a `(`, `@(`, `[` or `@{` opened on an earlier line is
//! still open (`-ArgumentList @(` … `)`, `Invoke-RestMethod -Body @{` …
//! `}`). Statement blocks (`if (…) {` … `}`) are not joined: their
//! statements stay lines of their own. Joining keeps every byte offset (a
//! line break becomes spaces, inside `@{ }` a `;` then spaces), so evidence
//! points at the source bytes; a command is at most `PS_MAX_JOIN_LINES`
//! lines, past which the rest starts afresh and the file is incomplete.

use crate::limits::PS_MAX_JOIN_LINES;

/// Bracket and quote state carried from one physical line to the next.
#[derive(Default)]
struct State {
    /// Open brackets: `(`, `[`, `h` (`@{` hashtable), `{` (block).
    stack: Vec<u8>,
    /// The quote of an open here-string (`@'` / `@"` at a line's end).
    here: Option<u8>,
}

impl State {
    /// Reads one physical line (without its line break).
    fn scan(&mut self, line: &str) {
        if let Some(q) = self.here {
            let t = line.trim_start().as_bytes();
            if t.first() == Some(&q) && t.get(1) == Some(&b'@') {
                self.here = None;
            }
            return;
        }
        let b = line.as_bytes();
        let (mut i, mut quote) = (0, None::<u8>);
        while i < b.len() {
            let c = b[i];
            if let Some(q) = quote {
                if c == b'`' && q == b'"' {
                    i += 2;
                    continue;
                }
                if c == q {
                    quote = None;
                }
                i += 1;
                continue;
            }
            match c {
                b'`' => i += 1,
                b'\'' | b'"' => {
                    if i > 0 && b[i - 1] == b'@' && line[i + 1..].trim().is_empty() {
                        self.here = Some(c);
                        return;
                    }
                    quote = Some(c);
                }
                b'(' | b'[' => self.stack.push(c),
                b'{' => self
                    .stack
                    .push(if i > 0 && b[i - 1] == b'@' { b'h' } else { c }),
                b')' => {
                    self.close(b'(');
                }
                b']' => {
                    self.close(b'[');
                }
                b'}' => {
                    if !self.close(b'h') {
                        self.close(b'{');
                    }
                }
                _ => {}
            }
            i += 1;
        }
    }

    /// Pops `open` if it is the innermost bracket (a stray closer is ignored).
    fn close(&mut self, open: u8) -> bool {
        if self.stack.last() == Some(&open) {
            self.stack.pop();
            return true;
        }
        false
    }

    /// Whether an expression bracket (not a statement block) is open.
    fn open_expr(&self) -> bool {
        self.stack.iter().any(|&c| c != b'{')
    }
}

/// The logical lines of `t` (comments already blanked), each with the byte
/// offset of its first line; the string is as long as the source it spans.
pub fn logical_lines(t: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let mut st = State::default();
    let (mut cur, mut start, mut off, mut joined) = (String::new(), 0, 0, 0usize);
    for raw in t.split_inclusive('\n') {
        let line = raw.trim_end_matches(['\n', '\r']);
        if cur.is_empty() {
            start = off;
            joined = 0;
        }
        off += raw.len();
        let in_here = st.here.is_some();
        st.scan(line);
        let brk = raw.len() - line.len();
        let sep = continuation(&st, line, in_here);
        if sep.is_some() && joined + 1 >= PS_MAX_JOIN_LINES {
            crate::limits::gave_up("PS_MAX_JOIN_LINES");
            st.stack.clear();
        } else if let Some(sep) = sep {
            match line.trim_end().strip_suffix('`') {
                Some(head) => {
                    cur.push_str(head);
                    cur.push_str(&" ".repeat(line.len() - head.len()));
                }
                None => cur.push_str(line),
            }
            if brk > 0 {
                cur.push(sep);
                cur.push_str(&" ".repeat(brk - 1));
            }
            joined += 1;
            continue;
        }
        cur.push_str(line);
        if !cur.trim().is_empty() {
            out.push((start, std::mem::take(&mut cur)));
        }
        cur.clear();
    }
    if !cur.trim().is_empty() {
        out.push((start, cur));
    }
    out
}

/// What a line break after `line` becomes when the command continues on
/// the next line (`;` between the entries of an open `@{ }`), or `None`.
fn continuation(st: &State, line: &str, in_here: bool) -> Option<char> {
    let t = line.trim_end();
    if !in_here && st.here.is_none() && t.ends_with('`') {
        return Some(' ');
    }
    if st.here.is_some() || in_here {
        return st.open_expr().then_some(' ');
    }
    if st.open_expr() {
        let entry_end = !t.ends_with([';', '{', ',', '(', '[', '|', '=']) && !t.is_empty();
        return Some(if st.stack.last() == Some(&b'h') && entry_end {
            ';'
        } else {
            ' '
        });
    }
    (t.ends_with('|') || t.ends_with(',')).then_some(' ')
}

#[cfg(test)]
mod tests {
    use super::logical_lines;

    fn lines(t: &str) -> Vec<String> {
        logical_lines(t)
            .into_iter()
            .map(|(_, l)| l.trim_end().to_string())
            .collect()
    }

    #[test]
    fn open_array_is_one_command_with_offsets_kept() {
        let t = "New-Item x\nStart-Process p -ArgumentList @(\r\n  '-a',\n  'b'\n)\nWrite-Host y\n";
        let got = logical_lines(t);
        assert_eq!(got.len(), 3);
        assert_eq!(got[1].0, 11);
        assert!(got[1].1.contains("@(    '-a',   'b' )"), "{:?}", got[1].1);
        assert_eq!(
            &t[got[1].0..got[1].0 + got[1].1.len()].replace(['\r', '\n'], " "),
            &got[1].1
        );
        assert_eq!(got[2].1.trim(), "Write-Host y");
    }

    #[test]
    fn hashtable_entries_and_pipes_and_backticks() {
        let l = lines(
            "$p = @{\n  Uri = 'u'\n  Method = 'Post'\n}\nGet-X |\n  Out-File f\nA `\n  -B c\n",
        );
        assert_eq!(l.len(), 3, "{l:?}");
        assert!(
            l[0].contains("Uri = 'u';") && l[0].contains("Method = 'Post';"),
            "{l:?}"
        );
        assert!(l[1].starts_with("Get-X |") && l[1].ends_with("Out-File f"));
        assert!(l[2].starts_with("A ") && l[2].ends_with("-B c"));
    }

    #[test]
    fn statement_blocks_and_here_strings_stay_lines() {
        let l = lines("if ($a) {\n  Get-X\n}\n$h = @\"\n(\n\"@\nGet-Y\n");
        assert_eq!(
            l,
            vec!["if ($a) {", "  Get-X", "}", "$h = @\"", "(", "\"@", "Get-Y"]
        );
    }

    #[test]
    fn an_unclosed_bracket_joins_a_bounded_number_of_lines() {
        let t = format!(
            "f (\n{}",
            "x\n".repeat(3 * crate::limits::PS_MAX_JOIN_LINES)
        );
        let l = logical_lines(&t);
        assert!(
            l.len() > 1 && l.len() < 3 * crate::limits::PS_MAX_JOIN_LINES,
            "{}",
            l.len()
        );
    }
}
