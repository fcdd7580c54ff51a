//! Line-oriented hosts: Dockerfile `RUN`/`CMD`/`ENTRYPOINT` (shell form,
//! exec form as argv, `RUN <<EOF` heredocs; `ENV`/`ARG` as exports),
//! systemd `Exec*=` and `.desktop` `Exec=`, Procfile `name: cmd`, crontab
//! lines, `tox.ini`/`setup.cfg`/`pyproject.toml` task tables, launchd
//! `ProgramArguments`.

use super::Projection;

fn continues(line: &str) -> bool {
    line.trim_end()
        .bytes()
        .rev()
        .take_while(|&b| b == b'\\')
        .count()
        % 2
        == 1
}

/// A Dockerfile by content: a `FROM` line before any `RUN`/`CMD`.
pub fn looks_like_docker(text: &str) -> bool {
    let mut from = false;
    // Every line (linear): a `FROM` after padding still counts.
    for l in text.lines() {
        let w = l
            .split_whitespace()
            .next()
            .unwrap_or("")
            .to_ascii_uppercase();
        match w.as_str() {
            "FROM" => from = true,
            "RUN" | "CMD" | "ENTRYPOINT" if from => return true,
            _ => {}
        }
    }
    false
}

/// An exec-form (JSON array) command, when `v` is one.
fn exec_form(v: &str) -> Option<Vec<String>> {
    let t = v.trim();
    if !t.starts_with('[') {
        return None;
    }
    serde_json::from_str::<Vec<String>>(t).ok()
}

pub fn project_docker(text: &str, p: &mut Projection) {
    let lines: Vec<&str> = text.split('\n').map(|l| l.trim_end_matches('\r')).collect();
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i].trim_start();
        let (word, rest) = line.split_once([' ', '\t']).unwrap_or((line, ""));
        let mut word = word.to_ascii_uppercase();
        let mut rest = rest.trim_start();
        if word == "ONBUILD" || word == "HEALTHCHECK" {
            let (w2, r2) = rest.split_once([' ', '\t']).unwrap_or((rest, ""));
            word = w2.to_ascii_uppercase();
            rest = r2.trim_start();
        }
        match word.as_str() {
            "RUN" | "CMD" | "ENTRYPOINT" => {
                while rest.starts_with("--") {
                    rest = rest.split_once(' ').map_or("", |(_, r)| r.trim_start());
                }
                if let Some(delim) = heredoc(rest) {
                    let mut k = i + 1;
                    while k < lines.len() && lines[k].trim() != delim {
                        p.put(k, lines[k]);
                        k += 1;
                    }
                    i = k + 1;
                    continue;
                }
                // Round 28: `RUN … cat > f <<'EOF'` (BuildKit): the line and
                // its heredoc body, up to the delimiter, are one shell text
                // (the body is what the command writes or feeds).
                if let Some(delim) = inline_heredoc(rest) {
                    p.put(i, rest);
                    let mut k = i + 1;
                    while k < lines.len() && lines[k].trim() != delim {
                        p.put(k, lines[k]);
                        k += 1;
                    }
                    if k < lines.len() {
                        p.put(k, &delim);
                    }
                    i = k + 1;
                    continue;
                }
                // Gather the continued instruction.
                let mut parts = vec![(i, rest.to_string())];
                let mut k = i;
                while continues(lines[k]) && k + 1 < lines.len() {
                    k += 1;
                    parts.push((k, lines[k].to_string()));
                }
                let joined: String = parts
                    .iter()
                    .map(|(_, t)| t.trim_end().trim_end_matches('\\'))
                    .collect::<Vec<_>>()
                    .join(" ");
                if let Some(argv) = exec_form(&joined) {
                    p.put(i, &super::argv_line(&argv));
                } else {
                    for (n, t) in parts {
                        p.put(n, &t);
                    }
                }
                i = k + 1;
                continue;
            }
            // Round 29 (supply29): `ADD [--chmod=755] http(s)://… DEST` is a
            // download the build makes; projected as the `curl` it is (and
            // `chmod +x` when `--chmod` makes it executable), so a later
            // run of DEST is a download-and-run. `--checksum=` pins it:
            // a verified artefact, projected as nothing.
            "ADD" => {
                if let Some(line) = add_download(rest) {
                    p.put(i, &line);
                }
            }
            "ENV" | "ARG" => {
                for (name, value) in env_pairs(rest) {
                    if word == "ENV" || !value.is_empty() {
                        p.export(i, &name, &value);
                    }
                }
            }
            _ => {}
        }
        i += 1;
    }
}

