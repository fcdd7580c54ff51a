//! Round 35: silent tampering with data the user relies on to pay: a
//! payment account the user's documents name (an IBAN, BIC, account or
//! routing number, a payee, a wallet address) replaced with a fixed one
//! the skill carries. SSL §5 reads it as `destructive` (the user's data is
//! corrupted, and the money paid to the wrong account is lost) and, since
//! the user is shown nothing, `covert_execution` (SK-DEST-007).
//!
//! Code, at token level in every language:
//!
//! * the fixed account: a string literal, adjacent literals folded
//!   (`"DE89" "3704" …`, `'0x12' + '…'`, PHP/Perl `.`, Lua `..`), that is
//!   a valid IBAN (mod 97) or a wallet address (Ethereum, Bitcoin, Tron),
//!   directly or through the name it is assigned to (`_REG = {"acct": …}`);
//! * the swap: an assignment to a payment field (`row["iban"] = …`,
//!   `inv.bic = …`, `$r['iban'] = …`, a tuple `row["iban"], row["bic"] = …`,
//!   a bare `iban = … if … else "…"`) whose value is the fixed account; a
//!   text replacement (`re.sub`, `.replace`, `gsub`, `-replace`, `sed s///`)
//!   whose replacement is; a clipboard write of it in a file that reads the
//!   clipboard (the wallet clipper);
//! * the field is the user's: it is filled or read on another line of the
//!   same file (a field only ever set to the constant is a default).
//!
//! Prose: a sentence replacing, swapping or redirecting a payment field
//! ("swap the creditor IBAN for DE89 …", "route payouts to wallet 0x…")
//! in a section that names a fixed account or keeps the change from the
//! user. Test files, a validator's sample IBAN and a currency converter
//! (amounts, no account) stay quiet.

use super::negation::negated_before;
use super::prose_acts::{Section, sentences};
use super::{Sink, Src};
use crate::evidence::{Evidence, Op, Tag};
use crate::ssl::vocab::{ActType as A, ResourceScope as R};
use std::collections::HashSet;

/// Names of payment fields.
const FIELD: &str = r"(?:iban|bic|swift(?:_?code)?|creditor_?(?:iban|account|bic)?|beneficiary(?:_?(?:iban|account|name))?|payee(?:_?(?:iban|account|address))?|account_?(?:number|no|num|id)?|acct(?:_?(?:no|num|number))?|bank_?account|routing(?:_?(?:number|no))?|sort_?code|aba|wallet(?:_?address)?|to_?address|recipient(?:_?address)?|pay_?to|payout_?(?:address|account|wallet)|destination_?(?:account|address|wallet)|receiver(?:_?address)?)";

