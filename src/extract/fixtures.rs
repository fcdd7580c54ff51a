//! Test fixtures nothing runs: a scanner's `test-fixtures/` red-team
//! samples are what it detects, not what it does. A fixture file is
//! *reached* when any file of the skill outside the fixture folders names
//! it (SKILL.md, a reference, a script, a hook, `package.json`): by its
//! sample folder (`evasive-01-string-concat`, the first folder under the
//! fixture folder) or, for a file directly in a fixture folder or named as
//! a test (`test_x.py`), by its file name. An attacker's payload in a
//! folder called `test-fixtures` that the skill runs or points the agent
//! to is reached and keeps its findings; one nothing names cannot run
//! unless something names it. Evidence of unreached fixtures is tagged
//! [`Tag::Unreached`].

use crate::evidence::{Evidence, Op, Tag};
use crate::skill::{FileKind, Skill};
use aho_corasick::AhoCorasick;
use std::collections::BTreeMap;

/// Folder names that hold fixtures (the subset of `context_tags` that
/// are test data rather than documentation examples).
const FIXTURE_DIRS: &[&str] = &[
    "tests",
    "test",
    "fixtures",
    "fixture",
    "test-fixtures",
    "test_fixtures",
    "__fixtures__",
    "__mocks__",
    "__tests__",
    "spec",
    "testdata",
];

/// The fixture folder of a file (`test-fixtures/`, with its parents and a
/// trailing `/`), and the name by which other files would point to the
/// file, or `None` when the file is not in a fixture folder.
fn fixture_key(rel: &str) -> Option<(String, String)> {
    let comps: Vec<&str> = rel.split('/').collect();
    let dirs = &comps[..comps.len().saturating_sub(1)];
    let i = dirs
        .iter()
        .position(|d| FIXTURE_DIRS.contains(&d.to_lowercase().as_str()))?;
    let rest = &comps[i + 1..];
    // `test-fixtures/evasive-01/index.js` is named by `evasive-01`;
    // `tests/helper.py` by `helper.py`.
    let key = rest.first()?;
    let folder = format!("{}/", comps[i]);
    (key.len() > 3).then(|| (folder, key.to_string()))
}

/// Tags the evidence of every fixture file no other file names, and
/// clears the fixture tag of one the skill itself runs (or a test runner
/// it names loads by file name) (a `CallLocal` from
/// SKILL.md or a script outside the fixture folders resolves to it): what
/// the skill runs is its code, whatever its folder is called.
pub fn mark_unreached(skill: &Skill, evidence: &mut [Evidence]) {
    let run: Vec<String> = evidence
        .iter()
        .filter(|e| e.op == Op::CallLocal && fixture_key(&e.location.path).is_none())
        .filter_map(|e| e.target.strip_prefix("script:"))
        .filter(|t| fixture_key(t).is_some())
        .map(str::to_string)
        .collect();
    if !run.is_empty() {
        for e in evidence.iter_mut() {
            if run.contains(&e.location.path) {
                e.tags.remove(&Tag::TestFixture);
            }
        }
    }
    // A test runner the skill names (in SKILL.md, a script or a manifest
    // such as `package.json`) loads its own files by name pattern: those
    // files run although nothing names them (`pytest` imports every
    // `conftest.py`), so they are the skill's code, not test input.
    let runner = skill.files.iter().any(|f| {
        fixture_key(&f.rel).is_none()
            && (f.rel == skill.manifest_path || f.kind != FileKind::Markdown)
            && names_runner(&f.text)
    });
    if runner {
        for e in evidence.iter_mut() {
            if runner_loads(&e.location.path) {
                e.tags.remove(&Tag::TestFixture);
            }
        }
    }
    // Sample name -> (fixture folder, files).
    let mut keys: BTreeMap<String, (String, Vec<&str>)> = BTreeMap::new();
    let mut outside = Vec::new();
    for f in &skill.files {
        match fixture_key(&f.rel) {
            Some((folder, k)) => {
                let e = keys.entry(k).or_insert_with(|| (folder, Vec::new()));
                e.1.push(&f.rel);
            }
            None => outside.push(f),
        }
    }
    if keys.is_empty() {
        return;
    }
    // Pattern 2i: sample i's name; 2i + 1: its fixture folder, which
    // counts in SKILL.md and in code (`for f in test-fixtures/*`), not in
    // a README's directory tree.
    let pats: Vec<&str> = keys
        .iter()
        .flat_map(|(k, (folder, _))| [k.as_str(), folder.as_str()])
        .collect();
    let Ok(ac) = AhoCorasick::builder()
        .ascii_case_insensitive(true)
        .build(&pats)
    else {
        return;
    };
    let mut reached = vec![false; keys.len()];
    for f in outside {
        let runs = f.rel == skill.manifest_path || f.kind != FileKind::Markdown;
        for m in ac.find_overlapping_iter(f.text.as_str()) {
            let p = m.pattern().as_usize();
            if p % 2 == 0 || runs {
                reached[p / 2] = true;
            }
        }
    }
    let unreached: Vec<&str> = keys
        .values()
        .zip(&reached)
        .filter(|(_, r)| !**r)
        .flat_map(|((_, files), _)| files.iter().copied())
        .collect();
    if unreached.is_empty() {
        return;
    }
    for e in evidence.iter_mut() {
        if e.has(Tag::TestFixture) && unreached.contains(&e.location.path.as_str()) {
            e.tags.insert(Tag::Unreached);
        }
    }
}

