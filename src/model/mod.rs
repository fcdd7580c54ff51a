//! The model layer: the types every stage of the pipeline hands on, with
//! no pipeline logic. It depends on nothing else in the crate; stages
//! (`extract`, `flow`, `rules`, `decide`, `score`, `audit`, `judge`,
//! `policy`, `report`, `ssl`) depend on it, never the other way (issue 14;
//! `tests/cycles.rs` checks it). Logic that needs pipeline code stays with
//! the pipeline as `impl` blocks there (e.g. `SkillReport::rescore` in
//! `score.rs`, `Manifest::parse` in `skill/frontmatter.rs`).
//!
//! The old paths keep working: `crate::evidence`, `crate::finding` and
//! `crate::ssl::vocab` are these modules re-exported, and `score`, `skill`
//! and `judge` re-export the types that moved here.

pub mod evidence;
pub mod finding;
pub mod judge;
pub mod report;
pub mod score;
pub mod skill;
pub mod vocab;

pub use report::SkillReport;
