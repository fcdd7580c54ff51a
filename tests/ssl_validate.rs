//! Strict SSL validator: the paper's Appendix B record and every strict case
//! of `docs/ssl.md` ("The validator"), each mutated from that record in code.

use serde_json::{Value, json};
use skillscan::ssl::model::{Evidence, SslRecord};
use skillscan::ssl::validate::{
    Level, Violation, is_valid, validate, validate_record, validate_strict,
};

const REFINER: &str = include_str!("data/ssl/writing_refiner.json");

fn refiner() -> Value {
    serde_json::from_str(REFINER).expect("refiner JSON parses")
}

/// The violations of `record` that the unmodified refiner does not have.
fn new_violations(record: &Value) -> Vec<Violation> {
    let baseline = validate(&refiner());
    validate(record)
        .into_iter()
        .filter(|v| !baseline.contains(v))
        .collect()
}

/// Asserts that `record` adds exactly these (level, path) violations to the
/// refiner's baseline, in this order.
#[track_caller]
fn assert_exactly(record: &Value, expected: &[(Level, &str)]) {
    let got = new_violations(record);
    let got_pairs: Vec<(Level, &str)> = got.iter().map(|v| (v.level, v.path.as_str())).collect();
    assert_eq!(got_pairs, expected, "violations: {got:#?}");
}

/// Asserts that `record` reports `(level, path)` among its violations.
#[track_caller]
fn assert_has(record: &Value, level: Level, path: &str) -> Violation {
    let all = validate(record);
    all.iter()
        .find(|v| v.level == level && v.path == path)
        .cloned()
        .unwrap_or_else(|| panic!("no {level} at {path}; got {all:#?}"))
}

/// `record[pointer] = value` (JSON pointer syntax).
fn set(record: &mut Value, pointer: &str, value: Value) {
    *record
        .pointer_mut(pointer)
        .unwrap_or_else(|| panic!("no {pointer}")) = value;
}

fn remove(record: &mut Value, pointer: &str) {
    let (parent, key) = pointer.rsplit_once('/').unwrap();
    let parent = record.pointer_mut(parent).unwrap();
    match parent {
        Value::Object(o) => {
            o.remove(key).unwrap_or_else(|| panic!("no {pointer}"));
        }
        Value::Array(a) => {
            a.remove(key.parse::<usize>().unwrap());
        }
        _ => panic!("{pointer}: parent is not a container"),
    }
}

fn push(record: &mut Value, pointer: &str, value: Value) {
    record
        .pointer_mut(pointer)
        .unwrap()
        .as_array_mut()
        .unwrap()
        .push(value);
}

/// Replaces every string equal to `from` anywhere in `v` (a consistent rename).
fn rename(v: &mut Value, from: &str, to: &str) {
    match v {
        Value::String(s) if s == from => *s = to.to_owned(),
        Value::Array(a) => a.iter_mut().for_each(|x| rename(x, from, to)),
        Value::Object(o) => o.values_mut().for_each(|x| rename(x, from, to)),
        _ => {}
    }
}

fn step(id: &str) -> Value {
    json!({
        "logic_step_id": id,
        "act_type": "NOTIFY",
        "input_args": [],
        "output_binding": "",
        "actor": "skill",
        "object": "user",
        "instrument": null,
        "preconditions": [],
        "effects": [],
        "resource_scope": "MEMORY",
        "resource_target": "working_memory",
        "next_step_rules": [{"condition": "always", "target": "YIELD_SUCCESS"}]
    })
}

// ---------------------------------------------------------------------------
// The paper's own example
// ---------------------------------------------------------------------------

#[test]
fn refiner_is_valid_with_exactly_the_known_warnings() {
    let v = validate(&refiner());
    assert!(is_valid(&v), "{v:#?}");
    let pairs: Vec<(Level, &str)> = v.iter().map(|v| (v.level, v.path.as_str())).collect();
    assert_eq!(
        pairs,
        [
            (Level::Warning, "$.scenes[0].scene_name"),
            (Level::Warning, "$.scenes[1].scene_name"),
            (Level::Warning, "$.scenes[2].scene_name"),
            // Check 6 (§3.1): unbound scene outputs.
            (Level::Warning, "$.scenes[0].output[0]"),
            (Level::Warning, "$.scenes[2].output[1]"),
        ]
    );
    assert!(
        v[3].message.contains("\"$parsed_intent\""),
        "{}",
        v[3].message
    );
    assert!(
        v[4].message.contains("\"$applied_principles\""),
        "{}",
        v[4].message
    );
}

