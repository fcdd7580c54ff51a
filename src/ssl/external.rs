//! External SSL records: `ssl.json` beside `SKILL.md`, or `--ssl-file`.
//!
//! A record made elsewhere (for example by the paper's LLM normalizer) is
//! read (at most [`MAX_SSL_BYTES`]), validated strictly, and each of its
//! logic steps whose `act_type` and `resource_scope` are known becomes an
//! [`Evidence`] item with origin [`Origin::External`] and tag
//! [`Tag::External`]. Rules see those items like any other evidence, so an
//! external record can **add** risk. It can never remove any: nothing here
//! touches the static evidence, findings or scores, and a record that looks
//! benign simply adds benign steps. An `ssl.json` shipped inside a skill is
//! written by the skill's author, so it is evidence only, never suppression.
//!
//! Problems with a record (unreadable, not JSON, schema violations) become
//! notes for people, never analysis errors: a malformed record must not make
//! an otherwise complete analysis incomplete.
//!
//! Bindings (`input_args`, `output_binding`) are moved into their own
//! namespace ([`BINDING_PREFIX`]), which the flow pass treats as global: the
//! record's own data flow (READ of `~/.ssh/id_rsa` into `$key`, TRANSFER of
//! `$key` to a URL) is followed even when its steps point at different
//! files, and it never merges with the static bindings of the skill.
//! [`display_binding`] turns them back into `$name` for the SSL record.

use crate::evidence::{Evidence, Location, Op, Origin, Tag};
use crate::extract::indicators::{URL_RE, classify_path, classify_url};
use crate::skill::Skill;
use crate::ssl::validate::{self, Level};
use crate::ssl::vocab::{ActType, ResourceScope};
use crate::text::{LineIndex, escape_display, snippet};
use serde_json::{Map, Value};
use std::collections::BTreeSet;
use std::io::Read;
use std::path::Path;

/// Largest external record read, in bytes.
pub const MAX_SSL_BYTES: u64 = 2 * 1024 * 1024;
/// The record a skill may ship beside its `SKILL.md`.
pub const SKILL_SSL_FILE: &str = "ssl.json";
/// Namespace of external bindings. `$param:` keys are global in the flow
/// pass (see `flow.rs`); the `<ssl>` part cannot be a function key.
pub const BINDING_PREFIX: &str = "$param:<ssl>:";
/// Steps converted from one record at most.
const MAX_STEPS: usize = crate::limits::MAX_EVIDENCE_PER_FILE;
/// Violations listed one by one in the notes; the rest are counted.
const MAX_LISTED: usize = 20;
/// Longest free-text field kept from a record, in chars.
const MAX_FIELD_CHARS: usize = 1_000;

/// What an external record contributes to an analysis.
#[derive(Debug, Default)]
pub struct External {
    /// One item per usable step, in record order.
    pub evidence: Vec<Evidence>,
    /// Problems for people (never analysis errors).
    pub notes: Vec<String>,
}

/// The `$name` form of a binding made by this module (others unchanged).
pub fn display_binding(b: &str) -> String {
    match b.strip_prefix(BINDING_PREFIX) {
        Some(rest) => format!("${rest}"),
        None => b.to_string(),
    }
}

/// Loads the skill's own `ssl.json` (if any) and the `--ssl-file` record
/// (if given), in that order.
pub fn load(skill: &Skill, ssl_file: Option<&Path>) -> External {
    let mut out = External::default();
    if let Some(f) = skill.file(SKILL_SSL_FILE) {
        let label = SKILL_SSL_FILE.to_string();
        if f.size > MAX_SSL_BYTES {
            out.notes.push(format!(
                "{label}: the external SSL record has {} bytes; records over {MAX_SSL_BYTES} bytes are not read",
                f.size
            ));
        } else if f.lossy {
            out.notes.push(format!(
                "{label}: the external SSL record is not valid UTF-8 and was not used; save it as UTF-8 JSON"
            ));
        } else {
            from_text(&f.text, &label, true, skill, &mut out);
        }
    }
    if let Some(p) = ssl_file {
        let label = escape_display(&p.display().to_string());
        match read_capped(p) {
            Ok(text) => from_text(&text, &label, false, skill, &mut out),
            Err(e) => out.notes.push(format!("{label}: {e}")),
        }
    }
    out
}

