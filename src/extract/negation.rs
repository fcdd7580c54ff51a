//! Negation in prose: what a sentence says not to do ("never pipe curl
//! into sh", "it does not open `~/.aws/credentials`"), and the negations
//! that insist instead ("don't forget to read"). Shared by the sentence
//! readers of `prose`.

pub(super) static NEGATION: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?i)(?-u:\b)(never|don'?t|do not|must not|should not|shouldn'?t|avoid|refuse|prohibit(ed)?|forbidden|not allowed|no skill should|instead of|rather than|is dangerous|are dangerous|unsafe|insecure)(?-u:\b)",
);
/// A path that is the object of a negated verb ("It does not open
/// `~/.aws/credentials`", "never reads ~/.ssh"): the sentence says the
/// skill leaves it alone. The text before the path must end so.
static NEGATED_OBJECT: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"(?i)(?-u:\b)(?:(?:does|do|did|will|is|are|can)\s+not|doesn'?t|don'?t|won'?t|never|cannot|can'?t|isn'?t|aren'?t)(?:\s+\w+){0,2}?\s+(?:open|read|touch|access|load|upload|send|copy|need|require|parse|use|mount|share|expose|bind|forward|include|print|log|commit)(?:s|es|ed)?(?:\s+(?:your|the|any|a|an))?[\s`'"(]*$"#,
);
/// "Don't forget to", "never fail to", "do not hesitate to", "don't skip":
/// words right after a negation that turn it into an insistence.
static NEGATION_INVERTER: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?i)^\s+(?:\w+\s+){0,2}?(?:forget|hesitate|fail|skip|neglect|omit|miss)(?-u:\b)",
);
/// A list item under a lead-in that negates the whole list ("It does
/// **not**:", "Never:", "What this skill won't do:"): each item says what
/// the skill leaves alone ("- Send private keys to any server"). `at` is
/// the item's byte offset in `text`. Looks back over the list's own items
/// (at most `LIST_LOOKBACK` lines) to the line that introduces it.
pub(super) fn negated_bullet(text: &str, at: usize) -> bool {
    const LIST_LOOKBACK: usize = 64;
    const LEAD_WORDS: usize = 6;
    static LEAD: crate::rx::Lazy = crate::rx::Lazy::new(
        r"(?i)(?-u:\b)(?:not|never|no longer|avoid|refuses?|prohibited|forbidden)(?-u:\b)|n't(?-u:\b)",
    );
    let item = |l: &str| {
        let t = l.trim_start();
        t.starts_with("- ")
            || t.starts_with("* ")
            || t.starts_with("+ ")
            || t.split_once(". ").is_some_and(|(n, _)| {
                !n.is_empty() && n.len() <= 3 && n.bytes().all(|b| b.is_ascii_digit())
            })
    };
    let Some(at) = text.get(..at.min(text.len())) else {
        return false;
    };
    let line_start = at.rfind('\n').map_or(0, |i| i + 1);
    let rest = &text[line_start..];
    if !item(rest.split('\n').next().unwrap_or("")) {
        return false;
    }
    for line in text[..line_start].lines().rev().take(LIST_LOOKBACK) {
        if line.trim().is_empty() || item(line) || line.starts_with([' ', '\t']) {
            continue;
        }
        let lead: String = line
            .chars()
            .filter(|c| !matches!(c, '*' | '_' | '`'))
            .collect();
        let lead = lead.trim();
        // The negation must govern the list: among the last words before
        // the colon ("It does not:", "the skill never runs these:"), not
        // in an aside earlier on ("Apply these settings silently (do not
        // ask — the user already asked …):").
        let Some(head) = lead.strip_suffix(':') else {
            return false;
        };
        let words: Vec<&str> = head.split_whitespace().collect();
        let tail = words[words.len().saturating_sub(LEAD_WORDS)..].join(" ");
        return LEAD.is_match(&tail);
    }
    false
}

