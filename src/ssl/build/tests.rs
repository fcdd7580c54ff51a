use super::*;

#[test]
fn first_sentences() {
    assert_eq!(
        first_sentence("Profiles a CSV, e.g. sales data. Use when asked."),
        "Profiles a CSV, e.g. sales data."
    );
    assert_eq!(first_sentence("No end"), "No end");
    assert_eq!(first_sentence("v1.2 is out. Next"), "v1.2 is out.");
    assert_eq!(first_sentence(""), "");
}

#[test]
fn instructions_and_prohibitions() {
    let i = instruction("Summarize the report in 3–5 sentences for the user").unwrap();
    assert_eq!(i.act, ActType::Infer);
    assert_eq!(i.object, "the report in 3–5 sentences for the user");
    assert_eq!(i.condition, None);
    let act = |s: &str| instruction(s).unwrap().act;
    assert_eq!(act("1. **Run** the linter"), ActType::CallTool);
    assert_eq!(act("Then, check the output"), ActType::Validate);
    assert_eq!(act("First, read the guide"), ActType::Read);
    assert!(instruction("First look at a dataset in one command.").is_none());
    assert_eq!(act("You must send it"), ActType::Transfer);
    let i = instruction("If the API returns 401, check the token.").unwrap();
    assert_eq!(i.act, ActType::Validate);
    assert_eq!(i.condition.as_deref(), Some("If the API returns 401"));
    assert!(instruction("\"Send this week's report\"").is_none());
    assert!(instruction("Never run this as root").is_none());
    assert!(instruction("What's the weather in Lisbon?").is_none());
    assert!(instruction("`fetch is not defined`: upgrade to Node 18").is_none());
}

#[test]
fn heading_types() {
    assert_eq!(heading_type("Troubleshooting"), Some(SceneType::Recover));
    assert_eq!(heading_type("Getting started"), Some(SceneType::Prepare));
    assert_eq!(heading_type("Usage"), Some(SceneType::Act));
    assert_eq!(heading_type("Output format"), Some(SceneType::Finalize));
    assert_eq!(heading_type("Verify the result"), Some(SceneType::Verify));
    assert_eq!(heading_type("Anchors"), None);
}

#[test]
fn run_detection() {
    assert!(is_run("python3 {baseDir}/", true));
    assert!(is_run("python3 -u ", true));
    assert!(is_run("$ ./", true));
    assert!(is_run("Run `", true));
    assert!(!is_run("See ", true));
    assert!(!is_run("python3 ", false));
}

#[test]
fn ids() {
    assert_eq!(skill_id("csv-summarizer"), "SKILL_CSV_SUMMARIZER");
    assert_eq!(skill_id("--"), "SKILL_UNNAMED");
    assert_eq!(skill_id("Writing Refiner"), "SKILL_WRITING_REFINER");
    assert_eq!(
        upper_slug("Notes for the agent!", 24),
        "NOTES_FOR_THE_AGENT"
    );
}

#[test]
fn sections_and_blocks() {
    let t = "---\nname: x\n---\nIntro text.\n\n# Title\n\n## Usage\n\n1. Run it.\n2. Check it.\n\n```bash\nrm x\n```\n\n## Notes\n\n- a note\n";
    let m = Manifest::parse(t);
    let s = sections(t, m.body_offset, m.body_line);
    let titles: Vec<&str> = s.iter().map(|s| s.title.as_str()).collect();
    assert_eq!(titles, vec!["", "Title", "Usage", "Notes"]);
    assert_eq!((s[0].start, s[0].end), (4, 5));
    assert_eq!(s[2].start, 8);
    assert_eq!(s[2].end, 16);
    let usage: Vec<(usize, &str, bool)> = s[2]
        .blocks
        .iter()
        .map(|b| (b.line, b.text.as_str(), b.ordered))
        .collect();
    assert_eq!(usage, vec![(10, "Run it.", true), (11, "Check it.", true)]);
    assert_eq!(s[3].blocks[0].text, "a note");
    assert!(!s[3].blocks[0].ordered);
}
