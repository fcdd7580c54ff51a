//! The pre-commit entry script (`scripts/pre-commit-hook.sh`), run with a
//! stub in place of the built binary: `skillscan-all` keeps its default
//! path when `args` only holds options.
#![cfg(unix)]

use std::os::unix::fs::PermissionsExt;
use std::path::Path;
use std::process::Command;

/// Runs the hook script from a copy of the repository layout whose
/// "built" skillscan prints its arguments.
fn hook(args: &[&str]) -> String {
    let dir = tempfile::tempdir().expect("temp dir");
    let scripts = dir.path().join("scripts");
    let bin = dir.path().join(".pre-commit-bin/bin");
    std::fs::create_dir_all(&scripts).expect("mkdir");
    std::fs::create_dir_all(&bin).expect("mkdir");
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts/pre-commit-hook.sh");
    std::fs::copy(&src, scripts.join("pre-commit-hook.sh")).expect("copy");
    let stub = bin.join("skillscan");
    std::fs::write(&stub, "#!/bin/sh\necho \"$@\"\n").expect("stub");
    std::fs::set_permissions(&stub, std::fs::Permissions::from_mode(0o755)).expect("chmod");
    let out = Command::new("bash")
        .arg(scripts.join("pre-commit-hook.sh"))
        .args(args)
        .output()
        .expect("run the hook");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout)
        .expect("UTF-8")
        .trim()
        .to_string()
}

#[test]
fn skillscan_all_keeps_its_default_path() {
    assert_eq!(hook(&["all"]), "audit --no-progress .");
    assert_eq!(
        hook(&["all", "--fail-on", "medium"]),
        "audit --no-progress --fail-on medium ."
    );
    assert_eq!(
        hook(&["all", "--fail-on", "medium", "skills/"]),
        "audit --no-progress --fail-on medium skills/"
    );
    assert_eq!(
        hook(&["all", "--policy", "p.yml", "--no-policy"]),
        "audit --no-progress --policy p.yml --no-policy ."
    );
}

#[test]
fn skillscan_changed_passes_the_files() {
    assert_eq!(
        hook(&["changed", "a/SKILL.md", "b/SKILL.md"]),
        "audit --no-progress a/SKILL.md b/SKILL.md"
    );
}
