//! The policy file: what the party running the scan decides.
//!
//! A policy is YAML (`skillscan.yml`), read from `--policy FILE` or, for
//! `audit` and `install`, from `skillscan.yml` / `.skillscan.yml` in the
//! current folder. It is never read from inside an audited skill: when the
//! current folder is itself inside a skill (it or a parent has a SKILL.md),
//! no policy is discovered there, because a skill must not be able to set the
//! rules of its own scan. The gate reads only `--policy`.
//!
//! ```yaml
//! fail_on: high                      # exit 1 at or above this level
//! thresholds:                        # per-dimension level at which a skill fails
//!   data_exfiltration: medium
//!   resource_abuse: off
//! disable: [SK-HYG-004]              # or rules: {SK-HYG-004: {enabled: false}}
//! suppressions:
//!   - rule: SK-NET-001
//!     path: "scripts/*.sh"           # glob or prefix, relative to the skill
//!     skill: "weather*"              # optional: glob over the skill folder
//!     reason: "reviewed 2026-05-01"  # required
//!     expires: 2026-12-31            # optional; the last day it applies
//! accept_incomplete:                # reviewed skills the scanner cannot fully read
//!   - skill: "vendor-bundle"         # glob over the skill folder (never its declared name)
//!     digest: "sha256:9f2c…"         # the skill's content digest (JSON `digest`)
//!     reason: "bundle reviewed by hand 2026-05-01"   # required
//!     expires: 2026-12-31            # optional; the last day it applies
//! gate: {warn_as: warn, block_on_incomplete: true, max_findings: 30}
//! skill_budget_ms: 60000             # analysis budget per skill (audit, install, gate)
//! exclude: ["vendor/data/**"]        # paths in each skill not scanned (listed in notes)
//! llm: {...}                         # settings for the LLM judge
//! ```
//!
//! Suppressed findings stay in the report with their reason; scoring ignores
//! them. Expired suppressions stop applying and are reported on stderr.

use crate::cli::FailOn;
use crate::finding::Dimension;
use crate::model::SkillReport;
use crate::score::{Level, Verdict};
use serde::Deserialize;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Names looked up in the current folder, in this order.
pub const FILE_NAMES: [&str; 2] = ["skillscan.yml", ".skillscan.yml"];

/// Largest policy file read.
const MAX_POLICY_BYTES: u64 = 1024 * 1024;

/// Default internal deadline of the gate, in milliseconds (the host allows 10 s).
pub const DEFAULT_GATE_DEADLINE_MS: u64 = 8_000;

// ---------------------------------------------------------------- file shape

#[derive(Debug, Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct PolicyFile {
    #[serde(default)]
    fail_on: Option<String>,
    #[serde(default)]
    thresholds: BTreeMap<String, String>,
    #[serde(default)]
    rules: BTreeMap<String, RuleFile>,
    #[serde(default)]
    disable: Vec<String>,
    #[serde(default)]
    suppressions: Vec<SuppressionFile>,
    #[serde(default)]
    accept_incomplete: Vec<AcceptFile>,
    #[serde(default)]
    gate: Option<GateFile>,
    #[serde(default)]
    llm: BTreeMap<String, serde_json::Value>,
    #[serde(default)]
    skill_budget_ms: Option<u64>,
    #[serde(default)]
    exclude: Vec<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct AcceptFile {
    skill: String,
    digest: String,
    #[serde(default)]
    reason: Option<String>,
    #[serde(default)]
    expires: Option<String>,
}

/// A reviewed incomplete skill the policy accepts: its folder and the exact
/// content that was reviewed.
#[derive(Debug, Clone)]
pub struct Acceptance {
    pub skill: String,
    pub digest: String,
    pub reason: String,
    pub expires: Option<Date>,
}

#[derive(Debug, Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct RuleFile {
    #[serde(default)]
    enabled: Option<bool>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct SuppressionFile {
    rule: String,
    #[serde(default)]
    path: Option<String>,
    #[serde(default)]
    skill: Option<String>,
    #[serde(default)]
    reason: Option<String>,
    #[serde(default)]
    expires: Option<String>,
}

#[derive(Debug, Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct GateFile {
    #[serde(default)]
    warn_as: Option<String>,
    #[serde(default)]
    block_on_incomplete: Option<bool>,
    #[serde(default)]
    max_findings: Option<u64>,
    #[serde(default)]
    deadline_ms: Option<u64>,
    #[serde(default)]
    plugins: Option<String>,
}

// ---------------------------------------------------------------- model