/// Text that runs a test runner: `pytest`, `python -m unittest`,
/// `npm test`, `jest`, `vitest`, `mocha`, `node --test`, `go test`,
/// `cargo test`, `rspec`, `rake test`, `bats`, `Invoke-Pester`.
fn names_runner(text: &str) -> bool {
    static RUNNER: crate::rx::Lazy = crate::rx::Lazy::new(
        r"(?i)(?-u:\b)(pytest|py\.test|-m\s+unittest|tox|nox|(npm|yarn|pnpm|bun)\s+(run\s+)?test|jest|vitest|mocha|ava|node\s+--test|deno\s+test|go\s+test|cargo\s+test|rspec|rake\s+(test|spec)|bats|invoke-pester)(?-u:\b)",
    );
    RUNNER.is_match(text)
}

/// Whether a test runner loads this file by its name alone: pytest's
/// `conftest.py`, `test_*.py` and `*_test.py`; JavaScript `*.test.*`,
/// `*.spec.*`, `*-test.*`, `test-*.*`, anything under `__tests__/` or a
/// `test/` folder (node --test); Go `*_test.go`; Ruby `*_spec.rb`; Bats
/// `*.bats`; Pester `*.Tests.ps1`.
fn runner_loads(rel: &str) -> bool {
    let lower = rel.to_lowercase();
    let name = lower.rsplit('/').next().unwrap_or(&lower);
    let stem = name.split('.').next().unwrap_or(name);
    name == "conftest.py"
        || (name.ends_with(".py") && (stem.starts_with("test_") || stem.ends_with("_test")))
        || name.contains(".test.")
        || name.contains(".spec.")
        || name.ends_with(".tests.ps1")
        || name.ends_with("_test.go")
        || name.ends_with("_spec.rb")
        || name.ends_with(".bats")
        || (is_script(name)
            && (stem.ends_with("-test") || stem.starts_with("test-") || stem == "test"))
        || (is_script(name) && lower.split('/').any(|d| d == "__tests__" || d == "test"))
}

fn is_script(name: &str) -> bool {
    [
        ".js", ".mjs", ".cjs", ".ts", ".mts", ".cts", ".py", ".sh", ".rb", ".go", ".ps1",
    ]
    .iter()
    .any(|x| name.ends_with(x))
}

#[cfg(test)]
mod tests {
    use super::{fixture_key, names_runner, runner_loads};

    #[test]
    fn runners_load_their_files_by_name() {
        for f in [
            "tests/conftest.py",
            "tests/test_api.py",
            "tests/unit/api_test.py",
            "test/x.test.js",
            "__tests__/a.js",
            "test/helper.mjs",
            "spec/user_spec.rb",
            "testdata/x_test.go",
        ] {
            assert!(runner_loads(f), "{f}");
        }
        for f in [
            "test-fixtures/evasive-01/index.js",
            "fixtures/sample/SKILL.md",
            "tests/data/payload.txt",
            "testdata/blob.json",
        ] {
            assert!(!runner_loads(f), "{f}");
        }
        assert!(names_runner("Run `pytest -q` to check the install"));
        assert!(names_runner(r#""scripts": {"test": "node --test"}"#));
        assert!(!names_runner("the latest release notes"));
    }

    #[test]
    fn keys_are_the_sample_folder_or_the_file() {
        let k = |p: &str| fixture_key(p).map(|(f, k)| format!("{f} {k}"));
        assert_eq!(
            k("test-fixtures/evasive-01/index.js").as_deref(),
            Some("test-fixtures/ evasive-01")
        );
        assert_eq!(k("tests/helper.py").as_deref(), Some("tests/ helper.py"));
        assert_eq!(fixture_key("src/index.js"), None);
        assert_eq!(fixture_key("examples/a.sh"), None);
    }
}
