//! The install-policy response: the decision, its reason and the findings,
//! inside the host's limits and byte-identical for the same input.
//!
//! Limits (OpenClaw `install-policy-response.ts`): a reason is required for
//! `warn` and `block`; each text field is at most 1,000 characters; at most
//! 100 findings (a `warn` with more fails closed); the rendered review, the
//! reason plus one line per finding of the form
//! `[SEVERITY] ruleId: message (file:line) Evidence: ...`, inside OpenClaw's
//! notice, must stay under 4,000 characters or a `warn` fails closed. The
//! notice (measured on OpenClaw 2026.9.6) adds 482 fixed characters, the
//! skill's name, and `"\n    • "` (7 characters) before each finding line.
//! OpenClaw counts JavaScript string length (UTF-16 code units). We keep a
//! margin below each limit.

use crate::finding::{Finding, Severity};
use crate::model::SkillReport;
use crate::policy::{Policy, WarnAs};
use crate::score::Level;
use serde::Serialize;
use std::collections::BTreeMap;

/// Host limit per text field, in characters.
pub const MAX_FIELD_CHARS: usize = 1_000;
/// Host limit on findings.
pub const MAX_FINDINGS: usize = 100;
/// Host limit on the rendered notice (`MAX_INSTALL_POLICY_NOTICE_CHARS`).
pub const MAX_RENDERED_CHARS: usize = 4_000;
/// OpenClaw's fixed notice text: header, `Skill:`, `Reason:`, `Findings:`
/// and six guidance lines (measured on 2026.9.6).
pub const NOTICE_FIXED_CHARS: usize = 482;
/// OpenClaw's prefix before each finding line: `"\n    • "`.
pub const NOTICE_PER_FINDING_CHARS: usize = 7;
/// What we allow ourselves for the whole rendered notice: a margin below
/// the host limit for wording changes in later releases.
pub const NOTICE_BUDGET: usize = 3_800;

const MESSAGE_CHARS: usize = 240;
const EVIDENCE_CHARS: usize = 160;
const FILE_CHARS: usize = 160;
const REASON_CHARS: usize = 600;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Decision {
    Allow,
    Warn,
    Block,
}

impl Decision {
    pub fn as_str(self) -> &'static str {
        match self {
            Decision::Allow => "allow",
            Decision::Warn => "warn",
            Decision::Block => "block",
        }
    }
}

/// One finding as the host reads it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct GateFinding {
    #[serde(rename = "ruleId")]
    pub rule_id: String,
    /// `info`, `warn` or `critical`.
    pub severity: &'static str,
    pub message: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub file: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub evidence: Option<String>,
}

/// The one JSON object written to stdout.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Response {
    #[serde(rename = "protocolVersion")]
    pub protocol_version: u8,
    pub decision: Decision,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub findings: Vec<GateFinding>,
}

impl Response {
    pub fn allow(reason: Option<String>) -> Self {
        Self {
            protocol_version: 1,
            decision: Decision::Allow,
            reason: reason.map(|r| clean(&r, REASON_CHARS)),
            findings: Vec::new(),
        }
    }

    /// An `allow` with one `info` finding saying why nothing was scanned.
    pub fn allow_noted(rule_id: &str, message: &str) -> Self {
        let mut r = Self::allow(None);
        r.findings.push(GateFinding {
            rule_id: rule_id.to_string(),
            severity: "info",
            message: clean(message, MESSAGE_CHARS),
            file: None,
            line: None,
            evidence: None,
        });
        r
    }

    /// A fail-closed block (errors, malformed requests, timeouts).
    pub fn block(reason: &str) -> Self {
        Self {
            protocol_version: 1,
            decision: Decision::Block,
            reason: Some(clean(&format!("skillscan: {reason}"), REASON_CHARS)),
            findings: Vec::new(),
        }
    }