/// A calendar date (proleptic Gregorian), ordered chronologically.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Date {
    pub year: i64,
    pub month: u32,
    pub day: u32,
}

impl Date {
    /// Parses `YYYY-MM-DD` strictly.
    pub fn parse(s: &str) -> Option<Date> {
        let b = s.as_bytes();
        if b.len() != 10 || b[4] != b'-' || b[7] != b'-' {
            return None;
        }
        let digits = |r: std::ops::Range<usize>| -> Option<u32> {
            let part = s.get(r)?;
            if part.bytes().all(|c| c.is_ascii_digit()) {
                part.parse().ok()
            } else {
                None
            }
        };
        let year = digits(0..4)? as i64;
        let month = digits(5..7)?;
        let day = digits(8..10)?;
        if !(1..=12).contains(&month) || day < 1 || day > days_in_month(year, month) {
            return None;
        }
        Some(Date { year, month, day })
    }

    /// The civil date of a count of days since 1970-01-01.
    pub fn from_days(z: i64) -> Date {
        // Howard Hinnant's `civil_from_days`.
        let z = z + 719_468;
        let era = z.div_euclid(146_097);
        let doe = z.rem_euclid(146_097);
        let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        let mp = (5 * doy + 2) / 153;
        let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
        let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
        let year = yoe + era * 400 + i64::from(month <= 2);
        Date { year, month, day }
    }

    /// Today's date: `SKILLSCAN_TODAY` (`YYYY-MM-DD`) when set, else the
    /// system clock in UTC.
    pub fn today() -> Result<Date, String> {
        if let Some(v) = std::env::var_os("SKILLSCAN_TODAY") {
            let s = v.to_string_lossy();
            return Date::parse(s.trim()).ok_or_else(|| {
                format!(
                    "SKILLSCAN_TODAY is `{}`, not a date: write it as YYYY-MM-DD or unset it",
                    crate::text::escape_display(&s)
                )
            });
        }
        let secs = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_secs())
            .unwrap_or(0);
        Ok(Date::from_days((secs / 86_400) as i64))
    }
}

impl std::fmt::Display for Date {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }
}

fn days_in_month(y: i64, m: u32) -> u32 {
    match m {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        _ if (y % 4 == 0 && y % 100 != 0) || y % 400 == 0 => 29,
        _ => 28,
    }
}

/// One active suppression.
#[derive(Debug, Clone)]
pub struct Suppression {
    /// Canonical rule id.
    pub rule: String,
    /// Glob or prefix over the finding's path, relative to the skill.
    pub path: Option<String>,
    /// Glob over the skill's folder path or folder name (never its
    /// self-declared name).
    pub skill: Option<String>,
    pub reason: String,
    pub expires: Option<Date>,
}

/// What the gate does with a `warn`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WarnAs {
    /// Answer `warn` (OpenClaw asks the user to acknowledge).
    Warn,
    /// Answer `allow` with the findings (for hosts that do not support `warn`).
    Allow,
}

/// How the gate treats `targetType: plugin`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PluginMode {
    /// Scan plugin folders like skills (a missing SKILL.md is not an error).
    Scan,
    /// Allow plugins with an info finding, unscanned.
    Allow,
}

/// The `gate:` section.
#[derive(Debug, Clone)]
pub struct GateSettings {
    pub warn_as: WarnAs,
    /// Block when the analysis is incomplete (default true: fail closed).
    pub block_on_incomplete: bool,
    /// Findings sent to the host (1 to 100; default 30).
    pub max_findings: usize,
    /// Internal deadline in milliseconds.
    pub deadline_ms: u64,
    pub plugins: PluginMode,
}

impl Default for GateSettings {
    fn default() -> Self {
        Self {
            warn_as: WarnAs::Warn,
            block_on_incomplete: true,
            max_findings: 30,
            deadline_ms: DEFAULT_GATE_DEADLINE_MS,
            plugins: PluginMode::Scan,
        }
    }
}

/// A loaded, validated policy.
#[derive(Debug, Clone)]
pub struct Policy {
    /// Where it was read from.
    pub path: PathBuf,
    fail_on: Option<FailOn>,
    /// Per-dimension level at which a skill fails; `None` = never.
    thresholds: BTreeMap<Dimension, Option<Level>>,
    disabled: BTreeSet<String>,
    suppressions: Vec<Suppression>,
    accepted: Vec<Acceptance>,
    warnings: Vec<String>,
    pub gate: GateSettings,
    llm: BTreeMap<String, serde_json::Value>,
    /// Milliseconds of analysis per skill (`skill_budget_ms`), when set.
    pub skill_budget_ms: Option<u64>,
    /// Paths in each skill the user chose not to scan (`exclude`).
    pub exclude: Vec<String>,
}

