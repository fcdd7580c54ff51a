//! The model layer: the types every stage of the pipeline hands on, with
//! no pipeline logic. Stages (`audit`, `judge`, `policy`, `report`, `ssl`)
//! depend on it, never the other way (issue 14). It holds the per-skill
//! report; evidence, findings, scores and the skill itself are the next
//! candidates to move here.

pub mod report;

pub use report::SkillReport;
