//! Rules: data definitions in `rules/*.yml` (one file per rule: id, title,
//! dimensions, severity, confidence, message, docs, examples) matched over
//! evidence, plus Rust detectors for rules that need logic (flows, the
//! manifest, the inventory). Every rule's examples are tests.

mod explain;
pub use explain::rule_text;
pub mod detectors;

use crate::evidence::{Evidence, Op, Origin, Tag};
use crate::finding::{Confidence, Dimension, Finding, FlowStep, Severity, stable_hash};
use crate::flow::FlowGraph;
use crate::skill::{Manifest, Skill};
use crate::ssl::vocab::ResourceScope;
use serde::Deserialize;
use std::collections::{BTreeMap, BTreeSet};
use std::sync::LazyLock;

include!(concat!(env!("OUT_DIR"), "/rules_gen.rs"));

#[derive(Debug, Clone, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct Matcher {
    #[serde(default)]
    pub ops: Vec<Op>,
    #[serde(default)]
    pub tags_any: Vec<Tag>,
    #[serde(default)]
    pub tags_all: Vec<Tag>,
    #[serde(default)]
    pub tags_none: Vec<Tag>,
    #[serde(default)]
    pub scopes: Vec<ResourceScope>,
    #[serde(default)]
    pub origins: Vec<Origin>,
    #[serde(default)]
    pub not_origins: Vec<Origin>,
    /// Regex over the step's `resource_target`.
    #[serde(default)]
    pub target: Option<String>,
    /// Regex over the step's instrument.
    #[serde(default)]
    pub instrument: Option<String>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Adjust {
    #[serde(default)]
    pub when_tags_any: Vec<Tag>,
    #[serde(default)]
    pub when_origins: Vec<Origin>,
    #[serde(default)]
    pub when_ops: Vec<Op>,
    #[serde(default)]
    pub severity: Option<Severity>,
    #[serde(default)]
    pub confidence: Option<Confidence>,
}

#[derive(Debug, Clone, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct Example {
    pub name: String,
    /// Files of the example skill: path → content.
    pub files: BTreeMap<String, String>,
}

#[derive(Debug, Clone, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct Examples {
    #[serde(default)]
    pub positive: Vec<Example>,
    #[serde(default)]
    pub negative: Vec<Example>,
}

/// One rule, as defined in its YAML file.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RuleDef {
    pub id: String,
    pub title: String,
    pub dimensions: Vec<Dimension>,
    pub severity: Severity,
    pub confidence: Confidence,
    /// Finding message; `{target}`, `{object}`, `{instrument}` are filled in.
    pub message: String,
    /// Why it matters (SARIF fullDescription).
    pub description: String,
    /// What to do (SARIF help).
    pub help: String,
    #[serde(default)]
    pub cwe: Vec<String>,
    #[serde(rename = "match", default)]
    pub matcher: Option<Matcher>,
    /// Name of a Rust detector in `rules::detectors`.
    #[serde(default)]
    pub detector: Option<String>,
    #[serde(default)]
    pub adjust: Vec<Adjust>,
}

/// A rule file's `examples:` section on its own.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ExamplesOnly {
    #[serde(default)]
    examples: Examples,
}

/// `text` split into the rule without its top-level `examples:` section,
/// and that section (empty when there is none). A scan never reads the
/// examples, and parsing them was an eighth of a one-skill run's CPU; they
/// are parsed when asked for ([`examples`]).
fn split_examples(text: &str) -> (String, &str) {
    let Some(start) = text
        .match_indices("examples:")
        .map(|(i, _)| i)
        .find(|&i| i == 0 || text.as_bytes()[i - 1] == b'\n')
    else {
        return (text.to_string(), "");
    };
    // The section ends at the next top-level key (a line starting with
    // neither white space, `-` nor `#`).
    let mut end = text.len();
    let mut at = start;
    for (n, line) in text[start..].split_inclusive('\n').enumerate() {
        if n > 0
            && line
                .chars()
                .next()
                .is_some_and(|c| !c.is_whitespace() && c != '-' && c != '#')
        {
            end = at;
            break;
        }
        at += line.len();
    }
    let mut rest = text[..start].to_string();
    rest.push_str(&text[end..]);
    (rest, &text[start..end])
}

/// A rule's examples (the ones its tests run and `skillscan rules
/// --explain` shows), parsed from its file.
pub fn examples(id: &str) -> Examples {
    RULE_FILES
        .iter()
        .find(|(name, _)| name.trim_end_matches(".yml").eq_ignore_ascii_case(id))
        .map(|(name, text)| {
            let (_, section) = split_examples(text);
            if section.is_empty() {
                return Examples::default();
            }
            serde_saphyr::from_str::<ExamplesOnly>(section)
                .unwrap_or_else(|e| panic!("rules/{name}: {e}"))
                .examples
        })
        .unwrap_or_else(|| panic!("no rule file rules/{id}.yml"))
}

