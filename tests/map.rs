//! `skillscan map` over a collection built in a temporary folder: two
//! near-identical descriptions, one name in two OpenClaw sources, a
//! typosquat of a well-known skill, and two names that differ only by a
//! separator.

use serde_json::Value;
use std::path::Path;
use std::process::Command;

const BIN: &str = env!("CARGO_BIN_EXE_skillscan");

fn write(root: &Path, rel: &str, text: &str) {
    let p = root.join(rel);
    std::fs::create_dir_all(p.parent().unwrap()).unwrap();
    std::fs::write(p, text).unwrap();
}

fn skill(root: &Path, dir: &str, name: &str, description: &str, extra: &str) {
    write(
        root,
        &format!("{dir}/SKILL.md"),
        &format!(
            "---\nname: {name}\ndescription: {description}\n{extra}---\n## Usage\n\nFollow the description.\n"
        ),
    );
}

fn collection() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let r = dir.path();
    skill(
        r,
        "ws/skills/pdf-merge",
        "pdf-merge",
        "Merges PDF files, splits pages and rotates scans. Use when the user wants to combine PDF documents.",
        "version: 1.2.0\n",
    );
    write(
        r,
        "ws/skills/pdf-merge/scripts/merge.sh",
        "#!/bin/bash\nqpdf --empty --pages \"$@\" -- merged.pdf\n",
    );
    skill(
        r,
        "ws/skills/pdf-combine",
        "pdf-combine",
        "Merges PDF files, splits pages and rotates scanned pages. Use when the user wants to combine PDF documents into one.",
        "",
    );
    skill(
        r,
        "ws/skills/weather",
        "weather",
        "Current weather for a city from a public API.",
        "",
    );
    write(
        r,
        "ws/skills/weather/scripts/w.sh",
        "#!/bin/bash\ncurl -s \"https://api.open-meteo.example/v1/forecast?city=$1\"\n",
    );
    skill(
        r,
        "home/.openclaw/skills/weather",
        "weather",
        "Weather forecast with severe-weather alerts.",
        "",
    );
    skill(
        r,
        "ws/skills/gihub",
        "gihub",
        "Manage GitHub issues and pull requests from the terminal.",
        "",
    );
    skill(
        r,
        "ws/skills/csv-tool",
        "csv-tool",
        "Profiles spreadsheets.",
        "",
    );
    skill(
        r,
        "ws/skills/csv_tool",
        "csv_tool",
        "Converts between delimiters.",
        "",
    );
    dir
}

