//! `skillscan ssl`: print skills' SSL records, or validate record files.
//!
//! * `skillscan ssl PATH...` prints the record of each skill found: pretty
//!   JSON for one skill, JSON Lines (one compact record a line, sorted by
//!   skill path) for several. Exit 0, or 2 when a skill's analysis is
//!   incomplete (the record is still printed; the reasons go to stderr).
//!   With `--llm` the LLM normalizer's steps are merged in; when it fails for
//!   a skill, that skill's static record is printed and stderr says why.
//! * `skillscan ssl validate FILE...` validates record files strictly and
//!   prints each violation as `FILE: error: $.path: message` (or
//!   `warning:`). Exit 0 when all are valid, 1 when any has an error, 2 when
//!   any cannot be read or is not JSON.

use crate::audit::AuditOptions;
use crate::cli::{SslAction, SslArgs};
use crate::exit::{UserError, code as exit, write_out};
use crate::run::scan;
use crate::ssl::external::read_capped;
use crate::ssl::model::SslRecord;
use crate::ssl::validate::{Level, validate, validate_strict};
use crate::text::escape_display;
use std::path::PathBuf;

pub fn run(a: &SslArgs) -> Result<i32, UserError> {
    match &a.action {
        Some(SslAction::Validate { files, compat }) => {
            let (text, code) = validate_files(files, *compat);
            write_out(None, &text)?;
            Ok(code)
        }
        None => records(a),
    }
}

/// Validates each file; returns the report text and the exit code.
pub fn validate_files(files: &[PathBuf], compat: bool) -> (String, i32) {
    let mut out = String::new();
    let mut code = exit::OK;
    for f in files {
        let label = escape_display(&f.display().to_string());
        let text = match read_capped(f) {
            Ok(t) => t,
            Err(e) => {
                out.push_str(&format!("{label}: error: {e}\n"));
                code = exit::ERROR;
                continue;
            }
        };
        let value: serde_json::Value = match serde_json::from_str(&text) {
            Ok(v) => v,
            Err(e) => {
                out.push_str(&format!(
                    "{label}: error: not valid JSON ({e}); an SSL record is one JSON object with `skill`, `scenes` and `logic_steps`\n"
                ));
                code = exit::ERROR;
                continue;
            }
        };
        let violations = if compat {
            validate(&value)
        } else {
            validate_strict(&value)
        };
        let errors = violations
            .iter()
            .filter(|v| v.level == Level::Error)
            .count();
        for v in &violations {
            out.push_str(&format!(
                "{label}: {}: {}: {}\n",
                v.level,
                escape_display(&v.path),
                escape_display(&v.message)
            ));
        }
        let warnings = violations.len() - errors;
        if errors == 0 {
            out.push_str(&format!("{label}: valid ({warnings} warning(s))\n"));
        } else {
            out.push_str(&format!(
                "{label}: invalid ({errors} error(s), {warnings} warning(s))\n"
            ));
            if code == exit::OK {
                code = exit::FINDINGS;
            }
        }
    }
    (out, code)
}

/// A record as JSON with the paper's field order (`skill`, `scenes`,
/// `logic_steps`, fields as in Appendix B), via the typed model; anything
/// the model cannot represent is printed as is.
pub fn to_json(v: &serde_json::Value, pretty: bool) -> String {
    let typed = serde_json::from_value::<SslRecord>(v.clone())
        .ok()
        .filter(|r| serde_json::to_value(r).ok().as_ref() == Some(v));
    let out = match (&typed, pretty) {
        (Some(r), true) => serde_json::to_string_pretty(r),
        (Some(r), false) => serde_json::to_string(r),
        (None, true) => serde_json::to_string_pretty(v),
        (None, false) => serde_json::to_string(v),
    };
    out.unwrap_or_default()
}

/// What `ssl` prints for an entry without a record (a folder discovery
/// could not search, a skill whose analysis stopped before the record was
/// built): the audit report's `path`, `complete: false` and `errors`
/// (what went wrong and what to do), instead of a bare `null`.
fn no_record(r: &crate::audit::SkillReport) -> serde_json::Value {
    let mut errors = r.errors.clone();
    if errors.is_empty() {
        errors.push(
            "no SSL record was built for this folder; run `skillscan audit` on it to see why"
                .into(),
        );
    }
    serde_json::json!({
        "path": r.path,
        "complete": r.complete,
        "status": if r.complete { "no record" } else { "incomplete" },
        "errors": errors,
    })
}

fn records(a: &SslArgs) -> Result<i32, UserError> {
    if a.paths.is_empty() {
        return Err(UserError(
            "ssl needs a skill folder (or a folder of skills): `skillscan ssl PATH...`, or `skillscan ssl validate FILE...` to check records".into(),
        ));
    }
    let judge = if a.llm {
        let policy = crate::policy::Policy::discover(None, false).map_err(UserError)?;
        let cfg = crate::judge::JudgeConfig::from_env(policy.as_ref()).map_err(|e| {
            UserError(format!(
                "ssl --llm: {e}. Without --llm, `skillscan ssl` prints the static record"
            ))
        })?;
        Some(cfg)
    } else {
        None
    };
    let opts = AuditOptions {
        with_ssl: true,
        ..AuditOptions::default()
    };
    // The normalizer needs the file texts; the static record does not.
    let reports = scan(&a.paths, &opts, None, true, judge.is_some())?;
    let mut lines = Vec::with_capacity(reports.len());
    let mut code = exit::OK;
    for r in &reports {
        let path = escape_display(&r.path);
        if !r.complete {
            code = exit::ERROR;
            for e in &r.errors {
                eprintln!("skillscan: warning: {path}: analysis incomplete: {e}");
            }
        }
        for n in &r.notes {
            eprintln!("skillscan: note: {path}: {n}");
        }
        let mut record = r.ssl.clone().unwrap_or_else(|| no_record(r));
        if let Some(cfg) = &judge {
            match crate::judge::normalizer::normalize(r, cfg) {
                Ok(v) => record = v,
                Err(e) => eprintln!(
                    "skillscan: warning: {path}: the LLM normalizer failed ({e}); printing the static record"
                ),
            }
        }
        lines.push(record);
    }
    let text = if lines.len() == 1 {
        to_json(&lines[0], true) + "\n"
    } else {
        let mut s = String::new();
        for v in &lines {
            s.push_str(&to_json(v, false));
            s.push('\n');
        }
        s
    };
    write_out(None, &text)?;
    Ok(code)
}