struct Compiled {
    def: RuleDef,
    target: Option<regex::Regex>,
    instrument: Option<regex::Regex>,
}

/// A rule file's rule (without its examples), as its YAML text reads.
fn parse_yaml(name: &str, text: &str) -> RuleDef {
    let (rule, _) = split_examples(text);
    serde_saphyr::from_str(&rule).unwrap_or_else(|e| panic!("rules/{name}: {e}"))
}

/// A rule file's rule from the JSON `build.rs` wrote of it (about a tenth
/// of the YAML parse); from its YAML where the JSON does not read (the
/// same answer, slower: `tests` checks that every rule's JSON reads and
/// gives the YAML's rule).
fn parse_rule(i: usize) -> RuleDef {
    let (name, text) = RULE_FILES[i];
    RULE_JSON
        .get(i)
        .filter(|(json_name, _)| *json_name == name)
        .and_then(|(_, json)| serde_json::from_str(json).ok())
        .unwrap_or_else(|| parse_yaml(name, text))
}

/// Every rule, sorted by id. Parsing is checked by tests; a bad rule file
/// is a build-time mistake, so it panics with the file name.
static RULES: LazyLock<Vec<Compiled>> = LazyLock::new(|| {
    let mut v: Vec<Compiled> = RULE_FILES
        .iter()
        .enumerate()
        .map(|(i, (name, _))| {
            let def = parse_rule(i);
            let rx = |p: &Option<String>| {
                p.as_ref()
                    .map(|p| crate::rx::build(p).unwrap_or_else(|e| panic!("rules/{name}: {e}")))
            };
            let target = def.matcher.as_ref().and_then(|m| rx(&m.target));
            let instrument = def.matcher.as_ref().and_then(|m| rx(&m.instrument));
            Compiled {
                def,
                target,
                instrument,
            }
        })
        .collect();
    v.sort_by(|a, b| a.def.id.cmp(&b.def.id));
    v
});

pub fn all() -> Vec<&'static RuleDef> {
    RULES.iter().map(|c| &c.def).collect()
}

pub fn get(id: &str) -> Option<&'static RuleDef> {
    RULES
        .iter()
        .map(|c| &c.def)
        .find(|d| d.id.eq_ignore_ascii_case(id))
}

/// Everything a rule can look at for one skill.
pub struct RuleCx<'a> {
    pub skill: &'a Skill,
    pub manifest: &'a Manifest,
    pub evidence: &'a [Evidence],
    pub step_ids: &'a [Option<String>],
    pub flows: &'a FlowGraph,
    pub incomplete: &'a [String],
    /// Budgets a rule hit while judging (a pairing search past its bound):
    /// each marks the skill incomplete, like an extraction budget, so the
    /// gate blocks instead of the rule stopping silently.
    pub gave_up: std::cell::RefCell<Vec<String>>,
    /// What the user reads, lower-cased, made on first need and shared by
    /// the detectors that ask (`detectors::undeclared_send::user_text`).
    pub user_text: std::cell::OnceCell<String>,
    /// The secret environment names code reads, per file, made on first
    /// need (`decide::vendor::env_keys_of`).
    pub env_keys: std::cell::OnceCell<std::collections::HashMap<String, Vec<String>>>,
    /// The file names and patterns the description and SKILL.md's visible
    /// prose name, normalised, made on first need
    /// (`decide::declared::described_credential_file`).
    pub named_paths: std::cell::OnceCell<(Vec<String>, Vec<String>)>,
}

