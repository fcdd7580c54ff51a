//! skillscan: static security analysis of agent skills.
//!
//! The pipeline, one module per stage:
//! discover (`skill`) → parse and extract (`extract`) → flow (`flow`) →
//! rules (`rules`) → score (`score`) → report (`report`) or gate (`gate`).

pub mod evidence;
pub mod extract;
pub mod limits;
pub mod skill;
pub mod ssl;
pub mod text;
