//! The SSL (Scheduling-Structural-Logical) representation of a skill.
//!
//! `vocab` holds the closed vocabularies, `model` the record types we emit,
//! `validate` the strict validator.

pub mod cli;
pub mod model;
pub mod validate;
pub mod vocab;
