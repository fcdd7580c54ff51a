//! Strict SSL validator (`docs/ssl.md`, "The validator").
//!
//! Works on an untyped [`serde_json::Value`] so that it can report type
//! errors with JSON paths (`$.scenes[2].next_scene_rules[0].target`).
//! It enforces the paper's six hard constraints with the strict semantics of
//! `docs/ssl.md`, which the released `validate_ssl_record.py` does not:
//!
//! * shape: exactly the three top-level keys, every required field present
//!   with the right JSON type, closed-vocabulary enums, the optional
//!   `evidence` extension well-formed;
//! * identifiers: non-empty, not a reserved terminal, unique across scenes
//!   **and** steps;
//! * entry pointers and containment: `entry_scene_id` names a scene,
//!   `subscenes` lists exactly the scenes, each scene's entry step is one of
//!   its own steps, every step is contained in exactly one scene, and no
//!   scene is contained as a step;
//! * transitions: scene rules go to a scene or `END_*` (a step id is a
//!   compatibility warning); step rules stay inside their scene or `YIELD_*`;
//! * data flow (warnings): scene outputs bound by a step of that scene
//!   (check 6), `$vars` in `input_args` bound somewhere.
//!
//! The result is deterministic: violations come in a fixed phase order
//! (shape, ids, skill pointers, containment, transitions, data flow) and in
//! document order within each phase.

use std::collections::{HashMap, HashSet};
use std::fmt;

use serde::Serialize;
use serde_json::{Map, Value};

use super::model::{Evidence, SslRecord};
use super::vocab::{ActType, ResourceScope, SCENE_TERMINALS, STEP_TERMINALS, SceneType};

/// How serious a violation is. Only [`Level::Error`] rejects a record.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    Error,
    Warning,
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Level::Error => "error",
            Level::Warning => "warning",
        })
    }
}

/// One finding: its level, the JSON path it concerns, and a message that
/// says what is wrong and what value was found.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub struct Violation {
    pub level: Level,
    /// JSONPath-like location, e.g. `$.scenes[2].next_scene_rules[0].target`.
    pub path: String,
    pub message: String,
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}: {}", self.level, self.path, self.message)
    }
}

/// Validates one SSL record. Violations are returned in a deterministic order.
pub fn validate(record: &Value) -> Vec<Violation> {
    validate_with(record, false)
}

/// Validates against the record schema itself (docs/ssl.md): the three
/// cases [`validate`] accepts for compatibility with released annotations
/// (an unknown top-level key, a scene without `scene_name`, a scene rule
/// that targets a logic step) are errors. What `skillscan ssl validate`
/// applies unless `--compat` is given.
pub fn validate_strict(record: &Value) -> Vec<Violation> {
    validate_with(record, true)
}

fn validate_with(record: &Value, strict: bool) -> Vec<Violation> {
    let mut ctx = Ctx {
        out: Vec::new(),
        strict,
    };
    let Some(top) = expect_object(&mut ctx, record, "$") else {
        return ctx.out;
    };
    for key in ["skill", "scenes", "logic_steps"] {
        if !top.contains_key(key) {
            ctx.error(
                format!("$.{key}"),
                format!("missing required top-level key `{key}`"),
            );
        }
    }
    for key in top.keys() {
        if !matches!(key.as_str(), "skill" | "scenes" | "logic_steps") {
            ctx.compat(
                format!("$.{key}"),
                format!(
                    "unexpected top-level key `{key}`: an SSL record has exactly `skill`, `scenes` and `logic_steps`"
                ),
            );
        }
    }

    let skill = top.get("skill").and_then(|v| check_skill(&mut ctx, v));
    let scenes = top
        .get("scenes")
        .map(|v| check_list(&mut ctx, v, "$.scenes", check_scene))
        .unwrap_or_default();
    let steps = top
        .get("logic_steps")
        .map(|v| check_list(&mut ctx, v, "$.logic_steps", check_step))
        .unwrap_or_default();

    let ids = check_ids(&mut ctx, &scenes, &steps);
    if let Some(skill) = &skill {
        check_skill_pointers(&mut ctx, skill, &scenes, &ids);
    }
    let containers = check_containment(&mut ctx, &scenes, &steps, &ids);
    check_scene_transitions(&mut ctx, &scenes, &ids);
    check_step_transitions(&mut ctx, &scenes, &steps, &ids, &containers);
    check_scene_outputs(&mut ctx, &scenes, &steps, &ids);
    check_data_flow(&mut ctx, skill.as_ref(), &scenes, &steps);
    ctx.out
}

