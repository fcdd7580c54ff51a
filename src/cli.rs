//! Command-line interface (clap derive).

use clap::{Args, Parser, Subcommand, ValueEnum};
use std::path::PathBuf;

#[derive(Parser, Debug)]
#[command(name = "skillscan", version, about = "Static security analyzer and risk scanner for agent skills", long_about = None)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Audit skills: a skill folder, its SKILL.md, or a folder of skills.
    Audit(AuditArgs),
    /// List the rules, or explain one (`skillscan rules SK-EXEC-001`).
    Rules(RulesArgs),
    /// Print a skill's SSL record (JSON; JSON Lines for several skills),
    /// or validate SSL records (`skillscan ssl validate FILE...`).
    Ssl(SslArgs),
    /// Capability map of a collection: intents, scopes, risks, overlaps,
    /// shadowed names and typosquats.
    Map(MapArgs),
    /// OpenClaw `security.installPolicy` hook: one request JSON on stdin,
    /// one decision JSON on stdout, always exit 0.
    Gate(GateArgs),
    /// Stage, scan and copy a skill into DEST only when the policy passes.
    Install(InstallArgs),
    /// Every field of every evidence item the extractors produce, one line
    /// each: a golden dump for refactors (issue 14, tests/evidence_golden.rs).
    #[command(hide = true)]
    EvidenceDump(EvidenceDumpArgs),
}