fn parse_fail_on(s: &str) -> Option<FailOn> {
    Some(match s.trim().to_ascii_lowercase().as_str() {
        "none" | "off" | "never" => FailOn::None,
        "low" => FailOn::Low,
        "medium" => FailOn::Medium,
        "high" => FailOn::High,
        "critical" => FailOn::Critical,
        _ => return None,
    })
}

fn fail_on_level(f: FailOn) -> Option<Level> {
    match f {
        FailOn::None => None,
        FailOn::Low => Some(Level::Low),
        FailOn::Medium => Some(Level::Medium),
        FailOn::High => Some(Level::High),
        FailOn::Critical => Some(Level::Critical),
    }
}

fn canonical_rule(id: &str, place: &str) -> Result<String, String> {
    match crate::rules::get(id.trim()) {
        Some(d) => Ok(d.id.clone()),
        None => Err(format!(
            "unknown rule id `{}` in {place}. Run `skillscan rules` to list the rule ids.",
            crate::text::escape_display(id)
        )),
    }
}

impl Policy {
    /// Finds the policy: `explicit` (must exist and be valid), else none with
    /// `no_policy`, else `skillscan.yml` / `.skillscan.yml` in the current
    /// folder unless that folder is inside a skill. Warnings (expired
    /// suppressions, ignored files) go to stderr.
    pub fn discover(explicit: Option<&Path>, no_policy: bool) -> Result<Option<Policy>, String> {
        if let Some(p) = explicit {
            if no_policy {
                return Err(format!(
                    "--policy {} and --no-policy contradict each other; pass only one",
                    p.display()
                ));
            }
            return Policy::load(p).map(Some);
        }
        if no_policy {
            return Ok(None);
        }
        let Ok(cwd) = std::env::current_dir() else {
            return Ok(None);
        };
        let found: Vec<PathBuf> = FILE_NAMES
            .iter()
            .map(|n| cwd.join(n))
            .filter(|p| p.is_file())
            .collect();
        if found.is_empty() {
            return Ok(None);
        }
        if let Some(skill_dir) = enclosing_skill(&cwd) {
            eprintln!(
                "skillscan: warning: not reading {}: {} is a skill folder (it has a SKILL.md), and a skill cannot set the policy of its own scan. Pass --policy FILE to use a policy.",
                found[0].display(),
                skill_dir.display()
            );
            return Ok(None);
        }
        if found.len() > 1 {
            return Err(format!(
                "both {} and {} exist; keep one of them, or pass --policy FILE",
                found[0].display(),
                found[1].display()
            ));
        }
        Policy::load(&found[0]).map(Some)
    }

    /// Reads and validates a policy file. Errors name the file and the problem.
    pub fn load(path: &Path) -> Result<Policy, String> {
        let text = read_policy_file(path)?;
        let today = Date::today()?;
        let p = Policy::parse(&text, path, today)?;
        for w in &p.warnings {
            eprintln!("skillscan: warning: {w}");
        }
        Ok(p)
    }

