//! The per-skill report: everything known about one skill after analysis.

use crate::evidence::Evidence;
use crate::finding::{Dimension, Finding};
use crate::score::{self, DimScore, Verdict};
use crate::skill::{Manifest, Skill};
use std::collections::BTreeMap;

/// Everything known about one skill after analysis.
#[derive(Debug, Clone)]
pub struct SkillReport {
    pub path: String,
    pub name: String,
    pub version: Option<String>,
    pub description: String,
    pub verdict: Verdict,
    pub complete: bool,
    pub risk: BTreeMap<Dimension, DimScore>,
    pub findings: Vec<Finding>,
    pub errors: Vec<String>,
    /// Notes for people that do not make the analysis incomplete (e.g. an
    /// invalid external SSL record).
    pub notes: Vec<String>,
    pub evidence: Vec<Evidence>,
    pub step_ids: Vec<Option<String>>,
    pub manifest: Manifest,
    pub skill: Skill,
    /// The SSL record, when requested.
    pub ssl: Option<serde_json::Value>,
    /// What the LLM judge did, after `--llm` (issue 7; `crate::judge`).
    pub judge: Option<crate::judge::JudgeOutcome>,
}

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
            risk: score::score(&[]),
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

    /// Drops file contents and raw evidence that reports do not need, so a
    /// scan of thousands of skills keeps bounded memory.
    pub fn slim(&mut self) {
        for f in &mut self.skill.files {
            f.text = String::new();
            f.raw = Vec::new();
        }
        self.evidence = Vec::new();
        self.step_ids = Vec::new();
    }

    /// What reports show for the skill: its verdict, or `incomplete` when
    /// part of it was not analysed (the verdict then counts only what was
    /// read, so an incomplete skill is never shown as passing).
    pub fn status(&self) -> &'static str {
        if self.complete {
            self.verdict.as_str()
        } else {
            "incomplete"
        }
    }

    /// Re-scores after findings were suppressed or filtered.
    pub fn rescore(&mut self) {
        self.risk = score::score(&self.findings);
        self.verdict = score::verdict(&self.risk);
    }
}
