//! `skillscan map`: the capability map of a collection of skills.
//!
//! One row per skill found: name, path, version, intent (the SSL
//! `skill_goal`), the resource scopes its steps touch, its six risk levels
//! and its verdict. Then flags about the collection as a whole:
//!
//! * **overlap**: two skills whose descriptions say nearly the same thing
//!   (Jaccard similarity of their content words ≥ [`OVERLAP_THRESHOLD`]):
//!   an agent choosing a skill by its description may pick either one.
//! * **shadowing**: the same name in several places. OpenClaw loads one
//!   skill per name, by source precedence (workspace `skills/` >
//!   workspace `.agents/skills` > `~/.agents/skills` > managed
//!   `~/.openclaw/skills` > per-agent workshop skills > bundled > extra
//!   dirs: OpenClaw's skill loading order), so the copy that wins may not be the one
//!   that was reviewed.
//! * **typosquat**: a name that is a near miss of a well-known skill
//!   (`rules/indicators/names.txt`), with the same test as rule
//!   SK-HYG typosquat-name.
//! * **similar names**: two different names of the collection that differ
//!   by one or two characters, by separators only, or look the same.
//!
//! Output is deterministic: rows by name then path, flags by kind then names.

use crate::audit::AuditOptions;
use crate::cli::{Format, MapArgs};
use crate::exit::{UserError, code as exit, write_out};
use crate::extract::indicators::KNOWN_NAMES;
use crate::finding::Dimension;
use crate::model::SkillReport;
use crate::report::markdown::{cell, code};
use crate::run::scan;
use crate::ssl::vocab::ResourceScope;
use crate::text::escape_display;
use serde_json::{Value, json};
use std::collections::{BTreeMap, BTreeSet, HashMap};

/// Description similarity at which two skills are flagged as overlapping.
pub const OVERLAP_THRESHOLD: f64 = 0.6;
/// Content words two descriptions must share before they can overlap.
const MIN_SHARED: usize = 3;

/// One skill of the map.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Row {
    pub name: String,
    pub path: String,
    pub version: Option<String>,
    pub intent: String,
    /// Scopes touched, in vocabulary order (`MEMORY` and `OTHER` left out).
    pub scopes: Vec<ResourceScope>,
    /// Level of each dimension, in [`Dimension::ALL`] order.
    pub risk: Vec<(Dimension, &'static str)>,
    pub verdict: &'static str,
    pub complete: bool,
}

/// What a flag is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum FlagKind {
    Shadowing,
    Typosquat,
    Overlap,
    SimilarNames,
}

impl FlagKind {
    pub fn as_str(self) -> &'static str {
        match self {
            FlagKind::Shadowing => "shadowing",
            FlagKind::Typosquat => "typosquat",
            FlagKind::Overlap => "overlap",
            FlagKind::SimilarNames => "similar_names",
        }
    }
}

/// A finding about the collection.
#[derive(Debug, Clone, PartialEq)]
pub struct Flag {
    pub kind: FlagKind,
    /// Indices into [`SkillMap::rows`].
    pub skills: Vec<usize>,
    /// Description similarity (overlap only).
    pub similarity: Option<f64>,
    pub message: String,
}

/// The capability map.
#[derive(Debug, Clone)]
pub struct SkillMap {
    pub rows: Vec<Row>,
    pub flags: Vec<Flag>,
}

pub fn run(a: &MapArgs) -> Result<i32, UserError> {
    if a.format == Format::Sarif {
        return Err(UserError(
            "map prints human, markdown or json (`--format json`); SARIF is for `skillscan audit`"
                .into(),
        ));
    }
    let opts = AuditOptions {
        with_ssl: true,
        ..AuditOptions::default()
    };
    let reports = scan(&a.paths, &opts, None, true, false)?;
    let map = build(&reports);
    let text = match a.format {
        Format::Json => render_json(&map),
        Format::Markdown => render_markdown(&map),
        _ => render_human(&map),
    };
    write_out(None, &text)?;
    let incomplete: Vec<&Row> = map.rows.iter().filter(|r| !r.complete).collect();
    for r in &incomplete {
        eprintln!(
            "skillscan: warning: {}: analysis incomplete; its risk levels may be too low (run `skillscan audit` on it for details)",
            escape_display(&r.path)
        );
    }
    Ok(if incomplete.is_empty() {
        exit::OK
    } else {
        exit::ERROR
    })
}