    /// Parses policy text; `path` is only used in messages.
    pub fn parse(text: &str, path: &Path, today: Date) -> Result<Policy, String> {
        let shown = path.display().to_string();
        let err = |m: String| format!("policy file {shown}: {m}");
        let file: PolicyFile = if text.trim().is_empty() {
            PolicyFile::default()
        } else {
            serde_saphyr::from_str(text).map_err(|e| {
                let msg = e.to_string();
                let msg = msg.trim_start_matches("error: ").trim_end().replace("<input>", &shown);
                err(format!(
                    "{msg}\nFix the YAML; the keys are fail_on, thresholds, rules, disable, suppressions, accept_incomplete, gate and llm (see docs/policy.md)."
                ))
            })?
        };

        let fail_on = match &file.fail_on {
            None => None,
            Some(s) => Some(parse_fail_on(s).ok_or_else(|| {
                err(format!(
                    "fail_on is `{}`; use one of none, low, medium, high, critical",
                    crate::text::escape_display(s)
                ))
            })?),
        };

        let mut thresholds = BTreeMap::new();
        for (k, v) in &file.thresholds {
            let d = Dimension::parse(k.trim()).ok_or_else(|| {
                err(format!(
                    "thresholds: unknown dimension `{}`; use {}",
                    crate::text::escape_display(k),
                    Dimension::ALL.map(|d| d.as_str()).join(", ")
                ))
            })?;
            let lvl = match v.trim().to_ascii_lowercase().as_str() {
                "off" | "never" | "none" => None,
                s => match Level::parse(s) {
                    Some(l) => Some(l),
                    None => {
                        return Err(err(format!(
                            "thresholds.{k}: `{}` is not a level; use low, medium, high, critical or off",
                            crate::text::escape_display(v)
                        )));
                    }
                },
            };
            thresholds.insert(d, lvl);
        }

        let mut disabled = BTreeSet::new();
        for id in &file.disable {
            disabled.insert(canonical_rule(id, "disable").map_err(err)?);
        }
        for (id, cfg) in &file.rules {
            let id = canonical_rule(id, "rules").map_err(err)?;
            if cfg.enabled == Some(false) {
                disabled.insert(id);
            }
        }

        let mut suppressions = Vec::new();
        let mut warnings = Vec::new();
        for (i, s) in file.suppressions.iter().enumerate() {
            let place = format!("suppressions[{i}]");
            let rule = canonical_rule(&s.rule, &place).map_err(err)?;
            let reason = s.reason.as_deref().map(str::trim).unwrap_or("");
            if reason.is_empty() {
                return Err(err(format!(
                    "{place} ({rule}) has no reason; every suppression needs `reason: ...` saying why the finding is accepted"
                )));
            }
            let expires = match &s.expires {
                None => None,
                Some(e) => Some(Date::parse(e.trim()).ok_or_else(|| {
                    err(format!(
                        "{place} ({rule}): expires is `{}`, not a date; write it as YYYY-MM-DD",
                        crate::text::escape_display(e)
                    ))
                })?),
            };
            let norm = |g: &Option<String>| {
                g.as_deref()
                    .map(normalize_rel)
                    .filter(|g| !g.is_empty() && g != "**")
            };
            let sup = Suppression {
                rule,
                path: norm(&s.path),
                skill: s
                    .skill
                    .as_deref()
                    .map(normalize_rel)
                    .filter(|g| !g.is_empty()),
                reason: reason.to_string(),
                expires,
            };
            match expires {
                Some(e) if e < today => warnings.push(format!(
                    "{shown}: suppression for {}{} expired on {e}; it no longer applies",
                    sup.rule,
                    sup.path
                        .as_deref()
                        .map(|p| format!(" in {}", crate::text::escape_display(p)))
                        .unwrap_or_default()
                )),
                _ => suppressions.push(sup),
            }
        }

        let accepted = parse_acceptances(&file.accept_incomplete, today, &shown, &mut warnings)
            .map_err(err)?;

        let mut gate = GateSettings::default();
        if let Some(g) = &file.gate {
            if let Some(w) = &g.warn_as {
                gate.warn_as = match w.trim() {
                    "warn" => WarnAs::Warn,
                    "allow" => WarnAs::Allow,
                    _ => {
                        return Err(err(format!(
                            "gate.warn_as is `{}`; use warn or allow",
                            crate::text::escape_display(w)
                        )));
                    }
                };
            }
            if let Some(b) = g.block_on_incomplete {
                gate.block_on_incomplete = b;
            }
            if let Some(n) = g.max_findings {
                if !(1..=100).contains(&n) {
                    return Err(err(format!(
                        "gate.max_findings is {n}; use 1 to 100 (OpenClaw keeps at most 100)"
                    )));
                }
                gate.max_findings = n as usize;
            }
            if let Some(ms) = g.deadline_ms {
                if !(100..=3_600_000).contains(&ms) {
                    return Err(err(format!(
                        "gate.deadline_ms is {ms}; use 100 to 3600000 and keep it below the hook's timeoutMs"
                    )));
                }
                gate.deadline_ms = ms;
            }
            if let Some(p) = &g.plugins {
                gate.plugins = match p.trim() {
                    "scan" => PluginMode::Scan,
                    "allow" => PluginMode::Allow,
                    _ => {
                        return Err(err(format!(
                            "gate.plugins is `{}`; use scan or allow",
                            crate::text::escape_display(p)
                        )));
                    }
                };
            }
        }

        Ok(Policy {
            path: path.to_path_buf(),
            fail_on,
            thresholds,
            disabled,
            suppressions,
            accepted,
            warnings,
            gate,
            llm: file.llm,
            skill_budget_ms: file.skill_budget_ms,
            exclude: file.exclude,
        })
    }

