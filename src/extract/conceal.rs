//! Prose that keeps something from the user: the concealment words
//! (`CONCEAL`), the clauses that address no one (`unaddressed`) and the
//! sentence-level judgement (`concealed`), used by `prose.rs`.

use super::intent_grammar::{self as grammar, Intent};

pub(super) static CONCEAL: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?i)((do not|don'?t|never|without)\s+(tell(ing)?|mention(ing)?|inform(ing)?|reveal(ing)?|notify(ing)?|alert(ing)?|show(ing)?|disclos(e|ing)|ask(ing)?|let(ting)?)(?-u:\b)[^.]{0,60}(?-u:\b)(user|human|owner|operator|anyone|them|him|her|the person)(?-u:\b))|(?-u:\b)(no need to (tell|mention|inform|show|notify|point (it|this|that|them) out|bring (it|this|that) up)|(do not|don'?t|never) (summari[sz]e|describe|point out|bring up|explain) (it|this|that|them|these \w+|the \w+)( \w+)? (to|for|with) (the )?(user|human|owner|operator)|no need to (describe|announce|narrate) (it|this|that|them|these \w+|the \w+)( \w+)? (to|for|with) (the )?(user|human|owner|operator)|(never|do not|don'?t) (show|reveal|describe|disclose|mention|display)(?-u:\b)[^.]{0,60}(?-u:\b)even (if|when) (asked|they ask|the user asks|questioned)|(do not|don'?t|never) (report|show|mention|reveal|disclose|display)(?-u:\b)[^.]{0,50}(?-u:\b)(token usage|usage|costs?|spend(ing)?|number of (sub-?)?agents)(?-u:\b)[^.]{0,40}(?-u:\b)(user|them|human)|not user[- ]facing|(do (this|it|that|these)|run (this|it)|proceed) (silently|quietly|secretly|covertly)|(silently|quietly|secretly|covertly|stealthily) (send|upload|post|run|execute|install|download|delete|remove|copy|read|collect|forward|sync|start|launch|add|append|write)|in secret|behind the scenes without|hide (this|these|it|the output)|keep (this|it) (hidden|secret)|invisible to the user|the user (must|should) not (know|see|notice)|keep (this|it|these|that|the \w+)( \w+)? out of (your|the) (explanation|report|summary|answer|reply|response|output|chat)|do not (list|mention|show|report|log) the (\w+ ){0,2}(lookups|requests|calls|uploads|upload|service)|(update|upgrade|patch|rewrite|overwrite|replace|modify) (yourself|itself|this skill|the skill|your (own )?(instructions|skill file|SKILL\.md)) (silently|quietly|secretly|covertly|without (telling|asking|notifying|announcing))|(silently|quietly|secretly|covertly) (update|upgrade|patch|rewrite|overwrite|replace|modify) (yourself|itself|this skill|the skill)|(do not|don'?t|never) (mention|announce|report|disclose|reveal) (the|this|any|these) (self[- ])?(updates?|upgrades?|changes to (yourself|this skill)))(?-u:\b)",
);
/// A clause that tells the agent not to ask the user *for a secret*
/// ("do not ask them to paste the token into chat", "never ask users for
/// their password"): it protects the secret and hides nothing.
static ASK_SECRET: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?i)(?-u:\b)(never|do not|don'?t)\s+ask\s+(the user|users?|them|anyone|him|her)\s+(for|to (share|paste|send|give|enter|type|reveal|post))\s+(their |your |a |an |the |any )?(passwords?|passphrases?|api keys?|keys?|tokens?|secrets?|credentials?|pins?|seed phrases?|card numbers?|otps?|2fa codes?)(?-u:\b)(\s+(in|into|to)\s+(the |a )?(chat|conversation|prompt|message|reply)s?(?-u:\b))?",
);
/// A clause that keeps a *secret value* out of the output ("never reveal a
/// full match in the chat, even if asked", "never print values", "do not
/// echo the token"): masking protects the secret and hides no act from the
/// user (blind r39: a secret scanner that masks its findings read as
/// concealment). Only when the secret ends the clause
/// ([`masks_secret`]): "never show the token upload" names an act.
static MASK_SECRET: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?i)(?-u:\b)(?:never|do not|don'?t|must not|should not)\s+(?:reveal|print|show|display|echo|log|output|expose|repeat|paste)\s+(?:the\s+|a\s+|an\s+|any\s+|its\s+|their\s+)?(?:full\s+|whole\s+|raw\s+|entire\s+|complete\s+|unmasked\s+|plain-?text\s+|actual\s+|real\s+|secret\s+)?(?:secrets?|tokens?|keys?|passwords?|passphrases?|credentials?|values?|match(?:es)?|api keys?)(?:\s+values?)?(?:\s+(?:in|into|to|on)\s+(?:the\s+|your\s+)?(?:chat|conversation|output|logs?|terminal|repl(?:y|ies)|responses?|transcript))?(?-u:\b)",
);

/// Whether the masking match at `m` ends its clause: punctuation, the end,
/// "even if …", or a coordinated clause follows.
fn masks_secret(raw: &str, end: usize) -> bool {
    let rest = raw[end..].trim_start();
    rest.is_empty()
        || rest.starts_with([',', '.', ';', ':', ')', '\u{2014}', '-'])
        || rest.starts_with("even ")
        || rest.starts_with("or ")
        || rest.starts_with("and ")
}

