//! Binary, archive, bytecode and config artefacts.

use super::Sink;
use crate::skill::SkillFile;

pub fn config(_f: &SkillFile, _sink: &mut Sink) {}
pub fn binary(_f: &SkillFile, _sink: &mut Sink) {}
