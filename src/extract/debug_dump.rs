//! A golden dump of the extractors' evidence: every field, including those
//! the JSON report leaves out (`op`, `lang`, `func`, `arg_binds`, tags),
//! one line per item, sorted and deterministic. It freezes what the
//! front-ends produce so that a refactor shows zero diff and a harmonising
//! change shows exactly what it changed (issue 14). Used by
//! `tests/evidence_golden.rs`; not part of the CLI.
//!
//! The dump is taken after extraction only (what `extract_skill` returns),
//! before purpose and consent are judged (`decide::annotate`), so changes
//! to the decision layer do not move it.

use crate::evidence::Evidence;
use crate::skill::{Manifest, discover};
use std::fmt::Write as _;
use std::path::PathBuf;

/// Every skill found under `paths`, in path order, with its evidence and
/// incomplete reasons. Paths in the dump are relative to the folder given.
#[doc(hidden)]
pub fn evidence_dump(paths: &[PathBuf]) -> String {
    let mut out = String::new();
    let roots = match discover::find_skills(paths) {
        Ok(r) => r,
        Err(e) => return format!("error: {e:?}\n"),
    };
    for root in roots {
        let shown = paths
            .iter()
            .find_map(|p| root.strip_prefix(p).ok())
            .map(|r| r.display().to_string())
            .unwrap_or_else(|| root.display().to_string());
        out.push_str(&skill_dump(&shown, &root));
    }
    out
}

fn skill_dump(shown: &str, root: &std::path::Path) -> String {
    let mut skill = discover::load_skill(root);
    crate::skill::runner::apply(&mut skill);
    let manifest = skill
        .manifest_file()
        .map(|f| Manifest::parse(&f.text))
        .unwrap_or_default();
    // A generous budget: the dump must not depend on machine speed.
    let deadline = crate::limits::Deadline::after(std::time::Duration::from_secs(600));
    let ex = super::extract_skill_until(&skill, &manifest, deadline);
    let mut ev: Vec<&Evidence> = ex.evidence.iter().collect();
    ev.sort_by_key(|e| line(e));
    let mut out = format!("== {shown}\n");
    for e in ev {
        out.push_str(&line(e));
        out.push('\n');
    }
    for r in &ex.incomplete {
        let _ = writeln!(out, "incomplete: {r}");
    }
    out
}

/// One evidence item on one line, every field named (`arg_values` and
/// `target_param` only when set, so that the lines of items without them
/// read as before they existed).
#[doc(hidden)]
pub fn line(e: &Evidence) -> String {
    let l = &e.location;
    let mut summary = String::new();
    if !e.arg_values.is_empty() {
        let _ = write!(summary, " arg_values={:?}", e.arg_values);
    }
    if let Some(i) = e.target_param {
        let _ = write!(summary, " target_param={i}");
    }
    format!(
        "{}:{}:{}-{}:{} {:?} act={} scope={} lang={} origin={:?} target={:?} object={:?} instrument={:?} tags={:?} inputs={:?} output={:?} func={:?} arg_binds={:?}{} snippet={:?}",
        l.path,
        l.start_line,
        l.start_column,
        l.end_line,
        l.end_column,
        e.op,
        e.act,
        e.scope,
        e.lang,
        e.origin,
        e.target,
        e.object,
        e.instrument,
        e.tags,
        e.inputs,
        e.output,
        e.func,
        e.arg_binds,
        summary,
        e.snippet,
    )
}