    /// The compact JSON line (with a trailing newline).
    pub fn to_json(&self) -> String {
        let mut s = serde_json::to_string(self).unwrap_or_else(|_| {
            r#"{"protocolVersion":1,"decision":"block","reason":"skillscan: internal error while writing the decision"}"#.into()
        });
        s.push('\n');
        s
    }

    /// The review as OpenClaw renders it (for the size budget and tests).
    pub fn rendered(&self) -> String {
        let mut s = self.reason.clone().unwrap_or_default();
        for f in &self.findings {
            s.push('\n');
            s.push_str(&render_line(f));
        }
        s
    }

    /// The length OpenClaw measures for its notice about this answer for
    /// the skill `name`, in UTF-16 code units (JavaScript `length`).
    pub fn notice_len(&self, name: &str) -> usize {
        let lines: usize = self
            .findings
            .iter()
            .map(|f| NOTICE_PER_FINDING_CHARS + js_len(&render_line(f)))
            .sum();
        NOTICE_FIXED_CHARS + js_len(name) + js_len(self.reason.as_deref().unwrap_or("")) + lines
    }
}

/// The length of `s` in OpenClaw's notice, in JavaScript string length
/// (UTF-16 code units), after its `sanitizeTerminalText`: `\r`, `\n` and
/// `\t` are written as two characters and other control characters
/// (`\p{Cc}`) dropped. ANSI escapes, which it also strips, are counted as
/// their visible rest: never less than OpenClaw shows.
fn js_len(s: &str) -> usize {
    s.chars()
        .map(|c| match c {
            '\r' | '\n' | '\t' => 2,
            c if c.is_control() => 0,
            c => c.len_utf16(),
        })
        .sum()
}

/// The note added to the reason when findings are left out.
fn left_out_note(shown: usize, total: usize) -> String {
    format!(" [{shown} of {total} findings shown; run `skillscan audit` on the skill for all]")
}

fn render_line(f: &GateFinding) -> String {
    let mut s = format!(
        "[{}] {}: {}",
        f.severity.to_ascii_uppercase(),
        f.rule_id,
        f.message
    );
    match (&f.file, f.line) {
        (Some(file), Some(line)) => s.push_str(&format!(" ({file}:{line})")),
        (Some(file), None) => s.push_str(&format!(" ({file})")),
        _ => {}
    }
    if let Some(e) = &f.evidence {
        s.push_str(" Evidence: ");
        s.push_str(e);
    }
    s
}

/// Host-safe text: control characters become spaces, invisible (bidi,
/// zero-width) characters are dropped, whitespace is collapsed, and the
/// result is at most `max` characters (with a `...` marker when cut).
pub fn clean(s: &str, max: usize) -> String {
    let mapped: String = s
        .chars()
        .filter(|c| !crate::text::is_invisible(*c))
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    let joined = mapped.split_whitespace().collect::<Vec<_>>().join(" ");
    let max = max.min(MAX_FIELD_CHARS);
    if joined.chars().count() <= max {
        joined
    } else {
        let mut t: String = joined.chars().take(max.saturating_sub(3)).collect();
        t.push_str("...");
        t
    }
}

/// Host severity for one of ours.
pub fn host_severity(s: Severity) -> &'static str {
    match s {
        Severity::Critical | Severity::High => "critical",
        Severity::Medium => "warn",
        Severity::Low | Severity::Info => "info",
    }
}

