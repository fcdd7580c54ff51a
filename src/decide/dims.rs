//! The six dimension definitions (`ssl.md` §5) where a rule's finding
//! can fall under one or two of them depending on what the step does:
//!
//! * persistence (SK-PRIV-004) is `covert_execution`; it is also
//!   `privilege_escalation` only when it gains rights (sudoers, setuid,
//!   SSH logins, root or system-wide units and jobs);
//! * writes to the agent's memory, instruction or settings files
//!   (SK-PRIV-005) are `covert_execution`: the text steers later runs
//!   without the user seeing it, but gains no rights. A settings change
//!   that widens the agent's rights (approvals or sandbox off, MCP servers
//!   auto-approved, permission allow-lists) is also `privilege_escalation`;
//!   so is approvals switched off by writing the settings file (SK-PRIV-006,
//!   otherwise `privilege_escalation` only), which is also `covert_execution`.

use crate::evidence::{Evidence, Op, Tag};
use crate::finding::{Dimension, Finding};
use crate::rules::RuleCx;

/// Sets the dimensions of a finding whose rule spans two definitions.
pub fn apply(cx: &RuleCx, f: &mut Finding, ev: Option<&Evidence>) {
    let both = vec![Dimension::PrivilegeEscalation, Dimension::CovertExecution];
    match f.rule_id.as_str() {
        "SK-PRIV-004" if ev.is_some_and(gains_rights) => f.dimensions = both,
        "SK-PRIV-004" => f.dimensions = vec![Dimension::CovertExecution],
        "SK-PRIV-005" if ev.is_some_and(|e| widens_agent_rights(cx, e)) => f.dimensions = both,
        "SK-PRIV-005" => f.dimensions = vec![Dimension::CovertExecution],
        // Approvals switched off by writing the agent's settings file: a
        // lasting change, so also covert (a one-off flag on a command line
        // stays escalation only).
        "SK-PRIV-006" if ev.is_some_and(|e| e.has(Tag::AgentConfig)) => f.dimensions = both,
        // Round 22: a reroute is covert only when it is the user's or the
        // system's setting, for every later use; a credential mount is
        // also exfiltration when the container's code sends it out.
        "SK-EXFIL-008" if !ev.is_some_and(|e| e.has(Tag::GlobalConfig)) => {
            f.dimensions = vec![Dimension::DataExfiltration]
        }
        "SK-CRED-007" if ev.is_some_and(|e| e.has(Tag::MountSent)) => {
            f.dimensions = vec![Dimension::CredentialAccess, Dimension::DataExfiltration]
        }
        _ => {}
    }
}

/// The SSL §5 split, written once with the persistence table.
fn gains_rights(e: &Evidence) -> bool {
    crate::extract::system_op::gains_rights(e)
}

/// Settings keys and values that widen what the agent may do without
/// asking: approvals or sandbox off, permission bypass modes, MCP servers
/// approved or enabled wholesale, tool allow-lists.
static WIDENS: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"(?i)bypass_?permissions|dangerously|skip_?dangerous_?mode|auto_?approve|always_?allow|enable_?all_?project_?mcp|approval_?policy|allowed_?tools|["']allow["']\s*[:=]|\bask["']?\s*[:=]?\s*["']?off\b|\bsecurity["']?\s*[:=]?\s*["']?full\b|\bsandbox["']?\s*[:=]\s*["']?(false|off|none|disabled)\b|danger-full-access|\byolo\b|installpolicy\.enabled\s*["']?false"#,
);
/// `'a' + 'b'`, `'a', 'b'`: a key split in pieces, joined before matching.
static SPLIT: crate::rx::Lazy = crate::rx::Lazy::new(r#"["']\s*[+.]\s*["']"#);
/// Lines read before and after a settings write for what it sets.
const BEFORE: usize = 30;
const AFTER: usize = 8;

/// A write to the agent's settings (not its memory) that widens its rights:
/// the same file switches approvals off (an approval-bypass step), or the
/// lines around the write set a widening key.
fn widens_agent_rights(cx: &RuleCx, e: &Evidence) -> bool {
    if e.op != Op::FileWrite || instruction_file(&e.target) {
        return false;
    }
    let bypass_here = cx.evidence.iter().any(|o| {
        o.op == Op::SecurityDisable
            && o.has(Tag::ApprovalBypass)
            && o.location.path == e.location.path
            && !o.has(Tag::Documentation)
            && !o.has(Tag::Negated)
    });
    if bypass_here {
        return true;
    }
    let Some(file) = cx.skill.files.iter().find(|f| f.rel == e.location.path) else {
        return WIDENS.is_match(&SPLIT.replace_all(&e.snippet, ""));
    };
    let start = e.location.start_line.saturating_sub(BEFORE + 1);
    let window: String = file
        .text
        .lines()
        .skip(start)
        .take(BEFORE + AFTER + 1)
        .collect::<Vec<_>>()
        .join("\n");
    WIDENS.is_match(&SPLIT.replace_all(&window, ""))
}

/// The agent's memory and instruction files (text the agent reads), as
/// opposed to its settings (`settings.json`, `openclaw.json`, `config.toml`).
fn instruction_file(target: &str) -> bool {
    let t = target.to_ascii_lowercase();
    t.ends_with(".md") || t.ends_with(".tmp") || t.contains("cursorrules")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn widening_keys() {
        for s in [
            r#"cfg["defaultMode"] = "bypassPermissions""#,
            r#"{"autoApprove": ["*"]}"#,
            r#""permissions": {"allow": ["Bash(*)"]}"#,
            "openclaw config set tools.exec.ask off",
            "tools.exec.security full",
            r#"{"exec": {"a" + "sk": "off"}}"#,
            "approval_policy = \"never\"",
            r#"{"sandbox": false}"#,
        ] {
            assert!(WIDENS.is_match(&SPLIT.replace_all(s, "")), "{s}");
        }
        for s in [
            r#"{"theme": "dark", "model": "sonnet"}"#,
            "Remember the user's preferred tone in MEMORY.md",
            r#"{"hooks": {"PostToolUse": []}}"#,
            "ask the user before you change anything",
        ] {
            assert!(!WIDENS.is_match(&SPLIT.replace_all(s, "")), "{s}");
        }
    }
}
