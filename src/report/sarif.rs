//! SARIF 2.1.0 for GitHub code scanning (`engineering.md` §1).
//!
//! One run, `tool.driver.name = "skillscan"`, every rule in `rules[]`
//! (sorted by id), one primary location per result with a relative,
//! percent-encoded, `/`-separated URI, our own `partialFingerprints` key and
//! never `primaryLocationLineHash`. Suppressed findings are left out (GitHub
//! ignores `suppressions` and would open alerts for them). Results are capped
//! per rule per file and in total, with a notification saying so, so that a
//! pathological skill cannot get the upload rejected. `automationDetails` is
//! emitted only for an explicit category: otherwise it would override the
//! `category:` input of `upload-sarif`.

use super::ReportInput;
use crate::evidence::Location as SkillLocation;
use crate::finding::{Confidence, Dimension, Finding, Severity};
use crate::model::SkillReport;
use crate::rules::{self, RuleDef};
use serde::Serialize;
use std::collections::BTreeMap;
use std::path::{Component, Path, PathBuf};

/// The `$schema` GitHub's documentation uses.
const SCHEMA_URI: &str = "https://json.schemastore.org/sarif-2.1.0.json";
/// The project's home page (`tool.driver.informationUri`).
pub const INFORMATION_URI: &str = "https://github.com/skillscan/skillscan";
/// Rule documentation; each rule's `helpUri` is this plus `#<id-lowercase>`.
pub const RULES_DOC_URI: &str = "https://github.com/skillscan/skillscan/blob/main/docs/rules.md";
/// At most this many results per rule per file.
pub const MAX_RESULTS_PER_RULE_PER_FILE: usize = 100;
/// At most this many results in the run (GitHub shows the top 5,000).
pub const MAX_RESULTS: usize = 5_000;
/// At most this many steps per code flow (GitHub shows 1,000, rejects 10,000).
const MAX_FLOW_STEPS: usize = 1_000;
/// GitHub: at most 20 tags per rule.
const MAX_TAGS: usize = 20;
/// GitHub: short and full descriptions at most 1,024 characters.
const MAX_DESCRIPTION_CHARS: usize = 1_024;
/// Bounds on hostile text copied into the log.
const MAX_MESSAGE_CHARS: usize = 2_000;
const MAX_SNIPPET_CHARS: usize = 2_000;
const MAX_NOTE_CHARS: usize = 500;

#[derive(Serialize)]
struct Log<'a> {
    #[serde(rename = "$schema")]
    schema: &'static str,
    version: &'static str,
    runs: [Run<'a>; 1],
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Run<'a> {
    tool: Tool,
    #[serde(skip_serializing_if = "Option::is_none")]
    automation_details: Option<AutomationDetails>,
    invocations: [Invocation; 1],
    column_kind: &'static str,
    results: Vec<SarifResult<'a>>,
}

#[derive(Serialize)]
struct Tool {
    driver: Driver,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Driver {
    name: &'static str,
    version: &'static str,
    semantic_version: &'static str,
    information_uri: &'static str,
    rules: Vec<Descriptor>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Descriptor {
    id: String,
    /// The severity the descriptor ranks its results at.
    #[serde(skip)]
    severity: Severity,
    name: String,
    short_description: Text,
    full_description: Text,
    help_uri: String,
    help: Help,
    default_configuration: Configuration,
    properties: RuleProperties,
}

#[derive(Serialize)]
struct Text {
    text: String,
}

#[derive(Serialize)]
struct Help {
    text: String,
    markdown: String,
}

#[derive(Serialize)]
struct Configuration {
    level: &'static str,
}

#[derive(Serialize)]
struct RuleProperties {
    tags: Vec<String>,
    precision: &'static str,
    #[serde(rename = "security-severity", skip_serializing_if = "Option::is_none")]
    security_severity: Option<&'static str>,
    #[serde(rename = "problem.severity", skip_serializing_if = "Option::is_none")]
    problem_severity: Option<&'static str>,
}

#[derive(Serialize)]
struct AutomationDetails {
    id: String,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Invocation {
    execution_successful: bool,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    tool_execution_notifications: Vec<Notification>,
}

#[derive(Serialize)]
struct Notification {
    level: &'static str,
    message: Text,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    locations: Vec<SarifLocation>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct SarifResult<'a> {
    rule_id: String,
    rule_index: usize,
    level: &'static str,
    message: Text,
    locations: [SarifLocation; 1],
    #[serde(skip_serializing_if = "Vec::is_empty")]
    code_flows: Vec<CodeFlow>,
    partial_fingerprints: Fingerprints,
    properties: ResultProperties<'a>,
}

#[derive(Serialize)]
struct Fingerprints {
    #[serde(rename = "skillscan/v1")]
    v1: String,
}

#[derive(Serialize)]
struct ResultProperties<'a> {
    severity: &'static str,
    confidence: &'static str,
    dimensions: Vec<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    logic_step_id: Option<&'a str>,
    skill: &'a str,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct SarifLocation {
    physical_location: PhysicalLocation,
    #[serde(skip_serializing_if = "Option::is_none")]
    message: Option<Text>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct PhysicalLocation {
    artifact_location: ArtifactLocation,
    #[serde(skip_serializing_if = "Option::is_none")]
    region: Option<Region>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ArtifactLocation {
    uri: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    uri_base_id: Option<&'static str>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Region {
    start_line: usize,
    start_column: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    end_line: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    end_column: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    snippet: Option<Text>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct CodeFlow {
    thread_flows: [ThreadFlow; 1],
}

#[derive(Serialize)]
struct ThreadFlow {
    locations: Vec<ThreadFlowLocation>,
}

#[derive(Serialize)]
struct ThreadFlowLocation {
    importance: &'static str,
    location: SarifLocation,
}

/// SARIF `level` for a severity.
fn level(s: Severity) -> &'static str {
    match s {
        Severity::Critical | Severity::High => "error",
        Severity::Medium => "warning",
        Severity::Low | Severity::Info => "note",
    }
}

/// GitHub's `security-severity` (a string; > 9.0 critical, 7.0–8.9 high,
/// 4.0–6.9 medium, 0.1–3.9 low).
fn security_severity(s: Severity) -> &'static str {
    match s {
        Severity::Critical => "9.5",
        Severity::High => "8.0",
        Severity::Medium => "5.5",
        Severity::Low => "3.0",
        Severity::Info => "1.0",
    }
}

/// GitHub's `problem.severity`, for rules that are not security rules.
fn problem_severity(s: Severity) -> &'static str {
    match s {
        Severity::Critical | Severity::High => "error",
        Severity::Medium => "warning",
        Severity::Low | Severity::Info => "recommendation",
    }
}

fn precision(c: Confidence) -> &'static str {
    match c {
        Confidence::High => "high",
        Confidence::Medium => "medium",
        Confidence::Low => "low",
    }
}

/// Caps `s` at `max` characters, marking the cut with an ellipsis.
fn cap(s: &str, max: usize) -> String {
    match s.char_indices().nth(max) {
        None => s.to_string(),
        Some((i, _)) => {
            let mut t = s[..i].to_string();
            t.pop();
            t.push('…');
            t
        }
    }
}

/// `Remote code piped to shell` → `RemoteCodePipedToShell` (ASCII only).
fn pascal_case(title: &str) -> String {
    let mut out = String::new();
    for word in title.split(|c: char| !c.is_ascii_alphanumeric()) {
        let mut cs = word.chars();
        if let Some(first) = cs.next() {
            out.push(first.to_ascii_uppercase());
            out.extend(cs);
        }
    }
    out.truncate(255);
    out
}

/// A non-empty text: GitHub rejects empty strings in required properties.
fn non_empty(s: &str, fallback: &str) -> String {
    let t = s.trim();
    if t.is_empty() {
        fallback.to_string()
    } else {
        t.to_string()
    }
}

/// What a rule descriptor is made of.
struct RuleFacts<'a> {
    id: &'a str,
    title: &'a str,
    dimensions: &'a [Dimension],
    cwe: &'a [String],
    severity: Severity,
    confidence: Confidence,
    description: String,
    help: String,
    markdown: String,
}

