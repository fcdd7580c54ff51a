//! The size limits of issue 14, checked on every run: no file of `src/`
//! over 1,500 lines of non-test code (everything before its first
//! `#[cfg(test)]`), and no function over 200 lines. Functions are found
//! the way `rustfmt` lays them out: a line `[pub[(…)]] [const] [async]
//! [unsafe] fn name` at some indentation, ending at the first later line
//! that is exactly that indentation followed by `}`.

use std::path::{Path, PathBuf};

const MAX_FILE_LINES: usize = 1_500;
const MAX_FN_LINES: usize = 200;

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("cannot list {}: {e}", dir.display()))
        .map(|e| e.expect("directory entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|x| x == "rs") {
            out.push(path);
        }
    }
}

/// The lines before the first `#[cfg(test)]` at the start of a line.
fn non_test_lines(text: &str) -> Vec<&str> {
    text.lines()
        .take_while(|l| !l.starts_with("#[cfg(test)]"))
        .collect()
}

/// If `line` starts a function item, its indentation.
fn fn_indent(line: &str) -> Option<&str> {
    let body = line.trim_start();
    let indent = &line[..line.len() - body.len()];
    let mut rest = body;
    if let Some(r) = rest.strip_prefix("pub") {
        rest = r;
        if let Some(r) = rest.strip_prefix('(') {
            rest = r.split_once(')')?.1;
        }
        rest = rest.strip_prefix(' ')?;
    }
    for word in ["const ", "async ", "unsafe "] {
        if let Some(r) = rest.strip_prefix(word) {
            rest = r;
        }
    }
    let name = rest.strip_prefix("fn ")?;
    name.starts_with(|c: char| c.is_alphabetic() || c == '_')
        .then_some(indent)
}

/// (first line number, length, signature) of every function longer than
/// `max` lines.
fn long_functions(lines: &[&str], max: usize) -> Vec<(usize, usize, String)> {
    let mut out = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let Some(indent) = fn_indent(line) else {
            continue;
        };
        let close = format!("{indent}}}");
        // A declaration without a body (`fn f();` in a trait) and a body
        // on one line (`fn f() {}`) end where they start.
        if line.trim_end().ends_with(';') || line.trim_end().ends_with('}') {
            continue;
        }
        if let Some(end) = lines[i + 1..].iter().position(|l| *l == close) {
            let len = end + 2;
            if len > max {
                out.push((i + 1, len, line.trim().to_string()));
            }
        }
    }
    out
}

#[test]
fn no_source_file_or_function_is_too_long() {
    let mut files = Vec::new();
    rust_files(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("src").as_path(),
        &mut files,
    );
    assert!(files.len() > 50, "src/ should hold the crate's sources");
    let mut problems = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).expect("source file is UTF-8");
        let lines = non_test_lines(&text);
        let shown = file
            .strip_prefix(env!("CARGO_MANIFEST_DIR"))
            .unwrap_or(file);
        if lines.len() > MAX_FILE_LINES {
            problems.push(format!(
                "{}: {} lines of non-test code (limit {MAX_FILE_LINES}): split it by concern",
                shown.display(),
                lines.len()
            ));
        }
        for (at, len, sig) in long_functions(&lines, MAX_FN_LINES) {
            problems.push(format!(
                "{}:{at}: function of {len} lines (limit {MAX_FN_LINES}): {sig}",
                shown.display()
            ));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn the_function_finder_measures_what_it_should() {
    let long: String = std::iter::once("pub(crate) fn big(x: u8) -> u8 {".to_string())
        .chain((0..250).map(|i| format!("    let _a{i} = x;")))
        .chain(["    x".to_string(), "}".to_string()])
        .collect::<Vec<_>>()
        .join("\n");
    let lines: Vec<&str> = long.lines().collect();
    let found = long_functions(&lines, MAX_FN_LINES);
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].1, 253);
    let short = ["    async fn small() {", "        1", "    }", "}"];
    assert!(long_functions(&short, 2).len() == 1);
    assert!(long_functions(&short, 3).is_empty());
    assert!(fn_indent("    fn declared(&self);").is_some());
    assert!(fn_indent("let fn_x = 1;").is_none());
    assert!(fn_indent("// fn commented").is_none());
    assert!(long_functions(&["fn one() {}", "fn two() {", "}"], 1).len() == 1);
    let file = "fn a() {}\n#[cfg(test)]\nmod tests {}\n";
    assert_eq!(non_test_lines(file), vec!["fn a() {}"]);
}

/// Issue 14, item 5: every budget lives in `limits.rs`. Each name a pass
/// reports through `limits::gave_up("NAME")` must be a `pub const NAME` of
/// `src/limits.rs`, so a cap cannot be defined (or changed) out of sight
/// in the pass that hits it.
#[test]
fn every_reported_budget_is_a_limits_constant() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let limits = std::fs::read_to_string(root.join("limits.rs")).expect("read src/limits.rs");
    let mut files = Vec::new();
    rust_files(&root, &mut files);
    let mut missing = Vec::new();
    for path in files {
        let text = std::fs::read_to_string(&path).expect("read source");
        for (at, _) in text.match_indices("gave_up(\"") {
            let rest = &text[at + "gave_up(\"".len()..];
            let Some(end) = rest.find('"') else { continue };
            let name = &rest[..end];
            if !limits.contains(&format!("pub const {name}:")) {
                missing.push(format!("{}: {name}", path.display()));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "budgets reported through limits::gave_up but not defined in src/limits.rs \
         (move the constant there and use it from the pass):\n{}",
        missing.join("\n")
    );
}