#[test]
fn validation_is_deterministic() {
    let mut r = refiner();
    set(&mut r, "/scenes/1/scene_type", json!("FETCH"));
    set(&mut r, "/logic_steps/2/act_type", json!(7));
    push(&mut r, "/logic_steps", step("L_ORPHAN"));
    let first = validate(&r);
    for _ in 0..5 {
        assert_eq!(validate(&r), first);
    }
}

#[test]
fn scene_names_silence_the_scene_name_warnings() {
    let mut r = refiner();
    for i in 0..3 {
        r["scenes"][i]["scene_name"] = json!("Name");
    }
    let v = validate(&r);
    assert_eq!(v.len(), 2, "{v:#?}");
}

// ---------------------------------------------------------------------------
// §3.3 strict cases
// ---------------------------------------------------------------------------

#[test]
fn case1_step_target_in_another_scene_is_an_error() {
    let mut r = refiner();
    // L_PARSE_CONTEXT (S_PREPARE) jumps straight into S_ACQUIRE's step.
    set(
        &mut r,
        "/logic_steps/1/next_step_rules/0/target",
        json!("L_SELECT_GUIDE"),
    );
    assert_exactly(
        &r,
        &[(Level::Error, "$.logic_steps[1].next_step_rules[0].target")],
    );
    let v = assert_has(
        &r,
        Level::Error,
        "$.logic_steps[1].next_step_rules[0].target",
    );
    assert!(v.message.contains("\"L_SELECT_GUIDE\"") && v.message.contains("\"S_ACQUIRE\""));
}

#[test]
fn case2_orphan_step_is_an_error() {
    let mut r = refiner();
    push(&mut r, "/logic_steps", step("L_ORPHAN"));
    assert_exactly(&r, &[(Level::Error, "$.logic_steps[7]")]);
}

#[test]
fn case3_step_in_two_scenes_is_an_error() {
    let mut r = refiner();
    // S_PREPARE also claims S_ACQUIRE's L_READ_GUIDE; the second claim is reported.
    push(
        &mut r,
        "/scenes/0/contained_logic_steps",
        json!("L_READ_GUIDE"),
    );
    assert_exactly(
        &r,
        &[(Level::Error, "$.scenes[1].contained_logic_steps[1]")],
    );
    let v = assert_has(&r, Level::Error, "$.scenes[1].contained_logic_steps[1]");
    assert!(
        v.message.contains("$.scenes[0].contained_logic_steps[2]"),
        "{}",
        v.message
    );
}

#[test]
fn case4_scene_id_equal_to_step_id_is_an_error() {
    let mut r = refiner();
    rename(&mut r, "S_PREPARE", "L_VALIDATE_INPUT");
    assert_exactly(&r, &[(Level::Error, "$.logic_steps[0].logic_step_id")]);
}

#[test]
fn duplicate_scene_and_step_ids_are_errors() {
    let mut r = refiner();
    set(&mut r, "/scenes/1/scene_id", json!("S_PREPARE"));
    assert_has(&r, Level::Error, "$.scenes[1].scene_id");
    let mut r = refiner();
    push(&mut r, "/logic_steps", step("L_READ_GUIDE"));
    assert_exactly(&r, &[(Level::Error, "$.logic_steps[7].logic_step_id")]);
}

#[test]
fn case5_scene_target_naming_a_step_is_a_warning() {
    let mut r = refiner();
    set(
        &mut r,
        "/scenes/0/next_scene_rules/0/target",
        json!("L_SELECT_GUIDE"),
    );
    assert_exactly(
        &r,
        &[(Level::Warning, "$.scenes[0].next_scene_rules[0].target")],
    );
    assert!(is_valid(&validate(&r)));
}

#[test]
fn case6_missing_skill_goal_is_an_error() {
    let mut r = refiner();
    remove(&mut r, "/skill/skill_goal");
    assert_exactly(&r, &[(Level::Error, "$.skill.skill_goal")]);
}

#[test]
fn case6_missing_top_pattern_is_an_error() {
    let mut r = refiner();
    remove(&mut r, "/skill/top_pattern");
    assert_exactly(&r, &[(Level::Error, "$.skill.top_pattern")]);
}

