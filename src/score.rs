//! Scoring: six dimension scores from 0 to 100, their levels, and a verdict.
//!
//! Each finding contributes `p = base(severity) × weight(confidence)` to each
//! of its dimensions. Within a dimension the strongest finding of each rule
//! counts once (a payload repeated four times is one piece of evidence), and
//! distinct rules combine as independent evidence:
//! `score = 100 × (1 − Π (1 − p_rule))`. So a single high-confidence
//! critical finding scores 92, a single high one 75 (60 at medium
//! confidence), two independent high findings 94. Without a high or
//! critical finding a dimension stays below 60 (`MEDIUMS_CAP`): three
//! medium ones would make 72 and score 59, a warning. Rules whose
//! strongest finding was lowered as documentation count as one.
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

/// The highest score a dimension reaches without a finding of high or
/// critical severity: mediums of distinct rules add up to a warning, never
/// to a fail (round 20, docs/scoring.md "Scores").
const MEDIUMS_CAP: u32 = 59;

/// The rules of the optional LLM judge (`SK-LLM-001` … `006`).
pub const JUDGE_RULE_PREFIX: &str = "SK-LLM-";

/// The score a judge finding gives its dimension on its own: the judge is a
/// second reader, not more evidence. It read the static findings in its
/// prompt, so adding its rating to theirs would count the same evidence
/// twice (round 35: on a registry sample, judge ratings of 4 summed with
/// static mediums turned four warns a human reader keeps at warn into
/// fails). A dimension's score is the higher of the static score and this
/// one; severity 5 (critical) reaches high, 4 (high) stays a warning.
fn judge_score(f: &Finding) -> u32 {
    let s = (base(f.severity) * weight(f.confidence) * 100.0).round() as u32;
    if f.severity >= Severity::Critical {
        s
    } else {
        s.min(MEDIUMS_CAP)
    }
}

/// Scores every dimension (all six always present, in a fixed order).
/// Static findings combine as independent evidence; the judge's findings
/// ([`JUDGE_RULE_PREFIX`]) only raise a dimension to their own level.
pub fn score(findings: &[Finding]) -> BTreeMap<Dimension, DimScore> {
    let mut judged: BTreeMap<Dimension, u32> = BTreeMap::new();
    for f in findings
        .iter()
        .filter(|f| f.suppressed.is_none() && f.rule_id.starts_with(JUDGE_RULE_PREFIX))
    {
        for d in &f.dimensions {
            let e = judged.entry(*d).or_insert(0);
            *e = (*e).max(judge_score(f));
        }
    }
    let mut risk = static_score(findings);
    for (d, j) in judged {
        if let Some(r) = risk.get_mut(&d)
            && j > r.score
        {
            *r = DimScore {
                score: j,
                level: Level::from_score(j),
            };
        }
    }
    risk
}

