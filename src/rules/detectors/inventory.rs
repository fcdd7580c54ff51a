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
            InventoryIssue::Symlink {
                path,
                outside,
                target,
            } => {
                let mut f = cx.finding(def, Location::line(path, 1), "", i.describe());
                if !outside {
                    f.severity = Severity::Low;
                    f.confidence = Confidence::Medium;
                    f.dimensions.clear();
                } else if sensitive_link(target) {
                    // A link into ~/.ssh, /etc or an agent's config: whoever
                    // reads or copies the skill reads that file.
                    f.severity = Severity::High;
                    f.confidence = Confidence::High;
                } else {
                    f.confidence = Confidence::High;
                }
                Some(f)
            }
            _ => None,
        })
        .collect()
}

/// Whether a link target names credentials or system configuration.
fn sensitive_link(target: &str) -> bool {
    let (scope, tags) = crate::extract::indicators::classify_path(target);
    let t = target.trim_end_matches('/');
    scope == crate::ssl::vocab::ResourceScope::Credentials
        || crate::extract::indicators::is_control_target(&tags)
        || [
            "/etc",
            "/root",
            "/var",
            "/private/etc",
            "/proc",
            "/sys",
            "/dev",
            "/",
            "~",
            "/home",
            "/Users",
        ]
        .iter()
        .any(|p| t == *p || t.starts_with(&format!("{p}/")) && *p != "/" && *p != "~")
        || t.contains("/.ssh")
        || t.contains("/.aws")
        || t.contains("/.gnupg")
        || t.contains("/.config")
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
