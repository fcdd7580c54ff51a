//! The judge's answer: parsing and strict validation.
//!
//! Expected shape (six dimensions, nothing else at that level):
//! `{"dimensions": {"<dimension>": {"risk": bool, "severity": 1-5,
//! "reason": str?, "evidence": [{"quote": str, "file": str, "line": int}]}},
//! "notes": str?}`. `risk` must agree with `severity` (risk ⇔ severity ≥ 2)
//! and a risk needs at least one evidence item. Errors carry a JSON path so
//! that the repair message can tell the model exactly what to fix.
//!
//! A dimension that is missing or invalid is "not judged"; the others are
//! kept ([`parse_partial`]). [`schema`] is the same shape as a JSON Schema,
//! sent as the request's structured-output constraint.

use crate::finding::Dimension;
use serde_json::{Map, Value, json};
use std::collections::BTreeMap;

/// Evidence items kept per dimension.
pub const MAX_EVIDENCE: usize = 8;
/// Characters kept of `reason` and `notes`.
const MAX_TEXT: usize = 1_000;
/// Errors reported back to the model at most.
const MAX_ERRORS: usize = 20;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Quote {
    pub quote: String,
    pub file: String,
    pub line: u64,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DimAnswer {
    pub risk: bool,
    /// 1 to 5.
    pub severity: u8,
    pub reason: String,
    pub evidence: Vec<Quote>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Answer {
    /// The dimensions that validated (all six in a complete answer).
    pub dims: BTreeMap<Dimension, DimAnswer>,
    pub notes: String,
}

/// `s` cut to `n` characters, with `…` when cut.
pub(crate) fn cap(s: &str, n: usize) -> String {
    if s.chars().count() > n {
        let mut t: String = s.chars().take(n).collect();
        t.push('…');
        t
    } else {
        s.to_string()
    }
}

fn kind(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

/// Removes one Markdown code fence around the whole answer (some servers
/// ignore JSON mode and fence it anyway).
pub(crate) fn strip_fence(s: &str) -> &str {
    let t = s.trim();
    if let Some(rest) = t.strip_prefix("```")
        && let Some(body) = rest.strip_suffix("```")
    {
        let body = body.strip_prefix("json").unwrap_or(body);
        return body.trim();
    }
    t
}

/// A whole number, also when sent as `3.0`.
fn as_int(v: &Value) -> Option<i64> {
    v.as_i64().or_else(|| {
        v.as_f64()
            .filter(|f| f.fract() == 0.0 && f.abs() < 1e12)
            .map(|f| f as i64)
    })
}

/// A required string field; problems are pushed to `errs`.
fn string_field(
    o: &Map<String, Value>,
    key: &str,
    path: &str,
    errs: &mut Vec<String>,
) -> Option<String> {
    match o.get(key) {
        Some(Value::String(s)) => Some(s.clone()),
        Some(x) => {
            errs.push(format!(
                "{path}.{key}: expected a string, found {}",
                kind(x)
            ));
            None
        }
        None => {
            errs.push(format!("{path}.{key}: missing"));
            None
        }
    }
}

fn check_quote(v: &Value, path: &str, errs: &mut Vec<String>) -> Option<Quote> {
    let Some(o) = v.as_object() else {
        errs.push(format!("{path}: expected an object, found {}", kind(v)));
        return None;
    };
    let quote = string_field(o, "quote", path, errs);
    let file = string_field(o, "file", path, errs);
    let line = match o.get("line") {
        Some(x) => match as_int(x) {
            Some(n) if n >= 0 => Some(n as u64),
            _ => {
                errs.push(format!(
                    "{path}.line: expected a line number (integer >= 1), found {}",
                    kind(x)
                ));
                None
            }
        },
        None => {
            errs.push(format!("{path}.line: missing"));
            None
        }
    };
    Some(Quote {
        quote: quote?,
        file: file?,
        line: line?,
    })
}

fn check_dim(v: &Value, path: &str, errs: &mut Vec<String>) -> Option<DimAnswer> {
    let Some(o) = v.as_object() else {
        errs.push(format!("{path}: expected an object, found {}", kind(v)));
        return None;
    };
    let before = errs.len();
    let risk = match o.get("risk") {
        Some(Value::Bool(b)) => Some(*b),
        Some(x) => {
            errs.push(format!(
                "{path}.risk: expected true or false, found {}",
                kind(x)
            ));
            None
        }
        None => {
            errs.push(format!("{path}.risk: missing"));
            None
        }
    };
    let severity = match o.get("severity") {
        Some(x) => match as_int(x) {
            Some(n @ 1..=5) => Some(n as u8),
            _ => {
                errs.push(format!(
                    "{path}.severity: expected an integer from 1 to 5, found {}",
                    match x {
                        Value::Number(n) => n.to_string(),
                        other => kind(other).to_string(),
                    }
                ));
                None
            }
        },
        None => {
            errs.push(format!("{path}.severity: missing"));
            None
        }
    };
    let reason = match o.get("reason") {
        None | Some(Value::Null) => String::new(),
        Some(Value::String(s)) => cap(s, MAX_TEXT),
        Some(x) => {
            errs.push(format!(
                "{path}.reason: expected a string, found {}",
                kind(x)
            ));
            String::new()
        }
    };
    let mut evidence = Vec::new();
    match o.get("evidence") {
        Some(Value::Array(items)) => {
            for (i, it) in items.iter().enumerate() {
                if let Some(q) = check_quote(it, &format!("{path}.evidence[{i}]"), errs)
                    && evidence.len() < MAX_EVIDENCE
                {
                    evidence.push(q);
                }
            }
        }
        Some(x) => errs.push(format!(
            "{path}.evidence: expected an array, found {}",
            kind(x)
        )),
        None => errs.push(format!(
            "{path}.evidence: missing (use [] when there is none)"
        )),
    }
    if let (Some(r), Some(s)) = (risk, severity) {
        if r && s < 2 {
            errs.push(format!(
                "{path}: risk is true but severity is 1; risk true needs severity 2 to 5"
            ));
        }
        if !r && s >= 2 {
            errs.push(format!(
                "{path}: risk is false but severity is {s}; use severity 1 when there is no risk, or set risk true"
            ));
        }
        if r && evidence.is_empty() && errs.len() == before {
            errs.push(format!(
                "{path}.evidence: risk is true, so give at least one exact quote with its file and line"
            ));
        }
    }
    if errs.len() > before {
        return None;
    }
    Some(DimAnswer {
        risk: risk?,
        severity: severity?,
        reason,
        evidence,
    })
}

/// A parsed answer that may lack dimensions.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Parsed {
    /// The dimensions that validated, and the notes.
    pub answer: Answer,
    /// Dimensions missing or invalid: not judged by this answer.
    pub missing: Vec<Dimension>,
    /// Every problem found (capped), each with its JSON path.
    pub problems: Vec<String>,
}

fn capped(mut errs: Vec<String>) -> Vec<String> {
    let n = errs.len();
    errs.truncate(MAX_ERRORS);
    if n > MAX_ERRORS {
        errs.push(format!("… and {} more problems", n - MAX_ERRORS));
    }
    errs
}

/// Parses a model answer, keeping every dimension that validates. Fails
/// only when the answer is not a JSON object with a `dimensions` object.
pub fn parse_partial(content: &str) -> Result<Parsed, Vec<String>> {
    let text = strip_fence(content);
    let v: Value = match serde_json::from_str(text) {
        Ok(v) => v,
        Err(e) => {
            return Err(vec![format!(
                "the answer is not valid JSON ({e}); send exactly one JSON object and nothing else"
            )]);
        }
    };
    let mut errs = Vec::new();
    let Some(top) = v.as_object() else {
        return Err(vec![format!("$: expected an object, found {}", kind(&v))]);
    };
    let notes = match top.get("notes") {
        None | Some(Value::Null) => String::new(),
        Some(Value::String(s)) => cap(s, MAX_TEXT),
        Some(x) => {
            errs.push(format!("$.notes: expected a string, found {}", kind(x)));
            String::new()
        }
    };
    let m = match top.get("dimensions") {
        Some(Value::Object(m)) => m,
        Some(x) => {
            errs.push(format!(
                "$.dimensions: expected an object, found {}",
                kind(x)
            ));
            return Err(capped(errs));
        }
        None => return Err(vec!["$.dimensions: missing".into()]),
    };
    for key in m.keys() {
        if Dimension::parse(key).is_none() {
            errs.push(format!(
                "$.dimensions.{}: unknown dimension; use exactly data_exfiltration, destructive, privilege_escalation, covert_execution, resource_abuse, credential_access",
                cap(key, 40)
            ));
        }
    }
    let mut dims = BTreeMap::new();
    let mut missing = Vec::new();
    for d in Dimension::ALL {
        let path = format!("$.dimensions.{}", d.as_str());
        match m.get(d.as_str()) {
            Some(x) => match check_dim(x, &path, &mut errs) {
                Some(a) => {
                    dims.insert(d, a);
                }
                None => missing.push(d),
            },
            None => {
                errs.push(format!("{path}: missing"));
                missing.push(d);
            }
        }
    }
    Ok(Parsed {
        answer: Answer { dims, notes },
        missing,
        problems: capped(errs),
    })
}

/// Parses and validates a complete answer (all six dimensions, no other
/// problem). On failure, returns every problem found (capped), each with
/// its JSON path.
pub fn parse(content: &str) -> Result<Answer, Vec<String>> {
    let p = parse_partial(content)?;
    if p.problems.is_empty() {
        Ok(p.answer)
    } else {
        Err(p.problems)
    }
}

/// The answer's JSON Schema, for the given dimensions (all six for the
/// first request, the missing ones for a repair). Every key is required
/// and no other is allowed, as strict structured output wants.
pub fn schema(dims: &[Dimension]) -> Value {
    let quote = json!({
        "type": "object",
        "properties": {
            "quote": {"type": "string"},
            "file": {"type": "string"},
            "line": {"type": "integer"},
        },
        "required": ["quote", "file", "line"],
        "additionalProperties": false,
    });
    let dim = json!({
        "type": "object",
        "properties": {
            "risk": {"type": "boolean"},
            "severity": {"type": "integer", "enum": [1, 2, 3, 4, 5]},
            "reason": {"type": "string"},
            "evidence": {"type": "array", "items": quote},
        },
        "required": ["risk", "severity", "reason", "evidence"],
        "additionalProperties": false,
    });
    let props: Map<String, Value> = dims
        .iter()
        .map(|d| (d.as_str().to_string(), dim.clone()))
        .collect();
    let names: Vec<&str> = dims.iter().map(|d| d.as_str()).collect();
    json!({
        "type": "object",
        "properties": {
            "dimensions": {
                "type": "object",
                "properties": props,
                "required": names,
                "additionalProperties": false,
            },
            "notes": {"type": "string"},
        },
        "required": ["dimensions", "notes"],
        "additionalProperties": false,
    })
}

/// The canonical JSON form of a valid answer (what the cache stores).
pub fn to_json(a: &Answer) -> Value {
    let mut dims = Map::new();
    for (d, x) in &a.dims {
        dims.insert(
            d.as_str().into(),
            json!({
                "risk": x.risk,
                "severity": x.severity,
                "reason": x.reason,
                "evidence": x.evidence.iter().map(|q| json!({"quote": q.quote, "file": q.file, "line": q.line})).collect::<Vec<_>>(),
            }),
        );
    }
    json!({"dimensions": dims, "notes": a.notes})
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all_clear() -> Value {
        let mut dims = Map::new();
        for d in Dimension::ALL {
            dims.insert(
                d.as_str().into(),
                json!({"risk": false, "severity": 1, "evidence": []}),
            );
        }
        json!({"dimensions": dims, "notes": "fine"})
    }

    #[test]
    fn a_valid_answer_round_trips() {
        let mut v = all_clear();
        v["dimensions"]["destructive"] = json!({"risk": true, "severity": 4.0, "reason": "rm", "evidence": [{"quote": "rm -rf ~", "file": "SKILL.md", "line": 3}]});
        let a = parse(&format!("```json\n{v}\n```")).unwrap();
        assert_eq!(a.dims.len(), 6);
        assert_eq!(a.dims[&Dimension::Destructive].severity, 4);
        assert_eq!(parse(&to_json(&a).to_string()).unwrap(), a);
    }

    #[test]
    fn problems_are_reported_with_paths() {
        let mut v = all_clear();
        v["dimensions"]["destructive"] = json!({"risk": "yes", "severity": 9, "evidence": {}});
        v["dimensions"]["covert_execution"] = json!({"risk": true, "severity": 4, "evidence": []});
        v["dimensions"]["resource_abuse"] = json!({"risk": false, "severity": 3, "evidence": []});
        v["dimensions"]
            .as_object_mut()
            .unwrap()
            .remove("credential_access");
        v["dimensions"]["phishing"] = json!({});
        let errs = parse(&v.to_string()).unwrap_err();
        let all = errs.join("\n");
        for want in [
            "$.dimensions.destructive.risk: expected true or false",
            "$.dimensions.destructive.severity: expected an integer from 1 to 5, found 9",
            "$.dimensions.destructive.evidence: expected an array",
            "$.dimensions.covert_execution.evidence: risk is true",
            "$.dimensions.resource_abuse: risk is false but severity is 3",
            "$.dimensions.credential_access: missing",
            "$.dimensions.phishing: unknown dimension",
        ] {
            assert!(all.contains(want), "missing {want:?} in\n{all}");
        }
        assert!(parse("not json").is_err());
        assert!(parse("[1]").is_err());
        assert!(parse("").is_err());
    }
}