/// Builds the map of analysed skills (reports with their SSL records).
pub fn build(reports: &[SkillReport]) -> SkillMap {
    let mut order: Vec<usize> = (0..reports.len()).collect();
    order.sort_by(|&a, &b| {
        (reports[a].name.as_str(), reports[a].path.as_str())
            .cmp(&(reports[b].name.as_str(), reports[b].path.as_str()))
    });
    let reports: Vec<&SkillReport> = order.iter().map(|&i| &reports[i]).collect();
    let rows: Vec<Row> = reports.iter().map(|r| row(r)).collect();
    let mut flags = Vec::new();
    flags.extend(shadowing(&rows));
    flags.extend(typosquats(&rows));
    flags.extend(overlaps(&reports, &rows));
    flags.extend(similar_names(&rows));
    flags.sort_by(|a, b| (a.kind, &a.skills).cmp(&(b.kind, &b.skills)));
    SkillMap { rows, flags }
}

fn row(r: &SkillReport) -> Row {
    let ssl = r.ssl.as_ref();
    let intent = ssl
        .and_then(|v| v.pointer("/skill/skill_goal"))
        .and_then(Value::as_str)
        .map(str::to_string)
        .unwrap_or_else(|| crate::ssl::build::first_sentence(&r.description));
    let mut scopes: BTreeSet<ResourceScope> = BTreeSet::new();
    if let Some(steps) = ssl
        .and_then(|v| v.get("logic_steps"))
        .and_then(Value::as_array)
    {
        for s in steps {
            if let Some(sc) = s
                .get("resource_scope")
                .and_then(Value::as_str)
                .and_then(ResourceScope::parse)
                && !matches!(sc, ResourceScope::Memory | ResourceScope::Other)
            {
                scopes.insert(sc);
            }
        }
    }
    Row {
        name: r.name.clone(),
        path: r.path.clone(),
        version: r.version.clone(),
        intent,
        scopes: scopes.into_iter().collect(),
        risk: Dimension::ALL
            .iter()
            .map(|d| {
                let level = r.risk.get(d).map(|s| s.level.as_str()).unwrap_or("none");
                (*d, level)
            })
            .collect(),
        verdict: r.shown_verdict(),
        complete: r.complete,
    }
}

// ---------------------------------------------------------------------------
// Shadowing
// ---------------------------------------------------------------------------

/// Where OpenClaw would load a skill from, by path (OpenClaw's skill loading order).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Source {
    Workspace,
    WorkspaceAgents,
    PersonalAgents,
    Managed,
    Workshop,
    Bundled,
}

impl Source {
    /// 1 is the highest precedence.
    pub fn rank(self) -> u8 {
        self as u8 + 1
    }

    pub fn label(self) -> &'static str {
        match self {
            Source::Workspace => "workspace skills/",
            Source::WorkspaceAgents => "workspace .agents/skills",
            Source::PersonalAgents => "~/.agents/skills",
            Source::Managed => "managed ~/.openclaw/skills",
            Source::Workshop => "per-agent workshop skills",
            Source::Bundled => "bundled",
        }
    }
}

const PRECEDENCE: &str = "workspace skills/ > workspace .agents/skills > ~/.agents/skills > managed ~/.openclaw/skills > per-agent workshop skills > bundled > skills.load.extraDirs and plugins";

/// The OpenClaw source a skill folder belongs to, if its path says so.
pub fn source_of(path: &str, home: Option<&str>) -> Option<Source> {
    let mut p = path.replace('\\', "/");
    if let Some(h) = home.filter(|h| !h.is_empty()) {
        let h = h.trim_end_matches('/');
        if let Some(rest) = p.strip_prefix(h)
            && (rest.is_empty() || rest.starts_with('/'))
        {
            p = format!("~{rest}");
        }
    }
    let p = format!("/{}/", p.trim_matches('/'));
    let parent_is_skills = p
        .trim_end_matches('/')
        .rsplit('/')
        .nth(1)
        .is_some_and(|d| d == "skills");
    if p.contains("/.openclaw/agents/") && p.contains("/workshop-skills/") {
        Some(Source::Workshop)
    } else if p.starts_with("/~/.agents/skills/") {
        Some(Source::PersonalAgents)
    } else if p.contains("/.openclaw/skills/") {
        Some(Source::Managed)
    } else if p.contains("/.agents/skills/") {
        Some(Source::WorkspaceAgents)
    } else if p.contains("/node_modules/openclaw/") || p.contains("/openclaw/skills/") {
        Some(Source::Bundled)
    } else if parent_is_skills {
        Some(Source::Workspace)
    } else {
        None
    }
}

