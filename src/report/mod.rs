//! Reports: human, JSON, Markdown and SARIF renderings of audit results.

pub mod human;
pub mod json;
pub mod markdown;
pub mod sarif;

use crate::model::SkillReport;
use std::path::PathBuf;

/// SARIF settings from the command line.
#[derive(Debug, Clone, Default)]
pub struct SarifOptions {
    /// `--sarif-category`.
    pub category: Option<String>,
    /// `--sarif-root`.
    pub root: Option<PathBuf>,
}

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
        sarif: SarifOptions,
    },
}

impl Collector {
    pub fn new(
        format: crate::cli::Format,
        with_ssl: bool,
        color: bool,
        sarif: SarifOptions,
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
                sarif,
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
                sarif: opts,
            } => {
                let input = ReportInput {
                    skills: &reports,
                    with_ssl,
                    color,
                };
                if format == crate::cli::Format::Sarif {
                    sarif::render(&input, opts.category.as_deref(), opts.root.as_deref())
                } else {
                    markdown::render(&input)
                }
            }
        }
    }
}

/// Every report one scan writes: the `--format` report (to `-o` or
/// stdout) and each `--also FORMAT:FILE`.
pub struct Outputs {
    outs: Vec<(Option<PathBuf>, Collector)>,
}

impl Outputs {
    /// The outputs `args` ask for; `color` applies to the main report only.
    pub fn new(args: &crate::cli::AuditArgs, color: bool) -> Result<Self, String> {
        let sarif = SarifOptions {
            category: args.sarif_category.clone(),
            root: args.sarif_root.clone(),
        };
        let mut outs = vec![(
            args.output.clone(),
            Collector::new(args.format, args.ssl, color, sarif.clone(), args.quiet),
        )];
        for a in &args.also {
            if outs.iter().any(|(p, _)| p.as_ref() == Some(&a.path)) {
                return Err(format!(
                    "{} is named twice as an output (-o / --also); give each report its own file",
                    a.path.display()
                ));
            }
            let c = Collector::new(a.format, args.ssl, false, sarif.clone(), false);
            outs.push((Some(a.path.clone()), c));
        }
        Ok(Self { outs })
    }

    pub fn push(&mut self, r: SkillReport) {
        if let Some(((_, last), rest)) = self.outs.split_last_mut() {
            for (_, c) in rest {
                c.push(r.clone());
            }
            last.push(r);
        }
    }

    /// Renders and writes every report: the files first, stdout last.
    pub fn write(self) -> Result<(), crate::exit::UserError> {
        let mut outs = self.outs;
        outs.rotate_left(1);
        for (path, c) in outs {
            crate::exit::write_out(path.as_deref(), &c.finish())?;
        }
        Ok(())
    }
}
