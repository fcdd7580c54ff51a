//! The frozen evidence of the corpus (issue 14): every field of every item
//! the extractors produce, including those the JSON report leaves out
//! (`op`, `lang`, `func`, `arg_binds`, tags), one line per item
//! (`skillscan::extract::debug_dump`). A refactor of the front-ends shows
//! zero diff here; a change that means to move evidence shows its diff,
//! reviewed and committed with it.
//!
//! Regenerate after a reviewed change:
//!   SKILLSCAN_UPDATE_GOLDEN=1 cargo test --release --test evidence_golden
//! On a mismatch the new dump is written to
//! `target/evidence-golden/corpus.txt`; `diff tests/golden/evidence-corpus.txt
//! target/evidence-golden/corpus.txt` shows what moved.
//!
//! Dump any other folder of skills (a registry snapshot, a held-out set)
//! without committing it, with the hidden subcommand
//!   skillscan evidence-dump /path/to/skills -o /tmp/x.txt
//! or from this test:
//!   SKILLSCAN_DUMP_IN=/path/to/skills SKILLSCAN_DUMP_OUT=/tmp/x.txt \
//!     cargo test --release --test evidence_golden dump -- --ignored
//! The golden file is kept whole (1.2 MB, text) rather than as a hash so
//! that each commit that moves evidence carries the readable diff.

use std::path::PathBuf;

const GOLDEN: &str = "tests/golden/evidence-corpus.txt";

#[test]
fn corpus_evidence_matches_golden() {
    let got = skillscan::extract::debug_dump::evidence_dump(&[PathBuf::from("corpus")]);
    if std::env::var_os("SKILLSCAN_UPDATE_GOLDEN").is_some_and(|v| v == "1") {
        std::fs::write(GOLDEN, &got).expect("write the golden evidence dump");
        return;
    }
    let want = std::fs::read_to_string(GOLDEN).unwrap_or_default();
    if got != want {
        let dir = PathBuf::from("target/evidence-golden");
        let _ = std::fs::create_dir_all(&dir);
        let _ = std::fs::write(dir.join("corpus.txt"), &got);
        let first = got
            .lines()
            .zip(want.lines())
            .position(|(a, b)| a != b)
            .unwrap_or(got.lines().count().min(want.lines().count()));
        panic!(
            "the corpus evidence differs from {GOLDEN} (first at line {}): see \
             `diff {GOLDEN} target/evidence-golden/corpus.txt`; if the change is \
             intended, regenerate with `SKILLSCAN_UPDATE_GOLDEN=1 cargo test --release \
             --test evidence_golden` and commit the diff",
            first + 1
        );
    }
}

#[test]
fn dump_is_deterministic() {
    let dir = [PathBuf::from("corpus/malicious")];
    let a = skillscan::extract::debug_dump::evidence_dump(&dir);
    let b = skillscan::extract::debug_dump::evidence_dump(&dir);
    assert!(!a.is_empty());
    assert_eq!(a, b);
}

/// Dumps `SKILLSCAN_DUMP_IN` to `SKILLSCAN_DUMP_OUT` (see the module docs).
#[test]
#[ignore]
fn dump() {
    let (Some(i), Some(o)) = (
        std::env::var_os("SKILLSCAN_DUMP_IN"),
        std::env::var_os("SKILLSCAN_DUMP_OUT"),
    ) else {
        panic!("set SKILLSCAN_DUMP_IN (a folder of skills) and SKILLSCAN_DUMP_OUT (a file)");
    };
    let got = skillscan::extract::debug_dump::evidence_dump(&[PathBuf::from(i)]);
    std::fs::write(o, got).expect("write the dump");
}