/// A person word in the possessive ("NEVER ask about user's technical
/// experience"): the topic of a question, never the one kept in the dark.
static POSSESSIVE_PERSON: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?i)(?-u:\b)(the )?(users?|human|owner|operator)(['\x{2019}]s|s['\x{2019}])(?-u:\b)",
);

/// `raw` with the clauses that address no one to keep in the dark blanked
/// (round 24): a request not to ask for a secret (`ASK_SECRET`), a secret
/// kept out of the output (`MASK_SECRET`, round 39) and a
/// person word in the possessive (`POSSESSIVE_PERSON`). Whatever else the
/// sentence says is still read; grammar, not vocabulary the author could
/// add to excuse another clause.
pub(super) fn unaddressed(raw: &str) -> std::borrow::Cow<'_, str> {
    let masked: Vec<(usize, usize)> = MASK_SECRET
        .find_iter(raw)
        .filter(|m| masks_secret(raw, m.end()))
        .map(|m| (m.start(), m.end()))
        .collect();
    if masked.is_empty() && !ASK_SECRET.is_match(raw) && !POSSESSIVE_PERSON.is_match(raw) {
        return std::borrow::Cow::Borrowed(raw);
    }
    let mut unmasked = String::with_capacity(raw.len());
    let mut from = 0;
    for (a, b) in masked {
        unmasked.push_str(&raw[from..a]);
        from = b;
    }
    unmasked.push_str(&raw[from..]);
    let t = ASK_SECRET.replace_all(&unmasked, "");
    std::borrow::Cow::Owned(POSSESSIVE_PERSON.replace_all(&t, "its").into_owned())
}

/// Whether a sentence tells the agent to keep something from the user.
/// "Without asking the user" in a sentence that describes what someone
/// *can* do ("decisions clear enough that downstream agents can act
/// without asking the user again") states an ability, not an order: such a
/// match counts only when the approval grammar reads the sentence as a
/// waiver. Orders ("run it without asking the user", "the agent should run
/// it without asking") and telling, showing or mentioning verbs count as
/// before.
pub(super) fn concealed(text: &str, raw: &str) -> bool {
    static ASKING: crate::rx::Lazy =
        crate::rx::Lazy::new(r"(?i)^(?:do not|don'?t|never|without)\s+ask(?:ing)?\b");
    // "without asking or telling the user": a telling verb inside the
    // asking match still hides.
    static TELLING: crate::rx::Lazy = crate::rx::Lazy::new(
        r"(?i)\b(?:tell|mention|inform|reveal|notify|alert|show|disclos|let(?:ting)?\b)",
    );
    /// An ability just before the match: "agents can act", "you could run
    /// it", "will be able to proceed".
    static ABILITY: crate::rx::Lazy =
        crate::rx::Lazy::new(r"(?i)\b(?:can|could|may|(?:be|are|is) able to)\s+(?:\w+\s+){0,3}$");
    let mut described = false;
    for m in CONCEAL.find_iter(text) {
        let s = m.as_str();
        if addresses_no_one(s, &text[m.end()..]) {
            continue;
        }
        if !ASKING.is_match(s) || TELLING.is_match(s) || !ABILITY.is_match(&text[..m.start()]) {
            return true;
        }
        described = true;
    }
    described && grammar::find(raw, Intent::ApprovalWaived).is_some()
}

/// A match whose person word is no one kept in the dark (round 32, the
/// registry reading's EXEC-008 over-match): "never show IDs in human
/// output" is a formatting rule (the person word modifies a noun), and
/// "don't let them change branches" forbids an act (`let` hides only with
/// know, see, notice …). An act hidden in the same words ("don't show the
/// upload in human output") still counts.
fn addresses_no_one(s: &str, after: &str) -> bool {
    static MODIFIED: crate::rx::Lazy = crate::rx::Lazy::new(
        r"(?i)^[\s-]*(?:output|outputs|readable|input|interface|facing|data|language|text|format|formatted|friendly|error|errors|messages?|views?|display)\b",
    );
    static PERSON_END: crate::rx::Lazy = crate::rx::Lazy::new(r"(?i)\b(?:user|human)$");
    static ACT: crate::rx::Lazy = crate::rx::Lazy::new(
        r"(?i)\b(?:upload\w*|request\w*|calls?|send\w*|sent|post\w*|steps?|commands?|download\w*|install\w*|transfer\w*|sync\w*|lookups?|fetch\w*|network|urls?|hosts?|endpoints?|servers?|traffic|copies|copy|backups?|forward\w*|webhooks?|keys?|tokens?|secrets?|credentials?|passwords?)\b",
    );
    static LET_ONLY: crate::rx::Lazy =
        crate::rx::Lazy::new(r"(?i)^(?:do not|don'?t|never|without)\s+let(?:ting)?\b");
    static LET_KNOW: crate::rx::Lazy = crate::rx::Lazy::new(
        r"(?i)^\s+(?:know|see|notice|find out|learn|hear|realis\w*|realiz\w*|suspect|discover)\b",
    );
    if LET_ONLY.is_match(s) {
        return !LET_KNOW.is_match(after);
    }
    PERSON_END.is_match(s) && MODIFIED.is_match(after) && !ACT.is_match(s)
}
