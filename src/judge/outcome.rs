//! What the judge did for one skill, for the report. Kept apart from the
//! static result: a judge problem never makes the static analysis
//! incomplete (unless the policy asks for `fail_closed`).

use super::client::Usage;
use super::ground::Hit;
use crate::finding::Dimension;
use crate::score::Level;
use serde_json::{Map, Value, json};
use std::collections::BTreeMap;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    /// The whole skill was judged and the answer applied.
    Complete,
    /// Not judged, or judged without part of the skill: never a pass.
    Incomplete,
}

impl Status {
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Complete => "complete",
            Status::Incomplete => "incomplete",
        }
    }
}

/// The judge's view of one dimension, with only its grounded evidence.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JudgedDim {
    pub risk: bool,
    pub severity: u8,
    pub reason: String,
    pub evidence: Vec<Hit>,
}

/// A quote that failed the grounding check.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Discarded {
    pub dimension: Dimension,
    pub quote: String,
    pub file: String,
    pub line: u64,
    pub why: &'static str,
}

/// The judge and static analysis disagree on a dimension.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Disagreement {
    pub dimension: Dimension,
    pub static_level: Level,
    pub judge_risk: bool,
    pub judge_severity: u8,
    /// What skillscan did about it.
    pub resolution: String,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JudgeOutcome {
    pub status: Status,
    pub model: String,
    pub prompt_version: &'static str,
    /// The answer came from the cache (no request was made).
    pub cached: bool,
    /// An answer was received and applied.
    pub answered: bool,
    /// Why the result is incomplete: what went wrong and what to do.
    pub reasons: Vec<String>,
    /// skillscan's remarks (lists cut to the budget, marker neutralised).
    pub remarks: Vec<String>,
    /// Estimated input tokens (characters / 4).
    pub input_tokens: usize,
    /// Tokens the server reported (all requests for this skill).
    pub usage: Option<Usage>,
    pub requests: u32,
    pub sent_files: Vec<String>,
    /// Referenced files left out for the budget, with estimated tokens.
    pub omitted_files: Vec<(String, usize)>,
    pub dimensions: BTreeMap<Dimension, JudgedDim>,
    /// Dimensions the model's answer did not judge validly (left out or
    /// invalid, also after the repair round): the static result stands.
    pub not_judged: Vec<Dimension>,
    pub discarded: Vec<Discarded>,
    pub disagreements: Vec<Disagreement>,
    /// Rule ids of the findings the judge added.
    pub added: Vec<String>,
    /// The model's own notes (untrusted text; escaped when displayed).
    pub notes: String,
}

impl JudgeOutcome {
    pub fn new(model: &str) -> Self {
        Self {
            status: Status::Incomplete,
            model: model.to_string(),
            prompt_version: super::prompt::PROMPT_VERSION,
            cached: false,
            answered: false,
            reasons: Vec::new(),
            remarks: Vec::new(),
            input_tokens: 0,
            usage: None,
            requests: 0,
            sent_files: Vec::new(),
            omitted_files: Vec::new(),
            dimensions: BTreeMap::new(),
            not_judged: Vec::new(),
            discarded: Vec::new(),
            disagreements: Vec::new(),
            added: Vec::new(),
            notes: String::new(),
        }
    }

    /// Marks the outcome incomplete with a reason.
    pub fn fail(&mut self, reason: impl Into<String>) {
        self.status = Status::Incomplete;
        self.reasons.push(reason.into());
    }

    /// The report's `judge` object (documented in docs/llm.md).
    pub fn to_json(&self) -> Value {
        let mut dims = Map::new();
        for (d, j) in &self.dimensions {
            dims.insert(
                d.as_str().into(),
                json!({
                    "risk": j.risk,
                    "severity": j.severity,
                    "reason": j.reason,
                    "evidence": j.evidence.iter().map(|h| json!({"quote": h.text, "file": h.file, "line": h.line})).collect::<Vec<_>>(),
                }),
            );
        }
        json!({
            "status": self.status.as_str(),
            "model": self.model,
            "prompt_version": self.prompt_version,
            "cached": self.cached,
            "answered": self.answered,
            "reasons": self.reasons,
            "remarks": self.remarks,
            "input_tokens_estimate": self.input_tokens,
            "usage": self.usage.map(|u| json!({"prompt_tokens": u.prompt_tokens, "completion_tokens": u.completion_tokens})),
            "requests": self.requests,
            "sent_files": self.sent_files,
            "omitted_files": self.omitted_files.iter().map(|(f, t)| json!({"path": f, "tokens_estimate": t})).collect::<Vec<_>>(),
            "judged_dimensions": self.dimensions.keys().map(|d| d.as_str()).collect::<Vec<_>>(),
            "not_judged": self.not_judged.iter().map(|d| d.as_str()).collect::<Vec<_>>(),
            "dimensions": dims,
            "discarded_quotes": self.discarded.iter().map(|x| json!({
                "dimension": x.dimension.as_str(), "quote": x.quote, "file": x.file, "line": x.line, "why": x.why,
            })).collect::<Vec<_>>(),
            "disagreements": self.disagreements.iter().map(|x| json!({
                "dimension": x.dimension.as_str(),
                "static_level": x.static_level.as_str(),
                "judge_risk": x.judge_risk,
                "judge_severity": x.judge_severity,
                "resolution": x.resolution,
            })).collect::<Vec<_>>(),
            "added_findings": self.added,
            "notes": self.notes,
        })
    }

    /// Lines for the human report (escaped; no colour).
    pub fn human_lines(&self) -> Vec<String> {
        use crate::text::escape_display as e;
        let mut out = Vec::new();
        let mut head = format!("judge {}: {}", self.status.as_str(), e(&self.model));
        if self.cached {
            head.push_str(" (cached)");
        }
        if !self.added.is_empty() {
            head.push_str(&format!(", added {}", self.added.join(", ")));
        }
        out.push(head);
        for r in &self.reasons {
            out.push(format!("  {}", e(r)));
        }
        for d in &self.disagreements {
            out.push(format!(
                "  disagreement on {}: static {}, judge {} → {}",
                d.dimension.as_str(),
                d.static_level.as_str(),
                if d.judge_risk {
                    format!("risk {}/5", d.judge_severity)
                } else {
                    "no risk".to_string()
                },
                e(&d.resolution)
            ));
        }
        if !self.discarded.is_empty() {
            out.push(format!(
                "  {} quote(s) discarded by the grounding check",
                self.discarded.len()
            ));
        }
        out
    }
}