    /// The options of an audit under this policy (no policy: `None`): its
    /// disabled rules, its `exclude` globs and `extra_exclude` (the command
    /// line's), and the per-skill budget (`flag_ms`, else the policy's
    /// `skill_budget_ms`, else the default).
    pub fn audit_options(
        policy: Option<&Policy>,
        extra_exclude: &[String],
        flag_ms: Option<u64>,
    ) -> crate::audit::AuditOptions {
        let mut opts = crate::audit::AuditOptions::default();
        if let Some(p) = policy {
            opts.disabled_rules = p.disabled_rules();
            opts.exclude = p.exclude.clone();
        }
        opts.exclude.extend(extra_exclude.iter().cloned());
        opts.skill_budget = flag_ms
            .or_else(|| policy.and_then(|p| p.skill_budget_ms))
            .map(std::time::Duration::from_millis);
        opts
    }

    /// Rule ids the policy turns off.
    pub fn disabled_rules(&self) -> BTreeSet<String> {
        self.disabled.clone()
    }

    /// Marks findings matched by an active suppression as suppressed (with
    /// its reason). Call `rescore` afterwards.
    pub fn apply(&self, r: &mut SkillReport) {
        let skill_names = skill_keys(r);
        for f in &mut r.findings {
            if f.suppressed.is_some() {
                continue;
            }
            let path = normalize_rel(&f.location.path);
            if let Some(s) = self.suppressions.iter().find(|s| {
                s.rule == f.rule_id
                    && s.path.as_deref().is_none_or(|g| path_matches(g, &path))
                    && s.skill
                        .as_deref()
                        .is_none_or(|g| skill_names.iter().any(|n| glob_match(g, n)))
            }) {
                f.suppressed = Some(s.reason.clone());
            }
        }
        self.accept_incomplete(r);
    }

    /// A reviewed incomplete skill: when an unexpired acceptance names this
    /// skill's folder and its exact content digest, the reasons it is
    /// incomplete become notes and the analysis counts as complete. The
    /// policy is the user's (never read from inside a skill), so a skill
    /// cannot accept itself; any change to the skill changes its digest.
    fn accept_incomplete(&self, r: &mut SkillReport) {
        if r.complete || self.accepted.is_empty() {
            return;
        }
        let names = skill_keys(r);
        let digest = r.skill.digest();
        let Some(a) = self
            .accepted
            .iter()
            .find(|a| a.digest == digest && names.iter().any(|n| glob_match(&a.skill, n)))
        else {
            return;
        };
        for e in std::mem::take(&mut r.errors) {
            r.notes.push(format!("accepted incomplete: {e}"));
        }
        r.notes.push(format!(
            "incomplete analysis accepted by the policy {} for {digest}: {}",
            self.path.display(),
            a.reason
        ));
        r.complete = true;
    }

    /// Re-derives the verdict from the per-dimension thresholds: `fail` when
    /// a dimension reaches its threshold (default high), `warn` when one is
    /// medium or above, else `pass`. Call after `rescore`.
    pub fn apply_thresholds(&self, r: &mut SkillReport) {
        if self.thresholds.is_empty() {
            return;
        }
        let fails = r.risk.iter().any(|(d, s)| {
            let t = self.thresholds.get(d).copied().unwrap_or(Some(Level::High));
            t.is_some_and(|t| s.level >= t)
        });
        let worst = r
            .risk
            .values()
            .map(|s| s.level)
            .max()
            .unwrap_or(Level::None);
        r.verdict = if fails {
            Verdict::Fail
        } else if worst >= Level::Medium {
            Verdict::Warn
        } else {
            Verdict::Pass
        };
    }

    /// The policy's `fail_on`, if set.
    pub fn fail_on(&self) -> Option<FailOn> {
        self.fail_on
    }

    /// The per-dimension threshold: `Some(Some(level))`, `Some(None)` for
    /// `off`, `None` when the policy does not set one.
    pub fn threshold(&self, d: Dimension) -> Option<Option<Level>> {
        self.thresholds.get(&d).copied()
    }

    /// Active (unexpired) suppressions.
    pub fn suppressions(&self) -> &[Suppression] {
        &self.suppressions
    }

    /// Messages about the policy itself (expired suppressions).
    pub fn warnings(&self) -> &[String] {
        &self.warnings
    }

    /// The `llm:` section, unvalidated (the judge reads it).
    pub fn llm(&self) -> &BTreeMap<String, serde_json::Value> {
        &self.llm
    }
}

/// The level at which dimension `d` fails: its policy threshold, else
/// `--fail-on` from the command line, else the policy's `fail_on`, else high.
/// `None` means it never fails. `--fail-on none` turns every level off.
pub fn fail_level(policy: Option<&Policy>, cli: Option<FailOn>, d: Dimension) -> Option<Level> {
    if cli == Some(FailOn::None) {
        return None;
    }
    if let Some(t) = policy.and_then(|p| p.threshold(d)) {
        return t;
    }
    let global = cli
        .or(policy.and_then(|p| p.fail_on()))
        .unwrap_or(FailOn::High);
    fail_on_level(global)
}