fn shadowing(rows: &[Row]) -> Vec<Flag> {
    let home = std::env::var("HOME").ok();
    let mut by_name: BTreeMap<String, Vec<usize>> = BTreeMap::new();
    for (i, r) in rows.iter().enumerate() {
        by_name
            .entry(r.name.trim().to_lowercase())
            .or_default()
            .push(i);
    }
    let mut out = Vec::new();
    for (name, idx) in by_name {
        if idx.len() < 2 {
            continue;
        }
        let mut entries: Vec<(Option<Source>, usize)> = idx
            .iter()
            .map(|&i| (source_of(&rows[i].path, home.as_deref()), i))
            .collect();
        // Known sources by precedence, unknown ones last.
        entries.sort_by_key(|(s, i)| (s.is_none(), *s, rows[*i].path.clone()));
        let known: Vec<&(Option<Source>, usize)> =
            entries.iter().filter(|(s, _)| s.is_some()).collect();
        // A winner only when every copy's source is known and one ranks first.
        let winner = match known.as_slice() {
            [first, second, ..] if known.len() == entries.len() && second.0 != first.0 => {
                Some(first.1)
            }
            _ => None,
        };
        let listed: Vec<String> = entries
            .iter()
            .map(|(s, i)| {
                let src = s.map_or("source unknown".to_string(), |s| {
                    format!("{}, precedence {}", s.label(), s.rank())
                });
                let role = match winner {
                    Some(w) if w == *i => ", loaded",
                    Some(_) if s.is_some() => ", shadowed",
                    _ => "",
                };
                format!("{} ({src}{role})", escape_display(&rows[*i].path))
            })
            .collect();
        let verdict = match winner {
            Some(w) => format!(
                "OpenClaw loads only {} and silently ignores the other copies",
                escape_display(&rows[w].path)
            ),
            None => "Which copy an agent loads depends on the folder each one is installed in"
                .to_string(),
        };
        out.push(Flag {
            kind: FlagKind::Shadowing,
            skills: idx.clone(),
            similarity: None,
            message: format!(
                "the name `{}` is used by {} skills: {}. {verdict} (precedence: {PRECEDENCE}). Check that the copy that wins is the one you reviewed, or rename one.",
                escape_display(&name),
                idx.len(),
                listed.join("; ")
            ),
        });
    }
    out
}

// ---------------------------------------------------------------------------
// Names
// ---------------------------------------------------------------------------

/// Levenshtein distance, shared with the typosquat rule.
use crate::rules::detectors::manifest::distance;

fn skeleton(s: &str) -> String {
    unicode_security::skeleton(s).collect()
}

/// Whether two names are near misses of each other: one edit apart (names
/// of 5+ chars), two apart (8+ chars), or the same skeleton (homoglyphs).
fn near_miss(a: &str, b: &str) -> bool {
    if a == b {
        return false;
    }
    let short = a.chars().count().min(b.chars().count());
    let long = a.chars().count().max(b.chars().count());
    if long - short <= 2 {
        let d = distance(a, b);
        if (short >= 5 && d == 1) || (short >= 8 && d == 2) {
            return true;
        }
    }
    skeleton(a) == skeleton(b)
}

/// The well-known skill a name imitates, if any (the test of the
/// typosquat rule: `rules::detectors::manifest::imitates`).
pub fn imitates(name: &str) -> Option<&'static str> {
    let n = name.to_lowercase();
    if KNOWN_NAMES.iter().any(|k| *k == n) {
        return None;
    }
    KNOWN_NAMES.iter().copied().find(|known| {
        let d = distance(&n, known);
        (known.len() >= 5 && d == 1)
            || (known.len() >= 8 && d == 2)
            || skeleton(&n) == skeleton(known)
    })
}

fn typosquats(rows: &[Row]) -> Vec<Flag> {
    rows.iter()
        .enumerate()
        .filter_map(|(i, r)| {
            let known = imitates(&r.name)?;
            Some(Flag {
                kind: FlagKind::Typosquat,
                skills: vec![i],
                similarity: None,
                message: format!(
                    "`{}` ({}) is a near miss of the well-known skill `{known}`: typosquats borrow a trusted name so that users install them and agents pick them. Check the publisher before installing.",
                    escape_display(&r.name),
                    escape_display(&r.path)
                ),
            })
        })
        .collect()
}

