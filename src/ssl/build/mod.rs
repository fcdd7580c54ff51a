//! Builds a skill's SSL record from its analysis (`docs/ssl.md`).
//!
//! Unlike the paper's normalizer, which reads only `SKILL.md`, the record
//! covers the bundled scripts too, and every logic step is grounded in a
//! located piece of the skill (the `evidence` extension).
//!
//! * **Logic layer.** One step per evidence item (except `Op::Return`
//!   pseudo-steps), with the report's deterministic ids (`L0007_TRANSFER`),
//!   plus one step per instruction sentence of a numbered procedure, or of a
//!   section that has no evidence (`LP001_READ`, typed from the verb, scope
//!   `MEMORY` or `OTHER`). A section with neither is merged into its
//!   neighbours: it gets no scene.
//! * **Structure layer.** Scenes follow the document: the frontmatter
//!   (`PREPARE`), each H1–H3 section of `SKILL.md` (typed from its heading,
//!   else from its steps), and right after the section that first mentions
//!   it, each bundled file the skill points at (a script it tells the agent
//!   to run is an `ACT` scene of its own). Files nobody mentions share one
//!   `ACT` scene, "bundled files"; steps of an external record that point at
//!   no skill file get a scene of their own. Scenes chain in order
//!   (`success`), each non-`RECOVER` scene may fail over to the first
//!   `RECOVER` scene (`failure`), and every scene has `default → END_FAIL`.
//! * **Scheduling layer.** From the frontmatter and the body: the goal is
//!   the description's first sentence, intents come from its trigger
//!   phrases, `when_to_use` and "When to use" sections, inputs from
//!   `$ARGUMENTS`, `argument-hint` and argparse/click declarations of the
//!   scripts the skill runs; dependencies from `requires`, `allowed-tools`,
//!   the hosts contacted and install specs; control-flow features from the
//!   steps.
//!
//! Grounded: a field is filled only from the skill; where it says nothing the
//! field stays empty. The record is deterministic (same skill, same ids and
//! order) and always passes [`crate::ssl::validate::validate`] without
//! errors (`tests/ssl_build.rs` checks the whole corpus).

use crate::evidence::{Evidence, Op, Origin, Tag};
use crate::extract::indicators::url_host;
use crate::model::SkillReport;
use crate::skill::frontmatter::str_list;
use crate::skill::{FileKind, Manifest, Skill};
use crate::ssl::external::{self, SKILL_SSL_FILE, static_regexes};
use crate::ssl::model::{
    ControlFlowFeatures, Dependency, Evidence as StepEvidence, LogicStep, NamedType, Scene,
    SkillRecord, SslRecord, Transition,
};
use crate::ssl::vocab::{ActType, ResourceScope, SceneType};
use crate::text::{LineIndex, snippet};
use aho_corasick::{AhoCorasick, MatchKind};
use pulldown_cmark::{Event, HeadingLevel, Options, Parser, Tag as MdTag, TagEnd};
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};

mod builder;
mod document;
mod instructions;
mod mentions;
#[cfg(test)]
mod tests;

use builder::*;
pub use document::first_sentence;
use document::*;
use instructions::*;
use mentions::*;

/// Scenes in one record at most; the steps of later units join the last one.
const MAX_SCENES: usize = 200;
/// Intent phrasings kept.
const MAX_INTENTS: usize = 16;
/// Declared inputs, outputs and tags kept.
const MAX_NAMED: usize = 32;

/// The SSL record of an analysed skill, as JSON.
pub fn record_json(report: &SkillReport) -> Value {
    serde_json::to_value(record(report)).unwrap_or(Value::Null)
}

/// The SSL record of an analysed skill.
pub fn record(report: &SkillReport) -> SslRecord {
    Builder::new(report).build()
}