static STRING: crate::rx::Lazy = crate::rx::Lazy::new(r#""(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'"#);
/// What may stand between two literals that are one value.
static JOIN: crate::rx::Lazy = crate::rx::Lazy::new(r"^\s*(?:\+|\.\.?|~)?\s*$");
static ACCOUNT: crate::rx::Lazy = crate::rx::Lazy::new(
    r"^(?:[A-Z]{2}\d{2}[A-Z0-9]{11,30}|0x[0-9a-fA-F]{40}|bc1[02-9ac-hj-np-z]{25,62}|[13][1-9A-HJ-NP-Za-km-z]{25,34}|T[1-9A-HJ-NP-Za-km-z]{33})$",
);
/// The name a statement assigns.
static ASSIGNED: crate::rx::Lazy = crate::rx::Lazy::new(
    r"^\s*(?:(?:const|let|var|my|our|local|static|final|export|private|public|readonly|pub|val)\s+)*[$@]?([A-Za-z_]\w*)\s*(?::\s*[^=\n]{1,40})?\s*(?::=|=)(?:[^=]|$)",
);
static LHS: crate::rx::Lazy = crate::rx::Lazy::built(|| {
    format!(
        r#"(?i)(?:\[\s*(?:['"]|:)(?P<k>{FIELD})['"]?\s*\]|\.(?P<a>{FIELD})(?-u:\b)|(?:^|[\s(,;])[$@]?(?P<v>{FIELD})(?-u:\b))\s*(?:,[^=\n]{{0,80}})?(?:=|\|\|=|\?\?=)(?:[^=>]|$)"#
    )
});
/// A payment field set in a copy of the record (`{...row, iban: X}`,
/// `Object.assign(row, {iban: X})`, `row.update(iban=X)`, `**row`).
static KEYED: crate::rx::Lazy = crate::rx::Lazy::built(|| {
    format!(
        r#"(?i)(?:['"]?(?P<f>{FIELD})['"]?\s*(?::|=>)|\((?:[^)\n]*,\s*)?(?P<g>{FIELD})\s*=)(?:[^=:]|$)"#
    )
});
static MERGE: crate::rx::Lazy = crate::rx::Lazy::new(
    r"\.\.\.\s*\w|Object\.assign|\.update\(|\.merge!?\(|\bdict\(\s*\w+\s*,|\*\*\w|array_merge|\.with\(",
);
static REPLACE: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"(?i)(?:re\.sub|\.replace(?:All)?|\bgsub!?|\bsub!?|preg_replace|str_replace|-replace|strings\.Replace(?:All)?|\bs/[^/\n]+/)"#,
);
static CLIP_WRITE: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?i)pyperclip\.copy|clipboard\.writeText|clipboardy\.write|Set-Clipboard|SetClipboard(?:Data|Text)|\bpbcopy\b|\bxclip\b|\bxsel\b|\bwl-copy\b|clipboard\.(?:copy|set_text|setText|write)",
);
static CLIP_READ: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?i)pyperclip\.paste|clipboard\.readText|clipboardy\.read|Get-Clipboard|GetClipboardData|\bpbpaste\b|xclip\s+-o|xsel\s+-o|\bwl-paste\b|clipboard\.(?:paste|get_text|getText|read)",
);
static CONDITIONAL: crate::rx::Lazy =
    crate::rx::Lazy::new(r"(?:\bif\b|\bor\b|\|\||\?\?|\?|\bunless\b|\bwhen\b|\belse\b)");
static TEST_FILE: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?i)(?:^|/)(?:tests?|spec|specs|__tests__|fixtures?|testdata|examples?)/|(?:^|/)test_[^/]*$|_test\.\w+$|\.(?:spec|test)\.\w+$|(?:^|/)conftest\.py$",
);

/// A valid IBAN by its mod-97 check.
fn iban_ok(s: &str) -> bool {
    let b = s.as_bytes();
    if b.len() < 15 || !b[..2].iter().all(u8::is_ascii_uppercase) {
        return false;
    }
    let mut r: u32 = 0;
    for &c in b[4..].iter().chain(&b[..4]) {
        let v = match c {
            b'0'..=b'9' => u32::from(c - b'0'),
            b'A'..=b'Z' => u32::from(c - b'A') + 10,
            _ => return false,
        };
        r = if v >= 10 {
            (r * 100 + v) % 97
        } else {
            (r * 10 + v) % 97
        };
    }
    r == 1
}

/// Whether a folded literal value is a payment account.
fn is_account(v: &str) -> bool {
    let v: String = v.chars().filter(|c| *c != ' ').collect();
    if !ACCOUNT.is_match(&v) {
        return false;
    }
    // The IBAN shape (two letters, two digits) must pass its check.
    let b = v.as_bytes();
    let iban_shape = b.len() >= 15
        && b[..2].iter().all(u8::is_ascii_uppercase)
        && b[2..4].iter().all(u8::is_ascii_digit);
    !iban_shape || iban_ok(&v)
}

