//! JSON hosts: `package.json` `scripts` (the lifecycle hooks npm runs by
//! itself stay with `artifacts::config`, which reads them as install
//! hooks), VS Code `tasks.json` (`command` + `args`), dev containers
//! (`postCreateCommand`, `postStartCommand`, `postAttachCommand`,
//! `onCreateCommand`, `updateContentCommand`, `initializeCommand`: a string
//! is a shell line, an array an argv, an object several of either). JSONC
//! comments and trailing commas are blanked first, positions kept.

use super::Projection;
use serde_json::Value;

const LIFECYCLE: &[&str] = &[
    "preinstall",
    "install",
    "postinstall",
    "prepare",
    "prepublish",
    "preuninstall",
    "postuninstall",
];

const DEVCONTAINER: &[&str] = &[
    "postCreateCommand",
    "postStartCommand",
    "postAttachCommand",
    "onCreateCommand",
    "updateContentCommand",
    "initializeCommand",
];

/// JSONC → JSON with the same byte positions: comments become spaces, a
/// comma before `}`/`]` becomes a space.
fn strip_jsonc(text: &str) -> String {
    let b = text.as_bytes();
    let mut out = b.to_vec();
    let mut i = 0;
    let mut in_str = false;
    let mut last_comma: Option<usize> = None;
    while i < b.len() {
        let c = b[i];
        if in_str {
            if c == b'\\' {
                i += 2;
                continue;
            }
            if c == b'"' {
                in_str = false;
            }
            i += 1;
            continue;
        }
        match c {
            b'"' => {
                in_str = true;
                last_comma = None;
            }
            b'/' if b.get(i + 1) == Some(&b'/') => {
                while i < b.len() && b[i] != b'\n' {
                    out[i] = b' ';
                    i += 1;
                }
                continue;
            }
            b'/' if b.get(i + 1) == Some(&b'*') => {
                while i < b.len() && !(b[i] == b'*' && b.get(i + 1) == Some(&b'/')) {
                    if b[i] != b'\n' {
                        out[i] = b' ';
                    }
                    i += 1;
                }
                for k in i..(i + 2).min(b.len()) {
                    out[k] = b' ';
                }
                i += 2;
                continue;
            }
            b',' => last_comma = Some(i),
            b'}' | b']' => {
                if let Some(k) = last_comma.take() {
                    out[k] = b' ';
                }
            }
            c if c.is_ascii_whitespace() => {}
            _ => last_comma = None,
        }
        i += 1;
    }
    String::from_utf8(out).unwrap_or_else(|_| text.to_string())
}

/// Finds JSON-encoded `needle` in `text` from `from`: the 0-based line.
/// The file's string tokens are indexed once (`tokens`), so a file of n
/// scripts costs O(n) lookups, not n searches of the text (a 2 MB
/// `package.json` of 120,000 scripts took 10 s when each was searched for
/// and its line counted from the start).
struct Locator<'a> {
    text: &'a str,
    from: usize,
    lines: crate::text::LineIndex<'a>,
    tokens: Option<std::collections::HashMap<&'a str, Vec<usize>>>,
}

impl<'a> Locator<'a> {
    fn new(text: &'a str) -> Self {
        Locator {
            text,
            from: 0,
            lines: crate::text::LineIndex::new(text),
            tokens: None,
        }
    }

    fn line_of(&mut self, v: &str) -> usize {
        let enc = serde_json::to_string(v).unwrap_or_default();
        let text = self.text;
        let tokens = self.tokens.get_or_insert_with(|| string_tokens(text));
        let at = tokens.get(enc.as_str()).and_then(|at| {
            let k = at.partition_point(|&i| i < self.from);
            at.get(k).or(at.first()).copied()
        });
        let Some(at) = at else {
            return 0;
        };
        self.from = at + enc.len();
        self.lines.line_of(at)
    }
}

/// Every string token of a JSON(C) text (its quotes included) → where it
/// starts, in order. Comments (`//`, `/* */`) are skipped so a quote in
/// one does not pair with the next token's.
fn string_tokens(text: &str) -> std::collections::HashMap<&str, Vec<usize>> {
    let b = text.as_bytes();
    let mut out: std::collections::HashMap<&str, Vec<usize>> = Default::default();
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'"' => {
                let start = i;
                i += 1;
                while i < b.len() && b[i] != b'"' {
                    i += if b[i] == b'\\' { 2 } else { 1 };
                }
                let end = (i + 1).min(b.len());
                if let Some(tok) = text.get(start..end) {
                    out.entry(tok).or_default().push(start);
                }
                i = end;
            }
            b'/' if b.get(i + 1) == Some(&b'/') => {
                i = b[i..]
                    .iter()
                    .position(|&c| c == b'\n')
                    .map_or(b.len(), |n| i + n);
            }
            b'/' if b.get(i + 1) == Some(&b'*') => {
                i = text[i + 2..].find("*/").map_or(b.len(), |n| i + 2 + n + 2);
            }
            _ => i += 1,
        }
    }
    out
}

fn command_of(v: &Value) -> Option<String> {
    match v {
        Value::String(s) => Some(s.clone()),
        Value::Array(a) => {
            let argv: Vec<String> = a
                .iter()
                .filter_map(|x| x.as_str().map(String::from))
                .collect();
            (!argv.is_empty()).then(|| super::argv_line(&argv))
        }
        _ => None,
    }
}

fn first_string(v: &Value) -> Option<&str> {
    match v {
        Value::String(s) => Some(s),
        Value::Array(a) => a.iter().find_map(|x| x.as_str()),
        _ => None,
    }
}

