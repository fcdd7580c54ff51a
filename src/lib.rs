//! skillscan: static security analysis of agent skills.
//!
//! The pipeline, one module per stage:
//! discover (`skill`) → parse and extract (`extract`) → flow (`flow`) →
//! rules (`rules`) → score (`score`) → report (`report`) or gate (`gate`).
//! `audit` runs the per-skill pipeline; `run` implements the commands.
//! Every stage hands on the data types of `model`, which depends on nothing
//! else in the crate. `docs/architecture.md` describes the layers.

pub mod audit;
pub mod baseline;
pub mod cli;
pub mod decide;
pub mod exit;
pub mod extract;
pub mod flow;
pub mod fxhash;
pub mod gate;
pub mod install;
pub mod judge;
pub mod limits;
pub mod map;
pub mod model;
pub mod outcome;
pub mod policy;
pub mod report;
pub mod rules;
pub mod run;
pub mod rx;
pub mod score;
pub mod skill;
pub mod ssl;
pub mod staging;
pub mod text;

// Moved to the model layer (issue 14); the old paths stay valid.
pub use model::evidence;
pub use model::finding;