/// The delimiter of a heredoc a command on a `RUN` line opens (`cat > f
/// <<'SH'`, `python3 - <<EOF`), when the line does not continue.
fn inline_heredoc(rest: &str) -> Option<String> {
    if continues(rest) {
        return None;
    }
    let at = rest.find("<<")?;
    let r = &rest[at + 2..];
    if r.starts_with('<') {
        return None;
    }
    let r = r.strip_prefix('-').unwrap_or(r).trim_start();
    let d: String = r
        .trim_start_matches(['"', '\''])
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
        .collect();
    (!d.is_empty()).then_some(d)
}

/// `ADD [--flags] URL… DEST` with a remote URL, as shell text: `curl -fsSL
/// -o DEST URL` per URL, `chmod +x DEST` after it when a `--chmod` flag
/// sets an execute bit. `None` for a local source, a git source and an
/// `ADD --checksum=` (pinned).
fn add_download(rest: &str) -> Option<String> {
    let words: Vec<&str> = rest.split_whitespace().collect();
    let flags: Vec<&str> = words
        .iter()
        .copied()
        .take_while(|w| w.starts_with("--"))
        .collect();
    if flags.iter().any(|f| f.starts_with("--checksum")) {
        return None;
    }
    let operands = &words[flags.len()..];
    let (dest, sources) = operands.split_last()?;
    let urls: Vec<&str> = sources
        .iter()
        .copied()
        .filter(|s| {
            let l = s.to_ascii_lowercase();
            (l.starts_with("http://") || l.starts_with("https://")) && !l.ends_with(".git")
        })
        .collect();
    if urls.is_empty() {
        return None;
    }
    let exec = flags.iter().any(|f| {
        f.strip_prefix("--chmod=").is_some_and(|m| {
            m.bytes().any(|b| matches!(b, b'1' | b'3' | b'5' | b'7')) || m.contains('x')
        })
    });
    let mut out: Vec<String> = urls
        .iter()
        .map(|u| format!("curl -fsSL -o {} {}", super::squote(dest), super::squote(u)))
        .collect();
    if exec {
        out.push(format!("chmod +x {}", super::squote(dest)));
    }
    Some(out.join(" && "))
}

/// `RUN <<EOF` (no command before the heredoc): the body is the script.
fn heredoc(rest: &str) -> Option<String> {
    let r = rest.strip_prefix("<<")?;
    let r = r.strip_prefix('-').unwrap_or(r);
    let d: String = r
        .trim_matches(|c| c == '"' || c == '\'')
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
        .collect();
    (!d.is_empty() && !rest.contains('|')).then_some(d)
}

/// `K=V K2="V 2"` or `K V` (legacy form).
fn env_pairs(rest: &str) -> Vec<(String, String)> {
    let rest = rest.trim();
    let first = rest.split_whitespace().next().unwrap_or("");
    if !first.contains('=') {
        let (k, v) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
        return vec![(k.to_string(), unquote(v.trim()))];
    }
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut q: Option<char> = None;
    for ch in rest.chars().chain(std::iter::once(' ')) {
        match (q, ch) {
            (None, ' ' | '\t') => {
                if let Some((k, v)) = cur.split_once('=') {
                    out.push((k.to_string(), unquote(v)));
                }
                cur.clear();
            }
            (None, '"' | '\'') => {
                q = Some(ch);
                cur.push(ch);
            }
            (Some(c), x) if c == x => {
                q = None;
                cur.push(ch);
            }
            _ => cur.push(ch),
        }
    }
    out
}

fn unquote(v: &str) -> String {
    let v = v.trim();
    for q in ['"', '\''] {
        if v.len() >= 2 && v.starts_with(q) && v.ends_with(q) {
            return v[1..v.len() - 1].to_string();
        }
    }
    v.to_string()
}

/// systemd `ExecStart=` and friends (prefixes `-@:+!` dropped), `.desktop`
/// `Exec=`/`TryExec=` (field codes `%f`, `%u`, … dropped).
pub fn project_key_exec(text: &str, p: &mut Projection) {
    let lines: Vec<&str> = text.split('\n').map(|l| l.trim_end_matches('\r')).collect();
    let mut i = 0;
    while i < lines.len() {
        let l = lines[i].trim_start();
        if let Some((k, v)) = l.split_once('=') {
            let k = k.trim();
            if k.starts_with("Exec") && k != "ExecSearchPath" {
                let v = v.trim_start().trim_start_matches(['-', '@', ':', '+', '!']);
                let v = strip_field_codes(v);
                p.put(i, &v);
                while continues(lines[i]) && i + 1 < lines.len() {
                    i += 1;
                    p.put(i, lines[i]);
                }
            } else if k == "Environment" {
                for (name, value) in env_pairs(&unquote(v)) {
                    p.export(i, &name, &value);
                }
            }
        }
        i += 1;
    }
}

