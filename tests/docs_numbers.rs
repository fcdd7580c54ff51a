//! README numbers that are generated from the tree (rule count, corpus
//! size) must match the tree: they drifted once (63 vs 64 rules, 125 vs 131
//! corpus skills).

use std::path::Path;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn corpus_skills() -> usize {
    let mut n = 0;
    for set in std::fs::read_dir(root().join("corpus")).unwrap().flatten() {
        if !set.path().is_dir() {
            continue;
        }
        for skill in std::fs::read_dir(set.path()).unwrap().flatten() {
            let p = skill.path();
            // Any manifest spelling a host loads (`SKILL.md`, `Skill.md`,
            // `skill.md`, `skills.md`, …).
            let manifest = std::fs::read_dir(&p)
                .into_iter()
                .flatten()
                .flatten()
                .any(|f| {
                    let name = f.file_name().to_string_lossy().to_ascii_lowercase();
                    (name == "skill.md" || name == "skills.md") && f.path().is_file()
                });
            n += usize::from(manifest);
        }
    }
    n
}

#[test]
fn readme_counts_match_the_tree() {
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let rules = std::fs::read_dir(root().join("rules"))
        .unwrap()
        .flatten()
        .filter(|e| e.path().extension().is_some_and(|x| x == "yml"))
        .count();
    assert_eq!(rules, skillscan::rules::all().len());
    assert!(
        readme.contains(&format!("{rules} rules, one file each")),
        "README must say {rules} rules"
    );
    let skills = corpus_skills();
    for phrase in [
        format!("({skills} sample skills"),
        format!("holds {skills} labelled skills"),
    ] {
        assert!(readme.contains(&phrase), "README must say `{phrase}`");
    }
}

#[test]
fn docs_do_not_link_outside_the_repository() {
    let mut pages = vec![root().join("README.md")];
    for e in std::fs::read_dir(root().join("docs")).unwrap().flatten() {
        pages.push(e.path());
    }
    for p in pages {
        let text = std::fs::read_to_string(&p).unwrap_or_default();
        assert!(
            !text.contains("shared/docs") && !text.contains("](../../"),
            "{} points outside the repository",
            p.display()
        );
    }
}
