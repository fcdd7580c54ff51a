//! The Markdown summary of the real binary over the whole corpus: the
//! shape a job summary or PR comment needs, no HTML or links from skill
//! content, under the size cap, deterministic, and the usual exit codes.

use pulldown_cmark::{Event, Options, Parser, Tag};
use std::process::Command;

fn markdown(paths: &[&str]) -> (i32, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_skillscan"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args([
            "audit",
            "--format",
            "markdown",
            "--no-policy",
            "--no-progress",
        ])
        .args(paths)
        .output()
        .expect("run skillscan");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).expect("UTF-8 output"),
    )
}

#[test]
fn corpus_summary() {
    let (code, md) = markdown(&["corpus"]);
    // Markdown mode keeps the gate's exit codes: the corpus has failures.
    assert_eq!(code, 1);
    assert!(md.starts_with("## skillscan\n\n**"), "{md}");
    assert!(md.len() <= 60_000, "{} bytes", md.len());
    let header = md.lines().nth(2).expect("counts line");
    assert!(
        header.contains(" fail** · **") && header.contains(" incomplete ("),
        "{header}"
    );
    assert!(md.contains("| **FAIL** |"));
    // With 766 corpus skills the summary reaches its 60 KB budget before
    // the folded sections; it then says so (the folding itself is tested
    // in report/markdown.rs).
    assert!(
        md.contains("<details><summary>")
            || md.contains("_Summary truncated to stay under 60 KB: "),
        "neither folded sections nor a truncation notice"
    );
    for ev in Parser::new_ext(&md, Options::ENABLE_TABLES) {
        match ev {
            Event::Html(h) | Event::InlineHtml(h) => assert!(
                h.starts_with("<details>") || h.starts_with("</details>"),
                "HTML from content: {h}"
            ),
            Event::Start(Tag::Link { .. } | Tag::Image { .. }) => panic!("link or image: {ev:?}"),
            _ => {}
        }
    }
    let (_, again) = markdown(&["corpus"]);
    assert!(md == again, "Markdown differs between runs");
}

#[test]
fn clean_skill_passes() {
    let (code, md) = markdown(&["corpus/benign/weather-forecast"]);
    assert_eq!(code, 0);
    assert!(
        md.contains("**0 fail** · **0 warn** · 1 pass · 0 incomplete (1 skill scanned)"),
        "{md}"
    );
    assert!(md.contains("| PASS | ` weather-forecast ` |"), "{md}");
}
