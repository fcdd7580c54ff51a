//! Hidden triggers: date, environment or first-run checks that gate a
//! risky operation (time bombs, sandbox evasion).

use super::super::{RuleCx, RuleDef, weigh};
use crate::evidence::{Evidence, Op, Tag};
use crate::finding::Finding;
use std::collections::HashSet;

/// An operation worth hiding behind a trigger: one predicate for every
/// front-end and this rule (issue 14).
fn risky(e: &Evidence) -> bool {
    crate::extract::concepts::worth_gating(e)
}

/// Keys of skill functions that do something risky, directly or through
/// calls to other skill functions.
fn risky_functions(ev: &[Evidence]) -> HashSet<&str> {
    let mut out: HashSet<&str> = ev
        .iter()
        .filter(|e| risky(e))
        .filter_map(|e| e.func.as_deref())
        .collect();
    loop {
        let before = out.len();
        for e in ev.iter().filter(|e| e.op == Op::CallLocal) {
            if let Some(f) = e.func.as_deref()
                && out.contains(e.target.as_str())
            {
                out.insert(f);
            }
        }
        if out.len() == before {
            return out;
        }
    }
}

pub(crate) fn hidden_trigger(def: &RuleDef, cx: &RuleCx) -> Vec<Finding> {
    let mut out = Vec::new();
    let mut callees: Option<HashSet<&str>> = None;
    for (i, e) in cx.evidence.iter().enumerate() {
        let gate = [Tag::DateGate, Tag::EnvGate, Tag::FirstRun]
            .into_iter()
            .find(|t| e.has(*t));
        let Some(gate) = gate else { continue };
        let hit = if e.op == Op::CallLocal {
            // A gated call of a pure helper (formatting, logging,
            // validation) is not a trigger; one of a risky function is.
            callees
                .get_or_insert_with(|| risky_functions(cx.evidence))
                .contains(e.target.as_str())
        } else {
            risky(e)
        };
        if !hit {
            continue;
        }
        let Some((sev, conf)) = weigh(e, def.severity, def.confidence) else {
            continue;
        };
        let why = match gate {
            Tag::DateGate => "a date or time check",
            Tag::EnvGate => "an environment check (CI, sandbox, host)",
            _ => "a first-run marker or a count of its own runs",
        };
        let mut f = cx.finding(
            def,
            e.location.clone(),
            &e.snippet,
            format!("{} is gated by {why}", e.object),
        );
        f.severity = sev;
        f.confidence = conf;
        f.logic_step_id = cx.step_ids.get(i).cloned().flatten();
        out.push(f);
    }
    out
}
