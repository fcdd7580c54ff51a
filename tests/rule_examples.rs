//! Every rule's positive examples must trigger it, and its negative
//! (near-miss) examples must not.

use skillscan::audit::{AuditOptions, analyze};
use skillscan::rules;
use skillscan::skill::Skill;

fn fired(files: &std::collections::BTreeMap<String, String>, id: &str) -> (bool, Vec<String>) {
    let owned: Vec<(String, Vec<u8>)> = files
        .iter()
        .map(|(k, v)| (k.clone(), v.as_bytes().to_vec()))
        .collect();
    let refs: Vec<(&str, &[u8])> = owned
        .iter()
        .map(|(k, v)| (k.as_str(), v.as_slice()))
        .collect();
    let skill = Skill::from_memory("demo-skill", &refs);
    let r = analyze(skill, &AuditOptions::default());
    let all: Vec<String> = r
        .findings
        .iter()
        .map(|f| format!("{} {:?} {}", f.rule_id, f.severity, f.message))
        .collect();
    (
        r.findings.iter().any(|f| {
            f.rule_id == id && f.severity > skillscan::finding::Severity::Info
                || f.rule_id == id
                    && rules::get(id)
                        .is_some_and(|d| d.severity == skillscan::finding::Severity::Info)
        }),
        all,
    )
}

#[test]
fn rule_examples() {
    let mut failures = Vec::new();
    for def in rules::all() {
        let examples = rules::examples(&def.id);
        for ex in &examples.positive {
            let (hit, all) = fired(&ex.files, &def.id);
            if !hit {
                failures.push(format!(
                    "{} positive '{}' did not fire; got {all:?}",
                    def.id, ex.name
                ));
            }
        }
        for ex in &examples.negative {
            let (hit, all) = fired(&ex.files, &def.id);
            if hit {
                failures.push(format!("{} negative '{}' fired: {all:?}", def.id, ex.name));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn rules_are_well_formed() {
    let all = rules::all();
    assert!(all.len() >= 40);
    let mut ids = std::collections::BTreeSet::new();
    for d in &all {
        assert!(ids.insert(d.id.clone()), "duplicate id {}", d.id);
        assert!(d.id.starts_with("SK-"), "{}", d.id);
        assert!(
            d.matcher.is_some() || d.detector.is_some(),
            "{} matches nothing",
            d.id
        );
        if let Some(det) = &d.detector {
            assert!(
                rules::detectors::NAMES.contains(&det.as_str()),
                "{} names unknown detector {det}",
                d.id
            );
        }
        assert!(!d.description.is_empty() && !d.help.is_empty() && !d.title.is_empty());
    }
}
