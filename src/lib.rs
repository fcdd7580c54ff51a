//! skillscan: static security analysis of agent skills.
//!
//! The pipeline, one module per stage:
//! discover (`skill`) → parse and extract (`extract`) → flow (`flow`) →
//! rules (`rules`) → score (`score`) → report (`report`) or gate (`gate`).

pub mod audit;
pub mod evidence;
pub mod extract;
pub mod finding;
pub mod flow;
pub mod limits;
pub mod rules;
pub mod score;
pub mod skill;
pub mod ssl;
pub mod text;