fn strip_field_codes(v: &str) -> String {
    let mut out = String::with_capacity(v.len());
    let mut it = v.chars().peekable();
    while let Some(c) = it.next() {
        if c == '%' && it.peek().is_some_and(|n| "fFuUdDnNickvm".contains(*n)) {
            it.next();
            continue;
        }
        out.push(c);
    }
    out
}

/// Procfile: `web: gunicorn app:app`.
pub fn project_procfile(text: &str, p: &mut Projection) {
    for (i, l) in text.split('\n').enumerate() {
        if l.trim_start().starts_with('#') {
            continue;
        }
        if let Some((name, cmd)) = l.split_once(':') {
            if super::valid_name(name.trim().replace('-', "_").as_str()) {
                p.put(i, cmd.trim());
            }
        }
    }
}

/// Crontab lines: five schedule fields (or `@reboot`, `@daily`, …), an
/// optional user in system crontabs (`/etc/cron.d`), the command;
/// `NAME=value` lines are exports.
pub fn project_crontab(text: &str, p: &mut Projection) {
    for (i, l) in text.split('\n').enumerate() {
        let l = l.trim();
        if l.is_empty() || l.starts_with('#') {
            continue;
        }
        let (fields, rest): (usize, &str) = if l.starts_with('@') { (1, l) } else { (5, l) };
        let mut words = rest.split_whitespace();
        let sched: Vec<&str> = words.by_ref().take(fields).collect();
        let schedule_like = sched.len() == fields
            && sched.iter().all(|w| {
                w.starts_with('@')
                    || w.chars()
                        .all(|c| c.is_ascii_alphanumeric() || "*/,-".contains(c))
            });
        if !schedule_like {
            if let Some((k, v)) = l.split_once('=') {
                p.export(i, k.trim(), &unquote(v));
            }
            continue;
        }
        let mut cmd: Vec<&str> = words.collect();
        if cmd.len() > 1 && matches!(cmd[0], "root" | "nobody") {
            cmd.remove(0);
        }
        let cmd = cmd.join(" ");
        // `%` is a newline in crontab (stdin); the command ends there.
        let cmd = cmd.split('%').next().unwrap_or("");
        p.put(i, cmd);
    }
}

/// tox `commands =` (with indented continuation lines), and task tables of
/// `pyproject.toml`/`setup.cfg` (`[tool.poe.tasks]`, `[tool.pdm.scripts]`,
/// `[tool.taskipy.tasks]`, `[tool.hatch.envs.*.scripts]`): `name = "cmd"`.
pub fn project_py_tasks(text: &str, p: &mut Projection) {
    let mut section = String::new();
    let mut in_cmds = false;
    for (i, l) in text.split('\n').enumerate() {
        let l = l.trim_end_matches('\r');
        let t = l.trim();
        if t.starts_with('[') {
            section = t.trim_matches(['[', ']']).to_string();
            in_cmds = false;
            continue;
        }
        if t.is_empty() || t.starts_with('#') || t.starts_with(';') {
            continue;
        }
        let indented = l.starts_with([' ', '\t']);
        let tox = section.starts_with("testenv") || section == "tox:tox";
        if tox {
            if indented && in_cmds {
                p.put(i, t.trim_start_matches('-').trim_start());
                continue;
            }
            in_cmds = false;
            if let Some((k, v)) = t.split_once('=') {
                let k = k.trim();
                if k.starts_with("commands") {
                    in_cmds = true;
                    p.put(i, v.trim().trim_start_matches('-').trim_start());
                }
            }
            continue;
        }
        let tasks = section.starts_with("tool.poe.tasks")
            || section.starts_with("tool.pdm.scripts")
            || section.starts_with("tool.taskipy.tasks")
            || (section.starts_with("tool.hatch.envs.") && section.ends_with(".scripts"));
        if tasks {
            if let Some((k, v)) = t.split_once('=') {
                let v = v.trim();
                let k = k.trim();
                if v.starts_with('"') || v.starts_with('\'') {
                    p.put(i, &unquote(v));
                } else if let Some(v) = v.strip_prefix('{') {
                    if let Some(c) = v.split("cmd").nth(1).or_else(|| v.split("shell").nth(1)) {
                        let c = c.trim_start().trim_start_matches('=').trim();
                        let c = c.split(['"', '\'']).nth(1).unwrap_or("");
                        p.put(i, c);
                    }
                } else if k == "cmd" || k == "shell" {
                    p.put(i, &unquote(v));
                }
            }
        }
    }
}

