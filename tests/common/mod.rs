//! Helpers shared by the registry-precision tests: skills built in memory
//! and run through `audit::analyze`, the pipeline `audit` and the gate use.
#![allow(dead_code)]

use skillscan::audit::{AuditOptions, SkillReport, analyze};
use skillscan::finding::Severity;
use skillscan::skill::Skill;

/// A skill whose SKILL.md is `md`, with `extra` files beside it.
pub fn scan_md(name: &str, md: &str, extra: &[(&str, &str)]) -> SkillReport {
    let mut files: Vec<(&str, &[u8])> = vec![("SKILL.md", md.as_bytes())];
    files.extend(extra.iter().map(|(p, c)| (*p, c.as_bytes())));
    analyze(Skill::from_memory(name, &files), &AuditOptions::default())
}

/// A skill with the given description.
pub fn scan_described(
    name: &str,
    description: &str,
    body: &str,
    extra: &[(&str, &str)],
) -> SkillReport {
    let md = format!("---\nname: {name}\ndescription: {description}\n---\n\n{body}\n");
    scan_md(name, &md, extra)
}

/// A skill described as "A NAME helper." with extra frontmatter lines.
pub fn scan(name: &str, frontmatter: &str, body: &str, extra: &[(&str, &str)]) -> SkillReport {
    let md =
        format!("---\nname: {name}\ndescription: A {name} helper.\n{frontmatter}---\n\n{body}\n");
    scan_md(name, &md, extra)
}