fn build_descriptor(r: RuleFacts) -> Descriptor {
    let title = non_empty(r.title, r.id);
    let security = !r.dimensions.is_empty();
    let mut tags: Vec<String> = Vec::new();
    if security {
        tags.push("security".into());
        tags.extend(r.dimensions.iter().map(|d| format!("skill/{}", d.as_str())));
    } else {
        tags.push("skill/hygiene".into());
    }
    for c in r.cwe {
        let n = c.trim().trim_start_matches(|ch: char| !ch.is_ascii_digit());
        if !n.is_empty() && n.chars().all(|ch| ch.is_ascii_digit()) {
            tags.push(format!("external/cwe/cwe-{n}"));
        }
    }
    tags.dedup();
    tags.truncate(MAX_TAGS);
    let name = pascal_case(r.title);
    Descriptor {
        id: r.id.to_string(),
        severity: r.severity,
        name: if name.is_empty() {
            r.id.to_string()
        } else {
            name
        },
        short_description: Text {
            text: cap(&title, MAX_DESCRIPTION_CHARS),
        },
        full_description: Text {
            text: cap(&non_empty(&r.description, &title), MAX_DESCRIPTION_CHARS),
        },
        help_uri: format!("{RULES_DOC_URI}#{}", r.id.to_ascii_lowercase()),
        help: Help {
            text: non_empty(&r.help, &title),
            markdown: r.markdown,
        },
        default_configuration: Configuration {
            level: level(r.severity),
        },
        properties: RuleProperties {
            tags,
            precision: precision(r.confidence),
            security_severity: security.then(|| security_severity(r.severity)),
            problem_severity: (!security).then(|| problem_severity(r.severity)),
        },
    }
}

fn descriptor(def: &RuleDef) -> Descriptor {
    descriptor_at(def, def.severity)
}

fn descriptor_at(def: &RuleDef, severity: Severity) -> Descriptor {
    build_descriptor(RuleFacts {
        id: &def.id,
        title: &def.title,
        dimensions: &def.dimensions,
        cwe: &def.cwe,
        severity,
        confidence: def.confidence,
        description: def.description.clone(),
        help: def.help.clone(),
        markdown: crate::rules::rule_text(def),
    })
}

/// A descriptor for a finding whose rule is not in the registry (for
/// example one added by the LLM judge), built from the finding itself.
/// Its title may come from untrusted text, so it is escaped.
fn adhoc_descriptor(f: &Finding) -> Descriptor {
    let title = crate::text::escape_display(&non_empty(&f.title, &f.rule_id));
    build_descriptor(RuleFacts {
        id: &f.rule_id,
        title: &title,
        dimensions: &f.dimensions,
        cwe: &[],
        severity: f.severity,
        confidence: f.confidence,
        description: title.clone(),
        help: format!(
            "{title}. Review the reported location; run `skillscan rules` for the rule list."
        ),
        markdown: format!(
            "{}\n\nReview the reported location.",
            super::markdown::code(&title, MAX_DESCRIPTION_CHARS)
        ),
    })
}

/// GitHub ranks a security alert by its rule's `security-severity` alone
/// (a result's own level is not read for it). A security finding whose
/// severity differs from its rule's default is therefore reported under a
/// sub-rule `<id>/<severity>` (SARIF's hierarchical rule ids) that carries
/// its severity, so GitHub shows each alert at the finding's own severity.
fn variant_id(base: &Descriptor, f: &Finding) -> Option<String> {
    // Informational findings of security rules are left out of the log.
    (base.properties.security_severity.is_some()
        && f.severity != base.severity
        && f.severity != Severity::Info)
        .then(|| format!("{}/{}", f.rule_id, f.severity.as_str()))
}

