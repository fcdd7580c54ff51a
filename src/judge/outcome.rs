//! What the judge did for one skill, for the report. Kept apart from the
//! static result: a judge problem never makes the static analysis
//! incomplete (unless the policy asks for `fail_closed`).

use serde_json::{Map, Value, json};
use std::collections::BTreeMap;

pub use crate::model::judge::{Disagreement, Discarded, JudgeOutcome, JudgedDim, Status};

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