#[test]
fn case6_missing_control_flow_features_is_an_error() {
    let mut r = refiner();
    remove(&mut r, "/skill/control_flow_features");
    assert_exactly(&r, &[(Level::Error, "$.skill.control_flow_features")]);
    let mut r = refiner();
    remove(&mut r, "/skill/control_flow_features/has_loop");
    assert_exactly(
        &r,
        &[(Level::Error, "$.skill.control_flow_features.has_loop")],
    );
}

#[test]
fn case6_missing_scene_and_step_fields_are_errors() {
    let mut r = refiner();
    remove(&mut r, "/scenes/1/scene_goal");
    remove(&mut r, "/logic_steps/3/resource_scope");
    remove(&mut r, "/logic_steps/4/instrument");
    assert_exactly(
        &r,
        &[
            (Level::Error, "$.scenes[1].scene_goal"),
            (Level::Error, "$.logic_steps[3].resource_scope"),
            (Level::Error, "$.logic_steps[4].instrument"),
        ],
    );
}

#[test]
fn case7_non_boolean_control_flow_feature_is_an_error() {
    let mut r = refiner();
    set(
        &mut r,
        "/skill/control_flow_features/has_loop",
        json!("false"),
    );
    assert_exactly(
        &r,
        &[(Level::Error, "$.skill.control_flow_features.has_loop")],
    );
    let v = assert_has(&r, Level::Error, "$.skill.control_flow_features.has_loop");
    assert!(v.message.contains("string \"false\""), "{}", v.message);
}

#[test]
fn case7_string_where_list_required_is_an_error() {
    let mut r = refiner();
    set(&mut r, "/skill/tags", json!("writing"));
    set(
        &mut r,
        "/logic_steps/2/effects",
        json!("primary_guide_selected"),
    );
    assert_exactly(
        &r,
        &[
            (Level::Error, "$.skill.tags"),
            (Level::Error, "$.logic_steps[2].effects"),
        ],
    );
}

#[test]
fn case7_non_string_list_element_is_an_error() {
    let mut r = refiner();
    set(&mut r, "/skill/intent_signature/1", json!(3));
    assert_exactly(&r, &[(Level::Error, "$.skill.intent_signature[1]")]);
}

#[test]
fn case7_non_string_id_is_an_error() {
    let mut r = refiner();
    set(&mut r, "/skill/skill_id", json!(42));
    assert_exactly(&r, &[(Level::Error, "$.skill.skill_id")]);
    let v = assert_has(&r, Level::Error, "$.skill.skill_id");
    assert!(v.message.contains("number 42"), "{}", v.message);

    // A non-string step id also breaks the references to it; the id itself
    // is reported at its own path.
    let mut r = refiner();
    set(&mut r, "/logic_steps/6/logic_step_id", json!(7));
    assert_has(&r, Level::Error, "$.logic_steps[6].logic_step_id");
    assert_has(&r, Level::Error, "$.scenes[2].contained_logic_steps[2]");
}

#[test]
fn case8_unbound_scene_output_is_a_warning() {
    let mut r = refiner();
    push(&mut r, "/scenes/1/output", json!("$guide_summary"));
    assert_exactly(&r, &[(Level::Warning, "$.scenes[1].output[1]")]);
    assert!(is_valid(&validate(&r)));
}

#[test]
fn case9_unbound_input_var_is_a_warning() {
    let mut r = refiner();
    push(&mut r, "/logic_steps/3/input_args", json!("$encoding"));
    // Literals are not data-flow references.
    push(&mut r, "/logic_steps/3/input_args", json!("utf-8"));
    assert_exactly(&r, &[(Level::Warning, "$.logic_steps[3].input_args[1]")]);
    assert!(is_valid(&validate(&r)));
}

// ---------------------------------------------------------------------------
// Further strict checks
// ---------------------------------------------------------------------------

#[test]
fn bad_enum_values_are_errors() {
    let mut r = refiner();
    set(&mut r, "/scenes/1/scene_type", json!("FETCH"));
    set(&mut r, "/logic_steps/0/act_type", json!("validate"));
    set(&mut r, "/logic_steps/3/resource_scope", json!("FILESYSTEM"));
    assert_exactly(
        &r,
        &[
            (Level::Error, "$.scenes[1].scene_type"),
            (Level::Error, "$.logic_steps[0].act_type"),
            (Level::Error, "$.logic_steps[3].resource_scope"),
        ],
    );
    let v = assert_has(&r, Level::Error, "$.scenes[1].scene_type");
    assert!(
        v.message.contains("\"FETCH\"") && v.message.contains("FINALIZE"),
        "{}",
        v.message
    );
}

