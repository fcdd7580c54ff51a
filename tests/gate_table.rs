//! The checked-in gate table (`src/rx/gate_table.rs`) against the patterns:
//! every stored entry is what the pattern's syntax tree gives, and scanning
//! the corpus gates no pattern the table lacks (a missing pattern costs a
//! single-skill run its parse, never an answer). After adding or changing
//! a pattern: `REGEN_GATES=1 cargo test --release --test gate_table`.

use skillscan::audit::AuditOptions;
use std::path::PathBuf;

#[test]
fn the_gate_table_holds_what_the_patterns_give() {
    skillscan::run::scan(
        &[PathBuf::from("corpus")],
        &AuditOptions::default(),
        None,
        false,
        false,
    )
    .expect("scan corpus");
    let report = skillscan::rx::table_report();
    if std::env::var_os("REGEN_GATES").is_some() {
        std::fs::write("src/rx/gate_table.rs", &report.text).expect("write the table");
        return;
    }
    assert!(
        report.wrong.is_empty(),
        "stored gates differ from the patterns' (run REGEN_GATES=1 cargo test --release --test gate_table): {:#?}",
        report.wrong
    );
    assert!(
        report.missed.is_empty(),
        "patterns the corpus gates that the table lacks (run REGEN_GATES=1 cargo test --release --test gate_table): {:#?}",
        report.missed
    );
}
