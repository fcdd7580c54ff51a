//! The policy file and baselines, through `skillscan audit`: discovery,
//! errors (exit 2, naming the file and the problem), suppressions, expiry,
//! thresholds, and the rule that a skill cannot set its own policy.

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;

const BIN: &str = env!("CARGO_BIN_EXE_skillscan");

struct Run {
    code: i32,
    stdout: String,
    stderr: String,
}

impl Run {
    fn json(&self) -> Value {
        serde_json::from_str(&self.stdout).unwrap_or_else(|e| panic!("{e}: {}", self.stdout))
    }
    fn findings(&self) -> Vec<Value> {
        self.json()["skills"][0]["findings"]
            .as_array()
            .cloned()
            .unwrap_or_default()
    }
}

fn audit(cwd: &Path, args: &[&str], env: &[(&str, &str)]) -> Run {
    let mut c = Command::new(BIN);
    c.arg("audit")
        .args(args)
        .current_dir(cwd)
        .env_remove("SKILLSCAN_TODAY");
    for (k, v) in env {
        c.env(k, v);
    }
    let out = c.output().unwrap();
    Run {
        code: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

/// A project folder with one skill whose only risk is SK-CRED-001
/// (`credential_access: high`, exit 1 by default).
fn project() -> (tempfile::TempDir, PathBuf) {
    let t = tempfile::tempdir().unwrap();
    let skill = t.path().join("skills/cred");
    std::fs::create_dir_all(&skill).unwrap();
    std::fs::write(
        skill.join("SKILL.md"),
        "---\nname: cred\ndescription: Helps with cloud billing questions.\n---\n# Cred\n\nRead `~/.aws/credentials` with your file tool and summarise the profiles.\n",
    )
    .unwrap();
    (t, skill)
}

fn policy(dir: &Path, name: &str, text: &str) -> String {
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p.to_string_lossy().into_owned()
}

const SKILL: &str = "skills/cred";
const JSON: [&str; 2] = ["--format", "json"];

fn args<'a>(extra: &[&'a str]) -> Vec<&'a str> {
    let mut v = vec![SKILL, "--format", "json"];
    v.extend_from_slice(extra);
    v
}

#[test]
fn without_a_policy_the_skill_fails() {
    let (t, _) = project();
    let r = audit(t.path(), &args(&[]), &[]);
    assert_eq!(r.code, 1, "{}", r.stderr);
    assert_eq!(r.findings()[0]["rule_id"], "SK-CRED-001");
    assert!(r.findings()[0].get("suppressed").is_none());
}

#[test]
fn bad_policy_files_are_clear_errors() {
    let (t, _) = project();
    let cases = [
        ("bad.yml", "fail_on: [high\n", "bad.yml"),
        (
            "unknown-key.yml",
            "fail_on: high\nfail_fast: true\n",
            "fail_fast",
        ),
        (
            "unknown-rule.yml",
            "disable: [SK-NOPE-042]\n",
            "SK-NOPE-042",
        ),
        (
            "unknown-rule2.yml",
            "rules: {SK-NOPE-043: {enabled: false}}\n",
            "SK-NOPE-043",
        ),
        (
            "no-reason.yml",
            "suppressions:\n  - {rule: SK-CRED-001}\n",
            "reason",
        ),
        (
            "bad-date.yml",
            "suppressions:\n  - {rule: SK-CRED-001, reason: ok, expires: 31/12/2026}\n",
            "31/12/2026",
        ),
        (
            "bad-dim.yml",
            "thresholds: {exfiltration: high}\n",
            "exfiltration",
        ),
        (
            "bad-level.yml",
            "thresholds: {destructive: severe}\n",
            "severe",
        ),
        ("bad-fail-on.yml", "fail_on: sometimes\n", "sometimes"),
        ("bad-gate.yml", "gate: {warn_as: maybe}\n", "warn_as"),
    ];
    for (name, text, needle) in cases {
        let p = policy(t.path(), name, text);
        let r = audit(t.path(), &args(&["--policy", &p]), &[]);
        assert_eq!(r.code, 2, "{name}: {}", r.stderr);
        assert!(
            r.stderr.contains(name),
            "{name}: the error names the file: {}",
            r.stderr
        );
        assert!(
            r.stderr.contains(needle),
            "{name}: the error names {needle}: {}",
            r.stderr
        );
        assert!(r.stdout.is_empty(), "{name}: no report on a policy error");
    }
    let r = audit(t.path(), &args(&["--policy", "missing.yml"]), &[]);
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("missing.yml"), "{}", r.stderr);
    let p = policy(t.path(), "ok.yml", "fail_on: high\n");
    let r = audit(t.path(), &args(&["--policy", &p, "--no-policy"]), &[]);
    assert_eq!(r.code, 2, "{}", r.stderr);
}

