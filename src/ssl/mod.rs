//! The SSL (Scheduling-Structural-Logical) representation of a skill.
//!
//! `vocab` (now `crate::model::vocab`) holds the closed vocabularies, `model` the record types we emit,
//! `validate` the strict validator, `build` the record of an analysed skill,
//! `external` the records shipped with a skill or given with `--ssl-file`,
//! `cli` the `skillscan ssl` command.

pub mod build;
pub mod cli;
pub mod external;
pub mod model;
pub mod validate;

/// The vocabularies moved to the model layer (issue 14); this path stays.
pub use crate::model::vocab;
