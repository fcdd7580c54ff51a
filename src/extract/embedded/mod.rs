//! Embedded commands: files whose format carries command lines that some
//! tool runs (Makefile recipes, CI `run:`/`script:` blocks, Jenkinsfile
//! `sh` steps, Dockerfile
//! `RUN`, compose `command:`, systemd `ExecStart=`, `package.json` scripts,
//! VS Code tasks, dev-container hooks, crontab lines, …).
//!
//! One mechanism for every host format: the host is *projected* to a shell
//! script with the same lines — each line of the projection is either blank
//! or the shell text the tool runs for that line of the host — and the
//! projection goes to the shell front-end (`extract_code(Lang::Shell, …)`),
//! so every finding lands on the host file's own line and every decision
//! (vendor, own output, setup) is the one a `.sh` file gets. The host's own
//! variables are folded where the format substitutes them as text before a
//! shell sees it (Make `$(VAR)`, Actions `${{ … }}`, just `{{var}}`); where
//! the format sets environment variables (Actions `env:`, compose
//! `environment:`, Dockerfile `ENV`/`ARG`) they become `export NAME="…"`
//! lines at the line that sets them, and the shell front-end follows them.
//!
//! Formats are recognised by name and path and, for the ones a skill may
//! bundle under any name for the agent to copy (workflows, Makefiles,
//! Dockerfiles), by content. Every projector is a linear scan of the lines
//! (YAML anchors and aliases are not expanded, so a YAML bomb cannot grow);
//! the projection is capped at `limits::MAX_EMBEDDED_BYTES` and a cut marks
//! the file incomplete.

mod ansible;
mod ci_lang;
mod ci_yaml;
mod jenkins;
mod json_hosts;
mod line_hosts;
mod make;
mod terraform;
mod tool_config;

use super::{Lang, Sink, Src};
use crate::evidence::Origin;
use crate::skill::SkillFile;
use std::collections::BTreeSet;

/// The host formats that carry commands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Host {
    Make,
    Just,
    /// CI and task-runner YAML: GitHub Actions, GitLab CI, Taskfile,
    /// docker-compose, pre-commit, any YAML with command keys.
    Yaml,
    Docker,
    /// `KEY=command` lines: systemd units, `.desktop` entries.
    KeyExec,
    Procfile,
    Crontab,
    /// `tox.ini` / `setup.cfg` / `pyproject.toml` command tables.
    PyTasks,
    /// `package.json` scripts, VS Code `tasks.json`, `devcontainer.json`.
    Json,
    Plist,
    /// Ansible playbooks, role tasks and handlers (round 21): modules as
    /// the shell lines they stand for, plus the command keys of `Yaml`.
    Ansible,
    /// Configuration of an auto-run place whose values are command lines
    /// (git config, `.vimrc`, `.npmrc`: `extract/autorun.rs`).
    Autorun(crate::extract::autorun::RunsAs),
    /// A git hook without a `#!` line (`.githooks/pre-commit`): git runs
    /// it with `sh`.
    GitHook,
    /// Round 34: Cargo configuration (`runner`, `rustc-wrapper`, credential
    /// providers: `tool_config.rs`).
    Cargo,
    /// Round 34: a Bazel rc file (`--workspace_status_command`,
    /// `--run_under`).
    Bazel,
    /// Round 37: a Jenkins pipeline's `sh` steps (`jenkins.rs`).
    Jenkins,
    /// Round 40: Terraform's `local-exec` provisioners and `external`
    /// data sources (`terraform.rs`).
    Terraform,
}

/// A host file projected to shell text with the same lines.
pub struct Projection {
    lines: Vec<String>,
    bytes: usize,
    /// Set when the projection reached `MAX_EMBEDDED_BYTES`.
    pub cut: bool,
    /// Whether any line holds a command.
    pub any: bool,
}

impl Projection {
    pub fn new(host_text: &str) -> Self {
        let n = host_text.split('\n').count();
        Self {
            lines: vec![String::new(); n],
            bytes: 0,
            cut: false,
            any: false,
        }
    }