/// Whether a report fails the policy (drives exit code 1 and the gate's block).
pub fn fails(policy: Option<&Policy>, cli: Option<FailOn>, r: &SkillReport) -> bool {
    r.risk
        .iter()
        .any(|(d, s)| fail_level(policy, cli, *d).is_some_and(|l| s.level >= l))
}

/// The `accept_incomplete` entries; expired ones become warnings.
fn parse_acceptances(
    list: &[AcceptFile],
    today: Date,
    shown: &str,
    warnings: &mut Vec<String>,
) -> Result<Vec<Acceptance>, String> {
    let mut out = Vec::new();
    for (i, a) in list.iter().enumerate() {
        let place = format!("accept_incomplete[{i}]");
        let reason = a.reason.as_deref().map(str::trim).unwrap_or("");
        if reason.is_empty() {
            return Err(format!(
                "{place} has no reason; say who reviewed the skill and why its incomplete analysis is accepted (`reason: ...`)"
            ));
        }
        let digest = a.digest.trim().to_ascii_lowercase();
        let hex = digest.strip_prefix("sha256:").unwrap_or("");
        if hex.len() != 64 || !hex.bytes().all(|b| b.is_ascii_hexdigit()) {
            return Err(format!(
                "{place}: digest `{}` is not `sha256:` and 64 hex digits; copy the skill's `digest` from `skillscan audit --format json`",
                crate::text::escape_display(&a.digest)
            ));
        }
        let skill = normalize_rel(&a.skill);
        if skill.is_empty() {
            return Err(format!(
                "{place}: skill is empty; name the skill folder (a glob)"
            ));
        }
        let expires = match &a.expires {
            None => None,
            Some(e) => Some(Date::parse(e.trim()).ok_or_else(|| {
                format!(
                    "{place}: expires is `{}`, not a date; write it as YYYY-MM-DD",
                    crate::text::escape_display(e)
                )
            })?),
        };
        match expires {
            Some(e) if e < today => warnings.push(format!(
                "{shown}: the acceptance of incomplete skill {} expired on {e}; it no longer applies",
                crate::text::escape_display(&skill)
            )),
            _ => out.push(Acceptance {
                skill,
                digest,
                reason: reason.to_string(),
                expires,
            }),
        }
    }
    Ok(out)
}

/// Reads a policy file with a size cap; the error says what to do.
fn read_policy_file(path: &Path) -> Result<String, String> {
    let shown = path.display();
    let buf = read_capped_file(path, MAX_POLICY_BYTES, "policy file")
        .map_err(|m| format!("{m}. Check the path, or run without --policy."))?;
    String::from_utf8(buf).map_err(|_| format!("policy file {shown} is not UTF-8 text"))
}

/// Reads a regular file of at most `cap` bytes. The error names `what` and
/// the path and says what went wrong; callers add what to do.
pub fn read_capped_file(path: &Path, cap: u64, what: &str) -> Result<Vec<u8>, String> {
    use std::io::Read;
    let shown = crate::text::escape_display(&path.display().to_string());
    let cannot = |e: std::io::Error| format!("cannot read {what} {shown}: {e}");
    let f = std::fs::File::open(path).map_err(cannot)?;
    // Checked on the open handle: the path may have been swapped.
    if !f.metadata().map_err(cannot)?.is_file() {
        return Err(format!("{what} {shown} is not a regular file"));
    }
    let mut buf = Vec::new();
    f.take(cap + 1).read_to_end(&mut buf).map_err(cannot)?;
    if buf.len() as u64 > cap {
        return Err(format!("{what} {shown} is larger than {cap} bytes"));
    }
    Ok(buf)
}

/// The nearest folder at or above `dir` that holds a SKILL.md.
fn enclosing_skill(dir: &Path) -> Option<PathBuf> {
    dir.ancestors()
        .find(|a| ["SKILL.md", "skill.md"].iter().any(|m| a.join(m).is_file()))
        .map(Path::to_path_buf)
}

/// `/`-separated, without `./` prefixes or trailing `/`.
pub fn normalize_rel(p: &str) -> String {
    let mut s = p.trim().replace('\\', "/");
    while let Some(r) = s.strip_prefix("./") {
        s = r.to_string();
    }
    while s.len() > 1 && s.ends_with('/') {
        s.pop();
    }
    s
}

