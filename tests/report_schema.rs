//! The JSON report is a contract: it must validate against
//! `schemas/report.schema.json`, carry all six dimensions for every skill,
//! and be byte-identical across runs.

use std::process::Command;

fn audit_json(args: &[&str]) -> (i32, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_skillscan"))
        .arg("audit")
        .args(args)
        .args(["--format", "json"])
        .output()
        .expect("run skillscan");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).expect("utf-8 JSON"),
    )
}

#[test]
fn json_report_matches_schema() {
    let schema: serde_json::Value =
        serde_json::from_str(include_str!("../schemas/report.schema.json")).expect("schema");
    let validator = jsonschema::validator_for(&schema).expect("valid schema");
    let (code, text) = audit_json(&["corpus/malicious", "corpus/benign"]);
    assert!(code == 0 || code == 1, "exit code {code}");
    let v: serde_json::Value = serde_json::from_str(&text).expect("JSON");
    let errors: Vec<String> = validator
        .iter_errors(&v)
        .map(|e| format!("{e} at {}", e.instance_path()))
        .collect();
    assert!(errors.is_empty(), "{errors:#?}");
    for s in v["skills"].as_array().expect("skills") {
        assert_eq!(s["risk"].as_object().expect("risk").len(), 6);
    }
}

#[test]
fn exit_codes() {
    // No skill found: usage error.
    let dir = tempfile::tempdir().expect("tempdir");
    let (code, _) = audit_json(&[dir.path().to_str().expect("path")]);
    assert_eq!(code, 2);
    // A malicious skill fails at the default --fail-on high; --fail-on none passes.
    let (code, _) = audit_json(&["corpus/malicious"]);
    assert_eq!(code, 1);
    let (code, _) = audit_json(&["corpus/malicious", "--fail-on", "none"]);
    assert_eq!(code, 0);
}