    /// Puts shell text on host line `line` (0-based), after what is there
    /// (`; ` between two commands of one line).
    pub fn put(&mut self, line: usize, text: &str) {
        let text = text.replace('\n', " ");
        if text.trim().is_empty() || line >= self.lines.len() {
            return;
        }
        if self.bytes + text.len() > crate::limits::MAX_EMBEDDED_BYTES {
            self.cut = true;
            return;
        }
        self.bytes += text.len() + 2;
        let slot = &mut self.lines[line];
        if !slot.is_empty() {
            slot.push_str("; ");
        }
        slot.push_str(&text);
        self.any = true;
    }

    /// `export NAME="value"` on host line `line` (an environment variable
    /// the format sets for the commands that follow).
    pub fn export(&mut self, line: usize, name: &str, value: &str) {
        if !valid_name(name) {
            return;
        }
        self.put(line, &format!("export {name}={}", dquote(value)));
    }

    /// Several lines of one command: each but the last ends in `\` so the
    /// shell reads them as one line (a folded scalar, an argv list).
    pub fn put_joined(&mut self, parts: &[(usize, String)]) {
        let n = parts.len();
        for (i, (line, t)) in parts.iter().enumerate() {
            if i + 1 < n && parts[i + 1].0 > *line {
                self.put(*line, &format!("{t} \\"));
            } else {
                self.put(*line, t);
            }
        }
    }

    pub fn text(&self) -> String {
        self.lines.join("\n")
    }
}

/// `{{ expr }}` (just, Jinja) replaced by `sub(expr)`, the expression
/// trimmed; an unclosed `{{` and what follows are kept as written.
pub fn braces(s: &str, sub: impl Fn(&str) -> String) -> String {
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(i) = rest.find("{{") {
        out.push_str(&rest[..i]);
        let Some(j) = rest[i + 2..].find("}}") else {
            out.push_str(&rest[i..]);
            return out;
        };
        out.push_str(&sub(rest[i + 2..i + 2 + j].trim()));
        rest = &rest[i + 2 + j + 2..];
    }
    out.push_str(rest);
    out
}

/// The lines a projector gives for `text` (unit tests of the projectors).
#[cfg(test)]
pub(crate) fn projected(text: &str, project: fn(&str, &mut Projection)) -> Vec<String> {
    let mut p = Projection::new(text);
    project(text, &mut p);
    p.text().split('\n').map(str::to_string).collect()
}

pub fn valid_name(name: &str) -> bool {
    let mut c = name.chars();
    c.next()
        .is_some_and(|f| f.is_ascii_alphabetic() || f == '_')
        && c.all(|x| x.is_ascii_alphanumeric() || x == '_')
}

/// A value in double quotes, with `$` left live (the format substitutes
/// variables in it as the shell would) and quotes and backslashes escaped.
pub fn dquote(v: &str) -> String {
    let mut out = String::with_capacity(v.len() + 2);
    out.push('"');
    for ch in v.chars() {
        if matches!(ch, '"' | '\\' | '`') {
            out.push('\\');
        }
        out.push(ch);
    }
    out.push('"');
    out
}

/// One argv element as a shell word: plain when it is safe, else in single
/// quotes (an exec-form command runs no shell: nothing in it expands).
pub fn squote(w: &str) -> String {
    if !w.is_empty()
        && w.chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_./:=@,+%".contains(c))
    {
        return w.to_string();
    }
    format!("'{}'", w.replace('\'', r"'\''"))
}

/// An exec-form command (argv) as one shell line. A shell named with `-c`
/// (`["sh", "-c", "curl … | sh"]`) is kept as it is: the shell front-end
/// reads the `-c` string as code.
pub fn argv_line(argv: &[String]) -> String {
    argv.iter().map(|w| squote(w)).collect::<Vec<_>>().join(" ")
}

/// Round 35: the shell a CI workflow written by a script runs (`cat >
/// .github/workflows/t.yml <<EOF`), projected as a bundled one is; `None`
/// when the target is no YAML file or the body runs nothing.
pub fn ci_shell(target: &str, body: &str) -> Option<String> {
    let lower = target.trim_matches(['"', '\'']).to_ascii_lowercase();
    if !(lower.ends_with(".yml") || lower.ends_with(".yaml")) || !ci_yaml::has_commands(body) {
        return None;
    }
    let mut p = Projection::new(body);
    ci_yaml::project_with(body, &mut p, &BTreeSet::new());
    p.any.then(|| p.text())
}

