//! Frontmatter evidence: the always-loaded description, pre-approved tools,
//! Claude Code hooks, OpenClaw direct dispatch and install specs.

use super::indicators::classify_url;
use super::{Lang, Sink, Src, prose};
use crate::evidence::{Evidence, Op, Origin, Tag};
use crate::skill::{Manifest, Skill, SkillFile};
use crate::ssl::vocab::{ActType as A, ResourceScope as R};
use serde_json::Value;

/// Byte range of a key's line in the file (for positioning).
fn key_span(text: &str, line: usize) -> (usize, usize) {
    let idx = crate::text::LineIndex::new(text);
    let l = line.saturating_sub(1);
    let s = idx.line_start(l);
    (s, s + idx.line_text(l).len())
}

/// Collects every `command` string in a hooks tree.
fn commands(v: &Value, out: &mut Vec<String>, depth: usize) {
    if depth > 16 {
        return;
    }
    match v {
        Value::Object(m) => {
            for (k, x) in m {
                if (k == "command" || k == "run" || k == "script") && x.is_string() {
                    out.push(x.as_str().unwrap_or_default().to_string());
                } else {
                    commands(x, out, depth + 1);
                }
            }
        }
        Value::Array(a) => a.iter().for_each(|x| commands(x, out, depth + 1)),
        _ => {}
    }
}

/// Keys whose values are not text for the agent: read by their own
/// passes (hooks, tools, install specs) or names and versions.
const NOT_AGENT_TEXT: &[&str] = &[
    "name",
    "description",
    "hooks",
    "allowed-tools",
    "allowed_tools",
    "license",
    "version",
    "homepage",
    "repository",
    "author",
    "tags",
    "keywords",
    "model",
    "install",
    "requires",
];

/// The text of every frontmatter field but the description, nested
/// values included, each string of three words or more read as hidden
/// agent text (`hidden_md::read_span`, located at its top-level key), at
/// most `MAX_FRONTMATTER_TEXT` bytes in all.
fn hidden_fields(m: &Manifest, file: &Src, text: &str, sink: &mut Sink) {
    let mut budget = crate::limits::MAX_FRONTMATTER_TEXT;
    for (key, v) in &m.data {
        if NOT_AGENT_TEXT.contains(&key.as_str()) {
            continue;
        }
        let mut strings = Vec::new();
        agent_strings(v, &mut strings, 0);
        let (s, e) = key_span(text, m.line_of(key));
        for t in strings {
            if t.len() > budget {
                sink.incomplete
                    .push("frontmatter text past MAX_FRONTMATTER_TEXT not read".to_string());
                return;
            }
            budget -= t.len();
            let sub = file.derived(&t, s, e, Origin::Frontmatter);
            let place = super::hidden_md::Place::Frontmatter;
            let commands = super::markdown::agent_text;
            super::hidden_md::read_span(&sub, (0, t.len()), place, commands, sink);
            super::deobf::scan_literals(&sub, sink);
        }
    }
}

/// Strings of three words or more in a value (keys of install specs and
/// requirement lists are not text).
fn agent_strings(v: &Value, out: &mut Vec<String>, depth: usize) {
    if depth > 16 {
        return;
    }
    match v {
        Value::String(t) if t.split_whitespace().count() >= 3 => out.push(t.clone()),
        Value::Object(o) => o
            .iter()
            .filter(|(k, _)| !NOT_AGENT_TEXT.contains(&k.as_str()))
            .for_each(|(_, x)| agent_strings(x, out, depth + 1)),
        Value::Array(a) => a.iter().for_each(|x| agent_strings(x, out, depth + 1)),
        _ => {}
    }
}