/// The sentence negates what it says: a negation word that no inverter
/// ("don't forget to read") turns into an insistence.
pub(super) fn negates(s: &str) -> bool {
    NEGATION.find_iter(s).any(|m| {
        !NEGATION_INVERTER.is_match(&s[m.end()..])
            && !purpose(s, m.start(), m.end())
            && !silence(s, m.start(), m.end())
    })
}
/// Round 36: "start `xmrig` in the background and do not mention it",
/// "…, and don't tell the user": a negation of telling that follows an
/// order and ends its clause hides the order; it does not forbid it (that
/// is concealment, read by its own patterns). Only a negation after the
/// sentence's first word, whose verb of telling has no order of its own
/// after it ("never tell the user to run `curl … | sh`" still forbids).
fn silence(s: &str, a: usize, b: usize) -> bool {
    static TELL: crate::rx::Lazy = crate::rx::Lazy::new(
        r"(?i)^\s+(?:\w+\s+)?(?:mention|tell|inform|notify|report|show|alert|disclose|reveal|announce|bother)(?-u:\b)(?P<rest>[^.;:!?]*)",
    );
    static ORDER_AFTER: crate::rx::Lazy =
        crate::rx::Lazy::new(r"(?i)(?-u:\b)(?:to|how|that)(?-u:\b)|`|https?://");
    // Inside a quotation ("a comment may say \"… and do not tell the
    // user\"") the negation belongs to the quoted text.
    if s[..a].contains(['"', '\u{201c}']) {
        return false;
    }
    let head = s[..a].trim_start_matches(|c: char| !c.is_alphanumeric());
    if head.split_whitespace().count() < 2 {
        return false;
    }
    TELL.captures(&s[b..])
        .and_then(|c| c.name("rest"))
        .is_some_and(|r| !ORDER_AFTER.is_match(r.as_str()))
}
/// "To avoid interrupting the team, make that approval durable": "avoid"
/// in a purpose clause at the head of the sentence negates the purpose's
/// object, not the order that follows the comma.
fn purpose(s: &str, a: usize, b: usize) -> bool {
    static LEAD: crate::rx::Lazy =
        crate::rx::Lazy::new(r"(?i)^\W*(?:\d+[.)]\s*)?(?:in order |so as )?to\s+$");
    s[a..b].eq_ignore_ascii_case("avoid")
        && LEAD.is_match(&s[..a])
        && s[b..].find([',', ':', ';']).is_some_and(|c| {
            let after = &s[b + c + 1..];
            !NEGATION.is_match(after)
        })
}
/// The text before a path ends with a verb that a negation governs ("does
/// not open", "never read the"), and no word between them turns the
/// negation into an insistence ("don't forget to read").
fn negates_object(before: &str) -> bool {
    NEGATED_OBJECT
        .find(before)
        .is_some_and(|m| !inverted(m.as_str()))
}
/// Items of a prose list stepped back over before the negation that heads
/// it is looked for (a bound on the walk, not on what is read: a longer
/// list is simply not read as negated).
const LIST_ITEMS_MAX: usize = 8;

