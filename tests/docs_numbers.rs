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
            n += usize::from(p.join("SKILL.md").is_file() || p.join("skill.md").is_file());
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