/// Scores the static findings (the judge's are left out).
fn static_score(findings: &[Finding]) -> BTreeMap<Dimension, DimScore> {
    // Per dimension and rule: the strongest finding's p, and whether that
    // finding was lowered as documentation.
    let mut per: BTreeMap<Dimension, BTreeMap<&str, (f64, bool)>> = BTreeMap::new();
    let mut severe: Vec<Dimension> = Vec::new();
    for f in findings
        .iter()
        .filter(|f| f.suppressed.is_none() && !f.rule_id.starts_with(JUDGE_RULE_PREFIX))
    {
        let p = base(f.severity) * weight(f.confidence);
        for d in &f.dimensions {
            let e = per
                .entry(*d)
                .or_default()
                .entry(f.rule_id.as_str())
                .or_insert((0.0, false));
            if p > e.0 {
                *e = (p, f.documentation());
            }
            if f.severity >= Severity::High && !severe.contains(d) {
                severe.push(*d);
            }
        }
    }
    Dimension::ALL
        .into_iter()
        .map(|d| {
            // Rules whose strongest finding is documentation (an auditor's
            // checklist, a catalogue of attacks) are one reading of that
            // text: they count as one piece of evidence, the strongest.
            let miss: f64 = per
                .get(&d)
                .map(|m| {
                    let doc = m.values().filter(|e| e.1).map(|e| e.0).fold(0.0, f64::max);
                    m.values()
                        .filter(|e| !e.1)
                        .map(|e| 1.0 - e.0)
                        .product::<f64>()
                        * (1.0 - doc)
                })
                .unwrap_or(1.0);
            let mut score = ((1.0 - miss) * 100.0).round().clamp(0.0, 100.0) as u32;
            if !severe.contains(&d) {
                score = score.min(MEDIUMS_CAP);
            }
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
            declared_consent: None,
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
        // Mediums add up to a warning, never to a fail on their own.
        assert_eq!(three[&Dimension::CovertExecution].level, Level::Medium);
        assert_eq!(three[&Dimension::CovertExecution].score, 59);
        // With one high finding the same mediums make a fail.
        let with_high = score(&[
            f("a", Severity::Medium, Confidence::High),
            f("b", Severity::Medium, Confidence::High),
            f("d", Severity::High, Confidence::Low),
        ]);
        assert_eq!(with_high[&Dimension::CovertExecution].level, Level::High);
    }

    #[test]
    fn documentation_findings_count_as_one() {
        let doc = |rule: &str| {
            let mut x = f(rule, Severity::High, Confidence::Low);
            x.downgrade(Severity::Medium, crate::finding::DOC_FRAMED);
            x
        };
        // Two rules read from one checklist: the strongest alone, low.
        let s = score(&[doc("a"), doc("b")]);
        assert_eq!(s[&Dimension::CovertExecution].level, Level::Low);
        // The same two findings without the documentation framing warn.
        let s = score(&[
            f("a", Severity::Medium, Confidence::Low),
            f("b", Severity::Medium, Confidence::Low),
        ]);
        assert_eq!(s[&Dimension::CovertExecution].level, Level::Medium);
    }

    #[test]
    fn suppressed_findings_do_not_count() {
        let mut x = f("a", Severity::Critical, Confidence::High);
        x.suppressed = Some("accepted".into());
        assert_eq!(verdict(&score(&[x])), Verdict::Pass);
    }

    #[test]
    fn the_judge_raises_a_dimension_to_its_own_level_and_never_adds_to_static_evidence() {
        let cov = Dimension::CovertExecution;
        let lvl = |fs: &[Finding]| score(fs)[&cov].level;
        let judge = |sev| f("SK-LLM-004", sev, Confidence::Medium);
        let m = |r: &str| f(r, Severity::Medium, Confidence::High);
        // Alone: 5 fails, 4 warns, 3 and 2 are low.
        assert_eq!(lvl(&[judge(Severity::Critical)]), Level::High);
        assert_eq!(lvl(&[judge(Severity::High)]), Level::Medium);
        assert_eq!(lvl(&[judge(Severity::Medium)]), Level::Low);
        assert_eq!(lvl(&[judge(Severity::Low)]), Level::Low);
        // With static mediums (a warning): a judge 4 keeps the warning; summed
        // as independent evidence it would have made a fail.
        let fs = [m("SK-A"), m("SK-B"), judge(Severity::High)];
        assert_eq!(lvl(&fs), Level::Medium);
        assert_eq!(score(&fs)[&cov].score, score(&fs[..2])[&cov].score.max(59));
        // A static high stays high whatever the judge says.
        let h = f("SK-C", Severity::High, Confidence::High);
        assert_eq!(lvl(&[h.clone(), judge(Severity::Low)]), Level::High);
        assert_eq!(
            score(&[h.clone(), judge(Severity::Low)])[&cov],
            score(&[h])[&cov]
        );
        // A static low and a judge low stay low (no sum to a warning).
        let l = f("SK-D", Severity::Low, Confidence::High);
        assert_eq!(lvl(&[l, judge(Severity::Low)]), Level::Low);
    }
}
