//! SSL record types (`docs/ssl.md`; paper Table 4 and Appendix B).
//!
//! Field names are exactly the paper's, and struct field order follows the
//! paper's Appendix B example, so serialized JSON is stable and diffable.
//! These types are what `skillscan` emits; records of unknown provenance
//! should be checked with [`crate::ssl::validate::validate`] on the raw JSON
//! first, because deserialization alone performs no cross-reference checks.
//!
//! The one schema extension is [`LogicStep::evidence`], which ties a step to
//! the source lines it was derived from. It is omitted when absent, so a
//! record without evidence is a plain paper-schema record.

use serde::{Deserialize, Serialize};

use super::vocab::{ActType, ResourceScope, SceneType};

/// One complete SSL record: exactly the three layers, in paper order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SslRecord {
    /// The Scheduling layer.
    pub skill: SkillRecord,
    /// The Structural layer: the scene graph (non-empty).
    pub scenes: Vec<Scene>,
    /// The Logical layer: the logic-step graph (non-empty).
    pub logic_steps: Vec<LogicStep>,
}

impl SslRecord {
    /// The scene with this `scene_id`, if any.
    pub fn scene(&self, id: &str) -> Option<&Scene> {
        self.scenes.iter().find(|s| s.scene_id == id)
    }

    /// The logic step with this `logic_step_id`, if any.
    pub fn logic_step(&self, id: &str) -> Option<&LogicStep> {
        self.logic_steps.iter().find(|s| s.logic_step_id == id)
    }
}

/// The Scheduling layer: what the skill is for and how it is entered.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SkillRecord {
    /// Upper snake with a `SKILL_` prefix by convention, e.g. `SKILL_WRITING_REFINER`.
    pub skill_id: String,
    pub skill_name: String,
    pub skill_goal: String,
    /// Open upper-snake `VERB_AND_VERB` pattern; not a closed vocabulary.
    pub top_pattern: String,
    pub expected_inputs: Vec<NamedType>,
    pub expected_outputs: Vec<NamedType>,
    pub dependencies: Vec<Dependency>,
    /// Open tags.
    pub tags: Vec<String>,
    /// Natural-language request phrasings, e.g. `"improve this text"`.
    pub intent_signature: Vec<String>,
    pub control_flow_features: ControlFlowFeatures,
    /// Must name a scene.
    pub entry_scene_id: String,
    /// Every scene id, each exactly once.
    pub subscenes: Vec<String>,
}

/// A declared skill input or output: `{"name": "draft_text", "type": "str"}`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct NamedType {
    pub name: String,
    /// Open type name; seen: `"str"`, `"list"`.
    pub r#type: String,
}

/// A skill dependency: `{"type": "permission", "value": "filesystem.read"}`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Dependency {
    /// Open; seen: `"permission"`, `"capability"`, `"knowledge"`.
    pub r#type: String,
    pub value: String,
}

/// The four control-flow booleans of the skill record.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ControlFlowFeatures {
    pub has_branch: bool,
    pub has_loop: bool,
    pub has_tool_call: bool,
    pub touches_sensitive_resources: bool,
}

/// A transition rule, used by both `next_scene_rules` and `next_step_rules`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Transition {
    /// Open condition text, e.g. `"success"`, `"default"`, `"$x == true"`.
    pub condition: String,
    /// A scene id / `END_*` (scene rules) or a same-scene step id / `YIELD_*` (step rules).
    pub target: String,
}

/// The Structural layer: one macro-level scene.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Scene {
    /// `S_*` by convention.
    pub scene_id: String,
    /// A principal field, but absent from the paper's own example: defaults
    /// to empty on input and is omitted from output when empty.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub scene_name: String,
    pub scene_type: SceneType,
    pub scene_goal: String,
    /// `$`-prefixed bindings consumed by the scene.
    pub input: Vec<String>,
    /// `$`-prefixed bindings produced by the scene.
    pub output: Vec<String>,
    pub entry_conditions: Vec<String>,
    pub exit_conditions: Vec<String>,
    /// Must be one of [`Scene::contained_logic_steps`].
    pub entry_logic_step_id: String,
    /// Containment link to the Logical layer.
    pub contained_logic_steps: Vec<String>,
    pub next_scene_rules: Vec<Transition>,
}

/// The Logical layer: one operational step.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LogicStep {
    /// `L_*` by convention.
    pub logic_step_id: String,
    pub act_type: ActType,
    /// `$vars` or literals.
    pub input_args: Vec<String>,
    /// One `$var`.
    pub output_binding: String,
    /// Usually `"skill"`; open.
    pub actor: String,
    pub object: String,
    /// Open, e.g. `"filesystem.read"`; serialized as `null` when absent.
    pub instrument: Option<String>,
    pub preconditions: Vec<String>,
    pub effects: Vec<String>,
    pub resource_scope: ResourceScope,
    /// Free text, e.g. `"working_memory.user_request"` or `"$guide_file_path"`.
    pub resource_target: String,
    pub next_step_rules: Vec<Transition>,
    /// skillscan extension: where this step was found. Omitted when `None`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub evidence: Option<Evidence>,
}

/// skillscan's schema extension: the source location a step was derived from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Evidence {
    /// Path of the source file, relative to the skill root.
    pub path: String,
    /// 1-based first line.
    pub start_line: u32,
    /// 1-based last line (inclusive), `>= start_line`.
    pub end_line: u32,
    /// The quoted source text.
    pub snippet: String,
    /// [`Evidence::ORIGIN_STATIC`] or [`Evidence::ORIGIN_EXTERNAL`].
    pub origin: String,
}

impl Evidence {
    /// Found by skillscan's own static analysis.
    pub const ORIGIN_STATIC: &'static str = "static";
    /// Supplied by an external producer (e.g. an LLM normalizer).
    pub const ORIGIN_EXTERNAL: &'static str = "external";
    /// Both accepted `origin` values.
    pub const ORIGINS: &'static [&'static str] = &[Self::ORIGIN_STATIC, Self::ORIGIN_EXTERNAL];
}
