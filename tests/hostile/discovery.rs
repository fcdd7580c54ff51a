//! Issue 13: the search of a scan root for skills reports every folder it
//! did not enter (the run is incomplete, exit 2), and the per-skill
//! analysis budget is the user's to set (`--skill-budget-ms`, the policy's
//! `skill_budget_ms`) for `audit`, `install` and the gate; a skill cannot.

use super::inputs::gate_decision;
use super::*;
use skillscan::limits::MAX_DISCOVERY_DEPTH;

fn skill_at(dir: &Path, name: &str, body: &str) {
    write(&dir.join("SKILL.md"), frontmatter(name) + body);
}

/// `root/<first>/d/d/…` with `depth` folders below the root in all.
fn deep_folder(root: &Path, first: &str, depth: usize) -> PathBuf {
    let mut p = root.join(first);
    for _ in 1..depth {
        p.push("d");
    }
    p
}

fn skills_of(r: &Run) -> Vec<Value> {
    r.json()["skills"].as_array().cloned().unwrap_or_default()
}

#[test]
fn a_skill_past_the_old_discovery_depth_is_found() {
    // 12 folders was the old limit: a skill at depth 20 next to a shallow
    // one was dropped without a word and the run passed.
    let tmp = tempfile::tempdir().expect("temp dir");
    skill_at(&tmp.path().join("shallow"), "shallow", "Formats text.\n");
    let deep = deep_folder(tmp.path(), "deep", 20);
    skill_at(&deep, "deep", &format!("Run `{PAYLOAD}`.\n"));
    let r = audit(
        "skill 20 folders deep next to a shallow one",
        tmp.path(),
        20,
    );
    assert_eq!(r.code, 1, "{}: {}", r.case, r.stderr);
    let skills = skills_of(&r);
    assert_eq!(skills.len(), 2, "{}: {}", r.case, r.stdout);
    assert!(
        skills
            .iter()
            .any(|s| s["name"] == "deep" && s["verdict"] == "fail"),
        "{}: {}",
        r.case,
        r.stdout
    );
    // The gate scans the folder it is given whole, so the same payload
    // deep inside a skill folder is analysed there too.
    let outer = tmp.path().join("outer");
    skill_at(&outer, "outer", "Formats text.\n");
    let inner = deep_folder(&outer, "sub", 20);
    write(&inner.join("x.sh"), format!("{PAYLOAD}\n"));
    assert_eq!(gate_decision("payload 20 folders deep", &outer), "block");
}

#[test]
fn a_folder_past_the_discovery_depth_makes_the_run_incomplete() {
    let tmp = tempfile::tempdir().expect("temp dir");
    skill_at(&tmp.path().join("shallow"), "shallow", "Formats text.\n");
    // A skill one folder past MAX_DISCOVERY_DEPTH.
    let deep = deep_folder(tmp.path(), "deep", MAX_DISCOVERY_DEPTH + 1);
    skill_at(&deep, "deep", &format!("Run `{PAYLOAD}`.\n"));
    let r = audit("skill just past MAX_DISCOVERY_DEPTH", tmp.path(), 20);
    assert_eq!(r.code, 2, "{}: must not pass: {}", r.case, r.stderr);
    let skills = skills_of(&r);
    let cut = skills
        .iter()
        .find(|s| s["complete"] == false)
        .unwrap_or_else(|| panic!("{}: no incomplete entry: {}", r.case, r.stdout));
    assert_eq!(cut["status"], "incomplete");
    let parent = deep.parent().expect("parent").display().to_string();
    assert_eq!(cut["path"].as_str(), Some(parent.as_str()), "{}", r.case);
    let errs = errors(cut).join(" ");
    assert!(
        errs.contains("MAX_DISCOVERY_DEPTH") && errs.contains("not searched for skills"),
        "{}: {errs}",
        r.case
    );
    assert!(
        r.stderr.contains("not searched for skills"),
        "{}: stderr names the folder: {}",
        r.case,
        r.stderr
    );
    // The gate, given that skill's own folder, analyses it.
    assert_eq!(gate_decision("the deep skill itself", &deep), "block");
    // And a folder just at the limit with nothing below it is not a cut.
    let tmp2 = tempfile::tempdir().expect("temp dir");
    skill_at(&tmp2.path().join("shallow"), "shallow", "Formats text.\n");
    fs::create_dir_all(deep_folder(tmp2.path(), "empty", MAX_DISCOVERY_DEPTH)).expect("mkdir");
    let r = audit("empty folders down to the limit", tmp2.path(), 20);
    assert_eq!(r.code, 0, "{}: {}", r.case, r.stderr);
}

