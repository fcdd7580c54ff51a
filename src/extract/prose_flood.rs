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
//!
//! Round 25 (`amplify.rs`, the shared notion of amplification): a prose
//! plan counts like code. Markup (`**`, backticks) is read as spaces. A
//! fan-out is also a burst (`BURST`: "in parallel, as many at once as the
//! tools allow") or a matrix: three or more multipliers ("every keyword",
//! "each engine", "each of the 240 locales", "pages 1 through 10", "three
//! times") in sentences that request something. No brake is also "do not
//! add delays", "keep retrying until every cell has a result" (`NO_PAUSE`).
//! Evasion that needs no rate-limit sentence (`EVASION_ANY`): user agents
//! or forwarding headers rotated or spoofed, CAPTCHAs retried past or
//! solved, robots.txt declared unnecessary or ignored. The shapes combine
//! as `amplify::judge` scores code; evasion alone in prose is a
//! low note (SK-RES-007): proxy and browser services name it as a feature.

use super::prose_acts::Section;
use super::{Sink, Src};
use crate::evidence::{Evidence, Op, Tag};
use crate::ssl::vocab::{ActType as A, ResourceScope as R};

static UNBOUNDED: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?i)(?-u:\b)(?:keep\s+(?:going|nudging|posting|sending|pinging|retrying|polling|trying|messaging)\s+until\s+(?:every(?:one|body)|all|each|the call succeeds|it succeeds)|(?:do not|don'?t|never)\s+(?:stop|give up|pause|back off)(?:\s+(?:at|after|when|for|retrying|trying|sending|posting))?|forever|indefinitely|endlessly|non-?stop|around the clock|24/7|(?:repeat|retry|loop)\s+until\s+(?:every(?:one|body)|all|the call succeeds|it succeeds|success|replies\s*==)|(?:every|each)\s+\d+\s*(?:s|sec|secs|seconds?|minutes?|mins?)\s+(?:forever|without end|until)|(?:there\s+is\s+|with\s+|has\s+)?no\s+(?:retry|attempt|iteration|recursion|depth|round|loop)\s+(?:limit|cap|maximum|ceiling|bound)|without\s+(?:a\s+|any\s+)?(?:retry|attempt|iteration|recursion|depth|round)\s+(?:limit|cap|maximum|ceiling|bound)|unlimited\s+(?:retries|attempts|iterations|recursion|rounds|re-?runs|re-?launches)|(?:retry|repeat|recurse|re-?run|re-?launch)\s+(?:\w+\s+){0,3}?as\s+(?:many\s+times|often)\s+as\s+(?:it\s+takes|needed|necessary)|keep\s+(?:looping|re-?running|re-?launching|repeating|iterating)\s+until\s+(?:they|the\s+(?:answers|results|runs|agents|sub-?agents|outputs))\s+(?:all\s+)?(?:agree|converge|match))(?-u:\b)",
);
static FANOUT: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?i)(?-u:\b)(?:(?:every|each|all(?:\s+the)?)\s+(?:\w+\s+)?(?:members?|users?|contacts?|channels?|repos|repositories|endpoints?|followers?|subscribers?|recipients?|accounts?|profiles?|servers?|hosts?)|(?:workspace|org(?:anization)?|team|server)\s+member\s+list|users\.list|(?:members|users|contacts)\s*=\s*[\w.]+\.list)(?-u:\b)",
);
static RATE_CONTEXT: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?i)(?-u:\b)(?:rate[- ]?limit\w*|ratelimited|429|throttl\w*|retry-after|too many requests|quota|retry|retries|retrying|blocked|banned)(?-u:\b)",
);
static EVASION: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?i)(?-u:\b)(?:retry(?:ing)?\s+(?:immediately|right away|at once|instantly|without (?:waiting|delay|backoff|pause))|(?:a\s+|the\s+)?(?:second|another|backup|spare|extra|alternate|fallback|next)\s+(?:bot\s+|api\s+|access\s+)?(?:token|key|account|app)|tight loop|rotat(?:e|ing)\s+(?:through\s+)?(?:the\s+)?(?:keys|tokens|ips?|ip addresses|proxies|accounts|user[- ]agents)|switch(?:ing)?\s+(?:to\s+)?(?:another|a different|the next)\s+(?:token|key|account|ip|proxy)|ignor(?:e|ing)\s+(?:the\s+|any\s+)?(?:retry-after|rate[- ]?limits?|429s?|throttl\w*|robots\.txt|crawl-delay)|(?:bypass|evade|dodge|get around|circumvent|work around)\s+(?:the\s+|any\s+)?(?:rate[- ]?limits?|throttl\w*|quotas?)|as fast as (?:possible|you can)|no (?:delay|backoff|back-off|sleep|pause) between|spoof\w*\s+(?:the\s+)?(?:x-forwarded-for|ips?|user[- ]agents?))(?-u:\b)",
);