/// The names a suppression's `skill` glob is matched against: the skill's
/// folder as scanned and its last component (the gate sets the path to the
/// host's `targetName`). Never the `name` the skill declares for itself: a
/// skill could claim the name of one the policy trusts.
fn skill_keys(r: &SkillReport) -> Vec<String> {
    let path = normalize_rel(&r.path);
    let last = path.rsplit('/').next().unwrap_or("").to_string();
    vec![path, last]
}

/// A suppression path: a glob when it has `*`, `?` or `[`; otherwise the
/// path itself or a folder prefix.
pub fn path_matches(pattern: &str, path: &str) -> bool {
    if pattern.contains(['*', '?', '[']) {
        glob_match(pattern, path)
    } else {
        path == pattern
            || path
                .strip_prefix(pattern)
                .is_some_and(|r| r.starts_with('/'))
    }
}

/// Glob over `/`-separated paths: `*` and `?` stay inside one segment, `**`
/// spans any number of segments, `[abc]` / `[a-z]` / `[!x]` are classes.
pub fn glob_match(pattern: &str, path: &str) -> bool {
    let pat: Vec<&str> = pattern.split('/').collect();
    let segs: Vec<&str> = path.split('/').collect();
    match_segments(&pat, &segs)
}

fn match_segments(pat: &[&str], segs: &[&str]) -> bool {
    match pat.split_first() {
        None => segs.is_empty(),
        Some((&"**", rest)) => (0..=segs.len()).any(|i| match_segments(rest, &segs[i..])),
        Some((p, rest)) => match segs.split_first() {
            Some((s, srest)) => {
                let pc: Vec<char> = p.chars().collect();
                let sc: Vec<char> = s.chars().collect();
                match_segment(&pc, &sc) && match_segments(rest, srest)
            }
            None => false,
        },
    }
}

/// One segment, iteratively with backtracking on the last `*` (linear-ish,
/// no exponential blow-up on hostile patterns).
fn match_segment(p: &[char], s: &[char]) -> bool {
    let (mut pi, mut si) = (0, 0);
    let mut star: Option<(usize, usize)> = None;
    while si < s.len() {
        if pi < p.len() {
            match p[pi] {
                '*' => {
                    star = Some((pi, si));
                    pi += 1;
                    continue;
                }
                '?' => {
                    pi += 1;
                    si += 1;
                    continue;
                }
                '[' => {
                    if let Some((ok, next)) = class_match(p, pi, s[si]) {
                        if ok {
                            pi = next;
                            si += 1;
                            continue;
                        }
                    } else if s[si] == '[' {
                        pi += 1;
                        si += 1;
                        continue;
                    }
                }
                c if c == s[si] => {
                    pi += 1;
                    si += 1;
                    continue;
                }
                _ => {}
            }
        }
        match star {
            Some((sp, ss)) => {
                pi = sp + 1;
                si = ss + 1;
                star = Some((sp, ss + 1));
            }
            None => return false,
        }
    }
    p[pi..].iter().all(|&c| c == '*')
}