/// Active findings, one per rule (the worst occurrence; the others counted
/// in its message), ordered by severity, rule id, file and line.
pub fn coalesce(findings: &[Finding]) -> Vec<GateFinding> {
    let mut active: Vec<&Finding> = findings.iter().filter(|f| f.suppressed.is_none()).collect();
    let key = |f: &Finding| {
        (
            std::cmp::Reverse(f.severity),
            f.rule_id.clone(),
            f.location.path.clone(),
            f.location.start_line,
            f.location.start_column,
            f.fingerprint.clone(),
        )
    };
    active.sort_by_key(|f| key(f));
    // One entry per rule; findings without a file (install-spec checks) are
    // distinct facts and are kept apart by message.
    let mut groups: BTreeMap<(&str, &str), (usize, &Finding, usize)> = BTreeMap::new();
    for (i, f) in active.iter().enumerate() {
        let detail = if f.location.path.is_empty() {
            f.message.as_str()
        } else {
            ""
        };
        groups
            .entry((f.rule_id.as_str(), detail))
            .and_modify(|g| g.2 += 1)
            .or_insert((i, f, 0));
    }
    let mut reps: Vec<(usize, &Finding, usize)> = groups.into_values().collect();
    reps.sort_by_key(|g| g.0);
    reps.into_iter()
        .map(|(_, f, more)| {
            let mut message = clean(&f.message, MESSAGE_CHARS);
            if more > 0 {
                message = clean(
                    &format!("{message} (and {more} more like it)"),
                    MESSAGE_CHARS + 30,
                );
            }
            let file = (!f.location.path.is_empty()).then(|| clean(&f.location.path, FILE_CHARS));
            GateFinding {
                rule_id: clean(&f.rule_id, 100),
                severity: host_severity(f.severity),
                message,
                file,
                line: (f.location.start_line >= 1 && !f.location.path.is_empty())
                    .then_some(f.location.start_line),
                evidence: Some(clean(&f.snippet, EVIDENCE_CHARS)).filter(|e| !e.is_empty()),
            }
        })
        .collect()
}

/// Fits `findings` under the host limits next to `reason`: at most `max`
/// findings and OpenClaw's rendered notice for the skill `name` within
/// [`NOTICE_BUDGET`]. Returns how many were left out.
fn fit(name: &str, reason: &str, findings: &mut Vec<GateFinding>, max: usize) -> usize {
    let total = findings.len();
    findings.truncate(max.min(MAX_FINDINGS));
    // Room for the note added to the reason when findings are left out
    // (its numbers are at most `total` wide).
    let mut used =
        NOTICE_FIXED_CHARS + js_len(name) + js_len(reason) + js_len(&left_out_note(total, total));
    let mut keep = 0;
    for f in findings.iter() {
        let n = NOTICE_PER_FINDING_CHARS + js_len(&render_line(f));
        if used + n > NOTICE_BUDGET {
            break;
        }
        used += n;
        keep += 1;
    }
    findings.truncate(keep);
    total - keep
}

