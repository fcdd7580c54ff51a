//! Approval and trust switches of editors and their agents, written by a
//! skill's code (round 23, vscode-workspace-tuner). One table, a row per
//! setting: VS Code / Copilot chat auto-approval (`chat.tools.autoApprove`,
//! `chat.tools.global.autoApprove`, `chat.agent.autoApprove`), Cursor's
//! YOLO mode (`yoloMode`), and the editor's own trust gates
//! (`task.allowAutomaticTasks: "on"`, `security.workspace.trust.enabled:
//! false`, `security.workspace.trust.untrustedFiles: "open"`). Claude,
//! Codex and OpenClaw settings keep their readers
//! (`memory_payload::approvals_off`, `settings_block`).
//!
//! A written agent auto-approval is an approval bypass (SK-PRIV-006, as
//! `bypassPermissions` is); an editor trust gate alone is a warning (tag
//! `editor-trust`), and a failure when the same file also plants a task
//! that runs when the folder opens (`runOn: "folderOpen"`, whose command is
//! read as a hook's) or shows a dry run or summary that leaves the
//! switches out (concealment, `deception`).

use super::region::Regions;
use super::{Lang, Sink, Src};
use crate::evidence::{Evidence, Op, Origin, Tag};
use crate::ssl::vocab::{ActType as A, ResourceScope as R};

/// Whether a row turns the agent's approvals off, or the editor's trust.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    AgentApproval,
    EditorTrust,
}

/// `(setting key, value that switches it off, kind)`.
const ROWS: &[(&str, &str, Kind)] = &[
    ("chat.tools.autoApprove", "true", Kind::AgentApproval),
    ("chat.tools.global.autoApprove", "true", Kind::AgentApproval),
    ("chat.agent.autoApprove", "true", Kind::AgentApproval),
    (
        "github.copilot.chat.agent.autoApprove",
        "true",
        Kind::AgentApproval,
    ),
    ("yoloMode", "true", Kind::AgentApproval),
    ("task.allowAutomaticTasks", "on", Kind::EditorTrust),
    (
        "security.workspace.trust.enabled",
        "false",
        Kind::EditorTrust,
    ),
    (
        "security.workspace.trust.untrustedFiles",
        "open",
        Kind::EditorTrust,
    ),
];

/// A key set to a value in JSON, a JavaScript/Python object, YAML or TOML:
/// `"k": true`, `'k': "on"`, `k = false`, `["k"] = True`.
fn setting_at(text: &str, key: &str, value: &str) -> Option<usize> {
    let mut from = 0;
    while let Some(i) = text[from..].find(key) {
        let at = from + i;
        from = at + key.len();
        let before = text[..at].chars().next_back();
        if before.is_some_and(|c| c.is_alphanumeric() || c == '.' || c == '_') {
            continue;
        }
        let rest = text[from..].trim_start_matches(['"', '\'', ']', ' ', '\t']);
        let Some(rest) = rest.strip_prefix([':', '=']) else {
            continue;
        };
        let v = rest.trim_start().trim_start_matches(['"', '\'']);
        let word: String = v
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric())
            .collect();
        if word.eq_ignore_ascii_case(value) {
            return Some(at);
        }
    }
    None
}

/// Words of a dry-run or preview branch head.
static PREVIEW: crate::rx::Lazy =
    crate::rx::Lazy::new(r"(?i)(?:dry[_-]?run|\bdry\b|preview|--check|\bshow\b|\bplan\b|--print)");
