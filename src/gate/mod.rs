//! `skillscan gate`: OpenClaw's `security.installPolicy` hook, protocol
//! version 1 (`docs/openclaw.md`).
//!
//! One request JSON on stdin, one decision JSON on stdout, exit 0 always.
//! Everything that goes wrong becomes a `block` with a reason: a malformed
//! or unknown request, a missing or unreadable path, an incomplete analysis,
//! a panic, or the internal deadline. Nothing here reads `HOME`, `PATH` or
//! the working directory; the policy comes only from `--policy`. Logs go to
//! stderr. The same request gives byte-identical output (OpenClaw compares
//! a fingerprint of the reason and findings after a warning is accepted).

pub mod install_spec;
pub mod request;
pub mod response;

use crate::audit;
use crate::cli::GateArgs;
use crate::model::SkillReport;
use crate::policy::{PluginMode, Policy};
use crate::skill::{Skill, discover};
use request::{PathKind, Request, TargetType};
pub use response::{Decision, GateFinding, Response, decide};
use std::io::Write;
use std::path::Path;
use std::time::Duration;

/// Stack for the analysis thread (deeply nested hostile input).
const WORKER_STACK_BYTES: usize = 64 * 1024 * 1024;

/// The message analysis adds when a folder has no SKILL.md.
const NO_MANIFEST: &str = "no SKILL.md found in this folder";

/// Runs the hook: always writes one decision and returns 0.
pub fn run(a: &GateArgs) -> i32 {
    let resp = answer(
        a.policy.as_deref(),
        a.skill_budget_ms,
        Box::new(std::io::stdin()),
    );
    let text = resp.to_json();
    let mut out = std::io::stdout().lock();
    if let Err(e) = out.write_all(text.as_bytes()).and_then(|_| out.flush()) {
        eprintln!("skillscan: gate: cannot write the decision to stdout: {e}");
    }
    eprintln!(
        "skillscan: gate: {}{}",
        resp.decision.as_str(),
        resp.reason
            .as_deref()
            .map(|r| format!(": {r}"))
            .unwrap_or_default()
    );
    0
}

/// Computes the decision for the request read from `input`, within the
/// policy's deadline. Never panics.
/// `budget_ms` is the command line's `--skill-budget-ms` (it outranks the
/// policy's `skill_budget_ms`).
pub fn answer(
    policy_path: Option<&Path>,
    budget_ms: Option<u64>,
    mut input: Box<dyn std::io::Read + Send>,
) -> Response {
    let policy = match policy_path {
        None => None,
        Some(p) => match Policy::load(p) {
            Ok(p) => Some(p),
            Err(e) => {
                return Response::block(&format!(
                    "the install policy's own configuration is broken, so it fails closed: {e}"
                ));
            }
        },
    };
    let deadline = Duration::from_millis(
        policy
            .as_ref()
            .map(|p| p.gate.deadline_ms)
            .unwrap_or(crate::policy::DEFAULT_GATE_DEADLINE_MS),
    );
    let (tx, rx) = std::sync::mpsc::channel();
    let spawned = std::thread::Builder::new()
        .name("skillscan-gate".into())
        .stack_size(WORKER_STACK_BYTES)
        .spawn(move || {
            let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                handle(policy.as_ref(), budget_ms, &mut *input)
            }));
            let resp = r.unwrap_or_else(|p| {
                let msg = p
                    .downcast_ref::<String>()
                    .cloned()
                    .or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()))
                    .unwrap_or_else(|| "unknown panic".into());
                Response::block(&format!(
                    "internal error ({msg}); the install fails closed. Please report this."
                ))
            });
            let _ = tx.send(resp);
        });
    if let Err(e) = spawned {
        return Response::block(&format!("cannot start the analysis thread ({e})"));
    }
    match rx.recv_timeout(deadline) {
        Ok(r) => r,
        Err(std::sync::mpsc::RecvTimeoutError::Timeout) => Response::block(&format!(
            "scan incomplete: the analysis did not finish within {} ms, so the install fails closed. Raise gate.deadline_ms in the policy (and the hook's timeoutMs) for very large skills.",
            deadline.as_millis()
        )),
        Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => {
            Response::block("internal error: the analysis thread stopped without a decision")
        }
    }
}

/// Reads, validates and answers one request.
fn handle(
    policy: Option<&Policy>,
    budget_ms: Option<u64>,
    input: &mut dyn std::io::Read,
) -> Response {
    let bytes = match request::read_capped(input) {
        Ok(b) => b,
        Err(e) => return Response::block(&e),
    };
    let req = match request::parse(&bytes) {
        Ok(r) => r,
        Err(e) => return Response::block(&format!("invalid install-policy request: {e}")),
    };
    evaluate(&req, policy, budget_ms)
}