/// True when `violations` holds no [`Level::Error`].
pub fn is_valid(violations: &[Violation]) -> bool {
    violations.iter().all(|v| v.level != Level::Error)
}

/// Validates a typed record (e.g. one skillscan built) by serializing it first.
pub fn validate_record(record: &SslRecord) -> Vec<Violation> {
    match serde_json::to_value(record) {
        Ok(value) => validate(&value),
        Err(e) => vec![Violation {
            level: Level::Error,
            path: "$".to_owned(),
            message: format!("record does not serialize to JSON: {e}"),
        }],
    }
}

// ---------------------------------------------------------------------------
// Collector and generic shape helpers
// ---------------------------------------------------------------------------

#[derive(Default)]
struct Ctx {
    out: Vec<Violation>,
    /// Schema breaks kept as warnings for released annotations are errors.
    strict: bool,
}

impl Ctx {
    fn push(&mut self, level: Level, path: impl Into<String>, message: impl Into<String>) {
        self.out.push(Violation {
            level,
            path: path.into(),
            message: message.into(),
        });
    }
    fn error(&mut self, path: impl Into<String>, message: impl Into<String>) {
        self.push(Level::Error, path, message);
    }
    fn warn(&mut self, path: impl Into<String>, message: impl Into<String>) {
        self.push(Level::Warning, path, message);
    }
    /// A break of the record schema that released annotations commit: an
    /// error when strict, else a warning that says so.
    fn compat(&mut self, path: impl Into<String>, message: impl Into<String>) {
        if self.strict {
            self.push(
                Level::Error,
                path,
                message.into()
                    + " (`--compat` accepts it as a warning, as released annotations need)",
            );
        } else {
            self.push(
                Level::Warning,
                path,
                message.into() + " (accepted for compatibility with released annotations)",
            );
        }
    }
}

/// A short description of a JSON value for messages: `number 42`, `null`, ...
fn describe(v: &Value) -> String {
    match v {
        Value::Null => "null".to_owned(),
        Value::Bool(b) => format!("boolean {b}"),
        Value::Number(n) => format!("number {n}"),
        Value::String(s) => format!("string {}", quote(s)),
        Value::Array(a) => format!("array of {} element(s)", a.len()),
        Value::Object(o) => format!("object with {} key(s)", o.len()),
    }
}

/// Debug-quotes a string, shortened to keep messages readable.
fn quote(s: &str) -> String {
    const MAX: usize = 60;
    if s.chars().count() <= MAX {
        format!("{s:?}")
    } else {
        let head: String = s.chars().take(MAX).collect();
        format!("{head:?}…")
    }
}

fn child(path: &str, key: &str) -> String {
    format!("{path}.{key}")
}

fn index(path: &str, i: usize) -> String {
    format!("{path}[{i}]")
}

fn expect_object<'a>(ctx: &mut Ctx, v: &'a Value, path: &str) -> Option<&'a Map<String, Value>> {
    let found = v.as_object();
    if found.is_none() {
        ctx.error(path, format!("expected an object, found {}", describe(v)));
    }
    found
}

fn expect_str<'a>(ctx: &mut Ctx, v: &'a Value, path: &str) -> Option<&'a str> {
    let found = v.as_str();
    if found.is_none() {
        ctx.error(path, format!("expected a string, found {}", describe(v)));
    }
    found
}

fn expect_bool(ctx: &mut Ctx, v: &Value, path: &str) -> Option<bool> {
    let found = v.as_bool();
    if found.is_none() {
        ctx.error(path, format!("expected a boolean, found {}", describe(v)));
    }
    found
}

fn expect_array<'a>(ctx: &mut Ctx, v: &'a Value, path: &str) -> Option<&'a [Value]> {
    let found = v.as_array().map(Vec::as_slice);
    if found.is_none() {
        ctx.error(path, format!("expected an array, found {}", describe(v)));
    }
    found
}

/// An array of strings. Returns the well-typed elements with their indices
/// (ill-typed ones are reported), or `None` if `v` is not an array.
fn expect_str_array<'a>(ctx: &mut Ctx, v: &'a Value, path: &str) -> Option<Vec<Item<'a>>> {
    let items = expect_array(ctx, v, path)?;
    Some(
        items
            .iter()
            .enumerate()
            .filter_map(|(i, item)| expect_str(ctx, item, &index(path, i)).map(|s| Item { i, s }))
            .collect(),
    )
}