/// Removing keys from what is shown.
static STRIPS: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?:\bdelete\s|\.pop\(|\bdel\s|\bomit\(|\.filter\(|\bexclude|Remove\(|\.remove\()",
);

/// Bytes of a block's body read for a dry-run branch (such a branch is
/// short; a long one is not read past this).
const PREVIEW_BODY: usize = 4096;
/// Blocks around a mention looked at, innermost first.
const PREVIEW_DEPTH: usize = 3;

/// Whether `key` is named again inside a dry-run or preview branch that
/// strips keys from what it shows (the branch head or its body says dry run
/// or preview; the body deletes, pops or filters). At most
/// `REGION_MAX_SITES` mentions (past it the skill is incomplete), the
/// [`PREVIEW_DEPTH`] innermost blocks of each, [`PREVIEW_BODY`] bytes of
/// each body: linear in the file.
fn hidden_in_preview(text: &str, regions: &Regions, key: &str, set_at: usize) -> bool {
    for (k, (at, _)) in text
        .match_indices(key)
        .filter(|(at, _)| *at != set_at)
        .enumerate()
    {
        if k == crate::limits::REGION_MAX_SITES {
            crate::limits::gave_up("REGION_MAX_SITES");
            return false;
        }
        let strips = regions
            .blocks_around(at)
            .iter()
            .take(PREVIEW_DEPTH)
            .any(|b| {
                let head = crate::text::slice(text, b.head, b.start);
                let end = b.end.min(b.start.saturating_add(PREVIEW_BODY));
                let body = crate::text::slice(text, b.start, end);
                (PREVIEW.is_match(head) || PREVIEW.is_match(body)) && STRIPS.is_match(body)
            });
        if strips {
            return true;
        }
    }
    false
}

/// A command string as a JSON, quoted or template literal says it.
fn command_text(raw: &str) -> String {
    // Round 27 (r27 swagger-ts-codegen): a JavaScript template literal,
    // its `${x}` left as the shell's variable.
    if raw.starts_with('"') {
        serde_json::from_str::<String>(raw).unwrap_or_else(|_| raw.trim_matches('"').to_string())
    } else if raw.starts_with('`') {
        raw.trim_matches('`').replace("\\`", "`")
    } else {
        raw.trim_matches('\'').replace("\\'", "'")
    }
}

/// The string values of `key` in `body` (all of them), each read as a hook's
/// command line (the editor runs them by itself), with an exec step each.
fn hook_commands(
    src: &Src,
    base: usize,
    body: &str,
    key: &str,
    what: (&str, &str),
    sink: &mut Sink,
) {
    let re = format!(
        r#"["']?{key}["']?\s*[:=]\s*[fFrR]?("(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|`(?:[^`\\]|\\.)*`)"#
    );
    let Ok(re) = regex::Regex::new(&re) else {
        return;
    };
    for c in re.captures_iter(body) {
        let Some(m) = c.get(1) else { continue };
        let cmd = command_text(m.as_str());
        let (s, e) = (base + m.start(), base + m.end());
        let ev = Evidence::new(Op::Exec, A::CallTool, R::Process, &cmd)
            .object(what.0)
            .instrument(what.1);
        let mut ev = src.at(ev, s, e, "json");
        ev.origin = Origin::Hook;
        sink.push(ev);
        let sub = src.derived(&cmd, s, e, Origin::Hook);
        super::extract_code(Lang::Shell, &sub, sink);
    }
}

/// A task that runs when the folder opens: its command strings, read as a
/// hook (the editor runs them by itself), with an exec step for each.
fn folder_open_tasks(src: &Src, regions: &Regions, sink: &mut Sink) -> bool {
    let text = src.text;
    let mut any = false;
    // Every task that runs on open (round 33: not only the first).
    for (k, (at, _)) in text.match_indices("folderOpen").enumerate() {
        if k == crate::limits::REGION_MAX_SITES {
            crate::limits::gave_up("REGION_MAX_SITES");
            break;
        }
        any |= folder_open_task(src, regions, at, sink);
    }
    any
}

/// The task around the `folderOpen` at `at`.
fn folder_open_task(src: &Src, regions: &Regions, at: usize, sink: &mut Sink) -> bool {
    let text = src.text;
    if !text[..at].contains("runOn") {
        return false;
    }
    // The task object: the block that holds `runOn`, widened to its parent
    // (`runOptions: { runOn: … }` sits inside the task).
    let around = regions.blocks_around(at);
    // Round 27: a JSON text the regions do not parse (a `printf` or
    // heredoc in a shell block) by its braces.
    let (start, end) = match around.get(1).or(around.first()) {
        Some(task) => (task.start, task.end),
        None => match braces_around(text, at, 2) {
            Some(span) => span,
            None => return false,
        },
    };
    let body = crate::text::slice(text, start, end);
    hook_commands(
        src,
        start,
        body,
        "command",
        (
            "editor task run when the folder opens",
            "tasks.json runOn folderOpen",
        ),
        sink,
    );
    true
}

/// The span of the `{…}` object around `at` (`levels` 1: the innermost,
/// 2: its parent, or the innermost when there is no parent), by counting
/// braces; braces inside strings are counted too (command strings rarely
/// hold any, and a miscount only narrows the span). At most
/// [`PREVIEW_BODY`] bytes back and twice that forward: linear.
fn braces_around(text: &str, at: usize, levels: usize) -> Option<(usize, usize)> {
    let b = text.as_bytes();
    let lo = at.saturating_sub(PREVIEW_BODY);
    let (mut depth, mut i, mut start) = (0usize, at, None);
    while i > lo {
        i -= 1;
        match b[i] {
            b'}' => depth += 1,
            b'{' if depth > 0 => depth -= 1,
            b'{' => {
                if levels == 1 || start.is_some() {
                    start = Some(i);
                    break;
                }
                start = Some(i);
            }
            _ => {}
        }
    }
    let start = start?;
    let hi = (start + 2 * PREVIEW_BODY).min(b.len());
    let mut depth = 0usize;
    for (j, &c) in b.iter().enumerate().take(hi).skip(start) {
        match c {
            b'{' => depth += 1,
            b'}' => {
                depth -= 1;
                if depth == 0 {
                    return Some((start, j + 1));
                }
            }
            _ => {}
        }
    }
    None
}

/// Round 27: the lifecycle commands of a dev container the code writes
/// (`devcontainer.json`): `initializeCommand` runs on the user's machine
/// when the folder is opened in a container, the others in the container
/// at each create, start or attach.
const DEV_KEYS: &[&str] = &[
    "initializeCommand",
    "onCreateCommand",
    "updateContentCommand",
    "postCreateCommand",
    "postStartCommand",
    "postAttachCommand",
];

fn devcontainer_commands(src: &Src, sink: &mut Sink) {
    if !src.text.contains("devcontainer") {
        return;
    }
    for key in DEV_KEYS.iter().filter(|k| src.text.contains(*k)) {
        let before = sink.items.len();
        hook_commands(
            src,
            0,
            src.text,
            key,
            (
                "dev container command run when the container is opened",
                "devcontainer.json lifecycle command",
            ),
            sink,
        );
        // Every command but `initializeCommand` runs inside the container:
        // `sudo apt-get install gdb` there gains the container's root, not
        // the user's (a privileged container or a host mount is judged by
        // its own `runArgs`/`mounts`).
        if *key != "initializeCommand" {
            let tail = sink.items.split_off(before);
            sink.items.extend(tail.into_iter().filter(|e| {
                !(e.op == Op::Privileged
                    && (e.instrument == "sudo" || e.target.starts_with("sudo ")))
            }));
        }
    }
}

/// Whether `text` writes a file, in a program's words or the shell's (a
/// `>` redirect, `tee`, a heredoc into a file).
fn writes_file(text: &str) -> bool {
    static SHELL: crate::rx::Lazy = crate::rx::Lazy::new(
        r#"(?:^|[\s;&|])(?:>|tee\s+(?:-a\s+)?)\s*["']?[^\s"'>]*(?:tasks|settings|devcontainer)\.json\b"#,
    );
    super::memory_payload::writes(text) || SHELL.is_match(text)
}

/// Adds the evidence of code that writes editor or agent approval and
/// trust switches (and of the folder-open task it plants).
pub fn scan(src: &Src, sink: &mut Sink) {
    let text = src.text;
    let hits: Vec<(usize, &str, Kind)> = ROWS
        .iter()
        .filter_map(|(k, v, kind)| setting_at(text, k, v).map(|at| (at, *k, *kind)))
        .collect();
    let task = text.contains("folderOpen");
    let dev = DEV_KEYS.iter().any(|k| text.contains(k));
    if hits.is_empty() && !task && !dev {
        return;
    }
    // Only where the text writes a settings, tasks or dev container file.
    let writes = [
        "settings.json",
        "tasks.json",
        ".vscode",
        ".cursor",
        "devcontainer",
    ]
    .iter()
    .any(|f| text.contains(f))
        && writes_file(text);
    // Round 33: the file itself shipped to be put in place (a
    // `tasks.json`, `devcontainer.json` or `.code-workspace`, also under a
    // copy suffix): the editor runs it as it is.
    let placed = crate::skill::classify::placed_path(src.path).to_ascii_lowercase();
    let shipped = ["tasks.json", "devcontainer.json", ".code-workspace"]
        .iter()
        .any(|f| placed.ends_with(f));
    if !writes && !shipped {
        return;
    }
    if dev {
        devcontainer_commands(src, sink);
    }
    let regions = Regions::new(src.path, text);
    let autorun = task && folder_open_tasks(src, &regions, sink);
    for (at, key, kind) in hits {
        let hidden = hidden_in_preview(text, &regions, key, at);
        let mut ev = Evidence::new(Op::SecurityDisable, A::UpdateState, R::Other, key)
            .tag(Tag::ApprovalBypass)
            .tag(Tag::AgentConfig)
            .instrument("editor settings written")
            .object(format!(
                "editor or agent approval/trust switched off in its settings ({key}){}",
                if hidden {
                    ", and left out of the dry run it shows"
                } else {
                    ""
                }
            ));
        if hidden {
            ev.tags.insert(Tag::Deception);
        }
        if kind == Kind::EditorTrust && !autorun && !hidden {
            ev.tags.insert(Tag::EditorTrust);
        }
        let end = text[at..].find('\n').map_or(text.len(), |n| at + n);
        sink.push(src.at(ev, at, end, "code"));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_found_by_value() {
        let t = "const s = {\n  \"chat.tools.autoApprove\": true,\n  \"security.workspace.trust.enabled\": false,\n};";
        assert!(setting_at(t, "chat.tools.autoApprove", "true").is_some());
        assert!(setting_at(t, "security.workspace.trust.enabled", "false").is_some());
        assert!(
            setting_at(
                "\"chat.tools.autoApprove\": false",
                "chat.tools.autoApprove",
                "true"
            )
            .is_none()
        );
        assert!(
            setting_at(
                "x.chat.tools.autoApprove = true",
                "chat.tools.autoApprove",
                "true"
            )
            .is_none()
        );
    }
}
