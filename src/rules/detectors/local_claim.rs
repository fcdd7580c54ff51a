//! A claim contradicted by behaviour (round 23, SK-EXFIL-009): what the
//! user reads (the description, SKILL.md, a README) promises that the data
//! stays on the machine — `works offline`, `runs locally`, `never leaves
//! your machine`, `no network`, `privacy-first`, `no data is uploaded` —
//! while a script sends a request body to a fixed outside host that no
//! document names. The promise is what the user installs on; breaking it
//! silently is deception, so a send that would otherwise warn as an
//! undeclared destination is high.
//!
//! Whole words, negation-aware (`does not work offline` is no promise);
//! consent cancels it: a document naming the host or its vendor, a
//! destination the user configures (an unresolved address), or text
//! saying the skill goes online (`optional online lookup`, `requires an
//! internet connection`). The wording alone never lowers anything: the
//! promise only raises a send the scan found.

use super::super::{RuleCx, RuleDef, weigh};
use super::undeclared_send::{Known, destinations, running_send, user_text};
use crate::decide::vendor;
use crate::evidence::{Evidence, Op};
use crate::extract::indicators::{
    is_private_host, is_secret_env, naming_label, registrable_domain, words_name,
};
use crate::finding::{Finding, Severity};

/// Promises that the data stays on the machine.
static PROMISE: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?i)\b(?:works?|runs?|operates?|processe[sd]|processing|stays?|kept|happens?|done)\s+(?:entirely\s+|fully\s+|completely\s+|100%\s+)?(?:offline|locally|on[- ]device|on\s+your\s+(?:machine|computer|device|mac|laptop))\b|\b(?:fully|entirely|completely|100%)\s+(?:offline|local)\b|\boffline[- ](?:only|first)\b|\b(?:never|nothing)\s+(?:\w+\s+){0,2}(?:leaves?|uploaded|transmitted)\b|\bno\s+(?:data|information|files?|images?|photos?|content)\s+(?:\w+\s+){0,2}(?:leaves?|sent|uploaded|transmitted)\b|\bno\s+(?:network|internet)\s+(?:access|calls?|requests?|connections?|needed|required)\b|\bprivacy[- ](?:first|preserving|focused)\b|\bwithout\s+(?:uploading|sending)\b|\bno\s+(?:telemetry|tracking|cloud\s+upload)\b",
);

/// Text that says the skill goes online: consent, not contradiction.
static ONLINE: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?i)\b(?:optional(?:ly)?|opt[- ]in|can|may)\b[^.\n]{0,60}\b(?:online|network|internet|remote|lookup|look\s+up|upload|api)\b|\brequires?\s+(?:an?\s+)?(?:internet|network|online)\b|\b(?:online|remote|web)\s+(?:lookup|service|api|geocod\w*)\b",
);

/// Words that turn a promise around just before it (`does not work
/// offline`, `isn't processed locally`).
fn negated(text: &str, at: usize) -> bool {
    let head = crate::text::slice(text, at.saturating_sub(24), at).to_ascii_lowercase();
    let words: Vec<&str> = head
        .split(|c: char| !c.is_alphanumeric() && c != '\'')
        .collect();
    words
        .iter()
        .rev()
        .filter(|w| !w.is_empty())
        .take(3)
        .any(|w| matches!(*w, "not" | "cannot" | "never") || w.ends_with("n't"))
}

/// The first promise the user's text makes, unless the text also says the
/// skill goes online.
fn promise(readable: &str) -> Option<String> {
    if ONLINE.is_match(readable) {
        return None;
    }
    PROMISE
        .find_iter(readable)
        .find(|m| !negated(readable, m.start()))
        .map(|m| m.as_str().to_string())
}

/// The destination is one the user knows of: on this machine, named (host,
/// domain or vendor word) in what the user reads, the host the description
/// declares, or the vendor whose key the skill reads. Unlike SK-EXFIL-007,
/// a read from the same host is no consent: the geocoder's answer to the
/// very request that carries the data proves nothing.
pub(super) fn named(cx: &RuleCx, readable: &str, sink: &Evidence, host: &str) -> bool {
    if is_private_host(host) || !host.contains('.') || vendor::is_reference_host(host) {
        return true;
    }
    let label = naming_label(host);
    readable.contains(host)
        || readable.contains(&registrable_domain(host))
        || label.len() >= 4 && words_name(readable, label)
        || vendor::declared_host(cx, sink)
        || cx.evidence.iter().any(|e| {
            e.op == Op::EnvRead
                && is_secret_env(&e.target)
                && vendor::vendor_matches(&e.target, host, false)
        })
}

pub(crate) fn local_claim_send(def: &RuleDef, cx: &RuleCx) -> Vec<Finding> {
    let readable = user_text(cx);
    let Some(claim) = promise(readable) else {
        return Vec::new();
    };
    let Some(hit) = first_unnamed_send(cx, readable, def, |_| true) else {
        return Vec::new();
    };
    let msg = format!(
        "the skill promises \"{}\", yet {}:{} sends a request body to {}, a host no document names",
        crate::text::snippet(&claim, 60),
        hit.sink.location.path,
        hit.sink.location.start_line,
        hit.host
    );
    vec![hit.finding(def, cx, msg)]
}

/// A running send whose body goes to a fixed host no document names,
/// weighed from `High`; the first one `keep` accepts. Shared by SK-EXFIL-009
/// (a local promise contradicted) and SK-EXFIL-011 (valuable objects sent).
pub(crate) struct UnnamedSend<'a> {
    pub step: usize,
    pub sink: &'a Evidence,
    pub host: String,
    sev: Severity,
    conf: crate::finding::Confidence,
}

impl UnnamedSend<'_> {
    pub(crate) fn finding(&self, def: &RuleDef, cx: &RuleCx, msg: String) -> Finding {
        let mut f = cx.finding(def, self.sink.location.clone(), &self.sink.snippet, msg);
        f.severity = self.sev;
        f.confidence = self.conf;
        f.logic_step_id = cx.step_ids.get(self.step).cloned().flatten();
        f
    }
}

pub(crate) fn first_unnamed_send<'a>(
    cx: &'a RuleCx,
    readable: &str,
    def: &RuleDef,
    keep: impl Fn(&Evidence) -> bool,
) -> Option<UnnamedSend<'a>> {
    let mut known = Known::default();
    for (i, sink) in cx.evidence.iter().enumerate() {
        if sink.op != Op::NetSend || !running_send(sink) || !keep(sink) {
            continue;
        }
        let Some(dest) = destinations(cx, sink, &mut known)
            .into_iter()
            .find(|d| !named(cx, readable, sink, &d.host))
        else {
            continue;
        };
        let Some((sev, conf)) = weigh(sink, Severity::High, def.confidence) else {
            continue;
        };
        return Some(UnnamedSend {
            step: i,
            sink,
            host: dest.host,
            sev,
            conf,
        });
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn promises_whole_word_and_negation_aware() {
        for t in [
            "privacy first: strips location data",
            "everything runs locally on your machine",
            "your photos never leave your machine",
            "works fully offline",
            "no data is uploaded anywhere",
        ] {
            assert!(promise(t).is_some(), "{t}");
        }
        for t in [
            "this tool does not work offline",
            "local files are read",
            "privacy first. optional online lookup of place names",
            "runs locally but requires an internet connection for the geocoder",
            "offlineness",
        ] {
            assert!(promise(t).is_none(), "{t}");
        }
    }
}