/// A string that must be a valid identifier: reports empty ids and ids that
/// collide with a reserved terminal.
fn expect_id<'a>(ctx: &mut Ctx, v: &'a Value, path: &str) -> Option<&'a str> {
    let id = expect_str(ctx, v, path)?;
    if id.trim().is_empty() {
        ctx.error(
            path,
            format!("identifier must be non-empty, found {}", quote(id)),
        );
        return None;
    }
    if SCENE_TERMINALS.contains(&id) || STEP_TERMINALS.contains(&id) {
        ctx.error(
            path,
            format!("identifier {} is a reserved transition terminal", quote(id)),
        );
        return None;
    }
    Some(id)
}

/// A string from a closed vocabulary.
fn expect_enum(ctx: &mut Ctx, v: &Value, path: &str, field: &str, allowed: &[&str]) {
    if let Some(s) = expect_str(ctx, v, path)
        && !allowed.contains(&s)
    {
        ctx.error(
            path,
            format!(
                "invalid {field} {}: expected one of {}",
                quote(s),
                allowed.join(", ")
            ),
        );
    }
}

/// Looks up a required field, reporting its absence at `level`.
fn required<'a>(
    ctx: &mut Ctx,
    obj: &'a Map<String, Value>,
    path: &str,
    key: &str,
    level: Level,
) -> Option<&'a Value> {
    let v = obj.get(key);
    if v.is_none() {
        ctx.push(
            level,
            child(path, key),
            format!("missing required field `{key}`"),
        );
    }
    v
}

/// Warns about keys outside the schema (typos such as `scene_nmae`).
fn check_known_keys(ctx: &mut Ctx, obj: &Map<String, Value>, path: &str, known: &[&str]) {
    for key in obj.keys() {
        if !known.contains(&key.as_str()) {
            ctx.warn(
                child(path, key),
                format!("unknown field `{key}`: expected only {}", known.join(", ")),
            );
        }
    }
}

/// An object with exactly the given string fields, e.g. `{"name", "type"}`.
fn check_string_pair<'a>(
    ctx: &mut Ctx,
    v: &'a Value,
    path: &str,
    keys: [&str; 2],
) -> Option<[Option<&'a str>; 2]> {
    let obj = expect_object(ctx, v, path)?;
    check_known_keys(ctx, obj, path, &keys);
    Some(keys.map(|k| {
        required(ctx, obj, path, k, Level::Error).and_then(|v| expect_str(ctx, v, &child(path, k)))
    }))
}

/// An array of objects with exactly the given string fields.
fn check_pair_array<'a>(ctx: &mut Ctx, v: &'a Value, path: &str, keys: [&str; 2]) -> Vec<Pair<'a>> {
    let Some(items) = expect_array(ctx, v, path) else {
        return Vec::new();
    };
    let mut pairs = Vec::new();
    for (i, item) in items.iter().enumerate() {
        if let Some([a, b]) = check_string_pair(ctx, item, &index(path, i), keys) {
            pairs.push(Pair { i, a, b });
        }
    }
    pairs
}

/// A top-level array of scenes or steps: must be a non-empty array of objects.
fn check_list<'a, T>(
    ctx: &mut Ctx,
    v: &'a Value,
    path: &str,
    check: fn(&mut Ctx, &'a Map<String, Value>, usize, &str) -> T,
) -> Vec<T> {
    let Some(items) = expect_array(ctx, v, path) else {
        return Vec::new();
    };
    if items.is_empty() {
        ctx.error(path, "must be a non-empty array, found an empty array");
    }
    items
        .iter()
        .enumerate()
        .filter_map(|(i, item)| {
            let p = index(path, i);
            expect_object(ctx, item, &p).map(|obj| check(ctx, obj, i, &p))
        })
        .collect()
}

// ---------------------------------------------------------------------------
// Shape views: what the cross-reference phases need from each object
// ---------------------------------------------------------------------------

/// A well-typed string element of an array, with its index.
#[derive(Clone, Copy)]
struct Item<'a> {
    i: usize,
    s: &'a str,
}

/// A `{name,type}` / `{type,value}` / `{condition,target}` element.
struct Pair<'a> {
    i: usize,
    a: Option<&'a str>,
    b: Option<&'a str>,
}

struct SkillView<'a> {
    entry_scene_id: Option<&'a str>,
    subscenes: Option<Vec<Item<'a>>>,
    input_names: Vec<&'a str>,
}

struct SceneView<'a> {
    idx: usize,
    id: Option<&'a str>,
    input: Vec<Item<'a>>,
    output: Vec<Item<'a>>,
    entry_step: Option<&'a str>,
    contained: Option<Vec<Item<'a>>>,
    targets: Vec<Item<'a>>,
}