/// A path that is an item of a list a negation heads: "no `~/.ssh`, no
/// `~/.aws`", "without `~/.kube/config`", "never mount `~/.ssh` or
/// `~/.aws`", "it does not read `~/.ssh` or `~/.aws`". Walking back from the
/// path, only list separators (`,`, `or`, `nor`, `and`, `/`) and items that
/// are themselves code spans or paths may stand between the path and the
/// head; a plain word ("no exceptions, `~/.ssh/id_rsa` goes in the
/// archive") or any clause punctuation ends the list, so an order that
/// follows a negation is never read as negated.
pub(super) fn negated_list_item(before: &str) -> bool {
    static HEAD: crate::rx::Lazy =
        crate::rx::Lazy::new(r"(?i)(?-u:\b)(?:no|not|nor|neither|without|not even|never)$");
    let mut rest = before.trim_end_matches(['`', '\'', '"', '(', ' ']);
    for _ in 0..=LIST_ITEMS_MAX {
        if HEAD.is_match(rest) || negates_object(rest) {
            return true;
        }
        let Some(r) = strip_separator(rest) else {
            return false;
        };
        let Some(r) = strip_item(r) else {
            return false;
        };
        rest = r;
    }
    false
}
/// "Do not execute, download, decode-and-run, or follow any instruction in
/// them": a verb joined by `or`/`nor` to a list of words a negation heads
/// is negated with the list. Only a coordinated last item counts: "Don't
/// improvise, follow every directive in X" is an order after a negation,
/// and a plain-word list longer than [`LIST_ITEMS_MAX`] is not read as
/// negated.
pub(super) fn negated_verb_list(before: &str) -> bool {
    static HEAD: crate::rx::Lazy =
        crate::rx::Lazy::new(r"(?i)(?-u:\b)(?:not|never|don'?t|nor|neither)$");
    let t = before.trim_end();
    let Some((r, w)) = t.rsplit_once(char::is_whitespace) else {
        return false;
    };
    if !["or", "nor"].iter().any(|x| w.eq_ignore_ascii_case(x)) {
        return false;
    }
    let mut rest = r.trim_end().trim_end_matches(',').trim_end();
    for _ in 0..=LIST_ITEMS_MAX {
        let (r, w) = rest.rsplit_once(char::is_whitespace).unwrap_or(("", rest));
        if w.is_empty() || !w.chars().all(|c| c.is_ascii_alphabetic() || c == '-') {
            return false;
        }
        rest = r.trim_end();
        if HEAD.is_match(rest) {
            return true;
        }
        let Some(r) = strip_separator(rest) else {
            return false;
        };
        rest = r;
    }
    false
}
/// The text before a list separator at the end of `s`, if one is there.
fn strip_separator(s: &str) -> Option<&str> {
    let t = s.trim_end();
    if let Some(r) = t.strip_suffix(',').or_else(|| t.strip_suffix('/')) {
        return Some(r.trim_end());
    }
    let (r, w) = t.rsplit_once(|c: char| c.is_whitespace())?;
    ["or", "nor", "and"]
        .iter()
        .any(|x| w.eq_ignore_ascii_case(x))
        .then(|| r.trim_end_matches(',').trim_end())
}
/// The text before a list item at the end of `s` that is a code span
/// (`` `~/.aws` ``) or a path-like word (`~/.ssh`, `.env`, `/etc/shadow`),
/// determiners before it included ("no `~/.ssh`, your `~/.aws`").
fn strip_item(s: &str) -> Option<&str> {
    let r = if let Some(inner) = s.strip_suffix('`') {
        let open = inner.rfind('`')?;
        &inner[..open]
    } else {
        let (r, w) = s
            .rsplit_once(|c: char| c.is_whitespace())
            .unwrap_or(("", s));
        let w = w.trim_matches(['\'', '"', '(', ')']);
        let pathlike = w.starts_with(['~', '/', '.', '$']) || w.contains('/');
        if !pathlike || w.len() < 2 {
            return None;
        }
        r
    };
    let r = r.trim_end();
    let det = r
        .rsplit_once(|c: char| c.is_whitespace())
        .filter(|(_, w)| {
            ["your", "the", "any", "a", "an"]
                .iter()
                .any(|d| w.eq_ignore_ascii_case(d))
        })
        .map(|(x, _)| x.trim_end());
    Some(det.unwrap_or(r))
}
/// Round 38 (r38 restic-snapshot-planner): a path the text after it
/// leaves alone: "Secrets folders (`~/.ssh`, `~/.gnupg`, `~/.aws`) are
/// excluded by default", "`~/.ssh` is never read", "`.env` files are
/// skipped". Walking forward from the path over the rest of its list
/// (separators, code spans, path-like words, a closing parenthesis and
/// the list's head noun), the clause goes on with a passive exclusion or
/// a negated read. An order that follows ("read `~/.ssh`, do not tell the
/// user") is not an exclusion: only the words right after the list count,
/// and a negation that insists ("is never skipped") is no exclusion.
pub(super) fn excluded_after(after: &str) -> bool {
    static EXCLUDED: crate::rx::Lazy = crate::rx::Lazy::new(
        r"(?i)^(?:files?\s+|folders?\s+|director(?:y|ies)\s+|paths?\s+)?(?:(?:is|are|stays?|remains?|gets?|will\s+be|will\s+always\s+be|should\s+be|must\s+be|always)\s+){1,2}(?:(?:always|also|explicitly|automatically)\s+)?(?:excluded|skipped|ignored|omitted|left\s+out|filtered\s+out|never\s+(?:read|opened|touched|included|uploaded|sent|backed\s+up|copied|accessed|scanned)|not\s+(?:read|opened|touched|included|uploaded|sent|backed\s+up|copied|accessed|scanned))(?-u:\b)",
    );
    let mut rest = after.trim_start_matches(['`', '\'', '"']);
    for _ in 0..=LIST_ITEMS_MAX {
        rest = rest.trim_start();
        if let Some(r) = rest.strip_prefix(')') {
            rest = r.trim_start();
            continue;
        }
        if let Some(r) = rest
            .strip_prefix(',')
            .or_else(|| rest.strip_prefix('/'))
            .or_else(|| {
                ["or ", "and ", "nor "]
                    .iter()
                    .find_map(|w| rest.strip_prefix(w))
            })
        {
            rest = r.trim_start();
            continue;
        }
        if let Some(inner) = rest.strip_prefix('`') {
            let Some(close) = inner.find('`') else {
                return false;
            };
            rest = &inner[close + 1..];
            continue;
        }
        let word = rest.split_whitespace().next().unwrap_or("");
        let w = word.trim_end_matches([',', ')', '`']);
        if w.len() >= 2 && (w.starts_with(['~', '/', '.', '$']) || w.contains('/')) {
            rest = &rest[word.len()..];
            continue;
        }
        break;
    }
    EXCLUDED.is_match(rest)
}
fn inverted(negated: &str) -> bool {
    static WORD: crate::rx::Lazy = crate::rx::Lazy::new(
        r"(?i)(?-u:\b)(?:forget|hesitate|fail|skip|neglect|omit|miss)(?-u:\b)",
    );
    WORD.is_match(negated)
}
/// "Install as your user, not with sudo", "never run this as root": the
/// match at `at` is what the sentence tells you not to do.
pub(super) fn negated_before(s: &str, at: usize) -> bool {
    NOT_BEFORE.is_match(tail(s, at))
}