fn squash(name: &str) -> String {
    name.to_lowercase()
        .chars()
        .filter(|c| !matches!(c, '-' | '_' | ' ' | '.'))
        .collect()
}

fn similar_names(rows: &[Row]) -> Vec<Flag> {
    let names: Vec<String> = rows.iter().map(|r| r.name.trim().to_lowercase()).collect();
    let distinct: BTreeSet<&str> = names.iter().map(String::as_str).collect();
    let distinct: Vec<&str> = distinct.into_iter().collect();
    let mut out = Vec::new();
    for (x, a) in distinct.iter().enumerate() {
        for b in &distinct[x + 1..] {
            let same_squashed = squash(a) == squash(b);
            if !same_squashed && !near_miss(a, b) {
                continue;
            }
            let skills: Vec<usize> = names
                .iter()
                .enumerate()
                .filter(|(_, n)| n.as_str() == *a || n.as_str() == *b)
                .map(|(i, _)| i)
                .collect();
            let how = if same_squashed {
                "differ only by separators".to_string()
            } else if skeleton(a) == skeleton(b) {
                "look the same (confusable characters)".to_string()
            } else {
                format!("differ by {} character(s)", distance(a, b))
            };
            out.push(Flag {
                kind: FlagKind::SimilarNames,
                skills,
                similarity: None,
                message: format!(
                    "`{}` and `{}` {how}: a user or an agent can pick the wrong one, and one may imitate the other",
                    escape_display(a),
                    escape_display(b)
                ),
            });
        }
    }
    out
}

// ---------------------------------------------------------------------------
// Overlapping intents
// ---------------------------------------------------------------------------

const STOPWORDS: &[&str] = &[
    "a", "an", "and", "any", "are", "as", "asks", "at", "be", "by", "can", "do", "does", "e", "eg",
    "etc", "for", "from", "g", "has", "have", "he", "her", "his", "how", "i", "if", "in", "into",
    "is", "it", "its", "me", "my", "no", "not", "of", "on", "one", "or", "our", "she", "so",
    "such", "than", "that", "the", "their", "them", "then", "there", "these", "they", "this",
    "those", "to", "up", "us", "use", "used", "uses", "using", "via", "want", "wants", "was", "we",
    "were", "what", "when", "where", "which", "while", "who", "why", "will", "with", "without",
    "you", "your", "skill", "skills", "user", "users", "agent", "helps", "help", "lets", "let",
    "also", "all", "about", "more", "most", "other", "some", "only", "just", "like", "need",
    "needs",
];

/// Content words of a text: lower-cased, stop words removed, plurals folded.
pub fn content_words(text: &str) -> BTreeSet<String> {
    text.to_lowercase()
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| w.len() >= 2 && !w.chars().all(|c| c.is_ascii_digit()))
        .filter(|w| !STOPWORDS.contains(w))
        .map(|w| {
            if let Some(s) = w.strip_suffix("ies")
                && s.len() >= 3
            {
                format!("{s}y")
            } else if w.len() > 3 && w.ends_with('s') && !w.ends_with("ss") {
                w[..w.len() - 1].to_string()
            } else {
                w.to_string()
            }
        })
        .collect()
}

/// Jaccard similarity of two word sets.
pub fn jaccard(a: &BTreeSet<String>, b: &BTreeSet<String>) -> f64 {
    let inter = a.intersection(b).count();
    let union = a.len() + b.len() - inter;
    if union == 0 {
        0.0
    } else {
        inter as f64 / union as f64
    }
}

fn overlaps(reports: &[&SkillReport], rows: &[Row]) -> Vec<Flag> {
    let words: Vec<BTreeSet<String>> = reports
        .iter()
        .map(|r| content_words(&r.description))
        .collect();
    // Inverted index: only pairs sharing a word are compared.
    let mut postings: HashMap<&str, Vec<usize>> = HashMap::new();
    for (i, ws) in words.iter().enumerate() {
        for w in ws {
            postings.entry(w.as_str()).or_default().push(i);
        }
    }
    let mut out = Vec::new();
    for i in 0..words.len() {
        let mut shared: BTreeMap<usize, usize> = BTreeMap::new();
        for w in &words[i] {
            for &j in postings.get(w.as_str()).into_iter().flatten() {
                if j > i {
                    *shared.entry(j).or_default() += 1;
                }
            }
        }
        for (j, n) in shared {
            if n < MIN_SHARED {
                continue;
            }
            let same_name = rows[i]
                .name
                .trim()
                .eq_ignore_ascii_case(rows[j].name.trim());
            if same_name {
                // Reported as shadowing.
                continue;
            }
            let sim = jaccard(&words[i], &words[j]);
            if sim < OVERLAP_THRESHOLD {
                continue;
            }
            out.push(Flag {
                kind: FlagKind::Overlap,
                skills: vec![i, j],
                similarity: Some((sim * 100.0).round() / 100.0),
                message: format!(
                    "`{}` ({}) and `{}` ({}) have descriptions {:.0}% alike: agents may confuse these and pick the wrong skill. Make the descriptions say how they differ, or keep only one.",
                    escape_display(&rows[i].name),
                    escape_display(&rows[i].path),
                    escape_display(&rows[j].name),
                    escape_display(&rows[j].path),
                    sim * 100.0
                ),
            });
        }
    }
    out
}