pub fn extract(skill: &Skill, m: &Manifest, f: &SkillFile, sink: &mut Sink) {
    let text = f.text.as_str();
    let file = Src::new(&f.rel, text, Origin::Frontmatter);
    // The description is shown to the user and always in the agent's
    // context; every other field's text reaches the agent but not the
    // user's eye: hidden text (`hidden_md`).
    if let Some(v) = m.get_str("description") {
        let (s, e) = key_span(text, m.line_of("description"));
        let sub = file.derived(&v, s, e, Origin::Frontmatter);
        prose::extract_unit(&sub, 0, v.len(), "", Origin::Frontmatter, sink);
        super::markdown::agent_text(&sub, &v, sink);
        super::deobf::scan_literals(&sub, sink);
    }
    hidden_fields(m, &file, text, sink);
    // Pre-approved tools.
    let tools = m.allowed_tools();
    let broad: Vec<&String> = tools
        .iter()
        .filter(|t| {
            let t = t.trim();
            t == "*"
                || t == "Bash"
                || t == "Bash(*)"
                || t == "Bash(*:*)"
                || t.starts_with("Bash(curl")
                || t.starts_with("Bash(wget")
                || t.starts_with("Bash(sudo")
                || t.starts_with("Bash(rm")
                || t.starts_with("Bash(sh")
                || t.starts_with("Bash(bash")
                || t.starts_with("Bash(python")
                || t.starts_with("Bash(node")
                || t == "Write"
                || t == "Write(*)"
                || t == "Edit"
                || t == "Edit(*)"
        })
        .collect();
    if !broad.is_empty() {
        let (s, e) = key_span(text, m.line_of("allowed-tools"));
        let list = broad
            .iter()
            .map(|s| s.as_str())
            .collect::<Vec<_>>()
            .join(" ");
        let mut ev = Evidence::new(Op::ToolGrant, A::UpdateState, R::Process, list)
            .object("tools pre-approved without a permission prompt")
            .instrument("allowed-tools");
        if broad.iter().any(|t| t.starts_with("Bash")) {
            ev.tags.insert(Tag::ShellTarget);
        }
        sink.push(file.at(ev, s, e, "yaml"));
    }
    // Claude Code hooks: shell commands run by the harness.
    if let Some(h) = m.data.get("hooks") {
        let mut cmds = Vec::new();
        commands(h, &mut cmds, 0);
        let (s, e) = key_span(text, m.line_of("hooks"));
        let ev = Evidence::new(Op::Exec, A::CallTool, R::Process, cmds.join(" ; "))
            .object("lifecycle hook runs shell commands")
            .instrument("hooks");
        let mut ev = file.at(ev, s, e, "yaml");
        ev.origin = Origin::Hook;
        sink.push(ev);
        // Round 30: a hook that answers "allow" for every tool call.
        if let Some(a) =
            super::hook_answer::auto_approve(h, &|w| super::agent_rights::script_of(skill, w))
        {
            // Configuration the harness obeys, not prose to weigh; the
            // skill's own hook, not a lasting change to the agent's
            // settings (privilege only).
            let mut ev =
                super::agent_rights::evidence("SKILL.md hooks", "hooks", &a).tag(Tag::Imperative);
            ev.tags.remove(&Tag::AgentConfig);
            sink.push(file.at(ev, s, e, "yaml"));
        }
        for c in cmds {
            let sub = file.derived(&c, s, e, Origin::Hook);
            super::extract_code(Lang::Shell, &sub, sink);
        }
    }
    // OpenClaw direct dispatch to a tool, bypassing the model.
    if m.get_str("command-dispatch").as_deref() == Some("tool") {
        let tool = m.get_str("command-tool").unwrap_or_default();
        let (s, e) = key_span(text, m.line_of("command-dispatch"));
        let mut ev = Evidence::new(Op::ToolGrant, A::UpdateState, R::Process, tool.clone())
            .object("slash command dispatched straight to a tool")
            .instrument("command-dispatch");
        if shell_tool(&tool) {
            ev.tags.insert(Tag::ShellTarget);
        }
        sink.push(file.at(ev, s, e, "yaml"));
    }
    // Install specs.
    // One span for every spec (a line index per spec made 10,000 specs
    // quadratic).
    let (s, e) = key_span(text, m.line_of("metadata"));
    for spec in m.install_specs() {
        let kind = spec
            .get("kind")
            .and_then(Value::as_str)
            .unwrap_or("")
            .to_string();
        if let Some(cmd) = spec.get("command").and_then(Value::as_str) {
            let mut sub = file.derived(cmd, s, e, Origin::Hook);
            sub.ctx.insert(Tag::InstallSpec);
            super::extract_code(Lang::Shell, &sub, sink);
        }
        if let Some(url) = spec.get("url").and_then(Value::as_str) {
            let mut ev = Evidence::new(Op::Install, A::Request, R::Network, url)
                .tags(classify_url(url))
                .object(format!("{kind} install spec"))
                .instrument("metadata.openclaw.install");
            if spec
                .get("sha256")
                .and_then(Value::as_str)
                .is_none_or(|h| h.len() != 64)
            {
                ev.tags.insert(Tag::Unbounded);
                ev.object = format!("{kind} install spec without a sha256 pin");
            }
            if let Some(t) = spec.get("targetDir").and_then(Value::as_str) {
                if !t.starts_with("~/.openclaw/tools") {
                    ev.tags.insert(Tag::BroadTarget);
                }
            }
            let mut shims = shadowing_bins(&spec);
            // Round 38: a tool's name placed on PATH from plain HTTP or a
            // raw IP (`path_shadow::fetched_shadow`).
            let bins: Vec<&str> = spec
                .get("bins")
                .and_then(Value::as_array)
                .map(|a| a.iter().filter_map(Value::as_str).collect())
                .unwrap_or_default();
            let dir = spec.get("targetDir").and_then(Value::as_str).unwrap_or("");
            if let Some(t) = super::path_shadow::fetched_shadow(url, dir, &bins)
                && !shims.iter().any(|s| s == t)
            {
                shims.push(t.to_string());
            }
            if !shims.is_empty() {
                ev.tags.insert(Tag::Masquerade);
                ev.object = format!(
                    "{}, shipping {} that shadow the system's own",
                    ev.object,
                    shims.join(", ")
                );
            }
            sink.push(file.at(ev, s, e, "yaml"));
        }
    }
    // `always: true` bypasses requirement gating.
    always_loaded(m, text, &file, sink);
}

