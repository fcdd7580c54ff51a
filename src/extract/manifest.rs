//! Frontmatter evidence.

use super::Sink;
use crate::skill::{Manifest, Skill, SkillFile};

pub fn extract(_skill: &Skill, _m: &Manifest, _f: &SkillFile, _sink: &mut Sink) {}