fn audit_argv(case: &str, dir: &Path, extra: &[&str]) -> (Run, Value) {
    let mut args: Vec<&std::ffi::OsStr> = vec![
        "audit".as_ref(),
        dir.as_os_str(),
        "--format".as_ref(),
        "json".as_ref(),
    ];
    args.extend(extra.iter().map(std::ffi::OsStr::new));
    let r = run(case, &args, None, bound(20));
    let s = r.skill();
    (r, s)
}

#[test]
fn the_skill_budget_is_a_user_flag_and_policy_key() {
    let (t, dir) = skill_dir("budget");
    skill_md_plain(&dir);
    write(&dir.join("scripts/a.sh"), "echo hi\n");
    // The flag.
    let (r, s) = audit_argv(
        "--skill-budget-ms 0",
        &dir,
        &["--no-policy", "--skill-budget-ms", "0"],
    );
    assert_incomplete(&r, &s, "0 ms analysis budget ran out");
    // The user's policy file.
    let policy = t.path().join("policy.yml");
    write(&policy, "skill_budget_ms: 0\n");
    let p = policy.display().to_string();
    let (r, s) = audit_argv("policy skill_budget_ms: 0", &dir, &["--policy", &p]);
    assert_incomplete(&r, &s, "0 ms analysis budget ran out");
    // The flag outranks the policy.
    let (r, s) = audit_argv(
        "flag over policy",
        &dir,
        &["--policy", &p, "--skill-budget-ms", "60000"],
    );
    assert!(complete(&s), "{}: {:?}", r.case, errors(&s));
    // A policy inside the skill is never read: the skill cannot set it.
    write(&dir.join("skillscan.yml"), "skill_budget_ms: 0\n");
    let (r, s) = audit_argv("a policy in the skill", &dir, &["--no-policy"]);
    assert!(complete(&s), "{}: {:?}", r.case, errors(&s));
}

fn skill_md_plain(dir: &Path) {
    write(
        &dir.join("SKILL.md"),
        frontmatter("budget") + "Formats text.\n",
    );
}

#[test]
fn a_skill_inside_node_modules_below_a_scan_root_is_found() {
    // `node_modules/`, `.git/` and the other once-skipped folders were not
    // searched for skills below a scan root: a package shipping a skill
    // with a payload was dropped without a word and the run passed.
    let tmp = tempfile::tempdir().expect("temp dir");
    skill_at(&tmp.path().join("shallow"), "shallow", "Formats text.\n");
    let pkg = tmp.path().join("project/node_modules/some-pkg/skill");
    skill_at(&pkg, "pkg-skill", &format!("Run `{PAYLOAD}`.\n"));
    let vendored = tmp.path().join("project/.venv/lib/helper");
    skill_at(&vendored, "venv-skill", "Formats text.\n");
    let r = audit("a skill in node_modules", tmp.path(), 20);
    let paths: Vec<String> = skills_of(&r)
        .iter()
        .map(|s| s["path"].as_str().unwrap_or("").to_string())
        .collect();
    for want in [&pkg, &vendored] {
        let want = want.display().to_string();
        assert!(paths.contains(&want), "{want} not found: {paths:?}");
    }
    assert_ne!(
        r.code, 0,
        "the payload in node_modules must not pass: {}",
        r.stderr
    );
}

#[test]
fn ssl_names_a_folder_it_could_not_search_instead_of_null() {
    let tmp = tempfile::tempdir().expect("temp dir");
    skill_at(&tmp.path().join("shallow"), "shallow", "Formats text.\n");
    let deep = deep_folder(tmp.path(), "deep", MAX_DISCOVERY_DEPTH + 1);
    skill_at(&deep, "deep", "Formats text.\n");
    let args: Vec<&std::ffi::OsStr> = vec!["ssl".as_ref(), tmp.path().as_os_str()];
    let r = run(
        "ssl on a folder past the discovery depth",
        &args,
        None,
        bound(20),
    );
    assert_eq!(r.code, 2, "{}: {}", r.case, r.stderr);
    assert!(
        !r.stdout.lines().any(|l| l.trim() == "null"),
        "{}",
        r.stdout
    );
    let entries: Vec<Value> = r
        .stdout
        .lines()
        .map(|l| serde_json::from_str(l).expect("one JSON value per line"))
        .collect();
    let cut = entries
        .iter()
        .find(|v| v["complete"] == false)
        .unwrap_or_else(|| panic!("no error entry: {}", r.stdout));
    let parent = deep.parent().expect("parent").display().to_string();
    assert_eq!(cut["path"].as_str(), Some(parent.as_str()));
    assert_eq!(cut["status"], "incomplete");
    let errs = errors(cut).join(" ");
    assert!(
        errs.contains("MAX_DISCOVERY_DEPTH") && errs.contains("Pass this folder itself"),
        "what went wrong and what to do: {errs}"
    );
}
