//! skillscan's own regular expressions: one place that compiles them.
//!
//! The patterns are written in the `regex` crate's syntax with one dialect
//! rule: `\w`, `\d` and `\b` mean their ASCII forms. Every pattern matches
//! English keywords, identifiers, paths, hosts or tokens, for which the
//! ASCII classes are the intended meaning, and the Unicode forms are costly:
//! Unicode `\w` is about 700 ranges, so a `[\w-]{20,}` compiles twenty copies
//! of a large UTF-8 automaton (35 ms for one pattern), and a Unicode `\b`
//! makes the lazy DFA give up on any haystack with a non-ASCII byte and fall
//! back to a slower engine. Compiling every pattern once costs a single-skill
//! run most of its time, so this keeps `skillscan audit ./skill` instant.
//!
//! `\s`, `.`, negated classes and case folding stay Unicode: text that hides
//! behind a no-break space or a non-ASCII letter must still match.

use regex::Regex;
use std::borrow::Cow;

/// Compile a built-in pattern (see the module notes for its dialect).
///
/// # Panics
/// On an invalid pattern: built-in patterns are tested, so this is a bug.
pub fn re(pattern: &str) -> Regex {
    build(pattern).unwrap_or_else(|e| panic!("built-in pattern {pattern:?}: {e}"))
}

/// Compile a pattern from rule data, reporting a syntax error.
pub fn build(pattern: &str) -> Result<Regex, regex::Error> {
    Regex::new(&ascii_classes(pattern))
}

/// Rewrite `\w`, `\d` (inside and outside classes) and `\b` to ASCII.
pub fn ascii_classes(pattern: &str) -> Cow<'_, str> {
    if !pattern.contains(['\\']) {
        return Cow::Borrowed(pattern);
    }
    let mut out = String::with_capacity(pattern.len() + 16);
    let mut in_class = false;
    // Whether the previous char opened a class (`[` or `[^`): a `]` right
    // after it is a literal, not the end of the class.
    let mut class_start = false;
    let mut chars = pattern.chars();
    while let Some(c) = chars.next() {
        let opened = class_start;
        class_start = false;
        match c {
            '\\' => match chars.next() {
                Some('w') if in_class => out.push_str("0-9A-Za-z_"),
                Some('w') => out.push_str("[0-9A-Za-z_]"),
                Some('d') if in_class => out.push_str("0-9"),
                Some('d') => out.push_str("[0-9]"),
                Some('b') if !in_class => out.push_str("(?-u:\\b)"),
                Some(n) => {
                    out.push('\\');
                    out.push(n);
                }
                None => out.push('\\'),
            },
            '[' if !in_class => {
                in_class = true;
                class_start = true;
                out.push(c);
            }
            '^' if opened => {
                class_start = true;
                out.push(c);
            }
            ']' if in_class && !opened => {
                in_class = false;
                out.push(c);
            }
            _ => out.push(c),
        }
    }
    Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rewrites_word_digit_and_boundary_to_ascii() {
        assert_eq!(
            ascii_classes(r"\bfoo\w+\d"),
            r"(?-u:\b)foo[0-9A-Za-z_]+[0-9]"
        );
        assert_eq!(ascii_classes(r"[\w.-]+[^\d]"), r"[0-9A-Za-z_.-]+[^0-9]");
        assert_eq!(ascii_classes(r"[]\w]"), r"[]0-9A-Za-z_]");
        assert_eq!(ascii_classes(r"[^]\w]x"), r"[^]0-9A-Za-z_]x");
        // Escaped backslashes, brackets and other escapes pass through.
        assert_eq!(ascii_classes(r"\\w\[\w\]\s"), r"\\w\[[0-9A-Za-z_]\]\s");
        assert_eq!(ascii_classes(r"(?-u:\b)x"), r"(?-u:(?-u:\b))x");
        assert!(matches!(ascii_classes("plain"), Cow::Borrowed(_)));
    }

    #[test]
    fn rewritten_patterns_keep_their_meaning_on_ascii_and_unicode_spaces() {
        let r = re(r"(?i)\bsend\s+\w+\b");
        assert!(r.is_match("please SEND\u{a0}tokens now"));
        assert!(!r.is_match("resend tokens"));
        assert!(build(r"[\w").is_err());
    }
}