/// Matches `c` against the class starting at `p[i] == '['`; returns
/// (matched, index after `]`), or `None` when the class is not closed.
fn class_match(p: &[char], i: usize, c: char) -> Option<(bool, usize)> {
    let mut j = i + 1;
    let negate = matches!(p.get(j), Some('!') | Some('^'));
    if negate {
        j += 1;
    }
    let mut hit = false;
    let mut first = true;
    while j < p.len() {
        if p[j] == ']' && !first {
            return Some((hit != negate, j + 1));
        }
        first = false;
        if j + 2 < p.len() && p[j + 1] == '-' && p[j + 2] != ']' {
            if p[j] <= c && c <= p[j + 2] {
                hit = true;
            }
            j += 3;
        } else {
            if p[j] == c {
                hit = true;
            }
            j += 1;
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(s: &str) -> Date {
        Date::parse(s).unwrap()
    }

    fn parse(t: &str) -> Result<Policy, String> {
        Policy::parse(t, Path::new("p.yml"), day("2026-06-01"))
    }

    #[test]
    fn dates_round_trip_and_reject_nonsense() {
        assert_eq!(Date::from_days(0).to_string(), "1970-01-01");
        assert_eq!(Date::from_days(19_782).to_string(), "2024-02-29");
        assert_eq!(Date::from_days(20_454).to_string(), "2026-01-01");
        assert!(Date::parse("2026-02-29").is_none());
        assert!(Date::parse("2024-02-29").is_some());
        assert!(Date::parse("2026-13-01").is_none());
        assert!(Date::parse("2026-1-01").is_none());
        assert!(Date::parse("２０２６-01-01").is_none());
        assert!(day("2026-01-31") < day("2026-02-01"));
    }

    #[test]
    fn globs() {
        assert!(glob_match("scripts/*.sh", "scripts/a.sh"));
        assert!(!glob_match("scripts/*.sh", "scripts/x/a.sh"));
        assert!(glob_match("**/*.sh", "a/b/c.sh"));
        assert!(glob_match("**/*.sh", "c.sh"));
        assert!(glob_match("s?ill-[a-c]*", "skill-b1"));
        assert!(!glob_match("[!a]x", "ax"));
        assert!(path_matches("scripts", "scripts/a.sh"));
        assert!(!path_matches("scripts", "scripts2/a.sh"));
        assert!(path_matches("SKILL.md", "SKILL.md"));
        // A hostile pattern stays fast.
        let p = "*a*a*a*a*a*a*a*a*a*a*a*a*b";
        assert!(!glob_match(p, &"a".repeat(5000)));
    }

    #[test]
    fn full_policy_parses() {
        let p = parse(
            "fail_on: medium\nthresholds: {data_exfiltration: low, resource_abuse: off}\n\
             disable: [sk-hyg-004]\nrules: {SK-HYG-003: {enabled: false}, SK-HYG-001: {enabled: true}}\n\
             suppressions:\n  - {rule: SK-EXEC-001, path: scripts, reason: ok, expires: 2026-06-01}\n\
             gate: {warn_as: allow, block_on_incomplete: false, max_findings: 10}\nllm: {model: x}\n",
        )
        .unwrap();
        assert_eq!(p.fail_on(), Some(FailOn::Medium));
        assert_eq!(
            p.threshold(Dimension::DataExfiltration),
            Some(Some(Level::Low))
        );
        assert_eq!(p.threshold(Dimension::ResourceAbuse), Some(None));
        assert_eq!(
            p.disabled_rules().into_iter().collect::<Vec<_>>(),
            vec!["SK-HYG-003".to_string(), "SK-HYG-004".to_string()]
        );
        // Expires on the day itself: still applies.
        assert_eq!(p.suppressions().len(), 1);
        assert!(p.warnings().is_empty());
        assert_eq!(p.gate.warn_as, WarnAs::Allow);
        assert_eq!(p.gate.max_findings, 10);
        assert!(p.llm().contains_key("model"));
    }

    #[test]
    fn expired_suppressions_are_dropped_and_reported() {
        let p = parse("suppressions:\n  - {rule: SK-EXEC-001, reason: ok, expires: 2026-05-31}\n")
            .unwrap();
        assert!(p.suppressions().is_empty());
        assert_eq!(
            p.warnings(),
            ["p.yml: suppression for SK-EXEC-001 expired on 2026-05-31; it no longer applies"]
        );
    }

    #[test]
    fn errors_name_the_problem() {
        let e = parse("fail_on: high\nbogus: 1\n").unwrap_err();
        assert!(e.contains("p.yml") && e.contains("bogus"), "{e}");
        let e = parse("disable: [SK-NOPE-999]\n").unwrap_err();
        assert!(e.contains("SK-NOPE-999"), "{e}");
        let e = parse("suppressions:\n  - {rule: SK-EXEC-001}\n").unwrap_err();
        assert!(e.contains("reason"), "{e}");
        let e = parse("thresholds: {exfil: high}\n").unwrap_err();
        assert!(e.contains("exfil"), "{e}");
        let e = parse("suppressions:\n  - {rule: SK-EXEC-001, reason: x, expires: soon}\n")
            .unwrap_err();
        assert!(e.contains("soon"), "{e}");
        let e = parse("gate: {max_findings: 500}\n").unwrap_err();
        assert!(e.contains("max_findings"), "{e}");
        assert!(parse("fail_on: [1\n").is_err());
        assert!(parse("").is_ok());
    }

    #[test]
    fn fail_levels_combine_cli_policy_and_thresholds() {
        let p = parse("fail_on: critical\nthresholds: {destructive: low}\n").unwrap();
        let d = Dimension::Destructive;
        let c = Dimension::CovertExecution;
        assert_eq!(fail_level(Some(&p), None, d), Some(Level::Low));
        assert_eq!(fail_level(Some(&p), None, c), Some(Level::Critical));
        assert_eq!(
            fail_level(Some(&p), Some(FailOn::Medium), c),
            Some(Level::Medium)
        );
        assert_eq!(fail_level(Some(&p), Some(FailOn::None), d), None);
        assert_eq!(fail_level(None, None, c), Some(Level::High));
    }
}
