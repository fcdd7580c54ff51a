//! Reports: human, JSON, Markdown and SARIF renderings of audit results.

pub mod human;
pub mod json;
pub mod markdown;
pub mod sarif;

use crate::audit::SkillReport;

/// What every renderer gets.
pub struct ReportInput<'a> {
    pub skills: &'a [SkillReport],
    /// Include SSL records (JSON only).
    pub with_ssl: bool,
    /// Colour (human only).
    pub color: bool,
}
