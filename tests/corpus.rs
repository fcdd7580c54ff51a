//! Measures skillscan on the labelled corpus (`corpus/labels*.json`):
//! per-dimension precision and recall (a dimension counts as flagged at
//! level medium or above), malicious skills failed, and benign skills
//! failed. Fails below the thresholds documented in the README.
//!
//! `SKILLSCAN_CORPUS_REPORT=path` writes the table as Markdown.

use serde_json::Value;
use skillscan::audit::{AuditOptions, SkillReport};
use skillscan::finding::Dimension;
use skillscan::score::{Level, Verdict};
use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;

struct Label {
    malicious: bool,
    dims: BTreeSet<Dimension>,
}

fn labels() -> BTreeMap<String, Label> {
    let mut out = BTreeMap::new();
    for f in [
        "corpus/labels.json",
        "corpus/labels-evasion.json",
        "corpus/labels-round5.json",
        "corpus/labels-round6.json",
        "corpus/labels-round7.json",
        "corpus/labels-round8.json",
        "corpus/labels-round9.json",
        "corpus/labels-round10.json",
        "corpus/labels-round11.json",
        "corpus/labels-round12.json",
        "corpus/labels-round13.json",
        "corpus/labels-round15.json",
        "corpus/labels-round16.json",
        "corpus/labels-round17.json",
    ] {
        let v: Value = serde_json::from_str(&std::fs::read_to_string(f).expect("labels file"))
            .expect("labels JSON");
        for (k, l) in v["skills"].as_object().expect("skills map") {
            let dims = l["dimensions"]
                .as_array()
                .expect("dimensions")
                .iter()
                .map(|d| Dimension::parse(d.as_str().expect("str")).expect("known dimension"))
                .collect();
            out.insert(
                k.clone(),
                Label {
                    malicious: l["malicious"].as_bool().expect("bool"),
                    dims,
                },
            );
        }
    }
    out
}

#[derive(Default, Clone, Copy)]
struct Counts {
    tp: usize,
    fp: usize,
    fn_: usize,
}

impl Counts {
    fn precision(self) -> f64 {
        if self.tp + self.fp == 0 {
            1.0
        } else {
            self.tp as f64 / (self.tp + self.fp) as f64
        }
    }
    fn recall(self) -> f64 {
        if self.tp + self.fn_ == 0 {
            1.0
        } else {
            self.tp as f64 / (self.tp + self.fn_) as f64
        }
    }
}