/// The sub-rule descriptor for `f` (see [`variant_id`]).
fn variant_descriptor(id: String, f: &Finding) -> Descriptor {
    let mut d = match rules::get(&f.rule_id) {
        Some(def) => descriptor_at(def, f.severity),
        None => adhoc_descriptor(f),
    };
    let sev = f.severity.as_str();
    d.short_description.text = cap(
        &format!("{} ({sev} severity)", d.short_description.text),
        MAX_DESCRIPTION_CHARS,
    );
    let mut name = d.name.clone();
    name.push_str(&pascal_case(sev));
    name.truncate(255);
    d.name = name;
    d.id = id;
    d
}

/// Lexically normalised path components (`.` dropped, `a/..` folded).
/// Returns (absolute, components); a relative path may keep leading `..`.
/// The first component of an absolute Windows path is its prefix (`C:`).
pub(crate) fn normalize(p: &Path) -> (bool, Vec<String>) {
    let mut abs = false;
    let mut floor = 0;
    let mut out: Vec<String> = Vec::new();
    for c in p.components() {
        match c {
            Component::Prefix(pre) => {
                abs = true;
                floor = 1;
                out.clear();
                out.push(pre.as_os_str().to_string_lossy().into_owned());
            }
            Component::RootDir => abs = true,
            Component::CurDir => {}
            Component::ParentDir => parent(&mut out, abs, floor),
            Component::Normal(s) => out.push(s.to_string_lossy().into_owned()),
        }
    }
    (abs, out)
}

/// Applies `..` to normalised components: folds a real component, stays at
/// the root of an absolute path, and is kept at the start of a relative one.
fn parent(out: &mut Vec<String>, abs: bool, floor: usize) {
    if out.len() > floor && out.last().is_some_and(|l| l != "..") {
        out.pop();
    } else if !abs {
        out.push("..".into());
    }
}