#[test]
fn missing_entry_scene_is_an_error() {
    let mut r = refiner();
    set(&mut r, "/skill/entry_scene_id", json!("S_START"));
    assert_exactly(&r, &[(Level::Error, "$.skill.entry_scene_id")]);
    let mut r = refiner();
    set(&mut r, "/skill/entry_scene_id", json!("L_VALIDATE_INPUT"));
    assert_exactly(&r, &[(Level::Error, "$.skill.entry_scene_id")]);
}

#[test]
fn subscenes_must_name_every_scene_and_only_scenes() {
    let mut r = refiner();
    remove(&mut r, "/skill/subscenes/2");
    assert_exactly(&r, &[(Level::Error, "$.skill.subscenes")]);
    let v = assert_has(&r, Level::Error, "$.skill.subscenes");
    assert!(v.message.contains("\"S_REVISE\""), "{}", v.message);

    let mut r = refiner();
    push(&mut r, "/skill/subscenes", json!("S_GHOST"));
    assert_exactly(&r, &[(Level::Error, "$.skill.subscenes[3]")]);
}

#[test]
fn yield_target_in_scene_rule_is_an_error() {
    let mut r = refiner();
    set(
        &mut r,
        "/scenes/2/next_scene_rules/0/target",
        json!("YIELD_SUCCESS"),
    );
    assert_exactly(
        &r,
        &[(Level::Error, "$.scenes[2].next_scene_rules[0].target")],
    );
}

#[test]
fn end_target_in_step_rule_is_an_error() {
    let mut r = refiner();
    set(
        &mut r,
        "/logic_steps/6/next_step_rules/0/target",
        json!("END_SUCCESS"),
    );
    assert_exactly(
        &r,
        &[(Level::Error, "$.logic_steps[6].next_step_rules[0].target")],
    );
}

#[test]
fn unknown_transition_targets_are_errors() {
    let mut r = refiner();
    set(
        &mut r,
        "/scenes/0/next_scene_rules/0/target",
        json!("S_NOWHERE"),
    );
    set(
        &mut r,
        "/logic_steps/0/next_step_rules/0/target",
        json!("S_ACQUIRE"),
    );
    set(
        &mut r,
        "/logic_steps/2/next_step_rules/0/target",
        json!("L_NOWHERE"),
    );
    assert_exactly(
        &r,
        &[
            (Level::Error, "$.scenes[0].next_scene_rules[0].target"),
            (Level::Error, "$.logic_steps[0].next_step_rules[0].target"),
            (Level::Error, "$.logic_steps[2].next_step_rules[0].target"),
        ],
    );
}

#[test]
fn step_loops_within_a_scene_are_legal() {
    let mut r = refiner();
    push(
        &mut r,
        "/logic_steps/6/next_step_rules",
        json!({"condition": "retry", "target": "L_PARSE_GUIDE"}),
    );
    assert_exactly(&r, &[]);
}

#[test]
fn entry_step_must_be_in_its_own_scene() {
    let mut r = refiner();
    set(
        &mut r,
        "/scenes/1/entry_logic_step_id",
        json!("L_PARSE_GUIDE"),
    );
    assert_exactly(&r, &[(Level::Error, "$.scenes[1].entry_logic_step_id")]);
    let v = assert_has(&r, Level::Error, "$.scenes[1].entry_logic_step_id");
    assert!(v.message.contains("$.scenes[2]"), "{}", v.message);
}

#[test]
fn contained_ids_must_be_existing_steps_not_scenes() {
    let mut r = refiner();
    push(&mut r, "/scenes/2/contained_logic_steps", json!("S_REVISE"));
    push(&mut r, "/scenes/2/contained_logic_steps", json!("L_GHOST"));
    assert_exactly(
        &r,
        &[
            (Level::Error, "$.scenes[2].contained_logic_steps[3]"),
            (Level::Error, "$.scenes[2].contained_logic_steps[4]"),
        ],
    );
}