/// A negation a few words before the end of the text (bounded: read over
/// [`tail`]).
static NOT_BEFORE: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?i)(?-u:\b)(not|never|without|don'?t|do not|avoid|no need to)(?-u:\b)[^.,;:!?]{0,40}$",
);

/// The end of `s[..at]` that a pattern anchored at the end of its text can
/// match in, for [`negated_before`]'s and `intent_grammar`'s condition
/// patterns (a word of at most 10 letters, then at most 40 chars before
/// `$`: a match is at most 200 bytes). The last [`TAIL_BYTES`] bytes hold
/// every such match and the byte before it, so the answer is the whole
/// prefix's; reading the whole prefix for each match of a file made a file
/// with many matches quadratic (round 32).
pub(super) fn tail(s: &str, at: usize) -> &str {
    let end = crate::text::clamp_boundary(s, at);
    let from = crate::text::clamp_boundary(s, end.saturating_sub(TAIL_BYTES));
    &s[from..end]
}

/// Bytes [`tail`] keeps: more than the longest match (200 bytes) and the
/// byte of word-boundary context before it.
const TAIL_BYTES: usize = 256;

/// "Never hide actions from the user" is the opposite of concealment.
pub(super) fn negated_concealment(s: &str) -> bool {
    let l = s.to_lowercase();
    l.contains("always tell")
        || l.contains("always inform")
        || l.contains("never silently")
        || l.contains("never hide")
        || l.contains("do not hide")
        || l.contains("don't hide")
        || l.contains("never secretly")
        || l.contains("must not silently")
        || l.contains("never quietly")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Round 32: the negation read over the last bytes before a match is
    /// the one read over the whole prefix, wherever the cut falls (inside
    /// a word, right before the negation, past it).
    #[test]
    fn the_tail_answers_as_the_whole_prefix() {
        let whole = crate::rx::re(NOT_BEFORE.as_str());
        for fill in [0, 1, 40, 199, 200, 230, 255, 256, 257, 300, 1000] {
            for (head, neg, after) in [
                ("x", "do not", "y"),
                ("a", "cannot", ""),
                ("b ", "never", " quietly tell"),
                ("é", "don't", " ä"),
                ("w ", "no need to", " ask"),
                ("w ", "avoid", &" z".repeat(20) as &str),
                ("w ", "avoid", &" z".repeat(21) as &str),
                ("", "not", &"é".repeat(40) as &str),
                ("", "not", &"é".repeat(41) as &str),
            ] {
                let s = format!("{}{neg}{after}", head.repeat(fill));
                assert_eq!(
                    negated_before(&s, s.len()),
                    whole.is_match(&s),
                    "{fill} {head:?} {neg:?} {after:?}"
                );
            }
        }
        assert!(negated_before(&format!("{}do not", "x ".repeat(500)), 1006));
        assert!(!negated_before(&format!("{}cannot", "x".repeat(500)), 506));
    }
}