/// Round 29 (supply29): an install spec whose `bins` hold a tool the user
/// runs every day (`path_shadow::well_known`: `git`, `ssh`, `sudo`) beside
/// its own tool (not the tool the spec installs: `id`/first bin) ships a
/// binary that runs in its place (credentials typed or used there).
fn shadowing_bins(spec: &serde_json::Map<String, Value>) -> Vec<String> {
    let Some(bins) = spec.get("bins").and_then(Value::as_array) else {
        return Vec::new();
    };
    let names: Vec<&str> = bins.iter().filter_map(Value::as_str).collect();
    let own = spec
        .get("id")
        .and_then(Value::as_str)
        .or_else(|| names.first().copied())
        .unwrap_or("");
    if names.len() < 2 {
        return Vec::new();
    }
    names
        .iter()
        .filter(|b| **b != own && super::path_shadow::well_known(b))
        .map(|b| b.to_string())
        .collect()
}

fn always_loaded(m: &crate::skill::Manifest, text: &str, file: &Src, sink: &mut Sink) {
    // `always: true` bypasses requirement gating.
    if m.openclaw
        .as_ref()
        .and_then(|o| o.get("always"))
        .and_then(Value::as_bool)
        == Some(true)
    {
        let (s, e) = key_span(text, m.line_of("metadata"));
        let ev = Evidence::new(Op::ToolGrant, A::UpdateState, R::Other, "always")
            .object("skill always loaded, bypassing requirement gating")
            .instrument("metadata.openclaw.always");
        sink.push(file.at(ev, s, e, "yaml"));
    }
}

/// Whether a dispatch tool runs whatever it is given: a name made only of
/// generic words with a shell or exec word among them (`exec`,
/// `run_command`, `system.run`, `file_write`). A word naming one program
/// (`tasker_cmd`: the tasker CLI with raw arguments) makes it a narrow tool
/// (round 32, amirbrooks/task).
fn shell_tool(tool: &str) -> bool {
    const SHELLISH: &[&str] = &[
        "exec",
        "execute",
        "shell",
        "bash",
        "sh",
        "zsh",
        "cmd",
        "terminal",
        "system",
        "process",
        "write",
        "run",
        "powershell",
        "pwsh",
        "eval",
        "script",
    ];
    const GENERIC: &[&str] = &[
        "command", "commands", "runner", "tool", "tools", "raw", "file", "files", "code", "any",
        "local", "host", "os", "sys", "cli", "do",
    ];
    let lower = tool.to_lowercase();
    let words: Vec<&str> = lower
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect();
    words.iter().any(|w| SHELLISH.contains(w))
        && words
            .iter()
            .all(|w| SHELLISH.contains(w) || GENERIC.contains(w))
}