/// One line per finding: rule, severity/confidence, message.
pub fn summary(r: &SkillReport) -> String {
    r.findings
        .iter()
        .map(|f| {
            format!(
                "{}:{:?}/{:?} {}",
                f.rule_id, f.severity, f.confidence, f.message
            )
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The worst severity of a rule's findings (`None` when it did not fire).
pub fn worst(r: &SkillReport, id: &str) -> Option<Severity> {
    r.findings
        .iter()
        .filter(|f| f.rule_id == id)
        .map(|f| f.severity)
        .max()
}

/// A SKILL.md that tells the agent to run `run`.
pub fn run_md(name: &str, run: &str) -> String {
    format!("---\nname: {name}\ndescription: Helps with {name}.\n---\n\n# {name}\n\nRun `{run}`.\n")
}

/// The skill of [`run_md`] with `files` fails; its findings, one a line.
pub fn run_fails(name: &str, run: &str, files: &[(&str, &str)]) -> String {
    let r = scan_md(name, &run_md(name, run), files);
    assert_eq!(
        r.verdict,
        skillscan::score::Verdict::Fail,
        "{}",
        summary(&r)
    );
    summary(&r)
}

/// The skill of [`run_md`] with `files` does not fail.
pub fn run_quiet(name: &str, run: &str, files: &[(&str, &str)]) -> String {
    let r = scan_md(name, &run_md(name, run), files);
    assert_ne!(
        r.verdict,
        skillscan::score::Verdict::Fail,
        "{}",
        summary(&r)
    );
    summary(&r)
}

/// The interpreter a SKILL.md names to run `file`, by its extension.
pub fn runner(file: &str) -> &'static str {
    match file.rsplit('.').next() {
        Some("py") => "python3",
        Some("js") | Some("mjs") => "node",
        Some("ts") => "npx tsx",
        Some("ps1") => "pwsh -File",
        Some("go") => "go run",
        Some("rb") => "ruby",
        Some("pl") => "perl",
        Some("php") => "php",
        Some("lua") => "lua",
        _ => "bash",
    }
}

/// A skill whose SKILL.md runs `file` (holding `code`) fails; its findings.
pub fn file_fails(name: &str, file: &str, code: &str) -> String {
    run_fails(name, &format!("{} {file}", runner(file)), &[(file, code)])
}

/// A skill whose SKILL.md runs `file` (holding `code`) does not fail.
pub fn file_quiet(name: &str, file: &str, code: &str) -> String {
    run_quiet(name, &format!("{} {file}", runner(file)), &[(file, code)])
}

/// Whether a [`summary`] names rule `id`.
pub fn has_rule(s: &str, id: &str) -> bool {
    s.lines().any(|l| l.starts_with(id))
}

/// A "demo-tool" skill ("A developer helper.") with `files` and `body`.
pub fn demo(files: &[(&str, &str)], body: &str) -> SkillReport {
    scan_described("demo-tool", "A developer helper.", body, files)
}

/// The demo skill's report, asserted to fail (`fail`) or not.
fn demo_verdict(files: &[(&str, &str)], body: &str, fail: bool) -> SkillReport {
    let r = demo(files, body);
    assert_eq!(
        r.verdict == skillscan::score::Verdict::Fail,
        fail,
        "{files:?}\n{}",
        summary(&r)
    );
    r
}

/// The demo skill fails, and one of `ids` is high or worse.
pub fn demo_fails_high(files: &[(&str, &str)], body: &str, ids: &[&str]) {
    let r = demo_verdict(files, body, true);
    assert!(
        ids.iter().any(|id| worst(&r, id) >= Some(Severity::High)),
        "one of {ids:?} should be high:\n{files:?}\n{}",
        summary(&r)
    );
}

/// The demo skill does not fail, and none of `ids` reaches high.
pub fn demo_not_high(files: &[(&str, &str)], body: &str, ids: &[&str]) {
    let r = demo(files, body);
    for id in ids {
        assert!(
            worst(&r, id).is_none_or(|s| s < Severity::High),
            "{id} should not be high:\n{files:?}\n{}",
            summary(&r)
        );
    }
    demo_verdict(files, body, false);
}

/// The "demo-tool" skill fails; its findings, one a line.
pub fn demo_fails(files: &[(&str, &str)], body: &str) -> String {
    summary(&demo_verdict(files, body, true))
}

/// The "demo-tool" skill does not fail; its findings, one a line.
pub fn demo_not_failing(files: &[(&str, &str)], body: &str) -> String {
    summary(&demo_verdict(files, body, false))
}

/// Round 45: a table case of a concepts test: a "demo-tool" skill with
/// `body` and `files`, and what it must reach.
pub struct Case {
    pub name: &'static str,
    pub body: &'static str,
    pub files: Vec<(&'static str, String)>,
    pub expect: Expect,
}

/// What a [`Case`] must reach.
pub enum Expect {
    /// Fails, and this rule is high or worse.
    FailHigh(&'static str),
    /// Does not fail, and this rule stays below high.
    NotHigh(&'static str),
}

/// Owned copies of `(path, text)` pairs, for a [`Case`].
pub fn files(fs: &[(&'static str, &str)]) -> Vec<(&'static str, String)> {
    fs.iter().map(|(p, t)| (*p, t.to_string())).collect()
}

/// Scans the case `name` of `cases` and asserts its [`Expect`].
pub fn check_case(cases: Vec<Case>, name: &str) {
    let c = cases.into_iter().find(|c| c.name == name).expect(name);
    let fs: Vec<(&str, &str)> = c.files.iter().map(|(p, t)| (*p, t.as_str())).collect();
    let r = demo(&fs, c.body);
    let s = summary(&r);
    let fail = r.verdict == skillscan::score::Verdict::Fail;
    match c.expect {
        Expect::FailHigh(id) => {
            assert!(fail, "{name}\n{s}");
            assert!(worst(&r, id) >= Some(Severity::High), "{name}: {id}\n{s}");
        }
        Expect::NotHigh(id) => {
            assert!(!fail, "{name}\n{s}");
            assert!(
                worst(&r, id).is_none_or(|v| v < Severity::High),
                "{name}: {id}\n{s}"
            );
        }
    }
}

/// Writes every case as a skill folder under the folder `$var` names (for
/// scanning with another binary); nothing when it is unset.
pub fn dump_cases(var: &str, cases: Vec<Case>) {
    let Ok(root) = std::env::var(var) else {
        return;
    };
    for c in cases {
        let dir = std::path::Path::new(&root).join(c.name);
        let md = format!(
            "---\nname: demo-tool\ndescription: A developer helper.\n---\n\n{}\n",
            c.body
        );
        for (p, t) in std::iter::once(("SKILL.md", md.as_str()))
            .chain(c.files.iter().map(|(p, t)| (*p, t.as_str())))
        {
            let f = dir.join(p);
            std::fs::create_dir_all(f.parent().unwrap()).unwrap();
            std::fs::write(f, t).unwrap();
        }
    }
}
