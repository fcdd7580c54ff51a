//! Manifest hygiene: frontmatter that loaders disagree on, spec checks, and
//! names that imitate well-known skills.

use super::super::{RuleCx, RuleDef};
use crate::evidence::Location;
use crate::extract::indicators::KNOWN_NAMES;
use crate::finding::Finding;
use crate::skill::frontmatter::FrontmatterIssue;

fn at(cx: &RuleCx, line: usize) -> Location {
    Location::line(&cx.skill.manifest_path, line)
}

fn line_text(cx: &RuleCx, line: usize) -> String {
    cx.skill
        .manifest_file()
        .map(|f| {
            crate::text::LineIndex::new(&f.text)
                .line_text(line.saturating_sub(1))
                .to_string()
        })
        .map(|s| crate::text::snippet(&s, 200))
        .unwrap_or_default()
}

pub(crate) fn frontmatter_invalid(def: &RuleDef, cx: &RuleCx) -> Vec<Finding> {
    if cx.skill.manifest_file().is_none() {
        return vec![cx.finding(def, at(cx, 1), "", "the skill has no SKILL.md".into())];
    }
    let mut out = Vec::new();
    for i in &cx.manifest.issues {
        let (line, msg) = match i {
            FrontmatterIssue::Missing => (1, "SKILL.md has no YAML frontmatter; agents may not load it and the description is missing".to_string()),
            FrontmatterIssue::Unterminated => (1, "the frontmatter is never closed with `---`; OpenClaw skips this skill".into()),
            FrontmatterIssue::TooLarge { bytes } => (1, format!("the frontmatter has {bytes} bytes; over the {}-byte limit; the analysis is incomplete", crate::limits::MAX_FRONTMATTER_BYTES)),
            FrontmatterIssue::InvalidYaml { line, message } => (*line, format!("invalid YAML ({}); OpenClaw skips this skill but other agents may still read the raw text", crate::text::escape_display(message))),
            FrontmatterIssue::OverBudget { line, message } => (*line, format!("the frontmatter exceeds a YAML parse budget ({}); the analysis is incomplete and only its top-level keys were read", crate::text::escape_display(message))),
            FrontmatterIssue::NotAMapping => (cx.manifest.fm_line, "the frontmatter is not a YAML mapping".into()),
            FrontmatterIssue::DuplicateKey { .. } => continue,
        };
        let l = line.max(1);
        out.push(cx.finding(def, at(cx, l), &line_text(cx, l), msg));
    }
    out
}

pub(crate) fn duplicate_key(def: &RuleDef, cx: &RuleCx) -> Vec<Finding> {
    cx.manifest
        .issues
        .iter()
        .filter_map(|i| match i {
            FrontmatterIssue::DuplicateKey { key, lines } => {
                let l = *lines.last().unwrap_or(&1);
                Some(cx.finding(def, at(cx, l), &line_text(cx, l), format!("`{key}` is defined {} times (lines {:?}); loaders disagree on which value wins", lines.len(), lines)))
            }
            _ => None,
        })
        .collect()
}

pub(crate) fn spec_name(def: &RuleDef, cx: &RuleCx) -> Vec<Finding> {
    if cx.skill.manifest_file().is_none()
        || !cx.manifest.issues.is_empty() && cx.manifest.data.is_empty()
    {
        return Vec::new();
    }
    let line = cx.manifest.line_of("name");
    let Some(name) = cx.manifest.name() else {
        return vec![cx.finding(
            def,
            at(cx, line),
            "",
            "the frontmatter has no `name`".into(),
        )];
    };
    let mut problems = Vec::new();
    if name.is_empty() || name.len() > 64 {
        problems.push("must be 1-64 characters".to_string());
    }
    if !name
        .chars()
        .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
    {
        problems.push("may use only lowercase ASCII letters, digits and `-`".into());
    }
    if name.starts_with('-') || name.ends_with('-') || name.contains("--") {
        problems.push("must not start or end with `-` or contain `--`".into());
    }
    if !cx.skill.dir_name.is_empty() && name != cx.skill.dir_name && cx.skill.dir_name != "." {
        problems.push(format!(
            "does not match the folder name `{}`",
            crate::text::escape_display(&cx.skill.dir_name)
        ));
    }
    if problems.is_empty() {
        return Vec::new();
    }
    vec![cx.finding(
        def,
        at(cx, line),
        &line_text(cx, line),
        format!(
            "name `{}` {}",
            crate::text::escape_display(&name),
            problems.join("; ")
        ),
    )]
}

pub(crate) fn spec_description(def: &RuleDef, cx: &RuleCx) -> Vec<Finding> {
    if cx.skill.manifest_file().is_none() || cx.manifest.data.is_empty() {
        return Vec::new();
    }
    let d = cx.manifest.description();
    let line = cx.manifest.line_of("description");
    let msg = if d.trim().is_empty() {
        "the frontmatter has no `description`; agents cannot tell when to use the skill".to_string()
    } else if d.chars().count() > 1024 {
        format!(
            "the description has {} characters (the spec allows 1024)",
            d.chars().count()
        )
    } else {
        return Vec::new();
    };
    vec![cx.finding(def, at(cx, line), &line_text(cx, line), msg)]
}

/// Damerau-free Levenshtein distance, bounded inputs.
pub(crate) fn distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().take(64).collect();
    let b: Vec<char> = b.chars().take(64).collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.iter().enumerate() {
        let mut cur = vec![i + 1];
        for (j, cb) in b.iter().enumerate() {
            cur.push(
                (prev[j] + usize::from(ca != cb))
                    .min(prev[j + 1] + 1)
                    .min(cur[j] + 1),
            );
        }
        prev = cur;
    }
    prev[b.len()]
}

/// The well-known name a skill name imitates, if any.
pub fn imitates(name: &str) -> Option<&'static str> {
    let n = name.to_lowercase();
    let skel: String = unicode_security::skeleton(&n).collect();
    for known in KNOWN_NAMES.iter() {
        if n == *known {
            return None;
        }
    }
    let chars = n.chars().count();
    KNOWN_NAMES.iter().copied().find(|known| {
        // The distance is at least the difference in length: most names
        // are ruled out without computing it.
        let d = if known.len() >= 5 && chars.abs_diff(known.chars().count()) <= 2 {
            distance(&n, known)
        } else {
            usize::MAX
        };
        (known.len() >= 5 && d == 1)
            || (known.len() >= 8 && d == 2)
            || (skel != n && skel == *known)
            || (!n.is_ascii() && unicode_security::skeleton(known).collect::<String>() == skel)
    })
}

pub(crate) fn typosquat(def: &RuleDef, cx: &RuleCx) -> Vec<Finding> {
    let Some(name) = cx.manifest.name() else {
        return Vec::new();
    };
    let Some(known) = imitates(&name) else {
        return Vec::new();
    };
    let line = cx.manifest.line_of("name");
    vec![cx.finding(
        def,
        at(cx, line),
        &line_text(cx, line),
        format!(
            "name `{}` is a near miss of the well-known skill `{known}`",
            crate::text::escape_display(&name)
        ),
    )]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn typosquats() {
        assert_eq!(imitates("coding-agnet"), Some("coding-agent"));
        assert_eq!(imitates("coding-agent"), None);
        assert_eq!(imitates("weather-lite"), None);
        assert_eq!(imitates("gіthub"), Some("github"));
    }
}