struct StepView<'a> {
    idx: usize,
    id: Option<&'a str>,
    input_args: Vec<Item<'a>>,
    output_binding: Option<&'a str>,
    targets: Vec<Item<'a>>,
}

const SKILL_FIELDS: &[&str] = &[
    "skill_id",
    "skill_name",
    "skill_goal",
    "top_pattern",
    "expected_inputs",
    "expected_outputs",
    "dependencies",
    "tags",
    "intent_signature",
    "control_flow_features",
    "entry_scene_id",
    "subscenes",
];
const CONTROL_FLOW_FIELDS: &[&str] = &[
    "has_branch",
    "has_loop",
    "has_tool_call",
    "touches_sensitive_resources",
];
const SCENE_FIELDS: &[&str] = &[
    "scene_id",
    "scene_name",
    "scene_type",
    "scene_goal",
    "input",
    "output",
    "entry_conditions",
    "exit_conditions",
    "entry_logic_step_id",
    "contained_logic_steps",
    "next_scene_rules",
];
const STEP_FIELDS: &[&str] = &[
    "logic_step_id",
    "act_type",
    "input_args",
    "output_binding",
    "actor",
    "object",
    "instrument",
    "preconditions",
    "effects",
    "resource_scope",
    "resource_target",
    "next_step_rules",
    "evidence",
];
const EVIDENCE_FIELDS: &[&str] = &["path", "start_line", "end_line", "snippet", "origin"];

/// Reports missing/ill-typed string fields and returns the string.
fn str_field<'a>(
    ctx: &mut Ctx,
    obj: &'a Map<String, Value>,
    path: &str,
    key: &str,
) -> Option<&'a str> {
    required(ctx, obj, path, key, Level::Error).and_then(|v| expect_str(ctx, v, &child(path, key)))
}

fn id_field<'a>(
    ctx: &mut Ctx,
    obj: &'a Map<String, Value>,
    path: &str,
    key: &str,
) -> Option<&'a str> {
    required(ctx, obj, path, key, Level::Error).and_then(|v| expect_id(ctx, v, &child(path, key)))
}

fn str_array_field<'a>(
    ctx: &mut Ctx,
    obj: &'a Map<String, Value>,
    path: &str,
    key: &str,
) -> Option<Vec<Item<'a>>> {
    required(ctx, obj, path, key, Level::Error)
        .and_then(|v| expect_str_array(ctx, v, &child(path, key)))
}

fn enum_field(ctx: &mut Ctx, obj: &Map<String, Value>, path: &str, key: &str, allowed: &[&str]) {
    if let Some(v) = required(ctx, obj, path, key, Level::Error) {
        expect_enum(ctx, v, &child(path, key), key, allowed);
    }
}

/// Transition rules: `[{condition, target}]`; returns the well-typed targets.
fn transitions_field<'a>(
    ctx: &mut Ctx,
    obj: &'a Map<String, Value>,
    path: &str,
    key: &str,
) -> Vec<Item<'a>> {
    let Some(v) = required(ctx, obj, path, key, Level::Error) else {
        return Vec::new();
    };
    check_pair_array(ctx, v, &child(path, key), ["condition", "target"])
        .into_iter()
        .filter_map(|p| p.b.map(|s| Item { i: p.i, s }))
        .collect()
}

fn check_skill<'a>(ctx: &mut Ctx, v: &'a Value) -> Option<SkillView<'a>> {
    let path = "$.skill";
    let obj = expect_object(ctx, v, path)?;
    check_known_keys(ctx, obj, path, SKILL_FIELDS);

    id_field(ctx, obj, path, "skill_id");
    for key in ["skill_name", "skill_goal", "top_pattern"] {
        str_field(ctx, obj, path, key);
    }
    let mut input_names = Vec::new();
    for key in ["expected_inputs", "expected_outputs"] {
        if let Some(v) = required(ctx, obj, path, key, Level::Error) {
            let pairs = check_pair_array(ctx, v, &child(path, key), ["name", "type"]);
            if key == "expected_inputs" {
                input_names = pairs.iter().filter_map(|p| p.a).collect();
            }
        }
    }
    if let Some(v) = required(ctx, obj, path, "dependencies", Level::Error) {
        check_pair_array(ctx, v, &child(path, "dependencies"), ["type", "value"]);
    }
    for key in ["tags", "intent_signature"] {
        str_array_field(ctx, obj, path, key);
    }
    if let Some(v) = required(ctx, obj, path, "control_flow_features", Level::Error) {
        let cpath = child(path, "control_flow_features");
        if let Some(cff) = expect_object(ctx, v, &cpath) {
            check_known_keys(ctx, cff, &cpath, CONTROL_FLOW_FIELDS);
            for key in CONTROL_FLOW_FIELDS {
                if let Some(flag) = required(ctx, cff, &cpath, key, Level::Error) {
                    expect_bool(ctx, flag, &child(&cpath, key));
                }
            }
        }
    }
    let entry_scene_id = str_field(ctx, obj, path, "entry_scene_id");
    let subscenes = str_array_field(ctx, obj, path, "subscenes");
    Some(SkillView {
        entry_scene_id,
        subscenes,
        input_names,
    })
}

