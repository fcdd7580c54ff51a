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
    r#"(?i)(?-u:\b)(?:(?:does|do|did|will|is|are|can)\s+not|doesn'?t|don'?t|won'?t|never|cannot|can'?t|isn'?t|aren'?t)(?:\s+\w+){0,2}?\s+(?:open|read|touch|access|load|upload|send|copy|need|require|parse|use)(?:s|es|ed)?(?:\s+(?:your|the|any|a|an))?[\s`'"(]*$"#,
);
/// "Don't forget to", "never fail to", "do not hesitate to", "don't skip":
/// words right after a negation that turn it into an insistence.
static NEGATION_INVERTER: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?i)^\s+(?:\w+\s+){0,2}?(?:forget|hesitate|fail|skip|neglect|omit|miss)(?-u:\b)",
);
/// The sentence negates what it says: a negation word that no inverter
/// ("don't forget to read") turns into an insistence.
pub(super) fn negates(s: &str) -> bool {
    NEGATION
        .find_iter(s)
        .any(|m| !NEGATION_INVERTER.is_match(&s[m.end()..]) && !purpose(s, m.start(), m.end()))
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
pub(super) fn negates_object(before: &str) -> bool {
    NEGATED_OBJECT
        .find(before)
        .is_some_and(|m| !inverted(m.as_str()))
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
    static NOT: crate::rx::Lazy = crate::rx::Lazy::new(
        r"(?i)(?-u:\b)(not|never|without|don'?t|do not|avoid|no need to)(?-u:\b)[^.,;:!?]{0,40}$",
    );
    NOT.is_match(&s[..crate::text::clamp_boundary(s, at)])
}

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
