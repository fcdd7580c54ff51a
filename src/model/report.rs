//! The per-skill report: everything known about one skill after analysis.

use super::evidence::Evidence;
use super::finding::{Dimension, Finding};
use super::judge::JudgeOutcome;
use super::score::{DimScore, Verdict};
use super::skill::{Manifest, Skill};
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
    /// What the LLM judge did, after `--llm` (issue 7; asked by `judge`).
    pub judge: Option<JudgeOutcome>,
}

impl SkillReport {
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

    /// The verdict reports print (round 35): a fail found in what was read
    /// is a fail whatever the unread part holds; otherwise an incomplete
    /// skill's verdict is `incomplete`, never `pass` or `warn` (the unread
    /// part may hold worse). What was read alone is [`Self::verdict`],
    /// printed as `read_verdict` in JSON for an incomplete skill.
    pub fn shown_verdict(&self) -> &'static str {
        if self.complete || self.verdict == Verdict::Fail {
            self.verdict.as_str()
        } else {
            "incomplete"
        }
    }
}