pub fn project(rel: &str, text: &str, p: &mut Projection) {
    let clean = strip_jsonc(text);
    let Ok(v) = serde_json::from_str::<Value>(&clean) else {
        return;
    };
    let name = rel.rsplit('/').next().unwrap_or(rel);
    let mut loc = Locator::new(text);
    if name == "package.json" {
        if let Some(scripts) = v.get("scripts").and_then(Value::as_object) {
            loc.from = text.find("\"scripts\"").unwrap_or(0);
            for (k, c) in scripts {
                let Some(c) = c.as_str() else { continue };
                let line = loc.line_of(c);
                if !LIFECYCLE.contains(&k.as_str()) {
                    p.put(line, c);
                }
            }
        }
        return;
    }
    if let Some(tasks) = v.get("tasks").and_then(Value::as_array) {
        for t in tasks.iter().take(10_000) {
            let Some(cmd) = t.get("command") else {
                continue;
            };
            let Some(first) = first_string(cmd) else {
                continue;
            };
            let line = loc.line_of(first);
            let mut line_text = command_of(cmd).unwrap_or_default();
            if let Some(args) = t.get("args").and_then(Value::as_array) {
                for a in args {
                    if let Some(s) = a.as_str() {
                        line_text.push(' ');
                        line_text.push_str(&super::squote(s));
                    } else if let Some(s) = a.get("value").and_then(Value::as_str) {
                        line_text.push(' ');
                        line_text.push_str(&super::squote(s));
                    }
                }
            }
            p.put(line, &line_text);
        }
    }
    if name.ends_with("devcontainer.json") {
        container_run(text, &v, p);
    }
    for key in DEVCONTAINER {
        let Some(c) = v.get(*key) else { continue };
        loc.from = text.find(&format!("\"{key}\"")).unwrap_or(0);
        let cmds: Vec<&Value> = match c {
            Value::Object(m) => m.values().collect(),
            other => vec![other],
        };
        for c in cmds {
            if let (Some(first), Some(line_text)) = (first_string(c), command_of(c)) {
                let line = loc.line_of(first);
                p.put(line, &line_text);
            }
        }
    }
}

/// Round 28: a dev container is a `docker run` with the file's settings:
/// `runArgs`, `privileged`, `capAdd`, `mounts` (a `source=…,target=…`
/// string or an object), `workspaceMount`. The line goes where the first
/// of them stands, and the shell table reads host access off it (the
/// host's root folder mounted, privileged, host namespaces) as it does for
/// a `docker run` a script types.
fn container_run(text: &str, v: &Value, p: &mut Projection) {
    let mut argv: Vec<String> = vec!["docker".into(), "run".into()];
    if let Some(a) = v.get("runArgs").and_then(Value::as_array) {
        argv.extend(a.iter().filter_map(|x| x.as_str().map(String::from)));
    }
    if v.get("privileged").and_then(Value::as_bool) == Some(true) {
        argv.push("--privileged".into());
    }
    if let Some(a) = v.get("capAdd").and_then(Value::as_array) {
        for c in a.iter().filter_map(Value::as_str) {
            argv.push(format!("--cap-add={c}"));
        }
    }
    let mount = |m: &Value| -> Option<String> {
        match m {
            Value::String(s) => Some(s.clone()),
            Value::Object(o) => {
                let src = o.get("source").and_then(Value::as_str)?;
                let dst = o.get("target").and_then(Value::as_str).unwrap_or("");
                Some(format!("source={src},target={dst}"))
            }
            _ => None,
        }
    };
    let mut mounts: Vec<String> = v
        .get("mounts")
        .and_then(Value::as_array)
        .map(|a| a.iter().filter_map(mount).collect())
        .unwrap_or_default();
    mounts.extend(v.get("workspaceMount").and_then(mount));
    for m in mounts {
        argv.push("--mount".into());
        argv.push(m.replace(' ', ""));
    }
    if argv.len() == 2 {
        return;
    }
    argv.push("devcontainer-image".into());
    let at = [
        "\"runArgs\"",
        "\"privileged\"",
        "\"capAdd\"",
        "\"mounts\"",
        "\"workspaceMount\"",
    ]
    .iter()
    .filter_map(|k| text.find(k))
    .min()
    .unwrap_or(0);
    p.put(text[..at].matches('\n').count(), &super::argv_line(&argv));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn jsonc_keeps_positions() {
        let t = "{\n  // c\n  \"a\": [1, 2,],\n}\n";
        let s = strip_jsonc(t);
        assert_eq!(s.len(), t.len());
        assert!(serde_json::from_str::<Value>(&s).is_ok(), "{s}");
    }

    #[test]
    fn package_tasks_devcontainer() {
        let pkg = "{\n  \"scripts\": {\n    \"postinstall\": \"node x.js\",\n    \"deploy\": \"curl -s https://h.example/i | sh\"\n  }\n}\n";
        let mut p = Projection::new(pkg);
        project("package.json", pkg, &mut p);
        let out = p.text();
        let lines: Vec<&str> = out.split('\n').collect();
        assert!(lines[2].is_empty());
        assert_eq!(lines[3], "curl -s https://h.example/i | sh");
        let dc = "{\n  // dev\n  \"postCreateCommand\": [\"bash\", \"-c\", \"echo x\"],\n}\n";
        let mut p = Projection::new(dc);
        project(".devcontainer/devcontainer.json", dc, &mut p);
        assert_eq!(p.text().split('\n').nth(2), Some("bash -c 'echo x'"));
        let tj =
            "{\"tasks\": [\n {\"label\": \"b\", \"command\": \"make\",\n  \"args\": [\"all\"]}]}\n";
        let mut p = Projection::new(tj);
        project(".vscode/tasks.json", tj, &mut p);
        assert_eq!(p.text().split('\n').nth(1), Some("make all"));
    }
}
