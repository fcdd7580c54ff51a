//! Merging the judge's answer into a report.
//!
//! The judge can only add: for a dimension it rates as a risk with at least
//! one grounded quote, it adds one finding of rule `SK-LLM-00N` (confidence
//! medium; severity 2→low, 3→medium, 4→high, 5→critical), which can raise
//! that dimension. It never removes, lowers or edits a static finding.
//! Because a dimension's score only grows when a finding is added, the
//! verdict can only stay or get worse, so in gate mode the judge can never
//! turn a block into an allow. Where the judge and static analysis disagree
//! the outcome records it, with what was done.

use super::answer::{Answer, cap};
use super::ground::Grounder;
use super::outcome::{Disagreement, Discarded, JudgeOutcome, JudgedDim};
use crate::evidence::Location;
use crate::finding::{Confidence, Dimension, Finding, Severity, stable_hash};
use crate::model::SkillReport;
use crate::score::Level;
use std::collections::BTreeSet;

/// The judge's rule for a dimension (defined in `rules/SK-LLM-*.yml`).
pub fn rule_for(d: Dimension) -> &'static str {
    match d {
        Dimension::DataExfiltration => "SK-LLM-001",
        Dimension::Destructive => "SK-LLM-002",
        Dimension::PrivilegeEscalation => "SK-LLM-003",
        Dimension::CovertExecution => "SK-LLM-004",
        Dimension::ResourceAbuse => "SK-LLM-005",
        Dimension::CredentialAccess => "SK-LLM-006",
    }
}

/// A judge severity (2 to 5) as a finding severity.
pub fn severity_for(s: u8) -> Severity {
    match s {
        0..=2 => Severity::Low,
        3 => Severity::Medium,
        4 => Severity::High,
        _ => Severity::Critical,
    }
}

/// The static logic step at a file and line, if one covers it.
fn step_at(report: &SkillReport, file: &str, line: usize) -> Option<String> {
    report
        .evidence
        .iter()
        .zip(report.step_ids.iter())
        .filter(|(e, id)| {
            id.is_some()
                && e.location.path == file
                && e.location.start_line <= line
                && line <= e.location.end_line.max(e.location.start_line)
        })
        .find_map(|(_, id)| id.clone())
}

/// Grounds the answer, adds the judge's findings, records disagreements
/// and rescores. `out` receives everything the report shows.
pub fn apply(
    report: &mut SkillReport,
    answer: &Answer,
    disabled: &BTreeSet<String>,
    out: &mut JudgeOutcome,
) {
    let before = report.verdict;
    let static_level =
        |r: &SkillReport, d: Dimension| r.risk.get(&d).map(|s| s.level).unwrap_or(Level::None);
    let lists = super::prompt::list_lines(report);
    let mut grounder = Grounder::new(&report.skill).with_lists(&lists);
    let mut added = Vec::new();
    for (d, a) in &answer.dims {
        let mut hits = Vec::new();
        for q in &a.evidence {
            match grounder.locate(&q.file, &q.quote, q.line) {
                Ok(h) => {
                    if !hits.contains(&h) {
                        hits.push(h);
                    }
                }
                Err(why) => out.discarded.push(Discarded {
                    dimension: *d,
                    quote: cap(&q.quote, 300),
                    file: cap(&q.file, 200),
                    line: q.line,
                    why: why.as_str(),
                }),
            }
        }
        let rule = rule_for(*d);
        let level = static_level(report, *d);
        let mut resolution = None;
        if a.risk && !hits.is_empty() {
            if disabled.contains(rule) {
                resolution = Some(format!(
                    "{rule} is disabled by the policy; no finding added"
                ));
            } else {
                let h = &hits[0];
                let reason = if a.reason.trim().is_empty() {
                    format!("rates {} risk {}/5", d.as_str(), a.severity)
                } else {
                    cap(a.reason.trim(), 300)
                };
                let title = crate::rules::get(rule)
                    .map(|r| r.title.clone())
                    .unwrap_or_else(|| format!("LLM judge: {}", d.as_str()));
                let location = Location::line(&h.file, h.line);
                added.push(Finding {
                    rule_id: rule.to_string(),
                    title,
                    dimensions: vec![*d],
                    severity: severity_for(a.severity),
                    confidence: Confidence::Medium,
                    message: format!("LLM judge ({}): {reason}", out.model),
                    fingerprint: stable_hash(&[rule, &h.file, &h.text]),
                    logic_step_id: step_at(report, &h.file, h.line),
                    location,
                    snippet: cap(&h.text, 200),
                    flow: Vec::new(),
                    suppressed: None,
                    downgraded_by: None,
                    raised_by: None,
                    declared_consent: None,
                });
                out.added.push(rule.to_string());
                resolution = Some(format!("judge finding {rule} added"));
            }
        } else if a.risk {
            resolution = Some("ignored: none of the judge's quotes is in the skill".to_string());
        }
        if !a.risk && level >= Level::Medium {
            out.disagreements.push(Disagreement {
                dimension: *d,
                static_level: level,
                judge_risk: false,
                judge_severity: a.severity,
                resolution: "the static result stands (the judge cannot lower it)".into(),
            });
        } else if a.risk && (level == Level::None || (hits.is_empty() && level <= Level::Low)) {
            out.disagreements.push(Disagreement {
                dimension: *d,
                static_level: level,
                judge_risk: true,
                judge_severity: a.severity,
                resolution: resolution.unwrap_or_default(),
            });
        }
        out.dimensions.insert(
            *d,
            JudgedDim {
                risk: a.risk,
                severity: a.severity,
                reason: a.reason.clone(),
                evidence: hits,
            },
        );
    }
    out.notes = answer.notes.clone();
    out.not_judged = Dimension::ALL
        .into_iter()
        .filter(|d| !answer.dims.contains_key(d))
        .collect();
    out.answered = true;
    if !added.is_empty() {
        report.findings.extend(added);
        report
            .findings
            .sort_by(|a, b| a.sort_key().cmp(&b.sort_key()));
        report.rescore();
    }
    // Scores only grow when findings are added; keep the guarantee explicit.
    report.verdict = report.verdict.max(before);
}
