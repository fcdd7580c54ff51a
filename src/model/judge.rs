//! What the LLM judge did for one skill, as data: the outcome the report
//! carries, the grounded quotes and the server's token counts. Asking the
//! model, grounding its quotes and merging its answer are `crate::judge`.

use super::finding::Dimension;
use super::score::Level;
use std::collections::BTreeMap;

/// Token counts reported by the server, when it reports them.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Usage {
    pub prompt_tokens: u64,
    pub completion_tokens: u64,
}

/// A grounded quote: where it really is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hit {
    pub file: String,
    pub line: usize,
    /// The line where the quote ends.
    pub end_line: usize,
    /// The quote, whitespace-normalised.
    pub text: String,
}

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
    /// Marks the outcome incomplete with a reason.
    pub fn fail(&mut self, reason: impl Into<String>) {
        self.status = Status::Incomplete;
        self.reasons.push(reason.into());
    }
}