/// Percent-encodes one path segment (RFC 3986 `pchar`, minus `:` so that a
/// relative reference can never be mistaken for a scheme).
fn encode_segment(seg: &str, out: &mut String) {
    for b in seg.bytes() {
        let keep = b.is_ascii_alphanumeric()
            || matches!(
                b,
                b'-' | b'.'
                    | b'_'
                    | b'~'
                    | b'!'
                    | b'$'
                    | b'&'
                    | b'\''
                    | b'('
                    | b')'
                    | b'*'
                    | b'+'
                    | b','
                    | b';'
                    | b'='
                    | b'@'
            );
        if keep {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
}

fn encode_segments(segs: &[String]) -> String {
    let mut s = String::new();
    for (i, seg) in segs.iter().enumerate() {
        if i > 0 {
            s.push('/');
        }
        encode_segment(seg, &mut s);
    }
    s
}

/// Turns paths into artifact URIs relative to the repository root: the
/// `--sarif-root` folder, else the nearest folder above the skill that
/// holds `.git` (found without running git), else the current folder.
/// `upload-sarif` reads files at `checkout_path` + URI to compute its line
/// hashes, so URIs must be relative to the checkout whatever the folder
/// skillscan ran in.
struct Uris {
    /// The current folder, lexically normalised, and its canonical form.
    cwd: Vec<Vec<String>>,
    /// `--sarif-root`, lexically normalised and canonical (empty: find the
    /// repository root from each skill).
    root: Vec<Vec<String>>,
    /// Repository roots found, by the skill folder they were found from.
    found: std::cell::RefCell<BTreeMap<Vec<String>, Option<Vec<String>>>>,
}

impl Uris {
    fn new(root: Option<&Path>) -> Self {
        let mut cwd = Vec::new();
        if let Ok(d) = std::env::current_dir() {
            push_forms(&mut cwd, &d);
        }
        let mut roots = Vec::new();
        if let Some(r) = root {
            let abs = match cwd.first() {
                Some(c) if !r.is_absolute() => to_path(c).join(r),
                _ => r.to_path_buf(),
            };
            push_forms(&mut roots, &abs);
        }
        Self {
            cwd,
            root: roots,
            found: Default::default(),
        }
    }

    /// The absolute, normalised form of `p` (relative to the current
    /// folder), or `None` when the current folder is unknown.
    fn absolute(&self, p: &Path) -> Option<Vec<String>> {
        let (abs, segs) = normalize(p);
        if abs {
            return Some(segs);
        }
        let c = self.cwd.first()?;
        let floor = usize::from(c.first().is_some_and(|s| s.ends_with(':')));
        let mut full = c.clone();
        for s in segs {
            if s == ".." {
                parent(&mut full, true, floor);
            } else {
                full.push(s);
            }
        }
        Some(full)
    }

    /// The nearest folder at or above `dir` that holds `.git`, cached.
    fn repo_root(&self, dir: &[String]) -> Option<Vec<String>> {
        if let Some(r) = self.found.borrow().get(dir) {
            return r.clone();
        }
        let r = (1..=dir.len())
            .rev()
            .map(|n| &dir[..n])
            .find(|d| std::fs::symlink_metadata(to_path(d).join(".git")).is_ok())
            .map(<[String]>::to_vec);
        self.found.borrow_mut().insert(dir.to_vec(), r.clone());
        r
    }

    /// The artifact location of `rel` (a `/`-separated path inside the
    /// skill) in the skill folder `skill` (as given on the command line).
    fn artifact(&self, skill: &str, rel: &str) -> ArtifactLocation {
        let mut p = PathBuf::from(skill);
        for seg in rel.split('/').filter(|s| !s.is_empty()) {
            p.push(seg);
        }
        let Some(full) = self.absolute(&p) else {
            return relative(normalize(&p).1);
        };
        let found;
        let bases: &[Vec<String>] = if self.root.is_empty() {
            found = self
                .absolute(Path::new(skill))
                .and_then(|d| self.repo_root(&d))
                .into_iter()
                .collect::<Vec<_>>();
            &found
        } else {
            &self.root
        };
        for c in bases.iter().chain(&self.cwd) {
            if full.starts_with(c) {
                return relative(full[c.len()..].to_vec());
            }
        }
        file_uri(&full)
    }
}

/// Adds the lexical and (when different) canonical forms of `p`.
fn push_forms(out: &mut Vec<Vec<String>>, p: &Path) {
    out.push(normalize(p).1);
    if let Ok(c) = std::fs::canonicalize(p) {
        let c = normalize(&c).1;
        if !out.contains(&c) {
            out.push(c);
        }
    }
}

/// The absolute path of normalised components (see [`normalize`]).
pub(crate) fn to_path(segs: &[String]) -> PathBuf {
    let mut p = PathBuf::new();
    for (i, s) in segs.iter().enumerate() {
        if i == 0 && s.ends_with(':') {
            p.push(format!("{s}{}", std::path::MAIN_SEPARATOR));
        } else {
            if i == 0 {
                p.push(std::path::MAIN_SEPARATOR_STR);
            }
            p.push(s);
        }
    }
    if segs.is_empty() {
        p.push(std::path::MAIN_SEPARATOR_STR);
    }
    p
}

/// An absolute `file:///` URI for a path outside every base.
fn file_uri(full: &[String]) -> ArtifactLocation {
    let mut uri = String::from("file:///");
    for (i, seg) in full.iter().enumerate() {
        if i > 0 {
            uri.push('/');
        }
        // A Windows drive (`C:`) keeps its colon.
        if i == 0 && seg.len() == 2 && seg.ends_with(':') && seg.as_bytes()[0].is_ascii_alphabetic()
        {
            uri.push_str(seg);
        } else {
            encode_segment(seg, &mut uri);
        }
    }
    ArtifactLocation {
        uri,
        uri_base_id: None,
    }
}

fn relative(segs: Vec<String>) -> ArtifactLocation {
    let segs = if segs.is_empty() {
        vec!["SKILL.md".to_string()]
    } else {
        segs
    };
    ArtifactLocation {
        uri: encode_segments(&segs),
        uri_base_id: Some("%SRCROOT%"),
    }
}

/// A region with `startLine ≥ 1`; the end is kept only when it lies after
/// the start (an absent `endColumn` means "to the end of the line").
fn region(loc: &SkillLocation, snippet: &str) -> Region {
    let start_line = loc.start_line.max(1);
    let start_column = loc.start_column.max(1);
    let (end_line, end_column) = if loc.end_line > start_line {
        if loc.end_column <= 1 {
            // Ends at the start of a line: the region is the lines before it.
            (Some(loc.end_line - 1), None)
        } else {
            (Some(loc.end_line), Some(loc.end_column))
        }
    } else if loc.end_line == start_line && loc.end_column > start_column {
        (Some(start_line), Some(loc.end_column))
    } else {
        (None, None)
    };
    Region {
        start_line,
        start_column,
        end_line,
        end_column,
        snippet: (!snippet.is_empty()).then(|| Text {
            text: cap(snippet, MAX_SNIPPET_CHARS),
        }),
    }
}

fn finding_path<'a>(r: &'a SkillReport, loc: &'a SkillLocation) -> &'a str {
    if loc.path.trim().is_empty() {
        manifest_path(r)
    } else {
        &loc.path
    }
}

fn manifest_path(r: &SkillReport) -> &str {
    if r.skill.manifest_path.is_empty() {
        "SKILL.md"
    } else {
        &r.skill.manifest_path
    }
}

fn plain(s: &str, max: usize) -> String {
    cap(&crate::text::escape_display(s), max)
}

fn make_result<'a>(
    r: &'a SkillReport,
    f: &'a Finding,
    (rule_id, rule_index): (String, usize),
    uris: &Uris,
) -> SarifResult<'a> {
    let title = non_empty(&f.title, &f.rule_id);
    let message = if f.message.trim().is_empty() {
        title.clone()
    } else {
        format!("{title}: {}", f.message.trim())
    };
    let physical = PhysicalLocation {
        artifact_location: uris.artifact(&r.path, finding_path(r, &f.location)),
        region: Some(region(&f.location, &f.snippet)),
    };
    let code_flows = if f.flow.is_empty() {
        Vec::new()
    } else {
        let steps = &f.flow[..f.flow.len().min(MAX_FLOW_STEPS)];
        let last = steps.len() - 1;
        vec![CodeFlow {
            thread_flows: [ThreadFlow {
                locations: steps
                    .iter()
                    .enumerate()
                    .map(|(i, s)| ThreadFlowLocation {
                        importance: if i == last { "essential" } else { "important" },
                        location: SarifLocation {
                            physical_location: PhysicalLocation {
                                artifact_location: uris
                                    .artifact(&r.path, finding_path(r, &s.location)),
                                region: Some(region(&s.location, "")),
                            },
                            message: Some(Text {
                                text: plain(&non_empty(&s.note, "flow step"), MAX_NOTE_CHARS),
                            }),
                        },
                    })
                    .collect(),
            }],
        }]
    };
    SarifResult {
        rule_id,
        rule_index,
        level: level(f.severity),
        message: Text {
            text: plain(&message, MAX_MESSAGE_CHARS),
        },
        locations: [SarifLocation {
            physical_location: physical,
            message: None,
        }],
        code_flows,
        partial_fingerprints: Fingerprints { v1: String::new() },
        properties: ResultProperties {
            severity: f.severity.as_str(),
            confidence: f.confidence.as_str(),
            dimensions: f.dimensions.iter().map(|d| d.as_str()).collect(),
            logic_step_id: f.logic_step_id.as_deref(),
            skill: &r.name,
        },
    }
}