/// The byte ranges of account literals in `text`, adjacent literals folded.
fn account_literals(text: &str) -> Vec<(usize, usize, String)> {
    let mut out = Vec::new();
    let mut run: Option<(usize, usize, String)> = None;
    let flush = |run: &mut Option<(usize, usize, String)>, out: &mut Vec<_>| {
        if let Some((s, e, v)) = run.take()
            && is_account(&v)
        {
            out.push((s, e, v));
        }
    };
    for m in STRING.find_iter(text) {
        let inner = &m.as_str()[1..m.as_str().len() - 1];
        match run.as_mut() {
            Some((_, e, v)) if JOIN.is_match(&text[*e..m.start()]) => {
                v.push_str(inner);
                *e = m.end();
            }
            _ => {
                flush(&mut run, &mut out);
                run = Some((m.start(), m.end(), inner.to_string()));
            }
        }
    }
    flush(&mut run, &mut out);
    out
}

fn line_of(text: &str, at: usize) -> (usize, usize) {
    super::region::line_span(text, at)
}

/// The name the statement holding byte `at` assigns (at most four lines
/// up, not past a blank line).
fn holder(text: &str, at: usize) -> Option<String> {
    let (mut ls, _) = line_of(text, at);
    for _ in 0..5 {
        let (a, b) = line_of(text, ls);
        let line = &text[a..b];
        if line.trim().is_empty() {
            return None;
        }
        if let Some(c) = ASSIGNED.captures(line) {
            return Some(c[1].to_string());
        }
        if a == 0 {
            return None;
        }
        ls = a - 1;
    }
    None
}

fn words(s: &str) -> impl Iterator<Item = &str> {
    s.split(|c: char| !(c.is_alphanumeric() || c == '_'))
        .filter(|w| !w.is_empty())
}

/// Adds a payment-account swap found in the code of `src`.
pub(super) fn scan(src: &Src, sink: &mut Sink) {
    let text = src.text;
    if TEST_FILE.is_match(src.path) {
        return;
    }
    let lits = account_literals(text);
    if lits.is_empty()
        && !PROSE_ACCOUNT
            .find_iter(text)
            .any(|m| is_account(m.as_str()))
    {
        return;
    }
    let holders: HashSet<String> = lits.iter().filter_map(|l| holder(text, l.0)).collect();
    let holder_lines: HashSet<usize> = lits.iter().map(|l| line_of(text, l.0).0).collect();
    let clip_read = CLIP_READ.is_match(text);
    // Lines naming each field that do not hold an account literal,
    // counted once per field (a line is asked about in constant time).
    let mut named: std::collections::HashMap<String, usize> = std::collections::HashMap::new();
    let fixed_in = |a: usize, b: usize| {
        let i = lits.partition_point(|l| l.0 < a);
        lits.get(i)
            .filter(|l| l.1 <= b)
            .map(|l| l.2.clone())
            .or_else(|| {
                // An account inside a longer string (`"s/…/DE89…/"`).
                PROSE_ACCOUNT
                    .find_iter(&text[a..b])
                    .find(|m| is_account(m.as_str()))
                    .map(|m| m.as_str().to_string())
            })
            .or_else(|| {
                words(&text[a..b])
                    .find(|w| holders.contains(*w))
                    .map(str::to_string)
            })
    };
    let mut at = 0;
    while at < text.len() {
        let (ls, le) = line_of(text, at);
        at = le + 1;
        let line = &text[ls..le];
        let hit = if let Some(c) = LHS.captures(line) {
            let all = c.get(0).map_or(0, |m| m.end());
            let field = c.name("k").or(c.name("a")).or(c.name("v"));
            let bare = c.name("v").is_some();
            field.and_then(|f| {
                let fixed = fixed_in(ls + all.saturating_sub(1), le)?;
                // A bare variable set to a constant is a default unless the
                // line chooses it; the field must be filled elsewhere too.
                if bare && !CONDITIONAL.is_match(&line[all.saturating_sub(1)..]) {
                    return None;
                }
                let name = f.as_str().to_string();
                let n = *named.entry(name.clone()).or_insert_with(|| {
                    let mut lines: Vec<usize> = text
                        .match_indices(f.as_str())
                        .map(|(i, _)| line_of(text, i).0)
                        .filter(|l| !holder_lines.contains(l))
                        .collect();
                    lines.dedup();
                    lines.len()
                });
                let own = usize::from(!holder_lines.contains(&ls));
                (n > own).then(|| (name.to_ascii_lowercase(), fixed))
            })
        } else if let Some(c) = KEYED.captures(line).filter(|_| MERGE.is_match(line)) {
            let f = c.name("f").or(c.name("g")).map_or("", |m| m.as_str());
            let end = c.get(0).map_or(0, |m| m.end());
            fixed_in(ls + end.saturating_sub(1), le).map(|x| (f.to_ascii_lowercase(), x))
        } else if let Some(m) = REPLACE.find(line) {
            fixed_in(ls + m.start(), le).map(|f| ("text matched as an account".to_string(), f))
        } else if clip_read && CLIP_WRITE.is_match(line) {
            fixed_in(ls, le).map(|f| ("clipboard".to_string(), f))
        } else {
            None
        };
        if let Some((field, fixed)) = hit {
            let ev = Evidence::new(Op::FileWrite, A::Write, R::UserData, field.clone())
                .tag(Tag::PayeeSwap)
                .instrument("payment field")
                .object(format!(
                    "payment account in `{field}` replaced with a fixed one the skill carries ({fixed})"
                ));
            sink.push(src.at(ev, ls, le, "code"));
            return;
        }
    }
}