fn dims_summary(
    r: &SkillReport,
    pick: impl Fn(crate::finding::Dimension, Level) -> bool,
) -> String {
    let mut v: Vec<(Level, u32, &'static str)> = r
        .risk
        .iter()
        .filter(|(d, s)| pick(**d, s.level))
        .map(|(d, s)| (s.level, s.score, d.as_str()))
        .collect();
    v.sort_by(|a, b| b.0.cmp(&a.0).then(b.1.cmp(&a.1)).then(a.2.cmp(b.2)));
    v.iter()
        .map(|(l, s, d)| format!("{d} is {} ({s}/100)", l.as_str()))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Decides for one analysed skill (suppressions and thresholds already
/// applied): block when analysis is incomplete (fail closed) or a dimension
/// reaches its fail level; warn (or allow, with `warn_as: allow`) when one
/// is medium or above; else allow. `name` is the skill's name as the host
/// shows it (OpenClaw's `targetName`), which counts toward the notice size.
pub fn decide(r: &SkillReport, policy: Option<&Policy>, name: &str) -> Response {
    let settings = policy.map(|p| p.gate.clone()).unwrap_or_default();
    let fail_level = |d| crate::policy::fail_level(policy, None, d);
    let failing = crate::policy::fails(policy, None, r);
    let medium = r.risk.values().any(|s| s.level >= Level::Medium);
    let incomplete = !r.complete;
    let findings = coalesce(&r.findings);

    let (decision, mut reason) = if incomplete && settings.block_on_incomplete {
        (
            Decision::Block,
            format!(
                "skillscan could not analyse all of this skill, so it fails closed: {}",
                r.errors.join("; ")
            ),
        )
    } else if failing {
        let dims = dims_summary(r, |d, l| fail_level(d).is_some_and(|f| l >= f));
        (Decision::Block, format!("skillscan: {dims}"))
    } else if medium || incomplete {
        let dims = dims_summary(r, |_, l| l >= Level::Medium);
        let mut why = if dims.is_empty() {
            "skillscan: manual review recommended".to_string()
        } else {
            format!("skillscan: manual review recommended: {dims}")
        };
        if incomplete {
            why.push_str(&format!(
                "; the analysis is incomplete: {}",
                r.errors.join("; ")
            ));
        }
        match settings.warn_as {
            WarnAs::Warn => (Decision::Warn, why),
            WarnAs::Allow => (Decision::Allow, format!("{why} (policy: warn_as allow)")),
        }
    } else {
        (Decision::Allow, String::new())
    };
    if let Some(top) = findings.first()
        && (decision != Decision::Allow || !reason.is_empty())
    {
        let at = match (&top.file, top.line) {
            (Some(f), Some(l)) => format!(" ({f}:{l})"),
            (Some(f), None) => format!(" ({f})"),
            _ => String::new(),
        };
        let title = crate::rules::get(&top.rule_id)
            .map(|d| d.title.clone())
            .unwrap_or_else(|| top.message.clone());
        reason.push_str(&format!(". Top finding: {} {title}{at}", top.rule_id));
    }
    assemble(decision, &reason, findings, name, settings.max_findings)
}

/// The response for `decision`: the reason capped, and as many findings
/// (at most `max`) as fit OpenClaw's notice for the skill `name`, with a
/// note in the reason when some were left out.
pub fn assemble(
    decision: Decision,
    reason: &str,
    mut findings: Vec<GateFinding>,
    name: &str,
    max: usize,
) -> Response {
    let mut reason = clean(reason, REASON_CHARS);
    let left_out = fit(name, &reason, &mut findings, max);
    if left_out > 0 {
        let note = left_out_note(findings.len(), findings.len() + left_out);
        reason = clean(&format!("{reason}{note}"), REASON_CHARS + 80);
    }
    Response {
        protocol_version: 1,
        decision,
        reason: (!reason.is_empty()).then_some(reason),
        findings,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clean_strips_controls_and_caps() {
        assert_eq!(clean("a\u{1b}[2J\n b\u{202e}c\t", 100), "a [2J bc");
        let long = "x".repeat(5000);
        let c = clean(&long, 5000);
        assert_eq!(c.chars().count(), MAX_FIELD_CHARS);
        assert!(c.ends_with("..."));
    }

    #[test]
    fn fit_keeps_under_the_budget() {
        let f = GateFinding {
            rule_id: "SK-X-001".into(),
            severity: "warn",
            message: "m".repeat(200),
            file: Some("a.sh".into()),
            line: Some(3),
            evidence: Some("e".repeat(150)),
        };
        let mut v = vec![f; 150];
        let name = "n".repeat(61);
        let out = fit(&name, "reason", &mut v, 100);
        assert!(out > 50);
        let r = Response {
            protocol_version: 1,
            decision: Decision::Warn,
            reason: Some("reason".into()),
            findings: v,
        };
        assert!(r.notice_len(&name) <= NOTICE_BUDGET);
    }

    #[test]
    fn notice_length_counts_utf16_units() {
        let r = Response {
            protocol_version: 1,
            decision: Decision::Warn,
            reason: Some("\u{1F600}".into()),
            findings: Vec::new(),
        };
        assert_eq!(r.notice_len("ab"), NOTICE_FIXED_CHARS + 2 + 2);
        // OpenClaw shows a tab of the name as `\t` and drops a bell.
        assert_eq!(r.notice_len("a\tb\u{7}"), NOTICE_FIXED_CHARS + 4 + 2);
    }
}