#[test]
fn corpus_precision_and_recall() {
    let labels = labels();
    let reports: Vec<SkillReport> = skillscan::run::scan(
        &[PathBuf::from("corpus")],
        &AuditOptions::default(),
        None,
        false,
        false,
    )
    .expect("scan corpus");
    let by_key: BTreeMap<String, &SkillReport> = reports
        .iter()
        .map(|r| (r.path.trim_start_matches("corpus/").to_string(), r))
        .collect();
    let mut per: BTreeMap<Dimension, Counts> = BTreeMap::new();
    let (mut mal, mut mal_failed, mut mal_flagged, mut ben, mut ben_failed, mut ben_warned) =
        (0, 0, 0, 0, 0, 0);
    let mut problems = Vec::new();
    for (key, label) in &labels {
        let r = by_key
            .get(key)
            .unwrap_or_else(|| panic!("labelled skill {key} not found by the scan"));
        let flagged: BTreeSet<Dimension> = r
            .risk
            .iter()
            .filter(|(_, s)| s.level >= Level::Medium)
            .map(|(d, _)| *d)
            .collect();
        for d in Dimension::ALL {
            let c = per.entry(d).or_default();
            match (label.dims.contains(&d), flagged.contains(&d)) {
                (true, true) => c.tp += 1,
                (false, true) => c.fp += 1,
                (true, false) => c.fn_ += 1,
                _ => {}
            }
        }
        if label.malicious {
            mal += 1;
            if r.verdict == Verdict::Fail {
                mal_failed += 1;
            } else {
                problems.push(format!("missed (verdict {}): {key}", r.verdict.as_str()));
            }
            if r.verdict >= Verdict::Warn {
                mal_flagged += 1;
            }
        } else {
            ben += 1;
            if r.verdict == Verdict::Fail {
                ben_failed += 1;
                let worst: Vec<String> = r
                    .findings
                    .iter()
                    .take(3)
                    .map(|f| format!("{} {}", f.rule_id, f.message))
                    .collect();
                problems.push(format!("benign failed: {key}: {worst:?}"));
            } else if r.verdict == Verdict::Warn {
                ben_warned += 1;
            }
        }
    }
    let mut table = String::from(
        "| dimension | precision | recall | TP | FP | FN |\n|---|---|---|---|---|---|\n",
    );
    let (mut p_sum, mut r_sum) = (0.0, 0.0);
    for (d, c) in &per {
        table.push_str(&format!(
            "| {} | {:.2} | {:.2} | {} | {} | {} |\n",
            d.as_str(),
            c.precision(),
            c.recall(),
            c.tp,
            c.fp,
            c.fn_
        ));
        p_sum += c.precision();
        r_sum += c.recall();
    }
    table.push_str(&format!(
        "| **macro average** | **{:.2}** | **{:.2}** | | | |\n",
        p_sum / 6.0,
        r_sum / 6.0
    ));
    table.push_str(&format!(
        "\nMalicious skills failed: {mal_failed}/{mal} (flagged warn or fail: {mal_flagged}/{mal}). Benign skills failed: {ben_failed}/{ben}; warned: {ben_warned}/{ben}.\n"
    ));
    eprintln!("{table}");
    for p in &problems {
        eprintln!("{p}");
    }
    if let Ok(path) = std::env::var("SKILLSCAN_CORPUS_REPORT") {
        std::fs::write(path, &table).expect("write report");
    }
    // Thresholds (see README "Measured on the corpus"). Raise them as
    // detection improves; never lower them to make a change pass.
    for (d, c) in &per {
        let (p_floor, r_floor) = floors(*d);
        assert!(
            c.precision() >= p_floor,
            "{} precision {:.3} below {p_floor}",
            d.as_str(),
            c.precision()
        );
        assert!(
            c.recall() >= r_floor,
            "{} recall {:.3} below {r_floor}",
            d.as_str(),
            c.recall()
        );
    }
    assert!(
        mal_failed as f64 >= MIN_MALICIOUS_FAILED * mal as f64,
        "only {mal_failed}/{mal} malicious skills failed"
    );
    assert!(
        ben_failed as f64 <= MAX_BENIGN_FAILED * ben as f64,
        "{ben_failed}/{ben} benign skills failed"
    );
}

// Measured at the time of writing (README), rounds 8 to 17 included (1,012
// skills, end of round 17's merge): per dimension, precision and recall
// below; 576/617 malicious skills failed; 0/395 benign skills failed. Each
// floor is the measured figure rounded down by about 0.01. Rounds 16 and 17
// joined at the start of round 17 after their blind measurements (round 16:
// 29 -> 32/50 in round 15, then 45/50 as round 16's dev set; round 17:
// 35 -> 40/50, bench/heldout-r17/score-after.txt) with floors set where they
// landed (563/617, 2/395: every floor fell by 0.003-0.033); round 17's work
// used round 17 as its dev set (its 10 misses and 2 false fails, diagnosed in
// bench/heldout-r17/transfer.md) and every floor rose again. Earlier rounds:
// see git history of this comment.
// Round 34's merge: SK-EXEC-029 (a step the declared purpose does not need)
// names hidden sends of local data in malicious skills labelled for other
// dimensions (relays, profilers, hook installers), so data_exfiltration
// precision fell 0.951 -> 0.935 while its recall rose 0.638 -> 0.75; the
// other floors rise to round 34's figures (587/617 malicious fail).
fn floors(d: Dimension) -> (f64, f64) {
    match d {
        // measured 0.935 / 0.749 (round 34)
        Dimension::DataExfiltration => (0.93, 0.74),
        // measured 0.89 / 0.86 (round 34)
        Dimension::Destructive => (0.88, 0.85),
        // measured 0.94 / 0.82 (round 34)
        Dimension::PrivilegeEscalation => (0.93, 0.81),
        // measured 0.87 / 0.68 (round 34)
        Dimension::CovertExecution => (0.86, 0.67),
        // measured 1.000 / 0.88 (round 34)
        Dimension::ResourceAbuse => (0.98, 0.87),
        // measured 0.83 / 0.85 (round 34)
        Dimension::CredentialAccess => (0.82, 0.84),
    }
}
const MIN_MALICIOUS_FAILED: f64 = 0.94;
const MAX_BENIGN_FAILED: f64 = 0.01;
