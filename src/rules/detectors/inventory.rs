//! Inventory findings: symlinks, special files, and incomplete analysis.

use super::super::{RuleCx, RuleDef};
use crate::evidence::Location;
use crate::finding::{Confidence, Finding, Severity};
use crate::skill::InventoryIssue;

pub(crate) fn symlink(def: &RuleDef, cx: &RuleCx) -> Vec<Finding> {
    cx.skill
        .issues
        .iter()
        .filter_map(|i| match i {
            InventoryIssue::Symlink { path, outside, .. } => {
                let mut f = cx.finding(def, Location::line(path, 1), "", i.describe());
                if !outside {
                    f.severity = Severity::Low;
                    f.confidence = Confidence::Medium;
                    f.dimensions.clear();
                }
                Some(f)
            }
            _ => None,
        })
        .collect()
}

pub(crate) fn special_file(def: &RuleDef, cx: &RuleCx) -> Vec<Finding> {
    cx.skill
        .issues
        .iter()
        .filter(|i| matches!(i, InventoryIssue::SpecialFile { .. }))
        .map(|i| cx.finding(def, Location::line(i.path(), 1), "", i.describe()))
        .collect()
}

pub(crate) fn incomplete(def: &RuleDef, cx: &RuleCx) -> Vec<Finding> {
    let mut out: Vec<Finding> = cx
        .skill
        .issues
        .iter()
        .filter(|i| i.incomplete())
        .map(|i| {
            cx.finding(
                def,
                Location::line(i.path(), 1),
                "",
                format!("analysis incomplete: {}", i.describe()),
            )
        })
        .collect();
    for why in cx.incomplete {
        let path = why.split(':').next().unwrap_or("SKILL.md");
        out.push(cx.finding(
            def,
            Location::line(path, 1),
            "",
            format!("analysis incomplete: {why}"),
        ));
    }
    out
}