/// The host format of a file, by name and path, then by content.
pub fn host_of(f: &SkillFile) -> Option<Host> {
    let rel = f.rel.as_str();
    // Round 39: a template or shipped copy is the format it renders to
    // (`templates/ci.yml.tpl` a workflow, `Makefile.j2` a Makefile); a
    // bare one (`x.tmpl`) keeps no extension and is judged by content.
    let name = crate::skill::classify::rendered_name(rel.rsplit('/').next().unwrap_or(rel));
    let lower = name.to_ascii_lowercase();
    let ext = lower.rsplit_once('.').map(|(_, e)| e).unwrap_or("");
    let text = f.text.as_str();
    let in_hooks = rel.split('/').rev().nth(1).is_some_and(|d| {
        matches!(
            d,
            ".githooks" | "githooks" | "hooks" | ".husky" | "git-hooks"
        )
    });
    if let Some(r) = crate::extract::autorun::config_place(rel) {
        return Some(Host::Autorun(r));
    }
    if crate::extract::autorun::looks_like_git_config(rel, text) {
        return Some(Host::Autorun(crate::extract::autorun::RunsAs::GitConfig));
    }
    // Round 29: tmux configuration by content (`assets/restore.conf`).
    if matches!(ext, "conf" | "cfg" | "rc" | "") && crate::extract::autorun::looks_like_tmux(text) {
        return Some(Host::Autorun(crate::extract::autorun::RunsAs::Tmux));
    }
    // Round 35: ssh client configuration by content (`assets/jump.conf`).
    if matches!(ext, "conf" | "cfg" | "config" | "rc" | "txt" | "")
        && crate::extract::autorun::looks_like_ssh(text)
    {
        return Some(Host::Autorun(crate::extract::autorun::RunsAs::CmdKeys));
    }
    // Round 32: a prompt theme by content (Starship modules, oh-my-posh
    // command segments), whatever the file is called.
    if crate::extract::prompt_config::looks_like_prompt(rel, text) {
        return Some(Host::Autorun(crate::extract::autorun::RunsAs::Prompt));
    }
    if in_hooks && crate::extract::indicators::GIT_HOOKS.contains(&lower.as_str()) {
        return Some(Host::GitHook);
    }
    if cargo_config(rel, text) {
        return Some(Host::Cargo);
    }
    if lower == ".bazelrc" || lower == "bazel.rc" || ext == "bazelrc" {
        return Some(Host::Bazel);
    }
    if lower == "makefile"
        || lower == "gnumakefile"
        || ext == "mk"
        || lower.starts_with("makefile.")
    {
        return Some(Host::Make);
    }
    if lower == "justfile" || lower == ".justfile" || ext == "just" {
        return Some(Host::Just);
    }
    if lower.starts_with("dockerfile") || lower.starts_with("containerfile") || ext == "dockerfile"
    {
        return Some(Host::Docker);
    }
    if lower == "jenkinsfile"
        || lower.starts_with("jenkinsfile.")
        || ext == "jenkinsfile"
        || matches!(ext, "groovy" | "" | "txt" | "tmpl" | "template" | "example")
            && jenkins::looks_like_jenkins(text)
    {
        return Some(Host::Jenkins);
    }
    if matches!(ext, "tf" | "hcl") && terraform::runs_commands(text) {
        return Some(Host::Terraform);
    }
    if lower == "procfile" || lower.starts_with("procfile.") {
        return Some(Host::Procfile);
    }
    if lower == "crontab" || ext == "cron" || ext == "crontab" || rel.contains("cron.d/") {
        return Some(Host::Crontab);
    }
    if matches!(ext, "service" | "desktop" | "socket" | "path") {
        return Some(Host::KeyExec);
    }
    if matches!(lower.as_str(), "tox.ini" | "setup.cfg" | "pyproject.toml") {
        return Some(Host::PyTasks);
    }
    if ext == "plist" {
        return Some(Host::Plist);
    }
    if matches!(
        lower.as_str(),
        "package.json" | "tasks.json" | "devcontainer.json" | ".devcontainer.json"
    ) {
        return Some(Host::Json);
    }
    if matches!(ext, "yml" | "yaml") && ansible::looks_like_ansible(text) {
        return Some(Host::Ansible);
    }
    if matches!(ext, "yml" | "yaml") {
        return ci_yaml::has_commands(text).then_some(Host::Yaml);
    }
    // Content: a file with another name or none that is one of the formats
    // a skill bundles for the agent to copy into place.
    if matches!(
        ext,
        "" | "txt" | "tmpl" | "template" | "example" | "sample" | "orig" | "bak"
    ) {
        if make::looks_like_make(text) {
            return Some(Host::Make);
        }
        if line_hosts::looks_like_docker(text) {
            return Some(Host::Docker);
        }
        if ci_yaml::looks_like_ci(text) {
            return Some(Host::Yaml);
        }
    }
    None
}