#[derive(Args, Debug)]
pub struct EvidenceDumpArgs {
    #[arg(required = true)]
    pub paths: Vec<PathBuf>,
    /// Write the dump to FILE instead of stdout.
    #[arg(long, short = 'o')]
    pub output: Option<PathBuf>,
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Human,
    Json,
    Markdown,
    Sarif,
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum FailOn {
    None,
    Low,
    Medium,
    High,
    Critical,
}

#[derive(Args, Debug, Clone)]
pub struct AuditArgs {
    /// Skill folders, SKILL.md files, or folders to search for skills.
    #[arg(required = true)]
    pub paths: Vec<PathBuf>,
    /// Output format.
    #[arg(long, short = 'f', value_enum, default_value = "human")]
    pub format: Format,
    /// Write the report to FILE instead of stdout.
    #[arg(long, short = 'o')]
    pub output: Option<PathBuf>,
    /// Exit 1 when any skill has a risk dimension at or above this level.
    #[arg(long, value_enum)]
    pub fail_on: Option<FailOn>,
    /// Include each skill's SSL record in JSON output.
    #[arg(long)]
    pub ssl: bool,
    /// An external SSL record to use as extra evidence (single skill).
    #[arg(long)]
    pub ssl_file: Option<PathBuf>,
    /// Policy file (YAML). Default: ./skillscan.yml or ./.skillscan.yml in the
    /// current folder. Never read from inside an audited skill.
    #[arg(long)]
    pub policy: Option<PathBuf>,
    /// Ignore any policy file.
    #[arg(long)]
    pub no_policy: bool,
    /// Leave out paths inside each skill that match GLOB (or a folder
    /// prefix), relative to the skill root; repeatable. Excluded paths are
    /// listed in the report (JSON `notes`), never silently dropped.
    #[arg(long, value_name = "GLOB")]
    pub exclude: Vec<String>,
    /// Milliseconds of analysis per skill, for every pass (default 30000,
    /// or SKILLSCAN_SKILL_BUDGET_MS; the policy's `skill_budget_ms` if set).
    /// Past it the skill is incomplete. Only you set it: a skill cannot.
    #[arg(long, value_name = "MS")]
    pub skill_budget_ms: Option<u64>,
    /// Report only findings that are not in this earlier JSON report.
    #[arg(long)]
    pub baseline: Option<PathBuf>,
    /// Ask the LLM judge too (needs SKILLSCAN_LLM_* settings; see README).
    #[arg(long)]
    pub llm: bool,
    /// Worker threads (default: all cores).
    #[arg(long, short = 'j')]
    pub jobs: Option<usize>,
    /// Never show a progress bar.
    #[arg(long)]
    pub no_progress: bool,
    /// SARIF only: emit `automationDetails.id = "<CATEGORY>/"` (for REST uploads).
    #[arg(long)]
    pub sarif_category: Option<String>,
    /// Human output only: show failing, warning and incomplete skills; count
    /// the passing ones.
    #[arg(long, short = 'q')]
    pub quiet: bool,
    /// SARIF only: make file URIs relative to DIR. Default: the repository
    /// root (the nearest folder above each skill that holds `.git`), else
    /// the current folder.
    #[arg(long, value_name = "DIR")]
    pub sarif_root: Option<PathBuf>,
    /// Also write this scan's report in another format to a file:
    /// FORMAT:FILE, repeatable (`--also sarif:results.sarif --also
    /// markdown:summary.md`). The exit code follows --format.
    #[arg(long, value_name = "FORMAT:FILE", value_parser = parse_also)]
    pub also: Vec<Also>,
}

/// One `--also FORMAT:FILE`.
#[derive(Debug, Clone)]
pub struct Also {
    pub format: Format,
    pub path: PathBuf,
}

fn parse_also(s: &str) -> Result<Also, String> {
    let (f, path) = s.split_once(':').ok_or_else(|| {
        format!("`{s}` is not FORMAT:FILE; write for example `--also sarif:results.sarif`")
    })?;
    let format = Format::from_str(f, true).map_err(|_| {
        format!("`{f}` in `--also {s}` is not a format; use human, json, markdown or sarif")
    })?;
    if path.is_empty() {
        return Err(format!("`--also {s}` names no file; write FORMAT:FILE"));
    }
    Ok(Also {
        format,
        path: PathBuf::from(path),
    })
}

#[derive(Args, Debug)]
pub struct RulesArgs {
    /// A rule id to explain.
    pub id: Option<String>,
    #[arg(long, short = 'f', value_enum, default_value = "human")]
    pub format: Format,
}

#[derive(Args, Debug)]
#[command(args_conflicts_with_subcommands = true)]
pub struct SslArgs {
    #[command(subcommand)]
    pub action: Option<SslAction>,
    /// Skill folders (or folders of skills).
    pub paths: Vec<PathBuf>,
    /// Use the LLM normalizer too (see README).
    #[arg(long)]
    pub llm: bool,
}

#[derive(Subcommand, Debug)]
pub enum SslAction {
    /// Validate SSL record files strictly. Exit 0 valid, 1 invalid, 2 unreadable.
    Validate {
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Accept, as warnings, three schema breaks that released
        /// annotations commit: an unknown top-level key, a scene without
        /// `scene_name`, a scene rule that targets a logic step.
        #[arg(long)]
        compat: bool,
    },
}

#[derive(Args, Debug)]
pub struct MapArgs {
    #[arg(required = true)]
    pub paths: Vec<PathBuf>,
    #[arg(long, short = 'f', value_enum, default_value = "human")]
    pub format: Format,
}

#[derive(Args, Debug)]
pub struct GateArgs {
    /// Policy file (absolute path recommended: the hook runs with no HOME or PATH).
    #[arg(long)]
    pub policy: Option<PathBuf>,
    /// Milliseconds of analysis per skill, for every pass (default 30000,
    /// or SKILLSCAN_SKILL_BUDGET_MS; the policy's `skill_budget_ms` if set).
    /// Past it the skill is incomplete. Only you set it: a skill cannot.
    #[arg(long, value_name = "MS")]
    pub skill_budget_ms: Option<u64>,
}

#[derive(Args, Debug)]
pub struct InstallArgs {
    /// The skill to install (a folder).
    pub src: PathBuf,
    /// Destination folder (created; must not exist).
    pub dest: PathBuf,
    /// Policy file (YAML). Default: ./skillscan.yml or ./.skillscan.yml.
    #[arg(long)]
    pub policy: Option<PathBuf>,
    /// Install even when the decision is `warn` (never when it is `block`).
    #[arg(long)]
    pub accept_warn: bool,
    /// Leave out paths of the skill that match GLOB (or a folder prefix):
    /// they are neither scanned nor installed; repeatable.
    #[arg(long, value_name = "GLOB")]
    pub exclude: Vec<String>,
    /// Milliseconds of analysis per skill, for every pass (default 30000,
    /// or SKILLSCAN_SKILL_BUDGET_MS; the policy's `skill_budget_ms` if set).
    /// Past it the skill is incomplete. Only you set it: a skill cannot.
    #[arg(long, value_name = "MS")]
    pub skill_budget_ms: Option<u64>,
}
