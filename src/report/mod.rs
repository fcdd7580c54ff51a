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

/// Collects skill reports as they are produced (in path order) and renders
/// the chosen format at the end. Human and JSON output keep only each
/// skill's rendered text, so the memory of a registry scan grows with its
/// output rather than with the skills read; Markdown and SARIF keep the
/// (slimmed) reports, as their documents are built from all of them.
pub enum Collector {
    Human(human::Stream),
    Json(json::Stream),
    Whole {
        format: crate::cli::Format,
        reports: Vec<SkillReport>,
        with_ssl: bool,
        color: bool,
        category: Option<String>,
    },
}

impl Collector {
    pub fn new(
        format: crate::cli::Format,
        with_ssl: bool,
        color: bool,
        category: Option<String>,
        quiet: bool,
    ) -> Self {
        use crate::cli::Format;
        match format {
            Format::Human => Collector::Human(human::Stream::new(color, quiet)),
            Format::Json => Collector::Json(json::Stream::new(with_ssl)),
            Format::Markdown | Format::Sarif => Collector::Whole {
                format,
                reports: Vec::new(),
                with_ssl,
                color,
                category,
            },
        }
    }

    pub fn push(&mut self, r: SkillReport) {
        match self {
            Collector::Human(s) => s.push(&r),
            Collector::Json(s) => s.push(&r),
            Collector::Whole { reports, .. } => reports.push(r),
        }
    }

    pub fn finish(self) -> String {
        match self {
            Collector::Human(s) => s.finish(),
            Collector::Json(s) => s.finish(),
            Collector::Whole {
                format,
                reports,
                with_ssl,
                color,
                category,
            } => {
                let input = ReportInput {
                    skills: &reports,
                    with_ssl,
                    color,
                };
                if format == crate::cli::Format::Sarif {
                    sarif::render(&input, category.as_deref())
                } else {
                    markdown::render(&input)
                }
            }
        }
    }
}