#[test]
fn terminal_names_are_not_ids() {
    let mut r = refiner();
    rename(&mut r, "S_REVISE", "END_SUCCESS");
    assert_has(&r, Level::Error, "$.scenes[2].scene_id");
}

#[test]
fn top_level_shape() {
    assert_exactly(&json!([]), &[(Level::Error, "$")]);

    let mut r = refiner();
    r["notes"] = json!("extra");
    assert_exactly(&r, &[(Level::Warning, "$.notes")]);
    assert!(is_valid(&validate(&r)));

    let mut r = refiner();
    remove(&mut r, "/logic_steps");
    assert_has(&r, Level::Error, "$.logic_steps");

    let mut r = refiner();
    set(&mut r, "/scenes", json!([]));
    assert_has(&r, Level::Error, "$.scenes");
    assert!(!is_valid(&validate(&r)));
}

#[test]
fn unknown_nested_fields_are_warnings() {
    let mut r = refiner();
    r["scenes"][0]["scene_nmae"] = json!("Prepare");
    assert_exactly(&r, &[(Level::Warning, "$.scenes[0].scene_nmae")]);
}

#[test]
fn instrument_may_be_null_or_string_only() {
    let mut r = refiner();
    set(
        &mut r,
        "/logic_steps/0/instrument",
        json!(["filesystem.read"]),
    );
    assert_exactly(&r, &[(Level::Error, "$.logic_steps[0].instrument")]);
}

#[test]
fn transition_rules_must_be_condition_target_objects() {
    let mut r = refiner();
    set(&mut r, "/scenes/0/next_scene_rules/1", json!("END_FAIL"));
    remove(&mut r, "/logic_steps/2/next_step_rules/0/condition");
    assert_exactly(
        &r,
        &[
            (Level::Error, "$.scenes[0].next_scene_rules[1]"),
            (
                Level::Error,
                "$.logic_steps[2].next_step_rules[0].condition",
            ),
        ],
    );
}

#[test]
fn evidence_extension() {
    let good = json!({
        "path": "SKILL.md", "start_line": 12, "end_line": 14,
        "snippet": "Read the style guide", "origin": "static"
    });
    let mut r = refiner();
    r["logic_steps"][3]["evidence"] = good.clone();
    assert_exactly(&r, &[]);

    let mut r = refiner();
    r["logic_steps"][3]["evidence"] = json!("SKILL.md:12");
    assert_exactly(&r, &[(Level::Error, "$.logic_steps[3].evidence")]);

    let mut r = refiner();
    r["logic_steps"][3]["evidence"] = good.clone();
    set(&mut r, "/logic_steps/3/evidence/start_line", json!(0));
    set(&mut r, "/logic_steps/3/evidence/snippet", json!(null));
    assert_exactly(
        &r,
        &[
            (Level::Error, "$.logic_steps[3].evidence.start_line"),
            (Level::Error, "$.logic_steps[3].evidence.snippet"),
        ],
    );

    let mut r = refiner();
    r["logic_steps"][3]["evidence"] = good.clone();
    set(&mut r, "/logic_steps/3/evidence/end_line", json!(11));
    set(&mut r, "/logic_steps/3/evidence/origin", json!("guess"));
    assert_exactly(
        &r,
        &[
            (Level::Error, "$.logic_steps[3].evidence.end_line"),
            (Level::Error, "$.logic_steps[3].evidence.origin"),
        ],
    );

    let mut r = refiner();
    r["logic_steps"][3]["evidence"] = good;
    set(&mut r, "/logic_steps/3/evidence/start_line", json!(1.5));
    assert_exactly(
        &r,
        &[(Level::Error, "$.logic_steps[3].evidence.start_line")],
    );
}

// ---------------------------------------------------------------------------
// Typed model
// ---------------------------------------------------------------------------

#[test]
fn serde_round_trip_of_the_refiner() {
    let original = refiner();
    let record: SslRecord = serde_json::from_value(original.clone()).expect("refiner deserializes");
    assert_eq!(record.scenes.len(), 3);
    assert_eq!(record.logic_steps.len(), 7);
    assert!(record.logic_steps.iter().all(|s| s.evidence.is_none()));

    let again = serde_json::to_value(&record).unwrap();
    assert_eq!(again, original, "round trip changes the record");
    assert_eq!(validate(&again), validate(&original));
    assert_eq!(validate_record(&record), validate(&original));
    assert!(is_valid(&validate(&again)));
}