/// Reads a record file given on the command line: a regular file of at
/// most [`MAX_SSL_BYTES`], UTF-8. Errors say what to do.
pub fn read_capped(p: &Path) -> Result<String, String> {
    let meta = std::fs::metadata(p).map_err(|e| {
        format!("cannot read the SSL record: {e}; check that the path exists and is readable")
    })?;
    if !meta.is_file() {
        return Err("the SSL record is not a regular file; pass a JSON file".into());
    }
    let file = std::fs::File::open(p)
        .map_err(|e| format!("cannot open the SSL record: {e}; check that the file is readable"))?;
    let mut buf = Vec::new();
    file.take(MAX_SSL_BYTES + 1)
        .read_to_end(&mut buf)
        .map_err(|e| format!("cannot read the SSL record: {e}"))?;
    if buf.len() as u64 > MAX_SSL_BYTES {
        return Err(format!(
            "the SSL record is larger than {MAX_SSL_BYTES} bytes and was not read; an SSL record is normally a few kilobytes"
        ));
    }
    String::from_utf8(buf)
        .map_err(|_| "the SSL record is not valid UTF-8; save it as UTF-8 JSON".to_string())
}

fn from_text(text: &str, label: &str, in_skill: bool, skill: &Skill, out: &mut External) {
    let value: Value = match serde_json::from_str(text) {
        Ok(v) => v,
        Err(e) => {
            out.notes.push(format!(
                "{label}: the external SSL record is not valid JSON ({e}) and was not used"
            ));
            return;
        }
    };
    let violations = validate::validate(&value);
    let errors: Vec<_> = violations
        .iter()
        .filter(|v| v.level == Level::Error)
        .collect();
    let warnings = violations.len() - errors.len();
    for v in errors.iter().take(MAX_LISTED) {
        out.notes.push(format!(
            "{label}: invalid SSL record: {}",
            escape_display(&v.to_string())
        ));
    }
    if errors.len() > MAX_LISTED {
        out.notes.push(format!(
            "{label}: {} more SSL errors; run `skillscan ssl validate --compat {label}` for all of them",
            errors.len() - MAX_LISTED
        ));
    }
    if !errors.is_empty() {
        out.notes.push(format!(
            "{label}: the record has {} error(s) and {warnings} warning(s); its usable steps were still added as external evidence (it can add risk, never remove it)",
            errors.len()
        ));
    }
    let Some(steps) = value.get("logic_steps").and_then(Value::as_array) else {
        return;
    };
    let lines = step_lines(text);
    let loc_path = if in_skill {
        SKILL_SSL_FILE.to_string()
    } else {
        label.to_string()
    };
    let mut skipped = 0usize;
    for (i, s) in steps.iter().enumerate() {
        if out.evidence.len() >= MAX_STEPS {
            out.notes.push(format!(
                "{label}: only the first {MAX_STEPS} steps of the external SSL record were used"
            ));
            break;
        }
        let Some(obj) = s.as_object() else {
            skipped += 1;
            continue;
        };
        let line = lines.get(i).copied().unwrap_or(1);
        match step_evidence(obj, skill, &loc_path, line) {
            Some(ev) => out.evidence.push(ev),
            None => skipped += 1,
        }
    }
    if skipped > 0 {
        out.notes.push(format!(
            "{label}: {skipped} step(s) of the external SSL record have no valid act_type or resource_scope and were not used"
        ));
    }
}

/// 1-based line of each `"logic_step_id":` key, in text order. A JSON
/// string cannot contain an unescaped `"`, so values never match.
fn step_lines(text: &str) -> Vec<usize> {
    let idx = LineIndex::new(text);
    let key = "\"logic_step_id\"";
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(i) = text[from..].find(key) {
        let at = from + i;
        from = at + key.len();
        if text[from..].trim_start().starts_with(':') {
            out.push(idx.position(at).0);
        }
    }
    out
}

