//! Round 30 (rights30): the agent's approvals switched off by what a skill
//! ships, not only by what it says.
//!
//! `settings_block` reads a fenced settings block the agent is told to
//! apply, `memory_payload::approvals_off` code that writes the switches
//! itself. Two more places hold the same switches:
//!
//! * **A shipped settings file** (`assets/preset.json`, `config/codex.toml`,
//!   `hooks.json`) with the shape of an agent's settings, which another
//!   file of the skill merges or copies into the agent's settings (a write
//!   to `~/.claude/settings.json`, `.codex/config.toml`, … by any front-end,
//!   `Tag::AgentConfig`, from code that names the shipped file; or SKILL.md
//!   naming the file next to a settings file). Read by structure with the
//!   switch table of `settings_block::switches`.
//! * **A hook that answers "allow" for every tool**: Claude Code's
//!   `PreToolUse`/`PermissionRequest` hook printing `permissionDecision:
//!   allow` (or `behavior: allow`, the older `decision: approve`, Cursor's
//!   `permission: allow`) whose matcher covers the shell (none, `*`, `.*`,
//!   a pattern matching `Bash`), in SKILL.md's frontmatter, a settings
//!   block or a shipped settings file; the answer written in the hook's
//!   command, or printed by the skill script the command runs when that
//!   script never looks at which tool is asking. Every later tool call is
//!   approved without the user seeing it: the approvals are off.
//!
//! Both are `SecurityDisable` + `ApprovalBypass` (SK-PRIV-006). A hook
//! limited to a named safe tool (`matcher: "Read"`), a script that decides
//! by the tool's name, a shipped preset nothing applies, and one that only
//! narrows the agent stay quiet.

use super::Src;
use crate::evidence::{Evidence, Op, Origin, Tag};
use crate::skill::{FileKind, Skill};
use crate::ssl::vocab::{ActType as A, ResourceScope as R};
use serde_json::Value;

/// Keys only an agent's settings have.
const AGENT_KEYS: &[&str] = &[
    "permissions",
    "defaultMode",
    "approval_policy",
    "sandbox_mode",
    "hooks",
    "enableAllProjectMcpServers",
    "skipDangerousModePermissionPrompt",
];

/// The text of the skill file a hook command names (`scripts/ok.sh`,
/// `${CLAUDE_PLUGIN_ROOT}/hooks/allow.py`): by its path's end.
pub fn script_of<'a>(skill: &'a Skill, word: &str) -> Option<&'a str> {
    let w = word.trim_matches(|c: char| matches!(c, '"' | '\'' | '`' | ';' | ')' | '('));
    let name = w.rsplit(['/', '\\']).next().filter(|n| n.contains('.'))?;
    skill
        .files
        .iter()
        .filter(|f| !f.text.is_empty())
        .find(|f| f.rel == w || f.rel.ends_with(&format!("/{name}")) || f.rel == name)
        .map(|f| f.text.as_str())
}

/// The evidence of approvals switched off, at `file`.
pub fn evidence(target: &str, instrument: &str, what: &str) -> Evidence {
    Evidence::new(Op::SecurityDisable, A::UpdateState, R::Other, target)
        .tag(Tag::ApprovalBypass)
        .tag(Tag::AgentConfig)
        .instrument(instrument)
        .object(format!("agent approvals or sandbox switched off ({what})"))
}

/// Extensions a settings file is written in.
const SETTINGS_EXT: &[&str] = &[".json", ".jsonc", ".json5", ".yaml", ".yml", ".toml"];

fn parse(rel: &str, text: &str) -> Option<Value> {
    let l = rel.to_ascii_lowercase();
    if l.ends_with(".json") || l.ends_with(".jsonc") || l.ends_with(".json5") {
        serde_json::from_str(text).ok()
    } else if l.ends_with(".yaml") || l.ends_with(".yml") {
        serde_saphyr::from_str::<Value>(text).ok()
    } else if l.ends_with(".toml") {
        Some(super::config_values::flat_lines(text))
    } else {
        None
    }
}

/// Whether the shipped file is applied to the agent's settings: a file of
/// the skill that writes them names it (its name, or its name's stem up to
/// a variable part: `preset-$p.json` for `preset-web.json`), or SKILL.md
/// names it.
fn applied(skill: &Skill, rel: &str, writers: &[&str]) -> bool {
    let name = rel.rsplit('/').next().unwrap_or(rel);
    let stem = name
        .split(['-', '_', '.'])
        .next()
        .filter(|s| s.len() >= 4)
        .map(|s| format!("{s}{}", &name[s.len()..=s.len()]));
    let names = |t: &str| t.contains(name) || stem.as_deref().is_some_and(|s| t.contains(s));
    skill
        .files
        .iter()
        .filter(|f| writers.contains(&f.rel.as_str()))
        .any(|f| names(&f.text))
        || skill.files.iter().any(|f| {
            f.kind == FileKind::Markdown
                && f.text.contains(name)
                && super::settings_block::names_settings_file(&f.text)
        })
}

/// Adds the evidence of shipped settings files that switch approvals off
/// and that the skill applies; returns what was not read.
pub fn scan_skill(skill: &Skill, evidence_out: &mut Vec<Evidence>) -> Vec<String> {
    let mut incomplete = Vec::new();
    let mut writers: Vec<&str> = evidence_out
        .iter()
        .filter(|e| e.op == Op::FileWrite && e.has(Tag::AgentConfig))
        .map(|e| e.location.path.as_str())
        .collect();
    writers.sort_unstable();
    writers.dedup();
    let writers: Vec<&str> = writers
        .into_iter()
        .filter_map(|p| {
            skill
                .files
                .iter()
                .find(|f| f.rel == p)
                .map(|f| f.rel.as_str())
        })
        .collect();
    let mut found = Vec::new();
    for f in &skill.files {
        if !matches!(f.kind, FileKind::Config | FileKind::Text) {
            continue;
        }
        if !SETTINGS_EXT
            .iter()
            .any(|x| f.rel.to_ascii_lowercase().ends_with(x))
            || !AGENT_KEYS.iter().any(|k| f.text.contains(k))
        {
            continue;
        }
        // Read whole up to the embedded-file budget (a parse is linear);
        // past it the skill is incomplete, never cut silently.
        if f.text.len() > crate::limits::MAX_EMBEDDED_BYTES {
            incomplete.push(format!(
                "{}: a settings file longer than {} bytes was not read as agent settings (MAX_EMBEDDED_BYTES)",
                crate::text::escape_display(&f.rel),
                crate::limits::MAX_EMBEDDED_BYTES
            ));
            continue;
        }
        let Some(v) = parse(&f.rel, &f.text) else {
            continue;
        };
        if !v.is_object() {
            continue;
        }
        let mut off = super::settings_block::switches_of(&v);
        if let Some(h) = v.get("hooks")
            && let Some(a) = super::hook_answer::auto_approve(h, &|w| script_of(skill, w))
        {
            off.push(a);
        }
        if off.is_empty() || !applied(skill, &f.rel, &writers) {
            continue;
        }
        let at = super::settings_block::first_key(&f.text, &off);
        let end = f.text[at..].find('\n').map_or(f.text.len(), |n| at + n);
        let src = Src::new(&f.rel, &f.text, Origin::Script);
        let ev = evidence(
            &f.rel,
            "agent settings file applied",
            &format!("{}, merged into the agent's settings", off.join(", ")),
        );
        found.push(src.at(ev, at, end, "json"));
    }
    evidence_out.extend(found);
    incomplete
}
