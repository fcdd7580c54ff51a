//! How an `audit` run ends, said out loud: flags that do not apply to the
//! chosen format are refused (never silently dropped), and the reasons for
//! exit 1 (which skills reached which level against which threshold) and
//! exit 2 (which skills are incomplete, and why) go to stderr, whatever the
//! format, so that stdout stays a clean report.

use crate::cli::{AuditArgs, FailOn, Format};
use crate::exit::{UserError, code as exit};
use crate::model::SkillReport;
use crate::policy::{Policy, fail_level};
use crate::text::escape_display;

/// Skills named per reason on stderr; the rest are counted.
const NAMED: usize = 20;
/// Reasons listed per incomplete skill on stderr.
const REASONS: usize = 3;

/// Refuses flags that would otherwise be ignored with the chosen format.
pub fn check_audit_flags(a: &AuditArgs) -> Result<(), UserError> {
    let name = format_name(a.format);
    // A flag applies when the main report or any `--also` report has the format it is for.
    let any = |f: Format| a.format == f || a.also.iter().any(|x| x.format == f);
    if a.ssl && !any(Format::Json) {
        return Err(UserError(format!(
            "--ssl adds each skill's SSL record to JSON output, and --format {name} has no place for it. Use --format json --ssl, or `skillscan ssl PATH` to print the records."
        )));
    }
    if (a.sarif_category.is_some() || a.sarif_root.is_some()) && !any(Format::Sarif) {
        return Err(UserError(format!(
            "--sarif-category and --sarif-root shape a SARIF report, and --format {name} writes none. Add --format sarif (or --also sarif:FILE), or drop them."
        )));
    }
    if a.quiet && a.format != Format::Human {
        return Err(UserError(format!(
            "--quiet shortens the human report, and --format {name} is not human output (Markdown already folds passing skills; JSON and SARIF are for tools). Drop --quiet."
        )));
    }
    Ok(())
}

/// `rules` prints text, Markdown or JSON; SARIF rule metadata comes with
/// every `audit --format sarif` run.
pub fn check_rules_format(f: Format) -> Result<(), UserError> {
    if f == Format::Sarif {
        return Err(UserError(
            "`skillscan rules` prints human, markdown or json; SARIF has no document for rules alone. The SARIF rule metadata is in every `skillscan audit --format sarif` run (runs[0].tool.driver.rules).".into(),
        ));
    }
    Ok(())
}

pub fn format_name(f: Format) -> &'static str {
    match f {
        Format::Human => "human",
        Format::Json => "json",
        Format::Markdown => "markdown",
        Format::Sarif => "sarif",
    }
}

/// What the run found that decides its exit code, and why.
#[derive(Default)]
pub struct Outcome {
    /// Skills at or above a fail level: how many, and the first few named.
    hits: usize,
    hit_lines: Vec<String>,
    /// Incomplete skills: how many, and the first few with their reasons.
    incomplete: usize,
    incomplete_lines: Vec<String>,
}

impl Outcome {
    /// Records one skill, after the policy and the baseline were applied.
    pub fn record(&mut self, policy: Option<&Policy>, cli: Option<FailOn>, r: &SkillReport) {
        let who = format!("{} ({})", escape_display(&r.name), escape_display(&r.path));
        let reasons = fail_reasons(policy, cli, r);
        if !reasons.is_empty() {
            self.hits += 1;
            if self.hit_lines.len() < NAMED {
                self.hit_lines
                    .push(format!("  {who}: {}", reasons.join(", ")));
            }
        }
        if !r.complete {
            self.incomplete += 1;
            if self.incomplete_lines.len() < NAMED {
                let mut why: Vec<String> = r
                    .errors
                    .iter()
                    .take(REASONS)
                    .map(|e| escape_display(e))
                    .collect();
                if r.errors.len() > REASONS {
                    why.push(format!("and {} more", r.errors.len() - REASONS));
                }
                if why.is_empty() {
                    why.push("the analysis did not complete".into());
                }
                self.incomplete_lines
                    .push(format!("  {who}: {}", why.join("; ")));
            }
        }
    }

    /// The exit code. SARIF follows the code-scanning convention (exit 0
    /// when the scan ran, whatever it found) unless `--fail-on` is given on
    /// the command line: then it exits like every other format.
    pub fn code(&self, format: Format, cli: Option<FailOn>) -> i32 {
        if format == Format::Sarif && cli.is_none() {
            return exit::OK;
        }
        if self.incomplete > 0 {
            exit::ERROR
        } else if self.hits > 0 {
            exit::FINDINGS
        } else {
            exit::OK
        }
    }

    /// What stderr says about the exit code (empty when there is nothing to
    /// explain).
    pub fn explain(&self, format: Format, cli: Option<FailOn>) -> String {
        let code = self.code(format, cli);
        let mut out = String::new();
        if self.incomplete > 0 {
            out.push_str(&format!(
                "skillscan: {} skill(s) could not be fully analysed, so findings may be missing{}:\n",
                self.incomplete,
                if code == exit::ERROR {
                    " (exit 2: fail closed)"
                } else {
                    ""
                }
            ));
            push_lines(&mut out, &self.incomplete_lines, self.incomplete);
        }
        if self.hits > 0 && (code == exit::FINDINGS || code == exit::ERROR) {
            out.push_str(&format!(
                "skillscan: {} skill(s) reached a fail level{}:\n",
                self.hits,
                if code == exit::FINDINGS {
                    " (exit 1)"
                } else {
                    ""
                }
            ));
            push_lines(&mut out, &self.hit_lines, self.hits);
        }
        out
    }
}

fn push_lines(out: &mut String, lines: &[String], total: usize) {
    for l in lines {
        out.push_str(l);
        out.push('\n');
    }
    if total > lines.len() {
        out.push_str(&format!("  … and {} more\n", total - lines.len()));
    }
}

/// Each dimension of `r` at or above its fail level, with where that level
/// comes from: `credentials low ≥ --fail-on low`.
pub fn fail_reasons(policy: Option<&Policy>, cli: Option<FailOn>, r: &SkillReport) -> Vec<String> {
    r.risk
        .iter()
        .filter_map(|(d, s)| {
            let at = fail_level(policy, cli, *d)?;
            (s.level >= at).then(|| {
                format!(
                    "{} {} ≥ {} {}",
                    d.as_str(),
                    s.level.as_str(),
                    source(policy, cli, *d),
                    at.as_str()
                )
            })
        })
        .collect()
}

/// Which setting gave a dimension its fail level (mirrors `fail_level`).
fn source(
    policy: Option<&Policy>,
    cli: Option<FailOn>,
    d: crate::finding::Dimension,
) -> &'static str {
    if policy.and_then(|p| p.threshold(d)).is_some() {
        "the policy threshold"
    } else if cli.is_some() {
        "--fail-on"
    } else if policy.and_then(|p| p.fail_on()).is_some() {
        "the policy's fail_on"
    } else {
        "the default --fail-on"
    }
}