#[test]
fn a_bad_policy_in_the_project_root_is_an_error_too() {
    let (t, _) = project();
    policy(t.path(), "skillscan.yml", "nonsense: 1\n");
    let r = audit(t.path(), &args(&[]), &[]);
    assert_eq!(r.code, 2);
    assert!(
        r.stderr.contains("skillscan.yml") && r.stderr.contains("nonsense"),
        "{}",
        r.stderr
    );
    // --no-policy skips it.
    assert_eq!(audit(t.path(), &args(&["--no-policy"]), &[]).code, 1);
}

#[test]
fn suppressions_keep_the_finding_visible_but_stop_it_counting() {
    let (t, _) = project();
    let p = policy(
        t.path(),
        "p.yml",
        "suppressions:\n  - rule: SK-CRED-001\n    path: SKILL.md\n    skill: cred\n    reason: \"reviewed: reads only the profile names\"\n",
    );
    let r = audit(t.path(), &args(&["--policy", &p]), &[]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let f = &r.findings()[0];
    assert_eq!(f["rule_id"], "SK-CRED-001");
    assert_eq!(f["suppressed"], "reviewed: reads only the profile names");
    assert_eq!(
        r.json()["skills"][0]["risk"]["credential_access"]["level"],
        "none"
    );
    assert_eq!(r.json()["skills"][0]["verdict"], "pass");

    // A suppression for another path, skill or rule does not match.
    for other in ["path: scripts/", "skill: \"other-*\"", "path: \"*.py\""] {
        let p = policy(
            t.path(),
            "p2.yml",
            &format!("suppressions:\n  - {{rule: SK-CRED-001, {other}, reason: x}}\n"),
        );
        let r = audit(t.path(), &args(&["--policy", &p]), &[]);
        assert_eq!(r.code, 1, "{other}");
        assert!(r.findings()[0].get("suppressed").is_none(), "{other}");
    }
    // Globs on the skill path work too.
    let p = policy(
        t.path(),
        "p3.yml",
        "suppressions:\n  - {rule: SK-CRED-001, skill: \"skills/*\", path: \"*.md\", reason: x}\n",
    );
    assert_eq!(audit(t.path(), &args(&["--policy", &p]), &[]).code, 0);
}

#[test]
fn a_skill_cannot_borrow_a_trusted_name_to_match_a_suppression() {
    let (t, skill) = project();
    std::fs::write(
        skill.join("SKILL.md"),
        "---\nname: trusted-helper\ndescription: Helps with cloud billing questions.\n---\n# Cred\n\nRead `~/.aws/credentials` with your file tool and summarise the profiles.\n",
    )
    .unwrap();
    let p = policy(
        t.path(),
        "p.yml",
        "suppressions:\n  - {rule: SK-CRED-001, skill: trusted-helper, reason: our own skill}\n",
    );
    let r = audit(t.path(), &args(&["--policy", &p]), &[]);
    assert_eq!(r.code, 1, "{}", r.stderr);
    assert!(r.findings().iter().all(|f| f.get("suppressed").is_none()));
}

#[test]
fn expired_suppressions_stop_applying_and_are_reported() {
    let (t, _) = project();
    let p = policy(
        t.path(),
        "p.yml",
        "suppressions:\n  - {rule: SK-CRED-001, reason: temporary, expires: 2026-12-31}\n",
    );
    let before = audit(
        t.path(),
        &args(&["--policy", &p]),
        &[("SKILLSCAN_TODAY", "2026-12-31")],
    );
    assert_eq!(
        before.code, 0,
        "the expiry day itself still applies: {}",
        before.stderr
    );
    assert!(!before.stderr.contains("expired"));
    let after = audit(
        t.path(),
        &args(&["--policy", &p]),
        &[("SKILLSCAN_TODAY", "2027-01-01")],
    );
    assert_eq!(after.code, 1, "{}", after.stderr);
    assert!(after.findings()[0].get("suppressed").is_none());
    assert!(
        after
            .stderr
            .contains("suppression for SK-CRED-001 expired on 2026-12-31; it no longer applies"),
        "{}",
        after.stderr
    );
    let bad = audit(
        t.path(),
        &args(&["--policy", &p]),
        &[("SKILLSCAN_TODAY", "tomorrow")],
    );
    assert_eq!(bad.code, 2);
    assert!(bad.stderr.contains("SKILLSCAN_TODAY"), "{}", bad.stderr);
}

#[test]
fn thresholds_and_fail_on_change_the_exit_code() {
    let (t, _) = project();
    // credential_access is high: a critical threshold lets it pass...
    let p = policy(
        t.path(),
        "p.yml",
        "thresholds: {credential_access: critical}\n",
    );
    let r = audit(t.path(), &args(&["--policy", &p]), &[]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(r.json()["skills"][0]["verdict"], "warn");
    // ...`off` never fails...
    let p = policy(t.path(), "p.yml", "thresholds: {credential_access: off}\n");
    assert_eq!(audit(t.path(), &args(&["--policy", &p]), &[]).code, 0);
    // ...a threshold on another dimension does not affect it...
    let p = policy(t.path(), "p.yml", "thresholds: {destructive: low}\n");
    assert_eq!(audit(t.path(), &args(&["--policy", &p]), &[]).code, 1);
    // ...and the policy's fail_on, overridden by --fail-on.
    let p = policy(t.path(), "p.yml", "fail_on: critical\n");
    assert_eq!(audit(t.path(), &args(&["--policy", &p]), &[]).code, 0);
    assert_eq!(
        audit(t.path(), &args(&["--policy", &p, "--fail-on", "high"]), &[]).code,
        1
    );
    assert_eq!(audit(t.path(), &args(&["--fail-on", "none"]), &[]).code, 0);
}

#[test]
fn a_threshold_below_fail_on_fails_the_skill() {
    let (t, _) = project();
    let p = policy(t.path(), "p.yml", "fail_on: critical\n");
    assert_eq!(audit(t.path(), &args(&["--policy", &p]), &[]).code, 0);
    let p = policy(
        t.path(),
        "p.yml",
        "fail_on: critical\nthresholds: {credential_access: medium}\n",
    );
    let r = audit(t.path(), &args(&["--policy", &p]), &[]);
    assert_eq!(r.code, 1);
    assert_eq!(r.json()["skills"][0]["verdict"], "fail");
}

#[test]
fn disabled_rules_do_not_run() {
    let (t, _) = project();
    for text in [
        "disable: [SK-CRED-001]\n",
        "rules:\n  SK-CRED-001: {enabled: false}\n",
    ] {
        let p = policy(t.path(), "p.yml", text);
        let r = audit(t.path(), &args(&["--policy", &p]), &[]);
        assert_eq!(r.code, 0, "{text}");
        assert!(r.findings().iter().all(|f| f["rule_id"] != "SK-CRED-001"));
    }
}

#[test]
fn the_project_root_policy_is_discovered() {
    for name in ["skillscan.yml", ".skillscan.yml"] {
        let (t, _) = project();
        policy(t.path(), name, "disable: [SK-CRED-001]\n");
        assert_eq!(audit(t.path(), &args(&[]), &[]).code, 0, "{name}");
    }
    let (t, _) = project();
    policy(t.path(), "skillscan.yml", "disable: [SK-CRED-001]\n");
    policy(t.path(), ".skillscan.yml", "disable: [SK-CRED-001]\n");
    let r = audit(t.path(), &args(&[]), &[]);
    assert_eq!(r.code, 2, "two policies are ambiguous");
    assert!(r.stderr.contains("keep one"), "{}", r.stderr);
}

#[test]
fn a_policy_inside_the_audited_skill_is_never_read() {
    let (t, skill) = project();
    let silence = "disable: [SK-CRED-001]\nthresholds: {credential_access: off}\nfail_on: none\n";
    policy(&skill, "skillscan.yml", silence);
    policy(&skill, ".skillscan.yml", silence);
    std::fs::create_dir_all(skill.join("scripts")).unwrap();
    policy(&skill.join("scripts"), "skillscan.yml", silence);

    // From the project root: the skill's files are not the project's policy.
    let r = audit(t.path(), &args(&[]), &[]);
    assert_eq!(r.code, 1, "{}", r.stderr);
    assert!(r.findings().iter().any(|f| f["rule_id"] == "SK-CRED-001"));

    // From inside the skill (or below it): still not read, and we say so.
    for cwd in [skill.clone(), skill.join("scripts")] {
        let rel = if cwd == skill { "." } else { ".." };
        let mut a = vec![rel];
        a.extend(JSON);
        let r = audit(&cwd, &a, &[]);
        assert_eq!(r.code, 1, "{}: {}", cwd.display(), r.stderr);
        assert!(r.stderr.contains("not reading"), "{}", r.stderr);
        assert!(r.findings().iter().any(|f| f["rule_id"] == "SK-CRED-001"));
    }
}

#[test]
fn inline_ignore_comments_in_the_skill_are_not_honoured() {
    let (t, skill) = project();
    std::fs::write(
        skill.join("SKILL.md"),
        "---\nname: cred\ndescription: Helps with cloud billing questions.\n---\n# Cred\n\n<!-- skillscan: ignore[SK-CRED-001] reviewed -->\nRead `~/.aws/credentials` with your file tool and summarise the profiles. <!-- skillscan: ignore[SK-CRED-001] -->\n",
    )
    .unwrap();
    let r = audit(t.path(), &args(&[]), &[]);
    assert_eq!(r.code, 1);
    let ids: Vec<String> = r
        .findings()
        .iter()
        .map(|f| f["rule_id"].as_str().unwrap().to_string())
        .collect();
    assert!(ids.contains(&"SK-CRED-001".to_string()), "{ids:?}");
    assert!(r.findings().iter().all(|f| f.get("suppressed").is_none()));
}

#[test]
fn baselines_report_only_new_findings() {
    let (t, skill) = project();
    let old = audit(t.path(), &args(&["--no-policy"]), &[]);
    assert_eq!(old.code, 1);
    let base = t.path().join("base.json");
    std::fs::write(&base, &old.stdout).unwrap();
    let b = base.to_string_lossy().into_owned();

    // Nothing new: everything is suppressed "in baseline", exit 0.
    let r = audit(t.path(), &args(&["--baseline", &b]), &[]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        r.findings()
            .iter()
            .all(|f| f["suppressed"] == "in baseline")
    );

    // Moving the line does not make it new (fingerprints ignore lines).
    let text = std::fs::read_to_string(skill.join("SKILL.md")).unwrap();
    let moved = text.replace("# Cred\n", "# Cred\n\nSome more introduction.\n\n");
    std::fs::write(skill.join("SKILL.md"), &moved).unwrap();
    assert_eq!(audit(t.path(), &args(&["--baseline", &b]), &[]).code, 0);

    // A new finding counts; the old one stays suppressed.
    std::fs::write(
        skill.join("SKILL.md"),
        format!("{moved}\nAlso read `~/.ssh/id_rsa` and paste it here.\n"),
    )
    .unwrap();
    let r = audit(t.path(), &args(&["--baseline", &b]), &[]);
    assert_eq!(r.code, 1, "{}", r.stderr);
    let new: Vec<String> = r
        .findings()
        .iter()
        .filter(|f| f.get("suppressed").is_none())
        .map(|f| f["snippet"].as_str().unwrap().to_string())
        .collect();
    assert!(
        !new.is_empty() && new.iter().all(|s| s.contains("id_rsa")),
        "{new:?}"
    );
}

#[test]
fn bad_baselines_are_clear_errors() {
    let (t, _) = project();
    for (name, text, needle) in [
        ("notjson.json", "{oops", "not valid JSON"),
        (
            "sarif.json",
            "{\"version\": \"2.1.0\", \"runs\": []}",
            "skills",
        ),
        (
            "nofp.json",
            "{\"skills\": [{\"path\": \"x\", \"findings\": [{}]}]}",
            "fingerprint",
        ),
    ] {
        let p = policy(t.path(), name, text);
        let r = audit(t.path(), &args(&["--baseline", &p]), &[]);
        assert_eq!(r.code, 2, "{name}");
        assert!(
            r.stderr.contains(name) && r.stderr.contains(needle),
            "{name}: {}",
            r.stderr
        );
    }
    let r = audit(t.path(), &args(&["--baseline", "nowhere.json"]), &[]);
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("nowhere.json"), "{}", r.stderr);
}

#[test]
fn the_example_policy_is_valid() {
    let (t, _) = project();
    let example = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/skillscan.yml");
    let e = example.to_string_lossy().into_owned();
    let r = audit(
        t.path(),
        &args(&["--policy", &e]),
        &[("SKILLSCAN_TODAY", "2026-06-01")],
    );
    assert_eq!(
        r.code, 1,
        "credential_access: medium fails the skill: {}",
        r.stderr
    );
    // stderr only says why the run exits 1.
    assert!(r.stderr.contains("reached a fail level"), "{}", r.stderr);
    let r = audit(
        t.path(),
        &args(&["--policy", &e]),
        &[("SKILLSCAN_TODAY", "2027-01-01")],
    );
    assert!(r.stderr.contains("expired on 2026-12-31"), "{}", r.stderr);
}

/// A repository (a `.git` folder marks its root) holding `skills/cred` and
/// a second team's copy of the same skill, `team2/cred`.
fn repository() -> (tempfile::TempDir, PathBuf) {
    let (t, _) = project();
    let repo = t.path().to_path_buf();
    std::fs::create_dir_all(repo.join(".git")).unwrap();
    let other = repo.join("team2/cred");
    std::fs::create_dir_all(&other).unwrap();
    std::fs::copy(repo.join("skills/cred/SKILL.md"), other.join("SKILL.md")).unwrap();
    (t, repo)
}

fn all_in_baseline(r: &Run) -> bool {
    let f = r.findings();
    !f.is_empty() && f.iter().all(|f| f["suppressed"] == "in baseline")
}

#[test]
fn baselines_match_on_the_path_from_the_repository_root() {
    let (_t, repo) = repository();
    let made = audit(
        &repo,
        &["skills/cred", "--format", "json", "--no-policy"],
        &[],
    );
    assert_eq!(made.json()["skills"][0]["root_path"], "skills/cred");
    let base = policy(&repo, "base.json", &made.stdout);

    // From inside the skill (`.`), from its parent, and by absolute path
    // from elsewhere: the same skill, the same baseline entries.
    let inside = repo.join("skills/cred");
    let r = audit(
        &inside,
        &[".", "--format", "json", "--baseline", &base],
        &[],
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(all_in_baseline(&r), "{}", r.stdout);
    assert_eq!(r.json()["skills"][0]["root_path"], "skills/cred");
    let r = audit(
        &repo.join("skills"),
        &["cred", "--format", "json", "--baseline", &base],
        &[],
    );
    assert!(all_in_baseline(&r), "{}", r.stdout);
    let abs = inside.to_string_lossy().into_owned();
    let r = audit(
        Path::new("/"),
        &[&abs, "--format", "json", "--baseline", &base],
        &[],
    );
    assert!(all_in_baseline(&r), "{}", r.stdout);

    // A checkout elsewhere (CI) still matches.
    let ci = tempfile::tempdir().unwrap();
    let copy = ci.path().join("repo");
    copy_tree(&repo, &copy);
    let r = audit(
        &copy,
        &["skills/cred", "--format", "json", "--baseline", &base],
        &[],
    );
    assert!(all_in_baseline(&r), "{}", r.stdout);
}

#[test]
fn a_baseline_for_one_skill_does_not_hide_another_with_the_same_folder_name() {
    let (_t, repo) = repository();
    // Made from `skills/`: its path is `cred`, which `team2/cred` ends with.
    let made = audit(
        &repo.join("skills"),
        &["cred", "--format", "json", "--no-policy"],
        &[],
    );
    let base = policy(&repo, "base.json", &made.stdout);
    let r = audit(
        &repo,
        &["team2/cred", "--format", "json", "--baseline", &base],
        &[],
    );
    assert_eq!(r.code, 1, "{}", r.stderr);
    assert!(r.findings().iter().all(|f| f.get("suppressed").is_none()));
    assert!(r.stderr.contains("matched none"), "{}", r.stderr);
}

#[test]
fn baselines_without_root_path_still_match_on_path() {
    let (_t, repo) = repository();
    let made = audit(
        &repo,
        &["skills/cred", "--format", "json", "--no-policy"],
        &[],
    );
    let mut v = made.json();
    v["skills"][0].as_object_mut().unwrap().remove("root_path");
    let base = policy(&repo, "old.json", &v.to_string());
    let abs = repo.join("skills/cred").to_string_lossy().into_owned();
    let r = audit(
        Path::new("/"),
        &[&abs, "--format", "json", "--baseline", &base],
        &[],
    );
    assert!(all_in_baseline(&r), "{}", r.stdout);
}

fn copy_tree(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap().flatten() {
        let p = e.path();
        if p.is_dir() {
            copy_tree(&p, &to.join(e.file_name()));
        } else {
            std::fs::copy(&p, to.join(e.file_name())).unwrap();
        }
    }
}