/// Renders the SARIF log. `category`, when given, becomes
/// `automationDetails.id = "<category>/"`; `root` (`--sarif-root`) is the
/// folder URIs are relative to (default: the repository root).
pub fn render(input: &ReportInput, category: Option<&str>, root: Option<&Path>) -> String {
    render_with(input, category, &Uris::new(root))
}

fn render_with(input: &ReportInput, category: Option<&str>, uris: &Uris) -> String {
    // Skills in the order of their normalised location, so that `./x` and
    // `x` give the same log.
    let mut skills: Vec<(String, &SkillReport)> = input
        .skills
        .iter()
        .map(|r| (uris.artifact(&r.path, "").uri, r))
        .collect();
    skills.sort_by(|a, b| a.0.cmp(&b.0).then_with(|| a.1.path.cmp(&b.1.path)));
    let skills: Vec<&SkillReport> = skills.into_iter().map(|(_, r)| r).collect();

    // Rules: the whole registry sorted by id, then any rule a finding names
    // that the registry does not know, sorted by id.
    let mut descriptors: Vec<Descriptor> = rules::all().into_iter().map(descriptor).collect();
    descriptors.sort_by(|a, b| a.id.cmp(&b.id));
    let mut index: BTreeMap<String, usize> = descriptors
        .iter()
        .enumerate()
        .map(|(i, d)| (d.id.clone(), i))
        .collect();
    let mut extra: BTreeMap<&str, &Finding> = BTreeMap::new();
    for r in &skills {
        for f in r.findings.iter().filter(|f| f.suppressed.is_none()) {
            if !index.contains_key(&f.rule_id) {
                extra.entry(f.rule_id.as_str()).or_insert(f);
            }
        }
    }
    for (id, f) in extra {
        index.insert(id.to_string(), descriptors.len());
        descriptors.push(adhoc_descriptor(f));
    }
    // Sub-rules for security findings away from their rule's severity,
    // sorted by id after the rules.
    let mut variants: BTreeMap<String, Descriptor> = BTreeMap::new();
    for r in &skills {
        for f in r.findings.iter().filter(|f| f.suppressed.is_none()) {
            if let Some(id) = variant_id(&descriptors[index[&f.rule_id]], f) {
                variants
                    .entry(id)
                    .or_insert_with_key(|id| variant_descriptor(id.clone(), f));
            }
        }
    }
    for (id, d) in variants {
        index.insert(id, descriptors.len());
        descriptors.push(d);
    }

    let mut notifications: Vec<Notification> = Vec::new();
    for r in skills.iter().filter(|r| !r.complete) {
        let why = if r.errors.is_empty() {
            "the analysis did not complete".to_string()
        } else {
            r.errors.join("; ")
        };
        let text = format!(
            "analysis of skill {} ({}) is incomplete: {why}. Findings for it may be missing; run `skillscan audit {}` locally to see why.",
            r.name, r.path, r.path
        );
        notifications.push(skill_notification(uris, r, "error", &text));
    }
    // Notes that do not make the analysis incomplete (an unusable --ssl-file).
    for r in &skills {
        for n in &r.notes {
            let text = format!("skill {} ({}): {n}", r.name, r.path);
            notifications.push(skill_notification(uris, r, "note", &text));
        }
    }

    // Candidates in report order, capped per rule per file. GitHub ranks a
    // security alert by its rule's `security-severity`, never by the
    // result's level, so a finding demoted to informational (an attack
    // described, not instructed) would show as a critical alert: those are
    // left out, like suppressed ones, and counted in a notification.
    let mut per_file: BTreeMap<(&str, String), usize> = BTreeMap::new();
    let mut occurrences: BTreeMap<String, usize> = BTreeMap::new();
    let mut candidates: Vec<SarifResult> = Vec::new();
    let mut informational = 0usize;
    for r in &skills {
        for f in r.findings.iter().filter(|f| f.suppressed.is_none()) {
            let base = &descriptors[index[&f.rule_id]];
            if f.severity == Severity::Info && base.properties.security_severity.is_some() {
                informational += 1;
                continue;
            }
            let rule_id = variant_id(base, f).unwrap_or_else(|| f.rule_id.clone());
            let rule_index = index[&rule_id];
            let mut res = make_result(r, f, (rule_id, rule_index), uris);
            let uri = res.locations[0]
                .physical_location
                .artifact_location
                .uri
                .clone();
            res.partial_fingerprints.v1 = unique_fingerprint(&mut occurrences, f, &uri);
            let n = per_file.entry((f.rule_id.as_str(), uri)).or_insert(0);
            *n += 1;
            if *n <= MAX_RESULTS_PER_RULE_PER_FILE {
                candidates.push(res);
            }
        }
    }
    if informational > 0 {
        notifications.push(Notification {
            level: "note",
            message: Text {
                text: format!(
                    "{informational} informational finding{} (security rules matching text that describes an attack rather than instructs it) {} not included; GitHub would rank {} by the rule's severity. Use --format json to see {}.",
                    if informational == 1 { "" } else { "s" },
                    if informational == 1 { "is" } else { "are" },
                    if informational == 1 { "it" } else { "them" },
                    if informational == 1 { "it" } else { "them" },
                ),
            },
            locations: Vec::new(),
        });
    }
    for ((rule, uri), n) in &per_file {
        if *n > MAX_RESULTS_PER_RULE_PER_FILE {
            notifications.push(Notification {
                level: "warning",
                message: Text {
                    text: plain(
                        &format!(
                            "rule {rule} matched {n} times in {uri}; only the first {MAX_RESULTS_PER_RULE_PER_FILE} are included. Use --format json for all of them."
                        ),
                        MAX_MESSAGE_CHARS,
                    ),
                },
                locations: Vec::new(),
            });
        }
    }

    // Total cap: keep the most severe results, then restore report order.
    let results = if candidates.len() > MAX_RESULTS {
        let total = candidates.len();
        let mut order: Vec<(usize, SarifResult)> = candidates.into_iter().enumerate().collect();
        order.sort_by_key(|(i, res)| {
            (
                std::cmp::Reverse(severity_rank(res.properties.severity)),
                *i,
            )
        });
        order.truncate(MAX_RESULTS);
        order.sort_by_key(|(i, _)| *i);
        notifications.push(Notification {
            level: "warning",
            message: Text {
                text: format!(
                    "{total} results exceed the limit of {MAX_RESULTS}; the {} least severe were left out. Use --format json for all of them.",
                    total - MAX_RESULTS
                ),
            },
            locations: Vec::new(),
        });
        order.into_iter().map(|(_, r)| r).collect()
    } else {
        candidates
    };

    let log = Log {
        schema: SCHEMA_URI,
        version: "2.1.0",
        runs: [Run {
            tool: Tool {
                driver: Driver {
                    name: "skillscan",
                    version: env!("CARGO_PKG_VERSION"),
                    semantic_version: env!("CARGO_PKG_VERSION"),
                    information_uri: INFORMATION_URI,
                    rules: descriptors,
                },
            },
            automation_details: category.map(|c| AutomationDetails {
                id: format!("{}/", c.trim_end_matches('/')),
            }),
            invocations: [Invocation {
                execution_successful: true,
                tool_execution_notifications: notifications,
            }],
            column_kind: "unicodeCodePoints",
            results,
        }],
    };
    let mut s = serde_json::to_string_pretty(&log).unwrap_or_default();
    s.push('\n');
    s
}