fn project(host: Host, rel: &str, text: &str, claimed: &BTreeSet<usize>) -> Projection {
    let mut p = Projection::new(text);
    match host {
        Host::Make => make::project_make(text, &mut p),
        Host::Just => make::project_just(text, &mut p),
        Host::Yaml => ci_yaml::project_with(text, &mut p, claimed),
        Host::Ansible => {
            ci_yaml::project_with(text, &mut p, claimed);
            ansible::project(text, &mut p);
        }
        Host::Docker => line_hosts::project_docker(text, &mut p),
        Host::KeyExec => line_hosts::project_key_exec(text, &mut p),
        Host::Procfile => line_hosts::project_procfile(text, &mut p),
        Host::Crontab => line_hosts::project_crontab(text, &mut p),
        Host::PyTasks => line_hosts::project_py_tasks(text, &mut p),
        Host::Plist => line_hosts::project_plist(text, &mut p),
        Host::Json => json_hosts::project(rel, text, &mut p),
        Host::Autorun(r) => {
            for (n, l) in crate::extract::autorun::project(r, text)
                .split('\n')
                .enumerate()
            {
                p.put(n, l);
            }
        }
        Host::GitHook => {
            for (n, l) in text.split('\n').enumerate() {
                p.put(n, l);
            }
        }
        Host::Cargo => tool_config::project_cargo(text, &mut p),
        Host::Bazel => tool_config::project_bazelrc(text, &mut p),
        Host::Jenkins => jenkins::project(text, &mut p),
        Host::Terraform => terraform::project(text, &mut p),
    }
    p
}

/// Round 34: Cargo configuration by path (`.cargo/config.toml`,
/// `.cargo/config`) or, for TOML shipped under another name for the agent
/// to merge, by content.
fn cargo_config(rel: &str, text: &str) -> bool {
    let lower = rel.replace('\\', "/").to_ascii_lowercase();
    let by_path = lower.ends_with(".cargo/config.toml")
        || lower.ends_with(".cargo/config")
        || lower.ends_with("cargo/config.toml");
    by_path || lower.ends_with(".toml") && tool_config::looks_like_cargo_config(text)
}

/// Round 34: a shipped file a build or version-control tool runs by itself
/// at every commit, checkout, build or run: a git hook (`.husky/pre-commit`,
/// `.githooks/post-merge`), a pre-commit or lefthook configuration, Cargo
/// configuration, a Bazel rc file; round 37: a crontab, a systemd service
/// unit, a launchd job. What its commands do is judged like text planted
/// at any auto-run place (`persisted::judge_shipped`).
pub fn tool_place(f: &SkillFile) -> Option<&'static crate::extract::autorun::Place> {
    use crate::extract::autorun as a;
    let lower = f.rel.replace('\\', "/").to_ascii_lowercase();
    let name = lower.rsplit('/').next().unwrap_or(&lower);
    let stem = name.trim_start_matches('.');
    if matches!(stem, "pre-commit-config.yaml" | "pre-commit-config.yml") {
        return Some(&a::PRE_COMMIT_CONFIG);
    }
    if stem.starts_with("lefthook") && (stem.ends_with(".yml") || stem.ends_with(".yaml")) {
        return Some(&a::LEFTHOOK_CONFIG);
    }
    match host_of(f)? {
        Host::GitHook => Some(&a::SHIPPED_GIT_HOOK),
        Host::Cargo => Some(&a::CARGO_CONFIG),
        Host::Bazel => Some(&a::BAZEL_RC),
        Host::Crontab => Some(&a::SHIPPED_CRONTAB),
        Host::KeyExec if lower.ends_with(".service") => Some(&a::SHIPPED_UNIT),
        Host::Plist if line_hosts::launchd_job(&f.text) => Some(&a::SHIPPED_LAUNCHD),
        _ => None,
    }
}