/// No pause and no end: delays forbidden, retries until the whole plan
/// has an answer.
static NO_PAUSE: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?i)(?-u:\b)(?:(?:do not|don'?t|never)\s+(?:add|insert|use|put)\s+(?:any\s+)?(?:delays?|pauses?|sleeps?|waits?|throttling|backoff)|without\s+(?:any\s+)?(?:delays?|pauses?|sleeping|waiting|backoff|throttling)|with no (?:delays?|pauses?|backoff)|keep\s+(?:retrying|trying|going|requesting|querying|sending)\s+until\s+(?:every|all|each|the (?:whole|entire|full))|until (?:every|each) (?:cell|row|item|keyword|query|request|page|url|target) (?:of \w+(?:\s+\w+)?\s+)?(?:has|have|gets?|returns?)|without checking back|(?:re-?launch|restart|retry|resend|re-?run|re-?start)\s[^.\n]{0,60}\buntil\s+(?:it|they|each|every|all)\s+(?:returns?|succeeds?|works?|has|have|answers?|completes?)|continue until (?:a|the|no) (?:round|pass|run|iteration) (?:produces|finds|returns) no)(?-u:\b)",
);
/// As many requests at once as possible; round 41: ten or more agents
/// per item ("launch 24 subagents per sub-question").
static BURST: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?i)(?-u:\b)(?:as many (?:\w+\s+)?(?:at once|in parallel|concurrently|simultaneously|at the same time) as|(?:all|every\w*) (?:\w+\s+){0,2}(?:at once|simultaneously|in parallel)|(?:in parallel|concurrently|simultaneously),?\s+as many|(?:each|every)\s[^.\n]{0,80}\b(?:start|spawn|launch|open)\s+(?:a\s+|one\s+)?(?:separate|new|dedicated|another|its own)\s+(?:sub-?agents?|agents?|workers?|threads?|processes|instances?|browser contexts?)|(?:hundreds|thousands) of (?:parallel|concurrent|simultaneous) (?:requests|connections|workers|threads|queries)|(?:launch|spawn|start|run)\s+\d{2,}\s+(?:parallel\s+|concurrent\s+|identical\s+)?(?:sub-?agents?|agents?|workers?|instances?)\s+(?:per|for\s+(?:each|every))\s)(?-u:\b)",
);
/// One multiplier of a plan: every/each X, a numbered range, N times.
static MULTIPLIER: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?i)(?-u:\b)(?:(?:every|each|all)\s+(?:of\s+(?:the\s+)?)?(?:\d[\d,]*\s+)?[a-z][\w-]*|\d[\d,]*\s*(?:through|to|-|–)\s*\d[\d,]*|(?:twice|three times|\d+\s+times))(?-u:\b)",
);
/// A request verb: the sentence makes the multipliers requests.
static REQUESTS: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?i)(?-u:\b)(?:query|queries|request|requests|fetch|scrape|crawl|search|call|hit|visit|download|ping|post|send|message|submit|sample|check)(?-u:\b)",
);
/// The user's model budget spent without asking: no confirmation of cost,
/// the most expensive model at maximum effort; round 41: the count kept
/// whatever it costs ("do not reduce this number to save time or tokens").
static BILL: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?i)(?-u:\b)(?:(?:do not|don'?t|never)\s+(?:ask|check with|confirm with)\s+the\s+user\b[^.\n]{0,40}\b(?:cost|costs|spend|spending|budget|tokens|credits|usage)|most (?:capable|expensive|powerful) model (?:available\s+)?(?:for every|for each|with maximum)|maximum (?:effort|reasoning|thinking) (?:for|on) (?:every|each)|(?:no need to|do not|don'?t|never)\s+(?:report|mention|show|tell|disclose|count|track|log)\s+(?:\w+\s+){0,2}?(?:number|count|total)\s+of\s+(?:api\s+|model\s+)?(?:calls|requests|tokens|sub-?agents|completions)|(?:no need to|do not|don'?t|never)\s+(?:report|mention|show|tell|disclose)\s+(?:the\s+)?(?:cost|costs|spend|spending|bill|charges|token usage)|even\s+if\s+the\s+user\s+(?:only\s+)?asked\s+for\s+(?:one|a single|only one|just one)|(?:at|with)\s+the\s+maximum\s+(?:output\s+)?(?:length|tokens)\s+the\s+model\s+allows|(?:do not|don'?t|never)\s+(?:reduce|lower|cut|trim|decrease)\s+(?:\w+\s+){0,3}?to\s+save\s+(?:time\s+or\s+)?(?:tokens|costs?|money|credits|budget))(?-u:\b)",
);
/// Limits evaded whatever the sentence is about.
static EVASION_ANY: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?i)(?-u:\b)(?:(?:rotat(?:e|ing)|randomi[sz](?:e|ing)|spoof(?:ing)?|fak(?:e|ing)|vary(?:ing)?|cycl(?:e|ing))\s+(?:through\s+)?(?:the\s+|a\s+|your\s+)?(?:user[- ]agents?|ua strings?|x-forwarded-for|forwarded headers?|ip addresses|ips?|proxies|proxy|residential proxies|browser fingerprints?)|(?:rotat(?:e|ing)|cycl(?:e|ing)|switch(?:ing)?)\s+(?:between\s+|through\s+)?(?:the\s+|your\s+)?(?:accounts|profiles)|x-forwarded-for\s+(?:header\s+)?(?:to|with|set to)\s+(?:a\s+)?random|(?:solve|bypass|get past|retry past|defeat|evade)\s+(?:the\s+|any\s+)?(?:captchas?|recaptchas?|cloudflare|bot (?:checks?|detection))|captcha[- ]solv\w*|(?:respect(?:ing)?|honou?r(?:ing)?|obey(?:ing)?|check(?:ing)?|following)\s+robots\.txt\s+is\s+(?:not\s+(?:required|needed|necessary)|optional|unnecessary)|ignor(?:e|ing)\s+(?:the\s+)?robots\.txt|(?:through|via|from)\s+(?:the\s+)?(?:next|a different|a new|its own|another|a fresh|a random)\s+(?:residential\s+|rotating\s+)?(?:exit|proxy|ip(?: address)?|vpn endpoint)|(?:captcha|puzzle|image challenge|turnstile|hcaptcha)[^.\n]{0,60}\bsolver\b|\bsolver\b[^.\n]{0,60}(?:captcha|puzzle|challenge|turnstile)|(?:get|use|using|create|with|from|via)\s+(?:a\s+|an\s+)?(?:new\s+|fresh\s+)?(?:disposable|temporary|throwaway|burner)\s+(?:e-?mail\s+|inbox\s+)?(?:inbox|inboxes|e-?mails?|addresses|phone numbers|numbers)|(?:create|register|sign up for)\s+(?:many|multiple|several|new|fresh|throwaway|disposable)\s+(?:\w+\s+)?accounts)(?-u:\b)",
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