/// The decision for a validated request.
pub fn evaluate(req: &Request, policy: Option<&Policy>, budget_ms: Option<u64>) -> Response {
    let shown = crate::text::escape_display(&req.source_path.display().to_string());
    let meta = match std::fs::symlink_metadata(&req.source_path) {
        Ok(m) => m,
        Err(e) => {
            return Response::block(&format!(
                "sourcePath {shown} cannot be read ({e}), so the install fails closed"
            ));
        }
    };
    if meta.file_type().is_symlink() {
        return Response::block(&format!(
            "sourcePath {shown} is a symlink; skillscan never follows symlinks"
        ));
    }
    match req.source_path_kind {
        PathKind::Directory if !meta.is_dir() => {
            return Response::block(&format!(
                "sourcePath {shown} is not a directory, but sourcePathKind says it is"
            ));
        }
        PathKind::File if !meta.is_file() => {
            return Response::block(&format!(
                "sourcePath {shown} is not a regular file, but sourcePathKind says it is"
            ));
        }
        _ => {}
    }

    if req.is_doctor() && is_empty_dir(&req.source_path) {
        return Response::allow(Some(
            "skillscan install policy is reachable (doctor probe)".into(),
        ));
    }
    if req.is_npm_metadata_preflight() {
        return Response::allow_noted(
            "skillscan-npm-preflight",
            "npm package metadata checked before download; the package folder is scanned in the next call",
        );
    }
    let plugin = req.target_type == TargetType::Plugin;
    if plugin && policy.is_some_and(|p| p.gate.plugins == PluginMode::Allow) {
        return Response::allow_noted(
            "skillscan-plugin-unscanned",
            "plugin allowed without a scan (policy: gate.plugins allow)",
        );
    }

    // The user's policy may exclude paths (listed in the report, installed
    // by the host unscanned: the user chose); the skill cannot.
    let opts = Policy::audit_options(policy, &[], budget_ms);
    let skill = match req.source_path_kind {
        PathKind::Directory => {
            // The staged folder has a temporary name; the skill will be
            // installed under targetName, so that is its folder name.
            let mut s = discover::load_skill_excluding(&req.source_path, &opts.exclude);
            s.dir_name = req.target_name.clone();
            s
        }
        PathKind::File => match load_single_file(&req.source_path, &req.target_name, !plugin) {
            Ok(s) => s,
            Err(e) => return Response::block(&e),
        },
    };
    let mut r = audit::analyze(skill, &opts);
    // Suppression `skill:` globs match the host's target name; the staged
    // path is a random temporary folder.
    r.path = req.target_name.clone();
    if plugin {
        // A plugin has no SKILL.md; that alone is not an incomplete analysis.
        r.errors.retain(|e| e != NO_MANIFEST);
        r.complete = r.errors.is_empty();
        r.findings
            .retain(|f| !(f.location.path == "SKILL.md" && f.rule_id.starts_with("SK-HYG-")));
    }
    if let Some(spec) = &req.install_spec
        && !opts.disabled_rules.contains(install_spec::RULE)
    {
        r.findings.extend(install_spec::vet(spec));
    }
    finish(&mut r, policy);
    decide(&r, policy, &req.target_name)
}

/// Applies suppressions, rescoring and thresholds.
pub fn finish(r: &mut SkillReport, policy: Option<&Policy>) {
    if let Some(p) = policy {
        p.apply(r);
    }
    r.rescore();
    if let Some(p) = policy {
        p.apply_thresholds(r);
    }
}

fn is_empty_dir(p: &Path) -> bool {
    std::fs::read_dir(p).is_ok_and(|mut rd| rd.next().is_none())
}

/// A one-file skill (or plugin file): read without following symlinks,
/// capped at the per-file limit. For a skill target the file is the manifest.
fn load_single_file(path: &Path, target_name: &str, manifest: bool) -> Result<Skill, String> {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "file".into());
    let bytes = crate::policy::read_capped_file(path, crate::limits::MAX_FILE_BYTES, "sourcePath")
        .map_err(|m| format!("{m}, so the install fails closed"))?;
    let mut skill = Skill::from_memory(target_name, &[(name.as_str(), bytes.as_slice())]);
    if manifest {
        skill.manifest_path = name;
    }
    Ok(skill)
}
