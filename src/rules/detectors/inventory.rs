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
        .filter_map(|i| match i {
            InventoryIssue::SpecialFile { .. } => {
                Some(cx.finding(def, Location::line(i.path(), 1), "", i.describe()))
            }
            InventoryIssue::GitDir { path } => Some(git_dir(def, cx, path, i)),
            _ => None,
        })
        .collect()
}

/// A `.git` folder in a skill: low when git would run nothing from it (a
/// clone has only `*.sample` hooks), medium covert execution when it holds
/// a live hook or config that names a command git runs.
fn git_dir(def: &RuleDef, cx: &RuleCx, path: &str, i: &InventoryIssue) -> Finding {
    let hooks = format!("{path}/hooks/");
    let config = format!("{path}/config");
    let live: Vec<&str> = cx
        .skill
        .files
        .iter()
        .filter(|f| {
            f.rel.starts_with(&hooks) && !f.rel.ends_with(".sample")
                || f.rel == config && git_config_runs_code(&f.text)
        })
        .map(|f| f.rel.as_str())
        .take(5)
        .collect();
    let mut message = i.describe();
    let mut f = if live.is_empty() {
        cx.finding(def, Location::line(path, 1), "", message)
    } else {
        message.push_str(&format!("; git runs {}", live.join(", ")));
        let mut f = cx.finding(def, Location::line(live[0], 1), "", message);
        f.severity = Severity::Medium;
        f.dimensions = vec![crate::finding::Dimension::CovertExecution];
        f
    };
    f.confidence = Confidence::High;
    f
}

/// Git config keys whose value is a command git runs.
fn git_config_runs_code(text: &str) -> bool {
    text.lines().any(|l| {
        let l = l.trim().to_ascii_lowercase();
        [
            "hookspath",
            "fsmonitor",
            "sshcommand",
            "pager",
            "editor",
            "askpass",
            "textconv",
            "clean",
            "smudge",
            "process",
        ]
        .iter()
        .any(|k| l.starts_with(k) && l[k.len()..].trim_start().starts_with('='))
            || l.contains("= !")
            || l.contains("=!")
    })
}

/// The skill's files by the form messages name them in (escaped for
/// display) and as they are.
fn message_files<'a>(cx: &RuleCx<'a>) -> std::collections::HashMap<String, &'a str> {
    let mut m = std::collections::HashMap::new();
    for f in &cx.skill.files {
        m.insert(f.rel.clone(), f.rel.as_str());
        m.insert(crate::text::escape_display(&f.rel), f.rel.as_str());
    }
    m
}

/// The file an incompleteness message starts with ("F: …"): the longest
/// prefix before a `:` that names a file of the skill, so a file name that
/// holds `:` (or had to be escaped) is still found. `None` when the message
/// names no file (it is then located at the manifest).
fn file_of_message<'a>(
    files: &std::collections::HashMap<String, &'a str>,
    why: &str,
) -> Option<&'a str> {
    why.match_indices(':')
        .map(|(i, _)| &why[..i])
        .filter_map(|prefix| files.get(prefix).copied())
        .last()
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
    let files = message_files(cx);
    for why in cx.incomplete {
        let path = file_of_message(&files, why).unwrap_or(&cx.skill.manifest_path);
        out.push(cx.finding(
            def,
            Location::line(path, 1),
            "",
            format!("analysis incomplete: {why}"),
        ));
    }
    out
}
