//! SK-DEST-006 (round 32): a recovery safeguard switched off
//! ([`Tag::SafeguardOff`], `extract/safeguards.rs`), weighed by intent and
//! declaration: behind a date, environment or run-count gate, in an exit
//! hook or with the approval waived it is critical (a declaration never
//! lowers concealment); a skill whose documents name the setting it changes
//! (a retention or lifecycle tool the user configures) or a declarative
//! template the user applies warns; otherwise high.

use super::super::{RuleCx, RuleDef, weigh};
use super::undeclared_send::user_text;
use crate::evidence::Tag;
use crate::extract::safeguards::Kind;
use crate::finding::Finding;
use crate::finding::{Confidence, Severity};

/// The words a document uses when it declares a safeguard's setting.
fn declares(kind: Kind) -> &'static crate::rx::Lazy {
    static RETENTION: crate::rx::Lazy =
        crate::rx::Lazy::new(r"(?i)\bretention\b|\bretain(?:ed|s)?\b|\bexpir(?:e|es|y|ation)\b");
    static PROTECTION: crate::rx::Lazy = crate::rx::Lazy::new(
        r"(?i)\b(?:deletion|termination|delete|purge)[- ]protection\b|\bsoft[- ]delete\b",
    );
    static VERSIONING: crate::rx::Lazy = crate::rx::Lazy::new(r"(?i)\bversioning\b");
    static LIFECYCLE: crate::rx::Lazy =
        crate::rx::Lazy::new(r"(?i)\blifecycle\b|\bexpir(?:e|es|y|ation)\b");
    static PLAN: crate::rx::Lazy =
        crate::rx::Lazy::new(r"(?i)\bbackup[- ](?:plans?|selections?|protection)\b");
    static PITR: crate::rx::Lazy =
        crate::rx::Lazy::new(r"(?i)\bpoint[- ]in[- ]time\b|\bpitr\b|\bbinlog\b");
    static RECLAIM: crate::rx::Lazy = crate::rx::Lazy::new(r"(?i)\breclaim\b");
    match kind {
        Kind::Retention => &RETENTION,
        Kind::Protection => &PROTECTION,
        Kind::Versioning => &VERSIONING,
        Kind::Lifecycle => &LIFECYCLE,
        Kind::BackupPlan => &PLAN,
        Kind::Pitr => &PITR,
        Kind::Reclaim => &RECLAIM,
    }
}

/// Tags that make the act an intent signal.
const INTENT: &[Tag] = &[
    Tag::DateGate,
    Tag::EnvGate,
    Tag::FirstRun,
    Tag::ApprovalBypass,
    Tag::ExitHook,
];

pub(crate) fn safeguards_off(def: &RuleDef, cx: &RuleCx) -> Vec<Finding> {
    let mut out = Vec::new();
    for (i, e) in cx.evidence.iter().enumerate() {
        if !e.has(Tag::SafeguardOff) {
            continue;
        }
        let Some(kind) = Kind::from_name(&e.instrument) else {
            continue;
        };
        let (sev, conf) = if INTENT.iter().any(|t| e.has(*t)) {
            (Severity::Critical, Confidence::High)
        } else if e.has(Tag::DeclaredPurpose) || declares(kind).is_match(user_text(cx)) {
            (Severity::Medium, Confidence::Medium)
        } else {
            (Severity::High, def.confidence)
        };
        let Some((wsev, wconf)) = weigh(e, sev, conf) else {
            continue;
        };
        let mut f = cx.finding_at(def, i);
        f.severity = wsev;
        f.confidence = wconf;
        out.push(f);
    }
    out
}
