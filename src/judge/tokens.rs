//! A token estimate that errs high, so that a prompt under the budget also
//! fits the model's context.
//!
//! Characters / 4 was 26 % low at the median on real prompts (up to 76 %
//! for Chinese), measured with Qwen2.5's tokenizer: digits are one token
//! each, line-number prefixes and punctuation cost far more than a quarter
//! of a token per character, and non-Latin text, invisible characters and
//! random strings (base64, hex) cost most. This estimate counts by
//! character class instead, with weights fitted on the corpus's files as
//! the judge sends them (numbered lines) and rounded up: real / estimate
//! was median 0.89, p90 0.95, max 1.05 over 275 files, and at most 0.94 on
//! Chinese, Japanese, Russian, Arabic, emoji, base64 and zero-width
//! samples (docs/llm.md, "Budget").

/// Tokens per ASCII letter inside a word.
const LETTER: f64 = 0.25;
/// Tokens per digit (Qwen and Llama 3 split numbers into digits).
const DIGIT: f64 = 1.0;
/// Tokens per space or tab (runs of spaces merge).
const SPACE: f64 = 0.1;
const NEWLINE: f64 = 1.0;
/// Tokens per ASCII punctuation or symbol character.
const PUNCT: f64 = 0.85;
/// Tokens per 2-byte UTF-8 character (Latin accents, Cyrillic, Greek,
/// Arabic, Hebrew).
const TWO_BYTE: f64 = 0.5;
/// Tokens per CJK character (ideographs, kana, Hangul, full-width forms).
const CJK: f64 = 0.8;
/// Tokens per other 3-byte character (zero-width and other invisible
/// characters, symbols): often split into bytes.
const THREE_BYTE: f64 = 1.5;
/// Tokens per 4-byte character (emoji, Unicode tag characters).
const FOUR_BYTE: f64 = 3.0;
/// Tokens per character of a long letter-and-digit run that looks random
/// (base64, hex, keys): such runs do not merge into words.
const RANDOM: f64 = 0.95;
/// Per-message overhead of the chat template (role markers).
pub const PER_MESSAGE: usize = 8;

fn is_cjk(c: char) -> bool {
    matches!(c as u32, 0x3000..=0x9FFF | 0xAC00..=0xD7AF | 0xF900..=0xFAFF | 0xFF00..=0xFFEF)
}

/// The cost of a run of ASCII letters and digits.
fn run_cost(run: &[u8]) -> f64 {
    let digits = run.iter().filter(|b| b.is_ascii_digit()).count();
    let base = (run.len() - digits) as f64 * LETTER + digits as f64 * DIGIT;
    // Case and letter/digit changes: frequent in random strings, rare in words.
    let changes = run
        .windows(2)
        .filter(|w| {
            w[0].is_ascii_uppercase() != w[1].is_ascii_uppercase()
                || w[0].is_ascii_digit() != w[1].is_ascii_digit()
        })
        .count();
    if run.len() >= 16 && changes * 6 >= run.len() {
        base.max(run.len() as f64 * RANDOM)
    } else {
        base
    }
}

/// Estimated tokens of a text, rounded up. Errs high: see the module docs.
pub fn estimate_tokens(s: &str) -> usize {
    let mut t = 0.0;
    let mut run: Vec<u8> = Vec::new();
    for c in s.chars() {
        if c.is_ascii_alphanumeric() {
            run.push(c as u8);
            continue;
        }
        if !run.is_empty() {
            t += run_cost(&run);
            run.clear();
        }
        t += match c {
            '\n' => NEWLINE,
            ' ' | '\t' | '\r' => SPACE,
            c if c.is_ascii() => PUNCT,
            c if is_cjk(c) => CJK,
            c => match c.len_utf8() {
                2 => TWO_BYTE,
                3 => THREE_BYTE,
                _ => FOUR_BYTE,
            },
        };
    }
    if !run.is_empty() {
        t += run_cost(&run);
    }
    t.ceil() as usize
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classes_cost_what_the_tokenizer_charges() {
        // Counts from Qwen2.5's tokenizer: "hello world" = 2, "12345" = 5.
        assert!(estimate_tokens("hello world") >= 2);
        assert_eq!(estimate_tokens("12345"), 5);
        // Chinese: about 0.7 tokens per character in Qwen2.5.
        let zh = "这个技能会读取用户的配置文件";
        assert!(estimate_tokens(zh) >= zh.chars().count() * 7 / 10);
        // Base64 costs about 0.76 tokens per character, far over chars / 4.
        let b64 = "aGVsbG8gd29ybGQgdGhpcyBpcyBhIHRlc3Qgb2YgYmFzZTY0IGVuY29kaW5n";
        assert!(estimate_tokens(b64) * 10 >= b64.len() * 8);
        // An English word is still about a quarter token per letter.
        assert!(estimate_tokens("configuration") <= 4);
        assert_eq!(estimate_tokens(""), 0);
    }
}