fn check_scene<'a>(
    ctx: &mut Ctx,
    obj: &'a Map<String, Value>,
    idx: usize,
    path: &str,
) -> SceneView<'a> {
    check_known_keys(ctx, obj, path, SCENE_FIELDS);
    let id = id_field(ctx, obj, path, "scene_id");
    // A principal field, but the paper's own example omits it (§3.3).
    match obj.get("scene_name") {
        Some(v) => {
            expect_str(ctx, v, &child(path, "scene_name"));
        }
        None => ctx.compat(
            child(path, "scene_name"),
            "missing principal field `scene_name` (the paper's own example omits it)",
        ),
    }
    let scene_types: Vec<&str> = SceneType::ALL.iter().map(|t| t.as_str()).collect();
    enum_field(ctx, obj, path, "scene_type", &scene_types);
    str_field(ctx, obj, path, "scene_goal");
    let input = str_array_field(ctx, obj, path, "input").unwrap_or_default();
    let output = str_array_field(ctx, obj, path, "output").unwrap_or_default();
    str_array_field(ctx, obj, path, "entry_conditions");
    str_array_field(ctx, obj, path, "exit_conditions");
    let entry_step = str_field(ctx, obj, path, "entry_logic_step_id");
    let contained = str_array_field(ctx, obj, path, "contained_logic_steps");
    let targets = transitions_field(ctx, obj, path, "next_scene_rules");
    SceneView {
        idx,
        id,
        input,
        output,
        entry_step,
        contained,
        targets,
    }
}

fn check_step<'a>(
    ctx: &mut Ctx,
    obj: &'a Map<String, Value>,
    idx: usize,
    path: &str,
) -> StepView<'a> {
    check_known_keys(ctx, obj, path, STEP_FIELDS);
    let id = id_field(ctx, obj, path, "logic_step_id");
    let act_types: Vec<&str> = ActType::ALL.iter().map(|t| t.as_str()).collect();
    enum_field(ctx, obj, path, "act_type", &act_types);
    let input_args = str_array_field(ctx, obj, path, "input_args").unwrap_or_default();
    let output_binding = str_field(ctx, obj, path, "output_binding");
    str_field(ctx, obj, path, "actor");
    str_field(ctx, obj, path, "object");
    if let Some(v) = required(ctx, obj, path, "instrument", Level::Error)
        && !v.is_null()
        && !v.is_string()
    {
        ctx.error(
            child(path, "instrument"),
            format!("expected a string or null, found {}", describe(v)),
        );
    }
    str_array_field(ctx, obj, path, "preconditions");
    str_array_field(ctx, obj, path, "effects");
    let scopes: Vec<&str> = ResourceScope::ALL.iter().map(|t| t.as_str()).collect();
    enum_field(ctx, obj, path, "resource_scope", &scopes);
    str_field(ctx, obj, path, "resource_target");
    let targets = transitions_field(ctx, obj, path, "next_step_rules");
    if let Some(ev) = obj.get("evidence") {
        check_evidence(ctx, ev, &child(path, "evidence"));
    }
    StepView {
        idx,
        id,
        input_args,
        output_binding,
        targets,
    }
}

/// skillscan's `evidence` extension: optional, but well-formed when present.
fn check_evidence(ctx: &mut Ctx, v: &Value, path: &str) {
    let Some(obj) = expect_object(ctx, v, path) else {
        return;
    };
    check_known_keys(ctx, obj, path, EVIDENCE_FIELDS);
    str_field(ctx, obj, path, "path");
    let mut lines = [None, None];
    for (slot, key) in lines.iter_mut().zip(["start_line", "end_line"]) {
        let Some(line) = required(ctx, obj, path, key, Level::Error) else {
            continue;
        };
        match line.as_u64() {
            Some(n) if (1..=u64::from(u32::MAX)).contains(&n) => *slot = Some(n),
            _ => ctx.error(
                child(path, key),
                format!(
                    "expected an integer line number >= 1, found {}",
                    describe(line)
                ),
            ),
        }
    }
    if let [Some(start), Some(end)] = lines
        && end < start
    {
        ctx.error(
            child(path, "end_line"),
            format!("end_line {end} is before start_line {start}"),
        );
    }
    str_field(ctx, obj, path, "snippet");
    if let Some(origin) = str_field(ctx, obj, path, "origin")
        && !Evidence::ORIGINS.contains(&origin)
    {
        ctx.error(
            child(path, "origin"),
            format!(
                "invalid evidence origin {}: expected one of {}",
                quote(origin),
                Evidence::ORIGINS.join(", ")
            ),
        );
    }
}