#[test]
fn serialization_order_null_instrument_and_evidence() {
    let mut record: SslRecord = serde_json::from_str(REFINER).unwrap();
    let text = serde_json::to_string(&record).unwrap();
    let pos = |needle: &str| {
        text.find(needle)
            .unwrap_or_else(|| panic!("{needle} missing"))
    };
    assert!(pos("\"skill\"") < pos("\"scenes\"") && pos("\"scenes\"") < pos("\"logic_steps\""));
    assert!(
        pos("\"skill_id\"") < pos("\"skill_goal\"")
            && pos("\"top_pattern\"") < pos("\"expected_inputs\"")
    );
    assert!(
        pos("\"scene_id\"") < pos("\"scene_type\"")
            && pos("\"contained_logic_steps\"") < pos("\"next_scene_rules\"")
    );
    assert!(text.contains("\"instrument\":null"));
    assert!(!text.contains("\"evidence\"") && !text.contains("\"scene_name\""));

    record.logic_steps[3].evidence = Some(Evidence {
        path: "SKILL.md".into(),
        start_line: 3,
        end_line: 3,
        snippet: "cat guide.md".into(),
        origin: Evidence::ORIGIN_STATIC.into(),
    });
    record.scenes[0].scene_name = "Prepare".into();
    let text = serde_json::to_string(&record).unwrap();
    assert!(text.contains("\"next_step_rules\":[{\"condition\":\"success\",\"target\":\"YIELD_SUCCESS\"},{\"condition\":\"default\",\"target\":\"YIELD_FAIL\"}],\"evidence\":{\"path\":\"SKILL.md\",\"start_line\":3,\"end_line\":3,\"snippet\":\"cat guide.md\",\"origin\":\"static\"}"));
    assert!(text.contains("\"scene_id\":\"S_PREPARE\",\"scene_name\":\"Prepare\",\"scene_type\""));
    let v = validate_record(&record);
    assert!(is_valid(&v));
    assert_eq!(v.len(), 4, "{v:#?}"); // two scene_name warnings + check 6
    let back: SslRecord = serde_json::from_str(&text).unwrap();
    assert_eq!(back, record);
}

/// Against the schema itself (`ssl validate` without `--compat`), the three
/// breaks that released annotations commit are errors, each alone.
#[test]
fn strict_rejects_unknown_top_level_key_missing_scene_name_and_scene_to_step() {
    let named = || {
        let mut r = refiner();
        for i in 0..3 {
            r["scenes"][i]["scene_name"] = json!("Name");
        }
        r
    };
    let strict_errors = |r: &Value| -> Vec<String> {
        validate_strict(r)
            .into_iter()
            .filter(|v| v.level == Level::Error)
            .map(|v| v.path)
            .collect()
    };
    assert!(strict_errors(&named()).is_empty(), "named refiner is valid");

    let mut r = named();
    r["notes"] = json!("extra");
    assert_eq!(strict_errors(&r), vec!["$.notes"]);

    let mut r = named();
    remove(&mut r, "/scenes/1/scene_name");
    assert_eq!(strict_errors(&r), vec!["$.scenes[1].scene_name"]);

    let mut r = named();
    set(
        &mut r,
        "/scenes/0/next_scene_rules/0/target",
        json!("L_SELECT_GUIDE"),
    );
    assert_eq!(
        strict_errors(&r),
        vec!["$.scenes[0].next_scene_rules[0].target"]
    );
    // The compatible reading keeps them warnings (the paper's example).
    assert!(is_valid(&validate(&r)));
}

#[test]
fn ssl_validate_command_is_strict_unless_compat() {
    let run = |extra: &[&str]| {
        std::process::Command::new(env!("CARGO_BIN_EXE_skillscan"))
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .args(["ssl", "validate"])
            .args(extra)
            .arg("tests/data/ssl/writing_refiner.json")
            .output()
            .unwrap()
    };
    let strict = run(&[]);
    assert_eq!(strict.status.code(), Some(1));
    let text = String::from_utf8_lossy(&strict.stdout);
    assert!(
        text.contains("error: $.scenes[0].scene_name") && text.contains("--compat"),
        "{text}"
    );
    assert_eq!(run(&["--compat"]).status.code(), Some(0));
}
