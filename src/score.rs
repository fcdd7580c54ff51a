//! Scoring: six dimension scores from 0 to 100, their levels, and a verdict.
//!
//! Each finding contributes `p = base(severity) × weight(confidence)` to each
//! of its dimensions. Within a dimension the strongest finding of each rule
//! counts once (a payload repeated four times is one piece of evidence), and
//! distinct rules combine as independent evidence:
//! `score = 100 × (1 − Π (1 − p_rule))`. So a single high-confidence
//! critical finding scores 92, a single high one 75 (60 at medium
//! confidence), two independent high findings 94, three medium ones 72.
//! Levels: none < 8 ≤ low < 30 ≤ medium < 60 ≤ high < 90 ≤ critical. Verdict: `fail` when a dimension is high or critical, `warn`
//! when one is medium, else `pass`. Suppressed findings do not count.

use crate::finding::{Confidence, Dimension, Finding, Severity};
use crate::model::SkillReport;
use crate::skill::{Manifest, Skill};
use std::collections::BTreeMap;

pub use crate::model::score::{DimScore, Level, Verdict};

impl Level {
    pub fn from_score(s: u32) -> Self {
        match s {
            0..8 => Level::None,
            8..30 => Level::Low,
            30..60 => Level::Medium,
            60..90 => Level::High,
            _ => Level::Critical,
        }
    }
}

/// The report's parts that are computed from findings (the report itself
/// is data, `crate::model::report`).
impl SkillReport {
    /// The report of a folder that was not analysed at all (a panic, or a
    /// folder discovery could not search): nothing found, incomplete, with
    /// `error` saying why.
    pub fn not_analysed(path: String, name: String, error: String) -> SkillReport {
        let skill = Skill {
            path: path.clone(),
            dir_name: name.clone(),
            manifest_path: "SKILL.md".into(),
            files: Vec::new(),
            issues: Vec::new(),
        };
        SkillReport {
            path,
            name,
            version: None,
            description: String::new(),
            verdict: Verdict::Warn,
            complete: false,
            risk: score(&[]),
            findings: Vec::new(),
            errors: vec![error],
            notes: Vec::new(),
            evidence: Vec::new(),
            step_ids: Vec::new(),
            manifest: Manifest::default(),
            skill,
            ssl: None,
            judge: None,
        }
    }

    /// Re-scores after findings were suppressed or filtered.
    pub fn rescore(&mut self) {
        self.risk = score(&self.findings);
        self.verdict = verdict(&self.risk);
    }
}

pub fn base(s: Severity) -> f64 {
    match s {
        Severity::Info => 0.02,
        Severity::Low => 0.12,
        Severity::Medium => 0.35,
        Severity::High => 0.75,
        Severity::Critical => 0.92,
    }
}

pub fn weight(c: Confidence) -> f64 {
    match c {
        Confidence::Low => 0.5,
        Confidence::Medium => 0.8,
        Confidence::High => 1.0,
    }
}

/// Scores every dimension (all six always present, in a fixed order).
pub fn score(findings: &[Finding]) -> BTreeMap<Dimension, DimScore> {
    let mut per: BTreeMap<Dimension, BTreeMap<&str, f64>> = BTreeMap::new();
    for f in findings.iter().filter(|f| f.suppressed.is_none()) {
        let p = base(f.severity) * weight(f.confidence);
        for d in &f.dimensions {
            let e = per
                .entry(*d)
                .or_default()
                .entry(f.rule_id.as_str())
                .or_insert(0.0);
            *e = e.max(p);
        }
    }
    Dimension::ALL
        .into_iter()
        .map(|d| {
            let miss: f64 = per
                .get(&d)
                .map(|m| m.values().map(|p| 1.0 - p).product())
                .unwrap_or(1.0);
            let score = ((1.0 - miss) * 100.0).round().clamp(0.0, 100.0) as u32;
            (
                d,
                DimScore {
                    score,
                    level: Level::from_score(score),
                },
            )
        })
        .collect()
}

pub fn verdict(risk: &BTreeMap<Dimension, DimScore>) -> Verdict {
    let worst = risk.values().map(|d| d.level).max().unwrap_or(Level::None);
    match worst {
        Level::High | Level::Critical => Verdict::Fail,
        Level::Medium => Verdict::Warn,
        _ => Verdict::Pass,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::evidence::Location;

    fn f(rule: &str, sev: Severity, conf: Confidence) -> Finding {
        Finding {
            rule_id: rule.into(),
            title: String::new(),
            dimensions: vec![Dimension::CovertExecution],
            severity: sev,
            confidence: conf,
            message: String::new(),
            location: Location::default(),
            snippet: String::new(),
            logic_step_id: None,
            flow: vec![],
            suppressed: None,
            downgraded_by: None,
            raised_by: None,
            fingerprint: String::new(),
        }
    }

    #[test]
    fn single_findings_map_to_their_level() {
        let s = score(&[f("a", Severity::Critical, Confidence::High)]);
        assert_eq!(s[&Dimension::CovertExecution].level, Level::Critical);
        let s = score(&[f("a", Severity::Medium, Confidence::High)]);
        assert_eq!(s[&Dimension::CovertExecution].level, Level::Medium);
        assert_eq!(s[&Dimension::Destructive].level, Level::None);
    }

    #[test]
    fn repeats_of_one_rule_do_not_compound_but_distinct_rules_do() {
        let one = score(&[
            f("a", Severity::Medium, Confidence::High),
            f("a", Severity::Medium, Confidence::High),
        ]);
        assert_eq!(one[&Dimension::CovertExecution].level, Level::Medium);
        let three = score(&[
            f("a", Severity::Medium, Confidence::High),
            f("b", Severity::Medium, Confidence::High),
            f("c", Severity::Medium, Confidence::High),
        ]);
        assert_eq!(three[&Dimension::CovertExecution].level, Level::High);
    }

    #[test]
    fn suppressed_findings_do_not_count() {
        let mut x = f("a", Severity::Critical, Confidence::High);
        x.suppressed = Some("accepted".into());
        assert_eq!(verdict(&score(&[x])), Verdict::Pass);
    }
}