impl RuleCx<'_> {
    /// Record that a rule stopped at a budget; the skill is incomplete.
    pub fn give_up(&self, why: String) {
        let mut g = self.gave_up.borrow_mut();
        if !g.contains(&why) {
            g.push(why);
        }
    }

    /// A finding for rule `def` at evidence `i`.
    pub fn finding_at(&self, def: &RuleDef, i: usize) -> Finding {
        let ev = &self.evidence[i];
        // A step whose target is not known statically (`… | source`: code
        // read from a pipe; a download address built at run time) says so,
        // rather than ending its message on an empty string.
        let target = if ev.target.trim().is_empty() {
            "(not known until run time)".to_string()
        } else {
            crate::text::snippet(&ev.target, 120)
        };
        let msg = def
            .message
            .replace("{target}", &target)
            .replace("{object}", &ev.object)
            .replace("{instrument}", &ev.instrument);
        let mut f = self.finding(def, ev.location.clone(), &ev.snippet, msg);
        f.logic_step_id = self.step_ids.get(i).cloned().flatten();
        f
    }

    /// A finding at an arbitrary location.
    pub fn finding(
        &self,
        def: &RuleDef,
        location: crate::evidence::Location,
        snippet: &str,
        message: String,
    ) -> Finding {
        Finding {
            rule_id: def.id.clone(),
            title: def.title.clone(),
            dimensions: def.dimensions.clone(),
            severity: def.severity,
            confidence: def.confidence,
            message,
            fingerprint: stable_hash(&[&def.id, &location.path, &normalize_snippet(snippet)]),
            location,
            snippet: snippet.to_string(),
            logic_step_id: None,
            flow: Vec::new(),
            suppressed: None,
            downgraded_by: None,
            raised_by: None,
            declared_consent: None,
        }
    }

    pub fn flow_steps(&self, path: &[usize], notes: impl Fn(&Evidence) -> String) -> Vec<FlowStep> {
        path.iter()
            .map(|&i| FlowStep {
                location: self.evidence[i].location.clone(),
                note: notes(&self.evidence[i]),
                logic_step_id: self.step_ids.get(i).cloned().flatten(),
            })
            .collect()
    }
}