// ---------------------------------------------------------------------------
// Cross-reference phases
// ---------------------------------------------------------------------------

/// The id namespaces. Lookups only (never iterated), so order stays fixed.
struct Ids<'a> {
    /// scene id -> index of its first scene.
    scenes: HashMap<&'a str, usize>,
    /// step id -> index of its first step.
    steps: HashMap<&'a str, usize>,
}

fn scene_id_path(i: usize) -> String {
    format!("$.scenes[{i}].scene_id")
}

fn step_id_path(i: usize) -> String {
    format!("$.logic_steps[{i}].logic_step_id")
}

/// Hard constraint 1: ids are unique across scenes AND steps.
fn check_ids<'a>(ctx: &mut Ctx, scenes: &[SceneView<'a>], steps: &[StepView<'a>]) -> Ids<'a> {
    let mut ids = Ids {
        scenes: HashMap::new(),
        steps: HashMap::new(),
    };
    // id -> path of its first use, across both kinds.
    let mut seen: HashMap<&str, String> = HashMap::new();
    for scene in scenes {
        let Some(id) = scene.id else { continue };
        let path = scene_id_path(scene.idx);
        if let Some(first) = seen.get(id) {
            ctx.error(
                &path,
                format!("duplicate scene id {}: already used at {first}", quote(id)),
            );
        } else {
            seen.insert(id, path);
        }
        ids.scenes.entry(id).or_insert(scene.idx);
    }
    for step in steps {
        let Some(id) = step.id else { continue };
        let path = step_id_path(step.idx);
        match (ids.scenes.get(id), seen.get(id)) {
            (Some(&s), _) => ctx.error(
                &path,
                format!(
                    "logic step id {} equals the id of scene $.scenes[{s}]: ids must be unique across scenes and logic steps",
                    quote(id)
                ),
            ),
            (None, Some(first)) => {
                ctx.error(&path, format!("duplicate logic step id {}: already used at {first}", quote(id)))
            }
            (None, None) => {
                seen.insert(id, path);
            }
        }
        ids.steps.entry(id).or_insert(step.idx);
    }
    ids
}

/// Entry pointer and `subscenes`: they name scenes, and list every scene.
fn check_skill_pointers(
    ctx: &mut Ctx,
    skill: &SkillView<'_>,
    scenes: &[SceneView<'_>],
    ids: &Ids<'_>,
) {
    if let Some(entry) = skill.entry_scene_id
        && !ids.scenes.contains_key(entry)
    {
        ctx.error("$.skill.entry_scene_id", not_a_scene(entry, ids));
    }
    let Some(subscenes) = &skill.subscenes else {
        return;
    };
    let mut listed = HashSet::new();
    for item in subscenes {
        let path = index("$.skill.subscenes", item.i);
        if !ids.scenes.contains_key(item.s) {
            ctx.error(path, not_a_scene(item.s, ids));
        } else if !listed.insert(item.s) {
            ctx.warn(
                path,
                format!("scene {} is listed more than once", quote(item.s)),
            );
        }
    }
    for scene in scenes {
        if let Some(id) = scene.id
            && !listed.contains(id)
        {
            ctx.error(
                "$.skill.subscenes",
                format!(
                    "scene {} ($.scenes[{}]) is not listed in subscenes",
                    quote(id),
                    scene.idx
                ),
            );
        }
    }
}

fn not_a_scene(id: &str, ids: &Ids<'_>) -> String {
    match ids.steps.get(id) {
        Some(&j) => format!(
            "{} names logic step $.logic_steps[{j}], not a scene",
            quote(id)
        ),
        None => format!("{} names no scene", quote(id)),
    }
}

/// Hard constraints 4 and 5 for the scene layer. Returns, for each step id,
/// the indices of the scenes that contain it (in scene order).
fn check_containment<'a>(
    ctx: &mut Ctx,
    scenes: &[SceneView<'a>],
    steps: &[StepView<'a>],
    ids: &Ids<'a>,
) -> HashMap<&'a str, Vec<usize>> {
    let mut containers: HashMap<&str, Vec<usize>> = HashMap::new();
    // step id -> path of the containment entry that claimed it first.
    let mut claimed: HashMap<&str, String> = HashMap::new();
    // Per scene (parallel to `scenes`): the step ids it lists.
    let mut owns: Vec<HashSet<&str>> = Vec::with_capacity(scenes.len());
    for scene in scenes {
        let list_path = format!("$.scenes[{}].contained_logic_steps", scene.idx);
        let contained = scene.contained.as_deref().unwrap_or_default();
        let mut own = HashSet::new();
        for item in contained {
            let path = index(&list_path, item.i);
            if !ids.steps.contains_key(item.s) {
                let msg = match ids.scenes.get(item.s) {
                    Some(&s) => format!(
                        "{} names scene $.scenes[{s}], not a logic step: a scene cannot be contained as a step",
                        quote(item.s)
                    ),
                    None => format!("{} names no logic step", quote(item.s)),
                };
                ctx.error(path, msg);
                continue;
            }
            if !own.insert(item.s) {
                ctx.warn(
                    path,
                    format!(
                        "logic step {} is listed more than once in this scene",
                        quote(item.s)
                    ),
                );
                continue;
            }
            match claimed.get(item.s) {
                Some(first) => ctx.error(
                    &path,
                    format!(
                        "logic step {} is already contained at {first}: a step must belong to exactly one scene",
                        quote(item.s)
                    ),
                ),
                None => {
                    claimed.insert(item.s, path);
                }
            }
            containers.entry(item.s).or_default().push(scene.idx);
        }

        owns.push(own);
    }
    // Entry pointers, once every containment is known.
    for (scene, own) in scenes.iter().zip(&owns) {
        if let (Some(entry), Some(_)) = (scene.entry_step, &scene.contained)
            && !own.contains(entry)
        {
            let path = format!("$.scenes[{}].entry_logic_step_id", scene.idx);
            let msg = match (ids.steps.contains_key(entry), containers.get(entry)) {
                (false, _) => match ids.scenes.get(entry) {
                    Some(&s) => format!(
                        "{} names scene $.scenes[{s}], not a logic step",
                        quote(entry)
                    ),
                    None => format!("{} names no logic step", quote(entry)),
                },
                (true, Some(others)) => format!(
                    "{} is not in this scene's contained_logic_steps (it is contained by $.scenes[{}])",
                    quote(entry),
                    others[0]
                ),
                (true, None) => format!(
                    "{} is not in this scene's contained_logic_steps",
                    quote(entry)
                ),
            };
            ctx.error(path, msg);
        }
    }
    for step in steps {
        if let Some(id) = step.id
            && ids.steps.get(id) == Some(&step.idx)
            && !containers.contains_key(id)
        {
            ctx.error(
                format!("$.logic_steps[{}]", step.idx),
                format!("orphan logic step {}: no scene contains it", quote(id)),
            );
        }
    }
    containers
}

/// Hard constraint 3, scene graph: scene ids or `END_*`.
fn check_scene_transitions(ctx: &mut Ctx, scenes: &[SceneView<'_>], ids: &Ids<'_>) {
    for scene in scenes {
        for t in &scene.targets {
            let path = format!("$.scenes[{}].next_scene_rules[{}].target", scene.idx, t.i);
            if ids.scenes.contains_key(t.s) || SCENE_TERMINALS.contains(&t.s) {
                continue;
            }
            if let Some(&j) = ids.steps.get(t.s) {
                ctx.compat(
                    path,
                    format!(
                        "target {} is logic step $.logic_steps[{j}], not a scene: next_scene_rules may only target a scene, END_SUCCESS or END_FAIL",
                        quote(t.s)
                    ),
                );
            } else if STEP_TERMINALS.contains(&t.s) {
                ctx.error(
                    path,
                    format!(
                        "target {} is a step-graph terminal: next_scene_rules may only target a scene, END_SUCCESS or END_FAIL",
                        quote(t.s)
                    ),
                );
            } else {
                ctx.error(
                    path,
                    format!(
                        "unknown target {}: expected a scene id, END_SUCCESS or END_FAIL",
                        quote(t.s)
                    ),
                );
            }
        }
    }
}

/// Hard constraint 3, step graph: a step of the same scene or `YIELD_*`.
fn check_step_transitions(
    ctx: &mut Ctx,
    scenes: &[SceneView<'_>],
    steps: &[StepView<'_>],
    ids: &Ids<'_>,
    containers: &HashMap<&str, Vec<usize>>,
) {
    let scene_name = |i: usize| {
        scenes
            .iter()
            .find(|s| s.idx == i)
            .and_then(|s| s.id)
            .map(quote)
            .unwrap_or_else(|| format!("$.scenes[{i}]"))
    };
    for step in steps {
        let own = step.id.and_then(|id| containers.get(id));
        for t in &step.targets {
            let path = format!(
                "$.logic_steps[{}].next_step_rules[{}].target",
                step.idx, t.i
            );
            if STEP_TERMINALS.contains(&t.s) {
                continue;
            }
            if ids.steps.contains_key(t.s) {
                // Orphan source or target: already an error; no scope to compare.
                let (Some(own), Some(theirs)) = (own, containers.get(t.s)) else {
                    continue;
                };
                if !own.iter().any(|s| theirs.contains(s)) {
                    ctx.error(
                        path,
                        format!(
                            "target {} is a logic step of scene {}, but this step belongs to scene {}: a step may only move within its scene or yield",
                            quote(t.s),
                            scene_name(theirs[0]),
                            scene_name(own[0])
                        ),
                    );
                }
            } else if SCENE_TERMINALS.contains(&t.s) {
                ctx.error(
                    path,
                    format!(
                        "target {} is a scene-graph terminal: next_step_rules may only target a step of the same scene, YIELD_SUCCESS or YIELD_FAIL",
                        quote(t.s)
                    ),
                );
            } else if let Some(&s) = ids.scenes.get(t.s) {
                ctx.error(
                    path,
                    format!(
                        "target {} is scene $.scenes[{s}]: a step may only move within its scene or yield",
                        quote(t.s)
                    ),
                );
            } else {
                ctx.error(
                    path,
                    format!(
                        "unknown target {}: expected a logic step of the same scene, YIELD_SUCCESS or YIELD_FAIL",
                        quote(t.s)
                    ),
                );
            }
        }
    }
}

/// The `$name` a binding refers to: `"$x.field"` -> `"$x"`. Non-`$` text is
/// compared verbatim (trimmed).
fn var_key(s: &str) -> &str {
    let s = s.trim();
    match s.strip_prefix('$') {
        Some(rest) => {
            let len = rest
                .find(|c: char| !(c.is_alphanumeric() || c == '_'))
                .unwrap_or(rest.len());
            if len == 0 { s } else { &s[..=len] }
        }
        None => s,
    }
}

/// Check 6 (soft, §3.1): each scene output is some contained step's binding.
fn check_scene_outputs(
    ctx: &mut Ctx,
    scenes: &[SceneView<'_>],
    steps: &[StepView<'_>],
    ids: &Ids<'_>,
) {
    for scene in scenes {
        let bound: HashSet<&str> = scene
            .contained
            .as_deref()
            .unwrap_or_default()
            .iter()
            .filter_map(|item| ids.steps.get(item.s))
            .filter_map(|&j| steps.iter().find(|s| s.idx == j))
            .filter_map(|s| s.output_binding.map(var_key))
            .collect();
        for out in &scene.output {
            if !bound.contains(var_key(out.s)) {
                ctx.warn(
                    format!("$.scenes[{}].output[{}]", scene.idx, out.i),
                    format!(
                        "scene output {} is not the output_binding of any logic step in this scene (check 6)",
                        quote(out.s)
                    ),
                );
            }
        }
    }
}

/// Data-flow consistency (soft): every `$var` in `input_args` is bound by a
/// step's `output_binding`, a scene `input` or a declared skill input.
fn check_data_flow(
    ctx: &mut Ctx,
    skill: Option<&SkillView<'_>>,
    scenes: &[SceneView<'_>],
    steps: &[StepView<'_>],
) {
    let declared: Vec<String> = skill
        .map(|s| {
            s.input_names
                .iter()
                .map(|n| format!("${}", n.trim_start_matches('$')))
                .collect()
        })
        .unwrap_or_default();
    let mut bound: HashSet<&str> = declared.iter().map(|s| var_key(s)).collect();
    bound.extend(steps.iter().filter_map(|s| s.output_binding.map(var_key)));
    bound.extend(
        scenes
            .iter()
            .flat_map(|s| s.input.iter().map(|item| var_key(item.s))),
    );
    for step in steps {
        for arg in &step.input_args {
            if arg.s.trim_start().starts_with('$') && !bound.contains(var_key(arg.s)) {
                ctx.warn(
                    format!("$.logic_steps[{}].input_args[{}]", step.idx, arg.i),
                    format!(
                        "{} is not bound by any logic step output_binding, scene input or skill expected_input",
                        quote(arg.s)
                    ),
                );
            }
        }
    }
}
