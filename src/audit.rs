//! The per-skill pipeline: load → parse → extract → flow → rules → score.
//! A panic anywhere in one skill's analysis becomes an "analysis incomplete"
//! error for that skill, never a crash of the run.

use crate::extract;
use crate::flow::FlowGraph;
/// The per-skill report lives in the model layer (`crate::model`); this
/// path stays for callers of the library.
pub use crate::model::SkillReport;
use crate::rules::{self, RuleCx};
use crate::score;
use crate::skill::{Manifest, Skill};
use std::collections::BTreeSet;

/// Options that change what is reported (from the CLI and the policy).
#[derive(Debug, Clone, Default)]
pub struct AuditOptions {
    pub disabled_rules: BTreeSet<String>,
    /// Build each skill's SSL record.
    pub with_ssl: bool,
    /// An external SSL record given on the command line.
    pub ssl_file: Option<std::path::PathBuf>,
    /// `--exclude` globs: paths in each skill left out and listed.
    pub exclude: Vec<String>,
    /// The analysis budget per skill, when the user set one
    /// (`--skill-budget-ms`, the policy's `skill_budget_ms`); else
    /// `limits::skill_time_budget()`. A skill cannot set it.
    pub skill_budget: Option<std::time::Duration>,
}

pub use crate::evidence::step_ids;

/// Analyses a loaded skill. Never panics.
pub fn analyze(skill: Skill, opts: &AuditOptions) -> SkillReport {
    let for_panic = (skill.path.clone(), skill.dir_name.clone());
    let opts2 = opts.clone();
    match std::panic::catch_unwind(std::panic::AssertUnwindSafe(move || {
        analyze_inner(skill, &opts2)
    })) {
        Ok(r) => r,
        Err(p) => {
            let msg = p
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_else(|| "unknown panic".into());
            SkillReport::not_analysed(
                for_panic.0,
                for_panic.1,
                format!(
                    "internal error while analysing this skill ({msg}); the analysis is incomplete. Please report it."
                ),
            )
        }
    }
}

fn analyze_inner(mut skill: Skill, opts: &AuditOptions) -> SkillReport {
    // One deadline for every pass of this skill (issue 13).
    let deadline = match opts.skill_budget {
        Some(b) => crate::limits::Deadline::after(b),
        None => crate::limits::Deadline::for_skill(),
    };
    // What runs a file decides its language (`bash scripts/setup.txt`).
    crate::skill::runner::apply(&mut skill);
    let manifest = skill
        .manifest_file()
        .map(|f| Manifest::parse(&f.text))
        .unwrap_or_default();
    let mut ex = extract::extract_skill_until(&skill, &manifest, deadline);
    ex.incomplete
        .extend(manifest.incomplete_reasons(&skill.manifest_path));
    // Purpose and consent are judged once, after extraction (docs/scoring.md).
    if deadline.expired() {
        ex.incomplete.push(extract::past_deadline(
            &deadline,
            "judging purpose and consent",
        ));
    } else {
        crate::decide::annotate(&skill, &manifest, &mut ex.evidence);
    }
    // --- SSL hook (a): external SSL records add evidence (issue 3) ---
    let external = crate::ssl::external::load(&skill, opts.ssl_file.as_deref());
    ex.evidence.extend(external.evidence);
    let mut notes = external.notes;
    // Paths the user excluded are listed, never dropped silently.
    notes.extend(
        skill
            .issues
            .iter()
            .filter(|i| matches!(i, crate::skill::InventoryIssue::Excluded { .. }))
            .map(|i| i.describe()),
    );
    // --- end SSL hook (a) ---
    let ids = step_ids(&ex.evidence);
    // Past the deadline no flow is traced (the skill is incomplete, so the
    // gate blocks); the rules still run on what was extracted.
    let flows = if deadline.expired() {
        ex.incomplete
            .push(extract::past_deadline(&deadline, "tracing data flows"));
        FlowGraph::build(&[])
    } else {
        let flows = FlowGraph::build(&ex.evidence);
        crate::decide::child_env::mark(&mut ex.evidence, &flows);
        flows
    };
    let cx = RuleCx {
        skill: &skill,
        manifest: &manifest,
        evidence: &ex.evidence,
        step_ids: &ids,
        flows: &flows,
        incomplete: &ex.incomplete,
        gave_up: Default::default(),
        user_text: Default::default(),
        env_keys: Default::default(),
        named_paths: Default::default(),
    };
    let findings = rules::evaluate(&cx, &opts.disabled_rules);
    let findings = crate::decide::verdict::decide(&cx, findings);
    let mut errors: Vec<String> = skill
        .issues
        .iter()
        .filter(|i| i.incomplete())
        .map(|i| i.describe())
        .collect();
    errors.extend(ex.incomplete.iter().cloned());
    errors.extend(cx.gave_up.take());
    if flows.truncated() {
        errors.push(format!(
            "the data-flow search stopped after {} steps for at least one sink (flow.rs MAX_VISIT): \
             a flow through more bindings was not traced; review the skill by hand \
             or accept it in your policy (accept_incomplete)",
            crate::flow::MAX_VISIT
        ));
    }
    if skill.manifest_file().is_none() {
        errors.push("no SKILL.md found in this folder".into());
    }
    let risk = score::score(&findings);
    let verdict = score::verdict(&risk);
    let mut report = SkillReport {
        path: skill.path.clone(),
        name: manifest.name().unwrap_or_else(|| skill.dir_name.clone()),
        version: manifest.version(),
        description: manifest.description(),
        verdict,
        complete: errors.is_empty(),
        risk,
        findings,
        errors,
        notes,
        evidence: ex.evidence,
        step_ids: ids,
        manifest,
        skill,
        ssl: None,
        judge: None,
    };
    // --- SSL hook (b): the skill's SSL record, when asked for (issue 3) ---
    if opts.with_ssl {
        if deadline.expired() {
            report
                .errors
                .push(extract::past_deadline(&deadline, "building the SSL record"));
            report.complete = false;
        } else {
            report.ssl = Some(crate::ssl::build::record_json(&report));
        }
    }
    // --- end SSL hook (b) ---
    report
}