fn field_str(obj: &Map<String, Value>, key: &str) -> String {
    obj.get(key)
        .and_then(Value::as_str)
        .map(|s| s.chars().take(MAX_FIELD_CHARS).collect())
        .unwrap_or_default()
}

fn field_list(obj: &Map<String, Value>, key: &str) -> Vec<String> {
    obj.get(key)
        .and_then(Value::as_array)
        .map(|a| {
            a.iter()
                .filter_map(Value::as_str)
                .take(64)
                .map(|s| s.chars().take(MAX_FIELD_CHARS).collect())
                .collect()
        })
        .unwrap_or_default()
}

fn binding(b: &str) -> Option<String> {
    let b = b.trim();
    let name = b.strip_prefix('$')?;
    if name.is_empty() {
        return None;
    }
    Some(format!("{BINDING_PREFIX}{name}"))
}

/// The location a step claims, when it names a real line of a skill file.
fn claimed_location(obj: &Map<String, Value>, skill: &Skill) -> Option<(Location, String)> {
    let ev = obj.get("evidence")?.as_object()?;
    let path = ev.get("path")?.as_str()?;
    let file = skill.file(path)?;
    let start = ev.get("start_line")?.as_u64()? as usize;
    let end = ev
        .get("end_line")
        .and_then(Value::as_u64)
        .map(|e| e as usize)
        .unwrap_or(start);
    let lines = LineIndex::new(&file.text).line_count();
    if start == 0 || start > lines {
        return None;
    }
    let end = end.clamp(start, lines);
    let mut loc = Location::line(&file.rel, start);
    loc.end_line = end;
    let snip = ev
        .get("snippet")
        .and_then(Value::as_str)
        .map(|s| snippet(s, 200))
        .unwrap_or_default();
    Some((loc, snip))
}

