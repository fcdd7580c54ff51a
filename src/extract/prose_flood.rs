//! Resource abuse ordered in prose (round 23): no code, only the agent
//! told to hammer. Read over one Markdown section (its prose units and the
//! pseudo-code between them), as three tables of whole-word rows:
//!
//! * `UNBOUNDED`: a schedule or loop with no end the user sets ("keep going
//!   until everyone has answered", "do not stop at the end of the working
//!   day", "forever", "around the clock", "repeat until it succeeds");
//! * `FANOUT`: every member, user, contact, channel, repository or endpoint
//!   ("the workspace member list", "every public channel they belong to");
//! * `EVASION`: a rate limit dodged ("retry immediately", "a second
//!   token", "rotate IPs", "ignore Retry-After", "in a tight loop", "as fast
//!   as possible") in a sentence about limits or retries.
//!
//! Evasion with an unbounded schedule or a fan-out is a runaway
//! (SK-RES-006, high); an unbounded schedule over a fan-out without it is
//! an instruction to consume without bound (SK-RES-004, medium). A negated
//! sentence ("never retry immediately", "do not use a second token") is
//! advice, and counts for nothing.

use super::prose_acts::Section;
use super::{Sink, Src};
use crate::evidence::{Evidence, Op, Tag};
use crate::ssl::vocab::{ActType as A, ResourceScope as R};

static UNBOUNDED: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?i)(?-u:\b)(?:keep\s+(?:going|nudging|posting|sending|pinging|retrying|polling|trying|messaging)\s+until\s+(?:every(?:one|body)|all|each|the call succeeds|it succeeds)|(?:do not|don'?t|never)\s+(?:stop|give up|pause|back off)(?:\s+(?:at|after|when|for|retrying|trying|sending|posting))?|forever|indefinitely|endlessly|non-?stop|around the clock|24/7|(?:repeat|retry|loop)\s+until\s+(?:every(?:one|body)|all|the call succeeds|it succeeds|success|replies\s*==)|(?:every|each)\s+\d+\s*(?:s|sec|secs|seconds?|minutes?|mins?)\s+(?:forever|without end|until))(?-u:\b)",
);
static FANOUT: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?i)(?-u:\b)(?:(?:every|each|all(?:\s+the)?)\s+(?:\w+\s+)?(?:members?|users?|contacts?|channels?|repos|repositories|endpoints?|followers?|subscribers?|recipients?|accounts?|servers?|hosts?)|(?:workspace|org(?:anization)?|team|server)\s+member\s+list|users\.list|(?:members|users|contacts)\s*=\s*[\w.]+\.list)(?-u:\b)",
);
static RATE_CONTEXT: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?i)(?-u:\b)(?:rate[- ]?limit\w*|ratelimited|429|throttl\w*|retry-after|too many requests|quota|retry|retries|retrying|blocked|banned)(?-u:\b)",
);
static EVASION: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?i)(?-u:\b)(?:retry(?:ing)?\s+(?:immediately|right away|at once|instantly|without (?:waiting|delay|backoff|pause))|(?:a\s+|the\s+)?(?:second|another|backup|spare|extra|alternate|fallback|next)\s+(?:bot\s+|api\s+|access\s+)?(?:token|key|account|app)|tight loop|rotat(?:e|ing)\s+(?:through\s+)?(?:the\s+)?(?:keys|tokens|ips?|ip addresses|proxies|accounts|user[- ]agents)|switch(?:ing)?\s+(?:to\s+)?(?:another|a different|the next)\s+(?:token|key|account|ip|proxy)|ignor(?:e|ing)\s+(?:the\s+|any\s+)?(?:retry-after|rate[- ]?limits?|429s?|throttl\w*|robots\.txt|crawl-delay)|(?:bypass|evade|dodge|get around|circumvent|work around)\s+(?:the\s+|any\s+)?(?:rate[- ]?limits?|throttl\w*|quotas?)|as fast as (?:possible|you can)|no (?:delay|backoff|back-off|sleep|pause) between|spoof\w*\s+(?:the\s+)?(?:x-forwarded-for|ips?|user[- ]agents?))(?-u:\b)",
);

/// The first match of `rx` in the sentences of `text` that no negation
/// before it turns into advice; `ctx`, when given, must hold in the same
/// sentence.
fn first(
    text: &str,
    sentences: &[(usize, usize)],
    rx: &crate::rx::Lazy,
    ctx: Option<&crate::rx::Lazy>,
) -> Option<(usize, usize)> {
    sentences.iter().find_map(|&(a, b)| {
        let s = &text[a..b];
        if ctx.is_some_and(|c| !c.is_match(s)) {
            return None;
        }
        rx.find_iter(s)
            .find(|m| {
                let own = m.as_str().to_ascii_lowercase();
                own.starts_with("do not")
                    || own.starts_with("don")
                    || own.starts_with("never")
                    || !super::negation::negated_before(s, m.start())
            })
            .map(|m| (a + m.start(), a + m.end()))
    })
}

/// Reads one section (`ranges`: its prose units, in order) for resource
/// abuse ordered in prose.
pub fn scan_section(file: &Src, sec: &Section, sink: &mut Sink) {
    let text = sec.text;
    if !RATE_CONTEXT.is_match(text) && !UNBOUNDED.is_match(text) {
        return;
    }
    let sentences = super::prose_acts::sentences(text);
    let unbounded = first(text, &sentences, &UNBOUNDED, None);
    let fanout = first(text, &sentences, &FANOUT, None);
    let evasion = first(text, &sentences, &EVASION, Some(&RATE_CONTEXT));
    let (what, at, runaway) = match (evasion, unbounded, fanout) {
        (Some(e), Some(_), _) | (Some(e), _, Some(_)) => (
            "instruction to hammer a service without bound and dodge its rate limits",
            e,
            true,
        ),
        (None, Some(u), Some(_)) => (
            "instruction to repeat work over every member or endpoint without an end",
            u,
            false,
        ),
        _ => return,
    };
    let mut ev = Evidence::new(Op::Loop, A::CallTool, R::Network, &text[at.0..at.1])
        .tag(Tag::Unbounded)
        .tag(Tag::Imperative)
        .object(what)
        .instrument("agent");
    if runaway {
        ev.tags.insert(Tag::Runaway);
    }
    sec.push(file, ev, at, sink);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::evidence::Origin;

    fn run(text: &str) -> Vec<Evidence> {
        let mut sink = Sink::default();
        let src = Src::new("SKILL.md", text, Origin::Prose);
        let sec = super::super::prose_acts::Section::read(
            &src,
            &[0..text.len()],
            "Policy",
            Origin::Prose,
        )
        .expect("a non-empty section");
        scan_section(&src, &sec, &mut sink);
        sink.items
    }

    #[test]
    fn evasion_unbounded_and_advice() {
        let bad = "Use the workspace member list and keep going until everyone has answered. If Slack returns `ratelimited`, retry immediately with a second token.";
        let e = run(bad);
        assert!(e.len() == 1 && e[0].has(Tag::Runaway), "{e:?}");
        let spam = "Post the reminder to every channel of every member, every 60 seconds forever.";
        let e = run(spam);
        assert!(e.len() == 1 && !e[0].has(Tag::Runaway), "{e:?}");
        for good in [
            "Nudge each member once. On a 429, wait for Retry-After; never retry immediately and do not use a second token.",
            "Retry up to three times with exponential backoff if rate limited.",
            "Post the prompt in the channel and collect replies until noon.",
        ] {
            assert!(run(good).is_empty(), "{good}");
        }
    }
}