/// launchd: `<key>ProgramArguments</key><array><string>…</string>…` (one
/// argv) and `<key>Program</key><string>…`.
pub fn project_plist(text: &str, p: &mut Projection) {
    let line_of = |at: usize| text[..at].matches('\n').count();
    for key in ["<key>ProgramArguments</key>", "<key>Program</key>"] {
        let Some(at) = text.find(key) else {
            continue;
        };
        let after = &text[at + key.len()..];
        let end = if key.contains("Arguments") {
            after.find("</array>").unwrap_or(after.len().min(8192))
        } else {
            after.find("</string>").map_or(0, |e| e + 9)
        };
        let mut argv = Vec::new();
        let mut rest = &after[..end];
        while let Some(s) = rest.find("<string>") {
            let body = &rest[s + 8..];
            let Some(e) = body.find("</string>") else {
                break;
            };
            argv.push(xml_unescape(&body[..e]));
            rest = &body[e + 9..];
        }
        if !argv.is_empty() {
            p.put(line_of(at), &super::argv_line(&argv));
        }
    }
}

/// A launchd job property list: a program it runs, started at load, on an
/// interval, at a calendar time or kept alive.
pub fn launchd_job(text: &str) -> bool {
    (text.contains("<key>ProgramArguments</key>") || text.contains("<key>Program</key>"))
        && [
            "<key>RunAtLoad</key>",
            "<key>StartInterval</key>",
            "<key>StartCalendarInterval</key>",
            "<key>KeepAlive</key>",
            "<key>WatchPaths</key>",
        ]
        .iter()
        .any(|k| text.contains(k))
}

fn xml_unescape(s: &str) -> String {
    s.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&apos;", "'")
        .replace("&amp;", "&")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(f: fn(&str, &mut Projection), text: &str) -> Vec<String> {
        let mut p = Projection::new(text);
        f(text, &mut p);
        p.text().split('\n').map(str::to_string).collect()
    }

    #[test]
    fn dockerfile_forms() {
        let d = "FROM alpine\nARG V=1\nENV K=v A=\"b c\"\nRUN apk add curl && \\\n    curl -s https://h.example/i.sh | sh\nCMD [\"sh\", \"-c\", \"echo hi\"]\nRUN <<EOF\nrm -rf /tmp/x\nEOF\n";
        let out = run(project_docker, d);
        assert_eq!(out[1], "export V=\"1\"");
        assert_eq!(out[2], "export K=\"v\"; export A=\"b c\"");
        assert_eq!(out[3], "apk add curl && \\");
        assert_eq!(out[4], "    curl -s https://h.example/i.sh | sh");
        assert_eq!(out[5], "sh -c 'echo hi'");
        assert_eq!(out[7], "rm -rf /tmp/x");
        assert!(out[8].is_empty());
    }

    #[test]
    fn unit_desktop_cron_procfile_plist() {
        assert_eq!(
            run(project_key_exec, "[Service]\nExecStart=-/usr/bin/foo %u\n")[1],
            "/usr/bin/foo "
        );
        assert_eq!(
            run(
                project_crontab,
                "SHELL=/bin/sh\n*/5 * * * * curl -s h | sh\n@reboot root x\n"
            )[1],
            "curl -s h | sh"
        );
        assert_eq!(
            run(project_procfile, "web: gunicorn app:app\n")[0],
            "gunicorn app:app"
        );
        let pl = "<dict>\n<key>ProgramArguments</key>\n<array><string>/bin/sh</string><string>-c</string><string>curl x | sh</string></array>\n";
        assert_eq!(run(project_plist, pl)[1], "/bin/sh -c 'curl x | sh'");
    }

    #[test]
    fn tox_and_pyproject_tasks() {
        let t = "[testenv]\ncommands =\n    pytest -q\n    coverage report\ndeps = pytest\n";
        let out = run(project_py_tasks, t);
        assert_eq!(out[2], "pytest -q");
        assert_eq!(out[3], "coverage report");
        assert!(out[4].is_empty());
        let py = "[tool.poe.tasks]\nlint = \"ruff check .\"\n[project]\nname = \"x\"\n";
        let out = run(project_py_tasks, py);
        assert_eq!(out[1], "ruff check .");
        assert!(out[3].is_empty());
    }
}