/// Declares `static NAME: LazyLock<Regex>` items from literal patterns.
macro_rules! static_regexes {
    ($($(#[$m:meta])* $name:ident = $re:expr;)+) => {
        $($(#[$m])* static $name: std::sync::LazyLock<regex::Regex> =
            std::sync::LazyLock::new(|| crate::rx::re($re));)+
    };
}
pub(crate) use static_regexes;

static_regexes! {
    DELETING = r"(?i)\b(delet\w*|remov\w*|rm|erase\w*|wip(e|es|ed|ing)|truncat\w*|overwrit\w*|destroy\w*|purg\w*|unlink\w*|drop(s|ped|ping)?|shred\w*|format(s|ted|ting)? (the )?disk)\b";
    RECURSIVE = r"(?i)\brecurs\w*|\s-(rf|fr|r)\b|\brmtree\b";
    PRIVILEGED = r"(?i)\b(sudo|as root|root privileges?|administrator|admin rights|privilege\w*|setuid|runas)\b";
    KEYCHAIN = r"(?i)\b(keychain|secret-tool|credential manager|find-generic-password|find-internet-password|keyring)\b";
    ENV_NAME = r"^\$?\{?[A-Z][A-Z0-9_]*\}?$|^(os\.environ|process\.env|env)\b";
    UNBOUNDED = r"(?i)\b(forever|infinite\w*|endless\w*|unbounded|without (a )?limit|until (interrupted|killed|stopped))\b";
    DETACHED = r"(?i)\b(background|detach\w*|nohup|daemon\w*|disown)\b";
    SILENCED = r"(?i)\b(silent\w*|quiet\w*|hidden|covert\w*|without (telling|notifying|informing)|suppress\w* (output|logs?))\b";
    ENCODED = r"(?i)\b(base64|obfuscat\w*|encoded|decod\w*)\b";
    DATE_GATE = r"(?i)\b(date|time|day|weekday|month|year|deadline|after \d{4}|before \d{4})\b";
    ENV_GATE = r"(?i)\b(ci|sandbox\w*|hostname|username|is_ci|environment variable|env var|debugger|virtual machine|vm)\b";
    FIRST_RUN = r"(?i)\b(first (run|time|use|launch)|marker file|not yet (run|installed))\b";
}

/// The operation a step stands for, inferred from its act type, scope and
/// words. Returns the op, the scope to record and extra tags.
fn classify(
    act: ActType,
    scope: ResourceScope,
    target: &str,
    blob: &str,
) -> (Op, ResourceScope, BTreeSet<Tag>) {
    use ActType as A;
    use ResourceScope as R;
    let mut tags = BTreeSet::new();
    let url = URL_RE.find(target).map(|m| m.as_str().to_string());
    if let Some(u) = &url {
        tags.extend(classify_url(u));
    }
    let deleting = DELETING.is_match(blob);
    let env_like = ENV_NAME.is_match(target.trim());
    let file_scope = |tags: &mut BTreeSet<Tag>| -> ResourceScope {
        if url.is_some() || target.trim().is_empty() || env_like {
            return scope;
        }
        let (s, t) = classify_path(target);
        tags.extend(t);
        if RECURSIVE.is_match(blob) {
            tags.insert(Tag::Recursive);
        }
        // A claim can raise the scope (a "LOCAL_FS" read of ~/.ssh/id_rsa is
        // a credential read), never lower it.
        if matches!(s, R::Credentials | R::UserData) && scope != R::Credentials {
            s
        } else {
            scope
        }
    };
    let op = match scope {
        R::Network => match act {
            A::Write | A::UpdateState | A::Transfer | A::Notify => Op::NetSend,
            A::Terminate => Op::Instruction,
            _ => Op::NetFetch,
        },
        R::Credentials => match act {
            A::Transfer | A::Notify | A::Request if url.is_some() => Op::NetSend,
            A::Write | A::UpdateState | A::Transfer => {
                if deleting {
                    Op::FileDelete
                } else {
                    Op::FileWrite
                }
            }
            A::Notify => Op::Output,
            A::Terminate => Op::Instruction,
            _ if env_like => Op::EnvRead,
            _ if KEYCHAIN.is_match(blob) => Op::KeychainRead,
            _ => Op::FileRead,
        },
        R::LocalFs | R::Codebase | R::UserData => match act {
            A::Transfer | A::Notify | A::Request if url.is_some() => {
                if act == A::Request {
                    Op::NetFetch
                } else {
                    Op::NetSend
                }
            }
            A::Write | A::UpdateState | A::Transfer => {
                if deleting {
                    Op::FileDelete
                } else {
                    Op::FileWrite
                }
            }
            A::CallTool if deleting => Op::FileDelete,
            A::Read | A::Select | A::Compare | A::Validate | A::Infer | A::Request => Op::FileRead,
            A::Notify => Op::Output,
            A::CallTool | A::Terminate => Op::Instruction,
        },
        R::Process => match act {
            A::CallTool | A::Request if url.is_some() => Op::DownloadExec,
            A::CallTool | A::Write | A::UpdateState | A::Request | A::Transfer => {
                if PRIVILEGED.is_match(blob) {
                    Op::Privileged
                } else {
                    Op::Exec
                }
            }
            A::Read => Op::SysInfo,
            A::Notify => Op::Output,
            _ => Op::Instruction,
        },
        R::Memory | R::Other => match act {
            A::Request | A::Read | A::CallTool if url.is_some() => Op::NetFetch,
            A::Transfer if url.is_some() => Op::NetSend,
            A::Notify => Op::Output,
            _ => Op::Instruction,
        },
    };
    let scope = match op {
        Op::FileRead | Op::FileWrite | Op::FileDelete => file_scope(&mut tags),
        // A URL makes it network traffic whatever the claimed scope.
        Op::NetFetch | Op::NetSend if scope != R::Credentials => R::Network,
        _ => scope,
    };
    if UNBOUNDED.is_match(blob) {
        tags.insert(Tag::Unbounded);
    }
    if DETACHED.is_match(blob) {
        tags.insert(Tag::Detached);
    }
    if SILENCED.is_match(blob) {
        tags.insert(Tag::Silenced);
    }
    if ENCODED.is_match(blob) && matches!(op, Op::Exec | Op::DownloadExec) {
        tags.insert(Tag::Encoded);
    }
    (op, scope, tags)
}

fn step_evidence(
    obj: &Map<String, Value>,
    skill: &Skill,
    loc_path: &str,
    line: usize,
) -> Option<Evidence> {
    let act = ActType::parse(obj.get("act_type")?.as_str()?)?;
    let scope = ResourceScope::parse(obj.get("resource_scope")?.as_str()?)?;
    let id = field_str(obj, "logic_step_id");
    let target = field_str(obj, "resource_target");
    let object = field_str(obj, "object");
    let instrument = field_str(obj, "instrument");
    let effects = field_list(obj, "effects");
    let preconditions = field_list(obj, "preconditions");
    // `_` is a word character: "home_deleted" must still read as "deleted".
    let blob = format!("{object} {instrument} {target} {}", effects.join(" ")).replace('_', " ");
    let (op, scope, tags) = classify(act, scope, &target, &blob);
    let mut ev = Evidence::new(op, act, scope, target.clone())
        .object(if object.is_empty() {
            format!("external SSL step {}", snippet(&id, 60))
        } else {
            object.clone()
        })
        .instrument(instrument)
        .tags(tags)
        .tag(Tag::External);
    let pre = preconditions.join(" ").replace('_', " ");
    if DATE_GATE.is_match(&pre) {
        ev.tags.insert(Tag::DateGate);
    }
    if ENV_GATE.is_match(&pre) {
        ev.tags.insert(Tag::EnvGate);
    }
    if FIRST_RUN.is_match(&pre) {
        ev.tags.insert(Tag::FirstRun);
    }
    ev.origin = Origin::External;
    ev.lang = "ssl";
    ev.inputs = field_list(obj, "input_args")
        .iter()
        .filter_map(|a| binding(a))
        .collect();
    ev.output = obj
        .get("output_binding")
        .and_then(Value::as_str)
        .and_then(binding);
    let summary = snippet(&format!("{} {} {} {}", id, act, scope, target), 200);
    match claimed_location(obj, skill) {
        Some((loc, snip)) => {
            ev.location = loc;
            ev.snippet = if snip.is_empty() { summary } else { snip };
        }
        None => {
            ev.location = Location::line(loc_path, line);
            ev.snippet = summary;
        }
    }
    Some(ev)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn skill_with(record: &str) -> Skill {
        Skill::from_memory(
            "demo",
            &[
                (
                    "SKILL.md",
                    b"---\nname: demo\ndescription: Demo.\n---\nRun it.\n",
                ),
                ("scripts/a.py", b"print('hi')\nprint('there')\n"),
                ("ssl.json", record.as_bytes()),
            ],
        )
    }

    fn step(id: &str, act: &str, scope: &str, target: &str, extra: Value) -> Value {
        let mut s = serde_json::json!({
            "logic_step_id": id, "act_type": act, "resource_scope": scope,
            "resource_target": target, "input_args": [], "output_binding": "",
            "actor": "skill", "object": "", "instrument": null,
            "preconditions": [], "effects": [], "next_step_rules": []
        });
        if let (Some(o), Value::Object(e)) = (s.as_object_mut(), extra) {
            o.extend(e);
        }
        s
    }

    fn record(steps: Vec<Value>) -> String {
        let v = serde_json::json!({"skill": {}, "scenes": [], "logic_steps": steps});
        serde_json::to_string_pretty(&v).expect("serializes")
    }

    #[test]
    fn steps_become_external_evidence_with_inferred_ops() {
        let r = record(vec![
            step(
                "L_KEY",
                "READ",
                "LOCAL_FS",
                "~/.ssh/id_rsa",
                serde_json::json!({"output_binding": "$key"}),
            ),
            step(
                "L_SEND",
                "TRANSFER",
                "NETWORK",
                "https://webhook.site/x",
                serde_json::json!({"input_args": ["$key"]}),
            ),
            step(
                "L_RM",
                "WRITE",
                "LOCAL_FS",
                "~",
                serde_json::json!({"effects": ["home_deleted"]}),
            ),
            step(
                "L_RUN",
                "CALL_TOOL",
                "PROCESS",
                "make",
                serde_json::json!({}),
            ),
            step("L_BAD", "HACK", "NETWORK", "x", serde_json::json!({})),
        ]);
        let ext = load(&skill_with(&r), None);
        let ops: Vec<(Op, ResourceScope)> = ext.evidence.iter().map(|e| (e.op, e.scope)).collect();
        assert_eq!(
            ops,
            vec![
                (Op::FileRead, ResourceScope::Credentials),
                (Op::NetSend, ResourceScope::Network),
                (Op::FileDelete, ResourceScope::LocalFs),
                (Op::Exec, ResourceScope::Process),
            ]
        );
        assert!(
            ext.evidence
                .iter()
                .all(|e| e.origin == Origin::External && e.has(Tag::External))
        );
        assert!(ext.evidence[1].has(Tag::WebhookHost));
        assert!(ext.evidence[2].has(Tag::BroadTarget));
        assert_eq!(ext.evidence[0].output.as_deref(), Some("$param:<ssl>:key"));
        assert_eq!(ext.evidence[1].inputs, vec!["$param:<ssl>:key".to_string()]);
        assert_eq!(display_binding("$param:<ssl>:key"), "$key");
        // Located at each step's own line of ssl.json.
        assert_eq!(ext.evidence[0].location.path, "ssl.json");
        assert!(
            ext.notes.iter().any(|n| n.contains("1 step(s)")),
            "{:?}",
            ext.notes
        );
        // The skeleton record is invalid: reported as notes, never dropped silently.
        assert!(ext.notes.iter().any(|n| n.contains("invalid SSL record")));
    }

    #[test]
    fn claimed_locations_must_exist() {
        let r = record(vec![
            step(
                "L_A",
                "READ",
                "LOCAL_FS",
                "x",
                serde_json::json!({"evidence": {"path": "scripts/a.py", "start_line": 2, "end_line": 9, "snippet": "print('there')", "origin": "external"}}),
            ),
            step(
                "L_B",
                "READ",
                "LOCAL_FS",
                "x",
                serde_json::json!({"evidence": {"path": "../../etc/passwd", "start_line": 1, "end_line": 1, "snippet": "", "origin": "external"}}),
            ),
            step(
                "L_C",
                "READ",
                "LOCAL_FS",
                "x",
                serde_json::json!({"evidence": {"path": "scripts/a.py", "start_line": 99, "end_line": 99, "snippet": "", "origin": "external"}}),
            ),
        ]);
        let ext = load(&skill_with(&r), None);
        let locs: Vec<(&str, usize, usize)> = ext
            .evidence
            .iter()
            .map(|e| {
                (
                    e.location.path.as_str(),
                    e.location.start_line,
                    e.location.end_line,
                )
            })
            .collect();
        assert_eq!(locs[0], ("scripts/a.py", 2, 3));
        assert_eq!(locs[1].0, "ssl.json");
        assert_eq!(locs[2].0, "ssl.json");
        assert!(locs[1].1 > 1 && locs[2].1 > locs[1].1);
    }

    #[test]
    fn broken_records_are_notes() {
        let ext = load(&skill_with("{not json"), None);
        assert!(ext.evidence.is_empty());
        assert_eq!(ext.notes.len(), 1);
        assert!(ext.notes[0].contains("not valid JSON"));
        let ext = load(&skill_with("[1,2]"), None);
        assert!(ext.evidence.is_empty());
        assert!(!ext.notes.is_empty());
        let missing = load(&skill_with("{}"), Some(Path::new("/nonexistent/ssl.json")));
        assert!(
            missing
                .notes
                .iter()
                .any(|n| n.contains("cannot read the SSL record"))
        );
    }

    #[test]
    fn step_lines_ignore_values_and_scene_keys() {
        let t = "{\n\"entry_logic_step_id\": \"x\",\n\"snippet\": \"\\\"logic_step_id\\\": 1\",\n\"logic_step_id\" : \"a\"\n}";
        assert_eq!(step_lines(t), vec![4]);
    }
}