fn map(root: &Path, format: &str) -> (i32, String, String) {
    let out = Command::new(BIN)
        .args(["map", "--format", format])
        .arg(root)
        .output()
        .expect("runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn flags<'a>(v: &'a Value, kind: &str) -> Vec<&'a Value> {
    v["flags"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|f| f["kind"] == kind)
        .collect()
}

fn names(flag: &Value) -> Vec<&str> {
    flag["skills"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["name"].as_str().unwrap())
        .collect()
}

#[test]
fn map_lists_every_skill_with_intent_scopes_risks_and_version() {
    let dir = collection();
    let (code, out, err) = map(dir.path(), "json");
    assert_eq!(code, 0, "{err}");
    let v: Value = serde_json::from_str(&out).unwrap();
    let rows = v["skills"].as_array().unwrap();
    let got: Vec<(&str, bool)> = rows
        .iter()
        .map(|r| {
            (
                r["name"].as_str().unwrap(),
                r["path"].as_str().unwrap().contains("/home/"),
            )
        })
        .collect();
    assert_eq!(
        got,
        vec![
            ("csv-tool", false),
            ("csv_tool", false),
            ("gihub", false),
            ("pdf-combine", false),
            ("pdf-merge", false),
            ("weather", true),
            ("weather", false),
        ],
        "sorted by name, then path"
    );
    let pdf = rows.iter().find(|r| r["name"] == "pdf-merge").unwrap();
    assert_eq!(pdf["version"], "1.2.0");
    assert_eq!(
        pdf["intent"],
        "Merges PDF files, splits pages and rotates scans."
    );
    assert_eq!(pdf["verdict"], "pass");
    let risk = pdf["risk"].as_object().unwrap();
    assert_eq!(risk.len(), 6);
    assert!(risk.values().all(|l| l == "none"));
    let ws_weather = rows
        .iter()
        .find(|r| r["name"] == "weather" && !r["path"].as_str().unwrap().contains("/home/"))
        .unwrap();
    let scopes: Vec<&str> = ws_weather["scopes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_str().unwrap())
        .collect();
    assert!(scopes.contains(&"NETWORK"), "{scopes:?}");
    assert!(!scopes.contains(&"MEMORY"));
    let gihub = rows.iter().find(|r| r["name"] == "gihub").unwrap();
    assert_eq!(gihub["version"], Value::Null);
}

#[test]
fn map_flags_overlaps_shadowing_typosquats_and_similar_names() {
    let dir = collection();
    let (_, out, _) = map(dir.path(), "json");
    let v: Value = serde_json::from_str(&out).unwrap();

    let overlap = flags(&v, "overlap");
    assert_eq!(overlap.len(), 1, "{overlap:#?}");
    assert_eq!(names(overlap[0]), vec!["pdf-combine", "pdf-merge"]);
    assert!(overlap[0]["similarity"].as_f64().unwrap() >= 0.6);
    assert!(
        overlap[0]["message"]
            .as_str()
            .unwrap()
            .contains("agents may confuse these")
    );

    let shadow = flags(&v, "shadowing");
    assert_eq!(shadow.len(), 1, "{shadow:#?}");
    assert_eq!(names(shadow[0]), vec!["weather", "weather"]);
    let msg = shadow[0]["message"].as_str().unwrap();
    let ws = dir.path().join("ws/skills/weather");
    assert!(
        msg.contains(&format!("OpenClaw loads only {}", ws.display())),
        "the workspace copy wins over the managed one: {msg}"
    );
    assert!(
        msg.contains("workspace skills/, precedence 1, loaded"),
        "{msg}"
    );
    assert!(
        msg.contains("managed ~/.openclaw/skills, precedence 4, shadowed"),
        "{msg}"
    );

    let squat = flags(&v, "typosquat");
    assert_eq!(squat.len(), 1, "{squat:#?}");
    assert_eq!(names(squat[0]), vec!["gihub"]);
    assert!(
        squat[0]["message"]
            .as_str()
            .unwrap()
            .contains("well-known skill `github`")
    );

    let similar = flags(&v, "similar_names");
    assert_eq!(similar.len(), 1, "{similar:#?}");
    assert_eq!(names(similar[0]), vec!["csv-tool", "csv_tool"]);
    assert!(
        similar[0]["message"]
            .as_str()
            .unwrap()
            .contains("differ only by separators")
    );
    assert_eq!(v["flags"].as_array().unwrap().len(), 4);
}

#[test]
fn map_is_deterministic_in_every_format() {
    let dir = collection();
    for format in ["human", "markdown", "json"] {
        let (code, a, _) = map(dir.path(), format);
        let (_, b, _) = map(dir.path(), format);
        assert_eq!(code, 0);
        assert_eq!(a, b, "{format}");
    }
    let (_, human, _) = map(dir.path(), "human");
    assert!(
        human.starts_with("skillscan map: 7 skill(s), 4 flag(s)"),
        "{human}"
    );
    assert!(human.contains("NAME") && human.contains("EXFIL") && human.contains("SCOPES"));
    assert!(human.contains("[shadowing] the name `weather`"), "{human}");
    let (_, md, _) = map(dir.path(), "markdown");
    assert!(
        md.contains("| Name | Path | Version | Intent | Scopes |"),
        "{md}"
    );
    assert!(md.contains("| ` pdf-merge ` |"), "{md}");
    assert!(md.contains("- **typosquat**:"), "{md}");
}

#[test]
fn map_without_flags_and_with_bad_input() {
    let dir = tempfile::tempdir().unwrap();
    skill(dir.path(), "a", "alpha-tool", "Formats tables.", "");
    let (code, out, _) = map(dir.path(), "human");
    assert_eq!(code, 0);
    assert!(
        out.contains("No overlapping intents, shadowed names or typosquats."),
        "{out}"
    );
    let (code, _, err) = map(dir.path(), "sarif");
    assert_eq!(code, 2);
    assert!(err.contains("map prints human, markdown or json"), "{err}");
    let (code, _, err) = map(&dir.path().join("nope"), "json");
    assert_eq!(code, 2);
    assert!(err.contains("cannot read"), "{err}");
}

/// A crafted name, description or version must not put links, images,
/// HTML or mentions into a PR comment built from `map --format markdown`.
#[test]
fn map_markdown_escapes_skill_controlled_text() {
    use pulldown_cmark::{Event, Options, Parser, Tag};
    let dir = tempfile::tempdir().unwrap();
    let hostile = "[click](https://evil.example) <img src=https://t.example/p.gif> @octocat";
    skill(
        dir.path(),
        "skills/evil",
        "\"[x](https://evil.example) <img src=https://t.example/q.gif> @octo\"",
        &format!("\"{hostile}. Merges PDF files.\""),
        "version: \"<b>1</b> @admin\"\n",
    );
    skill(
        dir.path(),
        "skills/evil2",
        "\"[x](https://evil.example) <img src=https://t.example/q.gif> @octo2\"",
        &format!("\"{hostile}. Merges PDF files.\""),
        "",
    );
    let (_, md, err) = map(dir.path(), "markdown");
    assert!(md.contains("# Skill capability map"), "{md}{err}");
    for ev in Parser::new_ext(&md, Options::ENABLE_TABLES) {
        match ev {
            Event::Html(h) | Event::InlineHtml(h) => panic!("HTML from content: {h}\n{md}"),
            Event::Start(Tag::Link { .. } | Tag::Image { .. }) => {
                panic!("link or image: {ev:?}\n{md}")
            }
            Event::Text(t) => assert!(!t.contains('@'), "a mention outside code: {t}\n{md}"),
            _ => {}
        }
    }
}