/// A tool-execution notification about one skill, located at its manifest.
fn skill_notification(
    uris: &Uris,
    r: &SkillReport,
    level: &'static str,
    text: &str,
) -> Notification {
    Notification {
        level,
        message: Text {
            text: plain(text, MAX_MESSAGE_CHARS),
        },
        locations: vec![SarifLocation {
            physical_location: PhysicalLocation {
                artifact_location: uris.artifact(&r.path, manifest_path(r)),
                region: None,
            },
            message: None,
        }],
    }
}

/// `partialFingerprints["skillscan/v1"]`, unique in the run: a hash of the
/// rule, the artifact URI and the finding's own fingerprint (rule, path
/// and normalised snippet; no line number, so moved lines keep their
/// alert), then `:<n>`, the occurrence of that hash in report order, which
/// tells identical lines in one file apart (as GitHub's own line hash does).
fn unique_fingerprint(seen: &mut BTreeMap<String, usize>, f: &Finding, uri: &str) -> String {
    let h = crate::finding::stable_hash(&[&f.rule_id, uri, &f.fingerprint]);
    let n = seen.entry(h.clone()).or_insert(0);
    *n += 1;
    format!("{h}:{n}")
}

fn severity_rank(s: &str) -> u8 {
    Severity::parse(s).map_or(0, |s| s as u8)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::audit::{AuditOptions, analyze};
    use crate::finding::FlowStep;
    use crate::skill::Skill;
    use serde_json::Value;

    fn report(findings: Vec<Finding>) -> SkillReport {
        let skill = Skill::from_memory(
            "demo",
            &[("SKILL.md", b"---\nname: demo\ndescription: d\n---\nhello\n")],
        );
        let mut r = analyze(skill, &AuditOptions::default());
        r.path = "skills/demo".into();
        r.findings = findings;
        r
    }

    fn finding(rule: &str, path: &str, line: usize) -> Finding {
        let def = rules::get(rule).expect("rule exists");
        Finding {
            rule_id: def.id.clone(),
            title: def.title.clone(),
            dimensions: def.dimensions.clone(),
            severity: def.severity,
            confidence: def.confidence,
            message: "does a thing".into(),
            location: SkillLocation {
                path: path.into(),
                start_line: line,
                start_column: 3,
                end_line: line,
                end_column: 9,
            },
            snippet: "curl x".into(),
            logic_step_id: Some("L0001_x".into()),
            flow: Vec::new(),
            suppressed: None,
            downgraded_by: None,
            raised_by: None,
            declared_consent: None,
            fingerprint: format!("fp-{rule}-{line}"),
        }
    }

    fn any_rule() -> String {
        rules::all()
            .into_iter()
            .find(|d| !d.dimensions.is_empty())
            .expect("a security rule")
            .id
            .clone()
    }

    fn render_json(skills: &[SkillReport], category: Option<&str>) -> Value {
        let uris = Uris {
            cwd: vec![vec!["work".into(), "repo".into()]],
            root: Vec::new(),
            found: Default::default(),
        };
        let input = ReportInput {
            skills,
            with_ssl: false,
            color: false,
        };
        serde_json::from_str(&render_with(&input, category, &uris)).expect("valid JSON")
    }

    #[test]
    fn findings_away_from_the_rule_severity_get_a_sub_rule() {
        let rule = any_rule();
        let at_default = finding(&rule, "scripts/a.sh", 4);
        let mut other = finding(&rule, "scripts/a.sh", 7);
        other.severity = if at_default.severity == Severity::Low {
            Severity::High
        } else {
            Severity::Low
        };
        let v = render_json(&[report(vec![at_default, other.clone()])], None);
        let run = &v["runs"][0];
        let rules = run["tool"]["driver"]["rules"].as_array().unwrap();
        let results = run["results"].as_array().unwrap();
        assert_eq!(results[0]["ruleId"], rule.as_str());
        let sub = format!("{rule}/{}", other.severity.as_str());
        assert_eq!(results[1]["ruleId"], sub.as_str());
        for r in results {
            let d = &rules[r["ruleIndex"].as_u64().unwrap() as usize];
            assert_eq!(d["id"], r["ruleId"]);
            let sev = Severity::parse(r["properties"]["severity"].as_str().unwrap()).unwrap();
            assert_eq!(d["properties"]["security-severity"], security_severity(sev));
            assert_eq!(r["level"], level(sev));
        }
    }

    #[test]
    fn identical_lines_get_distinct_fingerprints() {
        let rule = any_rule();
        // The same snippet (so the same finding fingerprint) on three lines.
        let mut fs: Vec<Finding> = (1..=3).map(|l| finding(&rule, "a.sh", l)).collect();
        for f in &mut fs {
            f.fingerprint = "same".into();
        }
        let v = render_json(&[report(fs)], None);
        let fps: Vec<&str> = v["runs"][0]["results"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r["partialFingerprints"]["skillscan/v1"].as_str().unwrap())
            .collect();
        assert_eq!(fps.len(), 3);
        let set: std::collections::BTreeSet<&str> = fps.iter().copied().collect();
        assert_eq!(set.len(), 3, "{fps:?}");
        assert!(fps[0].ends_with(":1") && fps[2].ends_with(":3"), "{fps:?}");
    }

    #[test]
    fn suppressed_findings_are_left_out() {
        let rule = any_rule();
        let mut hidden = finding(&rule, "scripts/a.sh", 4);
        hidden.suppressed = Some("accepted risk".into());
        hidden.fingerprint = "zq-suppressed-fp".into();
        let shown = finding(&rule, "scripts/a.sh", 7);
        let v = render_json(&[report(vec![hidden, shown])], None);
        let results = v["runs"][0]["results"].as_array().unwrap();
        assert_eq!(results.len(), 1);
        assert_eq!(
            results[0]["locations"][0]["physicalLocation"]["region"]["startLine"],
            7
        );
    }

    #[test]
    fn result_shape() {
        let rule = any_rule();
        let mut f = finding(&rule, "scripts/a b/ü.sh", 4);
        f.flow = vec![
            FlowStep {
                location: SkillLocation::line("SKILL.md", 2),
                note: "source".into(),
                logic_step_id: None,
            },
            FlowStep {
                location: SkillLocation::line("scripts/a b/ü.sh", 4),
                note: "sink".into(),
                logic_step_id: None,
            },
        ];
        let v = render_json(&[report(vec![f])], None);
        let run = &v["runs"][0];
        assert!(run.get("automationDetails").is_none());
        assert_eq!(run["columnKind"], "unicodeCodePoints");
        let res = &run["results"][0];
        let idx = res["ruleIndex"].as_u64().unwrap() as usize;
        assert_eq!(run["tool"]["driver"]["rules"][idx]["id"], res["ruleId"]);
        let loc = &res["locations"][0]["physicalLocation"];
        assert_eq!(
            loc["artifactLocation"]["uri"],
            "skills/demo/scripts/a%20b/%C3%BC.sh"
        );
        assert_eq!(loc["artifactLocation"]["uriBaseId"], "%SRCROOT%");
        assert_eq!(loc["region"]["startLine"], 4);
        assert_eq!(loc["region"]["startColumn"], 3);
        assert_eq!(loc["region"]["endColumn"], 9);
        assert_eq!(loc["region"]["snippet"]["text"], "curl x");
        let steps = res["codeFlows"][0]["threadFlows"][0]["locations"]
            .as_array()
            .unwrap();
        assert_eq!(steps.len(), 2);
        assert_eq!(steps[0]["importance"], "important");
        assert_eq!(steps[1]["importance"], "essential");
        assert_eq!(steps[0]["location"]["message"]["text"], "source");
        assert_eq!(
            steps[0]["location"]["physicalLocation"]["artifactLocation"]["uri"],
            "skills/demo/SKILL.md"
        );
        assert!(
            res["message"]["text"]
                .as_str()
                .unwrap()
                .ends_with(": does a thing")
        );
        assert!(res.get("fixes").is_none());
        assert!(!v.to_string().contains("primaryLocationLineHash"));
    }

    #[test]
    fn category_sets_automation_details() {
        let v = render_json(&[report(vec![])], Some("skills"));
        assert_eq!(v["runs"][0]["automationDetails"]["id"], "skills/");
        assert_eq!(v["runs"][0]["results"].as_array().unwrap().len(), 0);
    }

    #[test]
    fn degenerate_regions_are_repaired() {
        let mut loc = SkillLocation::line("SKILL.md", 0);
        let r = region(&loc, "");
        assert_eq!(
            (r.start_line, r.start_column, r.end_line, r.end_column),
            (1, 1, None, None)
        );
        loc.start_line = 5;
        loc.start_column = 0;
        loc.end_line = 3;
        loc.end_column = 9;
        let r = region(&loc, "");
        assert_eq!(
            (r.start_line, r.start_column, r.end_line, r.end_column),
            (5, 1, None, None)
        );
        loc.end_line = 7;
        loc.end_column = 1;
        let r = region(&loc, "");
        assert_eq!((r.end_line, r.end_column), (Some(6), None));
        loc.end_column = 4;
        let r = region(&loc, "");
        assert_eq!((r.end_line, r.end_column), (Some(7), Some(4)));
    }

    #[test]
    fn uris_are_relative_and_encoded() {
        let uris = Uris {
            cwd: vec![vec!["work".into(), "repo".into()]],
            root: Vec::new(),
            found: Default::default(),
        };
        let u = |skill: &str, rel: &str| {
            let a = uris.artifact(skill, rel);
            (a.uri, a.uri_base_id.is_some())
        };
        assert_eq!(
            u("./corpus/x", "SKILL.md"),
            ("corpus/x/SKILL.md".into(), true)
        );
        assert_eq!(u(".", "SKILL.md"), ("SKILL.md".into(), true));
        assert_eq!(u("a/../b", "c:d#e?.md"), ("b/c%3Ad%23e%3F.md".into(), true));
        assert_eq!(u("dir", "100%.sh"), ("dir/100%25.sh".into(), true));
        if cfg!(unix) {
            assert_eq!(
                u("/work/repo/skills/s", "SKILL.md"),
                ("skills/s/SKILL.md".into(), true)
            );
            assert_eq!(
                u("/elsewhere/s", "x y.md"),
                ("file:///elsewhere/s/x%20y.md".into(), false)
            );
            assert_eq!(u("../repo/s", "SKILL.md"), ("s/SKILL.md".into(), true));
            assert_eq!(
                u("../other/s", "SKILL.md"),
                ("file:///work/other/s/SKILL.md".into(), false)
            );
        }
        // A finding path may not climb out of the relative base.
        assert_eq!(u("s", "").0, "s");
    }

    #[test]
    fn results_are_capped_with_a_notification() {
        let rule = any_rule();
        let many: Vec<Finding> = (1..=MAX_RESULTS_PER_RULE_PER_FILE + 5)
            .map(|i| finding(&rule, "a.sh", i))
            .collect();
        let v = render_json(&[report(many)], None);
        let run = &v["runs"][0];
        assert_eq!(
            run["results"].as_array().unwrap().len(),
            MAX_RESULTS_PER_RULE_PER_FILE
        );
        let notes = run["invocations"][0]["toolExecutionNotifications"]
            .as_array()
            .unwrap();
        assert_eq!(notes.len(), 1);
        assert!(
            notes[0]["message"]["text"]
                .as_str()
                .unwrap()
                .contains("105 times")
        );
        assert_eq!(run["invocations"][0]["executionSuccessful"], true);

        // Total cap keeps the most severe results.
        let low = rules::all()
            .into_iter()
            .find(|d| d.severity == Severity::Low && !d.dimensions.is_empty())
            .unwrap()
            .id
            .clone();
        let mut fs = Vec::new();
        for file in 0..60 {
            for line in 1..=90 {
                let mut f = finding(&low, &format!("f{file}.sh"), line);
                if file == 59 {
                    f.severity = Severity::Critical;
                }
                fs.push(f);
            }
        }
        let v = render_json(&[report(fs)], None);
        let results = v["runs"][0]["results"].as_array().unwrap();
        assert_eq!(results.len(), MAX_RESULTS);
        assert_eq!(results.iter().filter(|r| r["level"] == "error").count(), 90);
        assert_eq!(results.last().unwrap()["level"], "error");
    }

    #[test]
    fn incomplete_skills_get_a_notification() {
        let mut r = report(vec![]);
        r.complete = false;
        r.errors = vec!["scripts/big.sh: file too large".into()];
        let v = render_json(&[r], None);
        let inv = &v["runs"][0]["invocations"][0];
        assert_eq!(inv["executionSuccessful"], true);
        let n = &inv["toolExecutionNotifications"][0];
        assert!(
            n["message"]["text"]
                .as_str()
                .unwrap()
                .contains("file too large")
        );
        assert_eq!(
            n["locations"][0]["physicalLocation"]["artifactLocation"]["uri"],
            "skills/demo/SKILL.md"
        );
    }

    #[test]
    fn unknown_rules_get_a_descriptor() {
        let mut f = finding(&any_rule(), "a.sh", 1);
        f.rule_id = "SK-LLM-999".into();
        f.dimensions = vec![Dimension::DataExfiltration];
        let v = render_json(&[report(vec![f])], None);
        let run = &v["runs"][0];
        let idx = run["results"][0]["ruleIndex"].as_u64().unwrap() as usize;
        assert_eq!(run["tool"]["driver"]["rules"][idx]["id"], "SK-LLM-999");
        assert_eq!(
            run["tool"]["driver"]["rules"].as_array().unwrap().len(),
            rules::all().len() + 1
        );
    }

    #[test]
    fn rule_metadata() {
        let v = render_json(&[], None);
        let rules_json = v["runs"][0]["tool"]["driver"]["rules"].as_array().unwrap();
        assert_eq!(rules_json.len(), rules::all().len());
        let ids: Vec<&str> = rules_json
            .iter()
            .map(|r| r["id"].as_str().unwrap())
            .collect();
        let mut sorted = ids.clone();
        sorted.sort();
        assert_eq!(ids, sorted);
        for (r, def) in rules_json.iter().zip(rules::all()) {
            let tags: Vec<&str> = r["properties"]["tags"]
                .as_array()
                .unwrap()
                .iter()
                .map(|t| t.as_str().unwrap())
                .collect();
            if def.dimensions.is_empty() {
                assert!(r["properties"].get("security-severity").is_none());
            } else {
                assert!(tags.contains(&"security"));
                let s: f64 = r["properties"]["security-severity"]
                    .as_str()
                    .unwrap()
                    .parse()
                    .unwrap();
                assert!((0.1..=10.0).contains(&s));
            }
            for c in &def.cwe {
                let n = c.to_ascii_lowercase();
                assert!(tags.iter().any(|t| t.ends_with(&n)), "{} lacks {c}", def.id);
            }
        }
    }

    #[test]
    fn pascal_names() {
        assert_eq!(
            pascal_case("Remote code piped to a shell"),
            "RemoteCodePipedToAShell"
        );
        assert_eq!(pascal_case("—"), "");
        assert_eq!(cap("abcdef", 3), "ab…");
        assert_eq!(cap("abc", 3), "abc");
    }
}