// ---------------------------------------------------------------------------
// Rendering
// ---------------------------------------------------------------------------

fn dim_short(d: Dimension) -> &'static str {
    match d {
        Dimension::DataExfiltration => "EXFIL",
        Dimension::Destructive => "DESTR",
        Dimension::PrivilegeEscalation => "PRIV",
        Dimension::CovertExecution => "COVERT",
        Dimension::ResourceAbuse => "RES",
        Dimension::CredentialAccess => "CRED",
    }
}

fn level_short(l: &str) -> &'static str {
    match l {
        "low" => "low",
        "medium" => "MED",
        "high" => "HIGH",
        "critical" => "CRIT",
        _ => "-",
    }
}

fn cut(s: &str, max: usize) -> String {
    let s = escape_display(s);
    if s.chars().count() > max {
        let mut t: String = s.chars().take(max.saturating_sub(1)).collect();
        t.push('…');
        t
    } else {
        s
    }
}

fn scopes_text(r: &Row) -> String {
    if r.scopes.is_empty() {
        "-".into()
    } else {
        r.scopes
            .iter()
            .map(|s| s.as_str())
            .collect::<Vec<_>>()
            .join(",")
    }
}

pub fn render_human(m: &SkillMap) -> String {
    let mut head: Vec<String> = vec!["NAME".into(), "VERSION".into(), "VERDICT".into()];
    head.extend(Dimension::ALL.iter().map(|d| dim_short(*d).to_string()));
    head.extend(["SCOPES".into(), "INTENT".into(), "PATH".into()]);
    let mut table: Vec<Vec<String>> = vec![head];
    for r in &m.rows {
        let mut cells = vec![
            cut(&r.name, 32),
            cut(r.version.as_deref().unwrap_or("-"), 12),
            r.verdict.to_string(),
        ];
        cells.extend(r.risk.iter().map(|(_, l)| level_short(l).to_string()));
        cells.push(scopes_text(r));
        cells.push(cut(&r.intent, 60));
        cells.push(escape_display(&r.path));
        table.push(cells);
    }
    let cols = table[0].len();
    let widths: Vec<usize> = (0..cols)
        .map(|c| {
            table
                .iter()
                .map(|row| row[c].chars().count())
                .max()
                .unwrap_or(0)
        })
        .collect();
    let mut s = format!(
        "skillscan map: {} skill(s), {} flag(s)\n\n",
        m.rows.len(),
        m.flags.len()
    );
    for row in &table {
        let line: Vec<String> = row
            .iter()
            .enumerate()
            .map(|(c, cell)| {
                if c + 1 == cols {
                    cell.clone()
                } else {
                    format!("{cell:<w$}", w = widths[c])
                }
            })
            .collect();
        s.push_str(line.join("  ").trim_end());
        s.push('\n');
    }
    if m.flags.is_empty() {
        s.push_str("\nNo overlapping intents, shadowed names or typosquats.\n");
    } else {
        s.push_str("\nFlags:\n");
        for f in &m.flags {
            s.push_str(&format!("  [{}] {}\n", f.kind.as_str(), f.message));
        }
    }
    s
}