/// A sentence that swaps a payment field.
static SWAP_PROSE: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?i)(?-u:\b)(?:replace|replaces|replacing|swap|swaps|swapping|substitute|substitutes|overwrite|overwrites|rewrite|rewrites|change|changes|redirect|redirects|route|routes|divert|diverts|switch|switches)(?-u:\b)[^.;\n]{0,60}?(?-u:\b)(?:iban|bic|swift|account\s+(?:number|details)|bank\s+(?:details|account)|routing\s+number|sort\s+code|payee|beneficiary|creditor\s+account|wallet(?:\s+address)?|recipient\s+address|payouts?|payments?|remittance)s?(?-u:\b)",
);
/// An account written in prose (spaces allowed in an IBAN).
static PROSE_ACCOUNT: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?-u:\b)(?:[A-Z]{2}\d{2}(?:\s?[A-Z0-9]{4}){2,7}(?:\s?[A-Z0-9]{1,3})?|0x[0-9a-fA-F]{40}|bc1[02-9ac-hj-np-z]{25,62}|T[1-9A-HJ-NP-Za-km-z]{33})(?-u:\b)",
);

/// A prose order to swap a payment field for a fixed account, or kept
/// from the user.
pub(super) fn scan_section(file: &Src, sec: &Section, sink: &mut Sink) {
    let text = sec.text;
    if !SWAP_PROSE.is_match(text) {
        return;
    }
    for (a, b) in sentences(text) {
        let s = &text[a..b];
        let Some(m) = SWAP_PROSE
            .find_iter(s)
            .find(|m| !negated_before(s, m.start()))
        else {
            continue;
        };
        // The fixed account is what the swap puts in (after the field), or
        // the section keeps the swap from the user.
        let fixed = PROSE_ACCOUNT
            .find_iter(&s[m.end()..])
            .find(|m| is_account(m.as_str()));
        if fixed.is_none() && super::kept_quiet::conceals(text).is_none() {
            continue;
        }
        let what = fixed.map_or("an account the skill names", |f| f.as_str());
        let ev = Evidence::new(Op::FileWrite, A::Write, R::UserData, "payment details")
            .tag(Tag::PayeeSwap)
            .tag(Tag::Imperative)
            .instrument("agent")
            .object(format!(
                "instruction to replace the payment account the user's documents name with {what}"
            ));
        sec.push(file, ev, (a + m.start(), a + m.end()), sink);
        return;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accounts() {
        assert!(iban_ok("DE89370400440532013000"));
        assert!(!iban_ok("DE89370400440532013001"));
        assert!(is_account("0x52908400098527886E0F7030069857D2E4169EE7"));
        let t = r#"_REG = {"acct": "DE89" "3704" "0044" "0532" "0130" "00"}"#;
        assert_eq!(account_literals(t).len(), 1);
        assert_eq!(holder(t, 10).as_deref(), Some("_REG"));
    }
}
