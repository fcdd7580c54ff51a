//! Findings: what a rule concluded, where, how sure, and why.

use super::evidence::Location;
use serde::Serialize;

#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, serde::Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    Info,
    Low,
    Medium,
    High,
    Critical,
}

impl Severity {
    pub const ALL: [Severity; 5] = [
        Severity::Info,
        Severity::Low,
        Severity::Medium,
        Severity::High,
        Severity::Critical,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Info => "info",
            Severity::Low => "low",
            Severity::Medium => "medium",
            Severity::High => "high",
            Severity::Critical => "critical",
        }
    }

    pub fn parse(s: &str) -> Option<Self> {
        Self::ALL
            .into_iter()
            .find(|x| x.as_str() == s.to_ascii_lowercase())
    }

    pub fn down(self) -> Self {
        match self {
            Severity::Critical => Severity::High,
            Severity::High => Severity::Medium,
            Severity::Medium => Severity::Low,
            _ => Severity::Info,
        }
    }

    pub fn up(self) -> Self {
        match self {
            Severity::Info => Severity::Low,
            Severity::Low => Severity::Medium,
            Severity::Medium => Severity::High,
            _ => Severity::Critical,
        }
    }
}

#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, serde::Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum Confidence {
    Low,
    Medium,
    High,
}

impl Confidence {
    pub fn as_str(self) -> &'static str {
        match self {
            Confidence::Low => "low",
            Confidence::Medium => "medium",
            Confidence::High => "high",
        }
    }

    pub fn down(self) -> Self {
        match self {
            Confidence::High => Confidence::Medium,
            _ => Confidence::Low,
        }
    }
}

/// The six risk dimensions (`ssl.md` §5).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, serde::Deserialize,
)]
#[serde(rename_all = "snake_case")]
pub enum Dimension {
    DataExfiltration,
    Destructive,
    PrivilegeEscalation,
    CovertExecution,
    ResourceAbuse,
    CredentialAccess,
}

impl Dimension {
    pub const ALL: [Dimension; 6] = [
        Dimension::DataExfiltration,
        Dimension::Destructive,
        Dimension::PrivilegeEscalation,
        Dimension::CovertExecution,
        Dimension::ResourceAbuse,
        Dimension::CredentialAccess,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Dimension::DataExfiltration => "data_exfiltration",
            Dimension::Destructive => "destructive",
            Dimension::PrivilegeEscalation => "privilege_escalation",
            Dimension::CovertExecution => "covert_execution",
            Dimension::ResourceAbuse => "resource_abuse",
            Dimension::CredentialAccess => "credential_access",
        }
    }

    pub fn parse(s: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|d| d.as_str() == s)
    }
}

/// One hop of a source-to-sink path.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct FlowStep {
    pub location: Location,
    pub note: String,
    pub logic_step_id: Option<String>,
}

#[derive(Debug, Clone, Serialize)]
pub struct Finding {
    pub rule_id: String,
    pub title: String,
    pub dimensions: Vec<Dimension>,
    pub severity: Severity,
    pub confidence: Confidence,
    pub message: String,
    pub location: Location,
    pub snippet: String,
    pub logic_step_id: Option<String>,
    /// Source-to-sink path (empty for single-step findings).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub flow: Vec<FlowStep>,
    /// Set when the user's policy suppressed this finding (with the reason).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub suppressed: Option<String>,
    /// Set when the decision model lowered the finding because the skill
    /// declares or consents to the capability: the evidence it rests on
    /// (`docs/scoring.md`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub downgraded_by: Option<String>,
    /// Set when the decision model raised the finding because an intent
    /// instruction (concealment, hidden text, a lure) stands next to it:
    /// the evidence the raise rests on (`docs/scoring.md`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub raised_by: Option<String>,
    /// A consent a rule found that rests on what the skill declares (a
    /// destination its description or name gives): the decision model
    /// lowers the finding by it only when the skill shows no intent
    /// signal (declaration never cancels intent). Never serialized; what
    /// was applied is `downgraded_by`.
    #[serde(skip)]
    pub declared_consent: Option<String>,
    /// Stable identity across runs: hash of rule, path and normalised snippet.
    pub fingerprint: String,
}

/// Why a finding was lowered when the text it stands on is documentation:
/// a heading or lead-in that frames it as an example or a warning, or a
/// file or section that declares itself as examples of attacks
/// (`rules::weighed_by` writes these; `score` reads them).
pub const DOC_FRAMED: &str = "shown as documentation (a heading or lead-in that frames it as an example or a warning, or a document nothing tells the agent to follow)";
pub const DECLARED_EXAMPLES: &str =
    "inside a file or section that declares itself as examples of attacks";

impl Finding {
    /// Whether the finding was lowered because its text is documentation
    /// (`DOC_FRAMED`, `DECLARED_EXAMPLES`), not an instruction.
    pub fn documentation(&self) -> bool {
        self.downgraded_by
            .as_deref()
            .is_some_and(|w| w.contains(DOC_FRAMED) || w.contains(DECLARED_EXAMPLES))
    }

    /// Lowers the severity to `to` and records why: the message ends with
    /// `(downgraded from X to Y: why)` and `downgraded_by` names the
    /// evidence. Nothing happens when the finding is already at or below.
    pub fn downgrade(&mut self, to: Severity, why: &str) {
        if self.severity <= to {
            return;
        }
        self.rerate(to, "downgraded", why);
        self.downgraded_by = Some(why.to_string());
    }

    /// Raises the severity to `to` and records why: the message ends with
    /// `(raised from X to Y: why)` and `raised_by` names the evidence.
    /// Nothing happens when the finding is already at or above.
    pub fn raise(&mut self, to: Severity, why: &str) {
        if self.severity >= to {
            return;
        }
        self.rerate(to, "raised", why);
        self.raised_by = Some(why.to_string());
    }

    /// Sets the severity to `to` and ends the message with `(how from X
    /// to Y: why)`.
    fn rerate(&mut self, to: Severity, how: &str, why: &str) {
        self.message = format!(
            "{} ({how} from {} to {}: {why})",
            self.message,
            self.severity.as_str(),
            to.as_str()
        );
        self.severity = to;
    }

    pub fn sort_key(
        &self,
    ) -> (
        std::cmp::Reverse<Severity>,
        std::cmp::Reverse<Confidence>,
        &str,
        &str,
        usize,
        usize,
    ) {
        (
            std::cmp::Reverse(self.severity),
            std::cmp::Reverse(self.confidence),
            &self.rule_id,
            &self.location.path,
            self.location.start_line,
            self.location.start_column,
        )
    }
}

/// A short stable hash (first 16 hex chars of SHA-256).
pub fn stable_hash(parts: &[&str]) -> String {
    use sha2::{Digest, Sha256};
    let mut h = Sha256::new();
    for p in parts {
        h.update(p.as_bytes());
        h.update([0u8]);
    }
    let d = h.finalize();
    d.iter().take(8).map(|b| format!("{b:02x}")).collect()
}