pub fn render_markdown(m: &SkillMap) -> String {
    let mut s = String::from("# Skill capability map\n\n");
    s.push_str("| Name | Path | Version | Intent | Scopes |");
    for d in Dimension::ALL {
        s.push_str(&format!(" {} |", d.as_str()));
    }
    s.push_str(" Verdict |\n|---|---|---|---|---|");
    for _ in Dimension::ALL {
        s.push_str("---|");
    }
    s.push_str("---|\n");
    for r in &m.rows {
        s.push_str(&format!(
            "| {} | {} | {} | {} | {} |",
            cell(&r.name, 80),
            cell(&r.path, 160),
            r.version
                .as_deref()
                .map_or_else(|| "-".into(), |v| cell(v, 40)),
            cell(&r.intent, 200),
            scopes_text(r)
        ));
        for (_, l) in &r.risk {
            s.push_str(&format!(" {l} |"));
        }
        s.push_str(&format!(" {} |\n", r.verdict));
    }
    s.push_str("\n## Flags\n\n");
    if m.flags.is_empty() {
        s.push_str("No overlapping intents, shadowed names or typosquats.\n");
    } else {
        for f in &m.flags {
            // The message quotes skill names and paths: hostile text.
            s.push_str(&format!(
                "- **{}**: {}\n",
                f.kind.as_str(),
                code(&f.message, 1000)
            ));
        }
    }
    s
}

pub fn to_json(m: &SkillMap) -> Value {
    let skills: Vec<Value> = m
        .rows
        .iter()
        .map(|r| {
            let risk: serde_json::Map<String, Value> = r
                .risk
                .iter()
                .map(|(d, l)| (d.as_str().to_string(), json!(l)))
                .collect();
            json!({
                "name": r.name,
                "path": r.path,
                "version": r.version,
                "intent": r.intent,
                "scopes": r.scopes.iter().map(|s| s.as_str()).collect::<Vec<_>>(),
                "risk": risk,
                "verdict": r.verdict,
                "complete": r.complete,
            })
        })
        .collect();
    let flags: Vec<Value> = m
        .flags
        .iter()
        .map(|f| {
            let mut v = json!({
                "kind": f.kind.as_str(),
                "skills": f.skills.iter().map(|&i| json!({"name": m.rows[i].name, "path": m.rows[i].path})).collect::<Vec<_>>(),
                "message": f.message,
            });
            if let Some(sim) = f.similarity {
                v["similarity"] = json!(sim);
            }
            v
        })
        .collect();
    json!({
        "tool": {"name": "skillscan", "version": env!("CARGO_PKG_VERSION")},
        "skills": skills,
        "flags": flags,
    })
}

pub fn render_json(m: &SkillMap) -> String {
    let mut s = serde_json::to_string_pretty(&to_json(m)).unwrap_or_default();
    s.push('\n');
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sources_follow_openclaw_layout() {
        let home = Some("/home/u");
        assert_eq!(
            source_of("/work/ws/skills/foo", home),
            Some(Source::Workspace)
        );
        assert_eq!(
            source_of("/work/ws/.agents/skills/foo", home),
            Some(Source::WorkspaceAgents)
        );
        assert_eq!(
            source_of("/home/u/.agents/skills/foo", home),
            Some(Source::PersonalAgents)
        );
        assert_eq!(
            source_of("/home/u/.openclaw/skills/foo", home),
            Some(Source::Managed)
        );
        assert_eq!(
            source_of(
                "/home/u/.openclaw/agents/main/agent/workshop-skills/foo",
                home
            ),
            Some(Source::Workshop)
        );
        assert_eq!(
            source_of("/usr/lib/node_modules/openclaw/skills/foo", home),
            Some(Source::Bundled)
        );
        assert_eq!(source_of("corpus/benign/foo", home), None);
        assert!(Source::Workspace.rank() < Source::Bundled.rank());
    }

    #[test]
    fn names() {
        assert_eq!(imitates("coding-agnet"), Some("coding-agent"));
        assert_eq!(imitates("coding-agent"), None);
        assert_eq!(imitates("weather-lite"), None);
        assert!(near_miss("pdf-merge", "pdf-merger"));
        assert!(!near_miss("pdf", "pdx"));
        assert_eq!(squash("pdf_merge"), squash("pdf-merge"));
    }

    #[test]
    fn words_and_similarity() {
        let a = content_words(
            "Merges PDF files and splits pages. Use when the user wants PDFs combined.",
        );
        let b = content_words("Merge PDF files, split pages; use when users want combined PDFs.");
        assert!(jaccard(&a, &b) >= OVERLAP_THRESHOLD, "{a:?} {b:?}");
        let c = content_words("Weather forecast for any city.");
        assert!(jaccard(&a, &c) < 0.1);
        assert_eq!(jaccard(&BTreeSet::new(), &BTreeSet::new()), 0.0);
    }
}