/// Three or more multipliers in the sentences that request something:
/// a plan whose size is their product.
fn matrix(text: &str, sentences: &[(usize, usize)]) -> Option<(usize, usize)> {
    let mut first = None;
    let mut n = 0;
    for &(a, b) in sentences {
        let s = &text[a..b];
        if !REQUESTS.is_match(s) {
            continue;
        }
        for m in MULTIPLIER.find_iter(s) {
            first.get_or_insert((a + m.start(), a + m.end()));
            n += 1;
        }
    }
    first.filter(|_| n >= 3)
}

/// Reads one section (`ranges`: its prose units, in order) for resource
/// abuse ordered in prose.
pub fn scan_section(file: &Src, sec: &Section, sink: &mut Sink) {
    // Emphasis and code spans read as spaces: offsets are unchanged.
    let clean: String = sec
        .text
        .chars()
        .map(|c| if c == '*' || c == '`' { ' ' } else { c })
        .collect();
    let text = clean.as_str();
    if !RATE_CONTEXT.is_match(text)
        && !UNBOUNDED.is_match(text)
        && !BURST.is_match(text)
        && !NO_PAUSE.is_match(text)
        && !EVASION_ANY.is_match(text)
    {
        return;
    }
    let sentences = super::prose_acts::sentences(text);
    let unbounded = first(text, &sentences, &UNBOUNDED, None)
        .or_else(|| first(text, &sentences, &NO_PAUSE, None));
    let fanout = first(text, &sentences, &FANOUT, None)
        .or_else(|| first(text, &sentences, &BURST, None))
        .or_else(|| matrix(text, &sentences));
    let evasion = first(text, &sentences, &EVASION, Some(&RATE_CONTEXT))
        .or_else(|| first(text, &sentences, &EVASION_ANY, None));
    let bill = first(text, &sentences, &BILL, None);
    let (what, at, tags): (String, _, Vec<Tag>) = match (evasion, unbounded, fanout) {
        (None, Some(u), Some(_)) if bill.is_some() => (
            "instruction to fan work out without end on the user's model budget, cost never confirmed".into(),
            u,
            vec![Tag::Unbounded, Tag::Runaway],
        ),
        (Some(e), Some(_), _) | (Some(e), _, Some(_)) => (
            "instruction to hammer a service without bound and dodge its rate limits".into(),
            e,
            vec![Tag::Unbounded, Tag::Runaway],
        ),
        (None, Some(u), Some(_)) => (
            "instruction to repeat work over every member or endpoint without an end".into(),
            u,
            vec![Tag::Unbounded],
        ),
        // Alone in prose, a note: product pages of proxy and browser
        // services name these as features (registry, round 25).
        (Some(e), None, None) => (
            format!("rate limits evaded: {}", text[e.0..e.1].trim()),
            e,
            vec![Tag::Amplified],
        ),
        _ => return,
    };
    let mut ev = Evidence::new(Op::Loop, A::CallTool, R::Network, &sec.text[at.0..at.1])
        .tag(Tag::Imperative)
        .object(what)
        .instrument("agent");
    ev.tags.extend(tags);
    // Round 26: a security skill's SKILL.md is documentation by default,
    // but a plan step it gives the agent ("For each file, start a separate
    // sub-agent") is an order: the shape's sentences open an imperative.
    let step = |p: Option<(usize, usize)>| {
        p.is_some_and(|(a, _)| {
            sentences
                .iter()
                .find(|&&(s, e)| s <= a && a < e)
                .is_some_and(|&(s, e)| super::doc_frame::has_imperative_clause(&text[s..e]))
        })
    };
    let framed = sec.framed && !(sec.by_default && (step(fanout) || step(unbounded)));
    sec.push_as(file, ev, at, framed, sink);
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