fn normalize_snippet(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn matches(c: &Compiled, ev: &Evidence) -> bool {
    let Some(m) = &c.def.matcher else {
        return false;
    };
    (m.ops.is_empty() || m.ops.contains(&ev.op))
        && (m.tags_any.is_empty() || m.tags_any.iter().any(|t| ev.has(*t)))
        && m.tags_all.iter().all(|t| ev.has(*t))
        && !m.tags_none.iter().any(|t| ev.has(*t))
        && (m.scopes.is_empty() || m.scopes.contains(&ev.scope))
        && (m.origins.is_empty() || m.origins.contains(&ev.origin))
        && !m.not_origins.contains(&ev.origin)
        && c.target.as_ref().is_none_or(|r| r.is_match(&ev.target))
        && c.instrument
            .as_ref()
            .is_none_or(|r| r.is_match(&ev.instrument))
}

/// Ops whose prose patterns embed negation themselves ("never tell the user").
fn negation_is_the_signal(op: Op) -> bool {
    matches!(op, Op::Concealment | Op::PromptOverride | Op::Instruction)
}

/// Context weighting shared by all rules: documentation of an attack is
/// not an instruction to perform it; code that runs without the model's
/// judgement weighs more; references and fixtures weigh less.
/// Returns `None` when the evidence should not produce a finding at all.
pub fn weigh(
    ev: &Evidence,
    mut sev: Severity,
    mut conf: Confidence,
) -> Option<(Severity, Confidence)> {
    let prose = matches!(
        ev.origin,
        Origin::Prose | Origin::Frontmatter | Origin::HtmlComment
    );
    if prose && ev.has(Tag::Negated) && !ev.has(Tag::Imperative) && !negation_is_the_signal(ev.op) {
        return None;
    }
    if ev.has(Tag::Documentation) && !ev.has(Tag::Imperative) && !negation_is_the_signal(ev.op) {
        // Describing an attack is not performing it: informational only.
        sev = Severity::Info;
        conf = Confidence::Low;
    } else if ev.has(Tag::Documentation) {
        sev = sev.down();
        conf = conf.down();
    }
    if prose
        && !ev.has(Tag::Imperative)
        && ev.origin != Origin::HtmlComment
        && !negation_is_the_signal(ev.op)
    {
        conf = conf.down();
    }
    // A fixture nothing in the skill names is an inert sample of what the
    // skill detects (`extract::fixtures`): informational, whatever it holds.
    if ev.has(Tag::Unreached) || ev.has(Tag::DeclaredExample) {
        return Some((Severity::Info, Confidence::Low));
    }
    if ev.has(Tag::Reference) || ev.has(Tag::TestFixture) {
        sev = sev.down();
    }
    // Test inputs and fixtures (`assert!(detect("rm -rf /"))`) are examples
    // of what the code looks for, unless they carry an intent signal of
    // their own (a raw-IP download, obfuscation). Round 36: a string in a
    // Rust `#[cfg(test)]` module or a Rust test file is informational
    // (it was high/low, and a detector's own test table stacked up to a
    // block); a test file the skill runs has lost the tag already
    // (`fixtures::mark_unreached`).
    if ev.has(Tag::TestFixture)
        && !ev.has(Tag::RawIp)
        && !ev.has(Tag::Obfuscated)
        && !ev.has(Tag::Deception)
    {
        if ev.location.path.ends_with(".rs") {
            return Some((Severity::Info, Confidence::Low));
        }
        conf = Confidence::Low;
    }
    // Hooks run by themselves; an install spec is the step the user is
    // offered when installing (what it runs is judged on its own).
    if matches!(ev.origin, Origin::Hook | Origin::DynamicContext)
        && !ev.has(Tag::InstallSpec)
        && !ev.has(Tag::BuildStep)
    {
        sev = sev.up();
    }
    Some((sev, conf))
}

/// The evidence a context weighting ([`weigh`]) lowered a finding on,
/// named in the finding (docs/scoring.md: every downgrade names what it
/// rests on).
pub fn weighed_by(ev: &Evidence) -> Option<String> {
    let mut why = Vec::new();
    if ev.has(Tag::OverReads) {
        why.push(
            "a waiver after a list of reads: reading the agent's own files needs no one's leave",
        );
    } else if ev.has(Tag::Documentation) {
        why.push(if ev.has(Tag::Imperative) {
            "shown as documentation but phrased as an instruction"
        } else {
            crate::finding::DOC_FRAMED
        });
    }
    if ev.has(Tag::Reference) {
        why.push("in a reference file");
    }
    if ev.has(Tag::TestFixture) {
        why.push("a test input");
    }
    if ev.has(Tag::Unreached) {
        why.push("a test fixture no file of the skill names or runs");
    }
    if ev.has(Tag::DeclaredExample) {
        why.push(crate::finding::DECLARED_EXAMPLES);
    }
    (!why.is_empty()).then(|| why.join("; "))
}

/// A detector's finding that [`weigh`] lowered below its rule's severity
/// names the evidence it was lowered on, as a matched rule's does.
fn name_weighing(cx: &RuleCx, def: &RuleDef, f: &mut Finding) {
    if f.downgraded_by.is_some() || f.severity >= def.severity {
        return;
    }
    let Some(id) = f.logic_step_id.as_ref() else {
        return;
    };
    let Some(i) = cx.step_ids.iter().position(|s| s.as_ref() == Some(id)) else {
        return;
    };
    if let Some(why) = cx.evidence.get(i).and_then(weighed_by) {
        let to = f.severity;
        f.severity = def.severity;
        f.downgrade(to, &why);
    }
}

/// Runs every enabled rule over one skill.
pub fn evaluate(cx: &RuleCx, disabled: &BTreeSet<String>) -> Vec<Finding> {
    let mut out = Vec::new();
    for c in RULES.iter() {
        if disabled.contains(&c.def.id) {
            continue;
        }
        if c.def.matcher.is_some() {
            for (i, ev) in cx.evidence.iter().enumerate() {
                if ev.op == Op::Return || !matches(c, ev) {
                    continue;
                }
                let (mut sev, mut conf) = (c.def.severity, c.def.confidence);
                for a in &c.def.adjust {
                    let tag_ok =
                        a.when_tags_any.is_empty() || a.when_tags_any.iter().any(|t| ev.has(*t));
                    let origin_ok =
                        a.when_origins.is_empty() || a.when_origins.contains(&ev.origin);
                    let op_ok = a.when_ops.is_empty() || a.when_ops.contains(&ev.op);
                    if tag_ok && origin_ok && op_ok {
                        sev = a.severity.unwrap_or(sev);
                        conf = a.confidence.unwrap_or(conf);
                    }
                }
                let Some((wsev, wconf)) = weigh(ev, sev, conf) else {
                    continue;
                };
                let mut f = cx.finding_at(&c.def, i);
                f.severity = sev;
                f.confidence = wconf;
                match weighed_by(ev) {
                    Some(why) if wsev < sev => f.downgrade(wsev, &why),
                    _ => f.severity = wsev,
                }
                out.push(f);
            }
        }
        if let Some(d) = &c.def.detector {
            for mut f in detectors::run(d, &c.def, cx) {
                name_weighing(cx, &c.def, &mut f);
                out.push(f);
            }
        }
    }
    dedup(out)
}

/// One finding per rule and line; then the caps of [`cap`].
fn dedup(mut v: Vec<Finding>) -> Vec<Finding> {
    v.sort_by(|a, b| a.sort_key().cmp(&b.sort_key()));
    let mut seen = BTreeSet::new();
    v.retain(|f| {
        seen.insert((
            f.rule_id.clone(),
            f.location.path.clone(),
            f.location.start_line,
        ))
    });
    cap(v)
}

/// At most `MAX_FINDINGS_PER_RULE_FILE` findings per rule and file and
/// `MAX_FINDINGS_PER_RULE_SKILL` per rule and skill, worst first, so a
/// hostile skill cannot blow up the report (160,000 symlinks once made a
/// 98 MB JSON report). The finding that weighs most in each rule's score is
/// always kept, so the scores and the verdict are those of the uncapped
/// list. The last finding kept of a capped rule says how many more there
/// were, in every format ("… (and K more …)").
fn cap(v: Vec<Finding>) -> Vec<Finding> {
    use crate::limits::{MAX_FINDINGS_PER_RULE_FILE, MAX_FINDINGS_PER_RULE_SKILL};
    let weight = |f: &Finding| crate::score::base(f.severity) * crate::score::weight(f.confidence);
    let mut best: BTreeMap<&str, usize> = BTreeMap::new();
    for (i, f) in v.iter().enumerate() {
        let b = best.entry(f.rule_id.as_str()).or_insert(i);
        if weight(f) > weight(&v[*b]) {
            *b = i;
        }
    }
    let mut per_file: BTreeMap<(&str, &str), usize> = BTreeMap::new();
    let mut per_rule: BTreeMap<&str, usize> = BTreeMap::new();
    let mut more: BTreeMap<String, usize> = BTreeMap::new();
    let mut keep = vec![false; v.len()];
    for (i, f) in v.iter().enumerate() {
        let rule = f.rule_id.as_str();
        let in_file = per_file
            .entry((rule, f.location.path.as_str()))
            .or_default();
        let in_rule = per_rule.entry(rule).or_default();
        if *in_file < MAX_FINDINGS_PER_RULE_FILE && *in_rule < MAX_FINDINGS_PER_RULE_SKILL
            || best.get(rule) == Some(&i)
        {
            keep[i] = true;
            *in_file += 1;
            *in_rule += 1;
        } else {
            *more.entry(rule.to_string()).or_default() += 1;
        }
    }
    let mut out: Vec<Finding> = v
        .into_iter()
        .zip(keep)
        .filter_map(|(f, k)| k.then_some(f))
        .collect();
    for (rule, k) in more {
        if let Some(f) = out.iter_mut().rev().find(|f| f.rule_id == rule) {
            f.message.push_str(&format!(
                " (and {k} more {rule} finding(s) in this skill, not listed: at most {MAX_FINDINGS_PER_RULE_FILE} per file and {MAX_FINDINGS_PER_RULE_SKILL} per skill are)"
            ));
        }
    }
    out
}

#[cfg(test)]
mod examples_split_tests {
    use super::*;

    #[test]
    fn every_rule_file_splits_into_the_rule_and_its_examples() {
        let mut with_examples = 0;
        for (name, text) in RULE_FILES {
            let (rule, section) = split_examples(text);
            assert_eq!(rule.len() + section.len(), text.len(), "{name}");
            assert!(!rule.contains("\nexamples:"), "{name}");
            if text.starts_with("examples:") || text.contains("\nexamples:") {
                with_examples += 1;
                let id = name.trim_end_matches(".yml");
                let ex = examples(id);
                let named = section
                    .lines()
                    .filter(|l| l.trim_start().starts_with("- name:"))
                    .count();
                assert_eq!(
                    ex.positive.len() + ex.negative.len(),
                    named,
                    "{name}: every example of its section parsed"
                );
            }
        }
        assert!(with_examples > 60, "{with_examples}");
        // A key after the section is kept with the rule.
        let (rule, section) =
            split_examples("id: X\nexamples:\n  positive: []\n# note\n\ndetector: d\n");
        assert_eq!(rule, "id: X\ndetector: d\n");
        assert_eq!(section, "examples:\n  positive: []\n# note\n\n");
    }

    #[test]
    fn every_rule_reads_the_same_from_its_json_as_from_its_yaml() {
        assert_eq!(RULE_JSON.len(), RULE_FILES.len());
        for (i, (name, text)) in RULE_FILES.iter().enumerate() {
            assert_eq!(RULE_JSON[i].0, *name);
            let json: RuleDef = serde_json::from_str(RULE_JSON[i].1)
                .unwrap_or_else(|e| panic!("rules/{name} as JSON: {e}"));
            let yaml = parse_yaml(name, text);
            assert_eq!(format!("{json:?}"), format!("{yaml:?}"), "{name}");
            assert_eq!(
                format!("{:?}", parse_rule(i)),
                format!("{yaml:?}"),
                "{name}"
            );
        }
    }
}