/// Projects a host file to shell text and hands it to the shell front-end.
pub fn extract(f: &SkillFile, sink: &mut Sink) {
    let Some(host) = host_of(f) else {
        return;
    };
    // Round 32: CI steps in another language (github-script, `shell:
    // python`, Azure `pwsh:` tasks) are lowered in that language.
    let foreign = match host {
        Host::Yaml | Host::Ansible => ci_lang::scan(&f.text),
        _ => ci_lang::Foreign {
            projections: Vec::new(),
            claimed: BTreeSet::new(),
        },
    };
    for (lang, fp) in &foreign.projections {
        if fp.cut {
            sink.incomplete.push(format!(
                "{}: {} steps cut at {} bytes (MAX_EMBEDDED_BYTES)",
                f.rel,
                lang.name(),
                crate::limits::MAX_EMBEDDED_BYTES
            ));
        }
        if fp.any {
            let code = fp.text();
            let src = Src::new(&f.rel, &code, Origin::Script);
            super::extract_code(*lang, &src, sink);
        }
    }
    if matches!(host, Host::Yaml) {
        pwn_request(&f.rel, &f.text, sink);
    }
    let p = project(host, &f.rel, &f.text, &foreign.claimed);
    if p.cut {
        sink.incomplete.push(format!(
            "{}: embedded commands cut at {} bytes (MAX_EMBEDDED_BYTES)",
            f.rel,
            crate::limits::MAX_EMBEDDED_BYTES
        ));
    }
    if !p.any {
        return;
    }
    let shell = p.text();
    let src = Src::new(&f.rel, &shell, Origin::Script);
    let before = sink.items.len();
    super::extract_code(Lang::Shell, &src, sink);
    name_secret_dumps(&f.text, &mut sink.items[before..]);
}

/// Round 35: a workflow that runs a pull request's code with the base
/// repository's rights (`ci_yaml::untrusted_checkout`), as a privileged
/// step located at the checkout.
pub fn pwn_request(rel: &str, text: &str, sink: &mut Sink) {
    use crate::evidence::{Evidence, Op, Tag};
    use crate::ssl::vocab::{ActType as A, ResourceScope as R};
    let Some((s, e, rights)) = ci_yaml::untrusted_checkout(text) else {
        return;
    };
    let mut ev = Evidence::new(
        Op::Privileged,
        A::UpdateState,
        R::Credentials,
        "pull request head",
    )
    .tag(Tag::UntrustedCheckout)
    .object(
        "a workflow on pull_request_target/workflow_run checks out the pull request's own code: \
             any outsider's PR runs with the repository's secrets and write token",
    )
    .instrument("CI workflow");
    if rights {
        ev.tags.insert(Tag::BroadTarget);
    }
    let src = Src::new(rel, text, Origin::Script);
    sink.push(src.at(ev, s, e, "yaml"));
}

/// The environment read an Actions `toJSON(secrets)` was lowered to is
/// named as what it is: every secret of the repository.
fn name_secret_dumps(host: &str, items: &mut [crate::evidence::Evidence]) {
    if !host.contains("secrets") {
        return;
    }
    let lines: Vec<&str> = host.split('\n').collect();
    for ev in items.iter_mut() {
        if ev.op != crate::evidence::Op::EnvDump {
            continue;
        }
        let line = lines
            .get(ev.location.start_line.saturating_sub(1))
            .copied()
            .unwrap_or("");
        let squeezed: String = line
            .chars()
            .filter(|c| !c.is_whitespace())
            .collect::<String>()
            .to_ascii_lowercase();
        if squeezed.contains("tojson(secrets)") || squeezed.contains("${{secrets}}") {
            ev.object = "every repository secret (toJSON(secrets))".into();
        }
    }
}
