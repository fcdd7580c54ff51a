//! Chain scoring (round 16, `docs/scoring.md`): persistence, a sensitive
//! read and an outbound send in the same script are one program that
//! keeps taking the user's secrets out, even when each part alone is only
//! a warning (documented persistence, a clipboard read, a detached
//! request). Each medium part is raised to high, and its `raised_by`
//! names the other two. Documented, opt-in persistence alone stays a
//! warning; a read whose value is consented (its vendor, this machine)
//! was already lowered below medium and makes no chain.

use crate::evidence::{Op, Tag};
use crate::finding::{Dimension, Finding, Severity};
use crate::rules::RuleCx;

/// Persistence rules: cron, launchd, systemd, start-up files, git hooks.
const PERSIST: &[&str] = &["SK-PRIV-004"];
/// Sends: a secret or user data sent, a collector, a flowless pairing, a
/// request sent detached with its output discarded.
const SENDS: &[&str] = &[
    "SK-EXFIL-001",
    "SK-EXFIL-002",
    "SK-EXFIL-003",
    "SK-EXFIL-004",
    "SK-EXEC-012",
];
/// Credential-access rules that are not a sensitive read (an undeclared
/// variable name, a secret printed to the agent).
const NOT_READS: &[&str] = &["SK-CRED-005", "SK-CRED-006"];

fn live(f: &Finding) -> bool {
    f.suppressed.is_none() && f.severity >= Severity::Medium
}

fn is_read(f: &Finding) -> bool {
    live(f)
        && f.downgraded_by.is_none()
        && f.dimensions.contains(&Dimension::CredentialAccess)
        && !NOT_READS.contains(&f.rule_id.as_str())
}

fn at(f: &Finding) -> String {
    format!(
        "{} at {}:{}",
        f.rule_id, f.location.path, f.location.start_line
    )
}

/// A request out of this machine the file makes to a host it fixes (not
/// one the description names): the send of a chain whose read no flow
/// reaches (`tail log | curl …` after the read).
fn plain_send(cx: &RuleCx, path: &str) -> Option<String> {
    cx.evidence
        .iter()
        .filter(|e| e.location.path == path && e.op == Op::NetSend && e.origin.is_code())
        .filter(|e| !e.has(Tag::DeclaredHost) && !e.has(Tag::Documentation))
        .find(|e| {
            crate::extract::indicators::url_host(&e.target)
                .is_some_and(|h| !crate::extract::indicators::is_private_host(&h))
        })
        .map(|e| {
            format!(
                "{} to {} at {}:{}",
                e.object, e.target, e.location.path, e.location.start_line
            )
        })
}

/// Raises the medium parts of a persistence + sensitive read + send chain
/// within one file.
pub fn raise(cx: &RuleCx, findings: &mut [Finding]) {
    let mut files: Vec<&str> = findings
        .iter()
        .filter(|f| live(f) && PERSIST.contains(&f.rule_id.as_str()))
        .map(|f| f.location.path.as_str())
        .collect();
    files.sort_unstable();
    files.dedup();
    let mut raises: Vec<(usize, String)> = Vec::new();
    for path in files {
        let in_file = |f: &&Finding| f.location.path == path;
        let Some(read) = findings.iter().filter(in_file).find(|f| is_read(f)) else {
            continue;
        };
        let send = findings
            .iter()
            .filter(in_file)
            .find(|f| live(f) && f.downgraded_by.is_none() && SENDS.contains(&f.rule_id.as_str()))
            .map(at)
            .or_else(|| plain_send(cx, path));
        let Some(send) = send else { continue };
        let persist = findings
            .iter()
            .filter(in_file)
            .find(|f| live(f) && PERSIST.contains(&f.rule_id.as_str()))
            .map(at)
            .unwrap_or_default();
        let read = at(read);
        let why = format!(
            "one script persists ({persist}), reads a secret ({read}) and sends out ({send})"
        );
        for (i, f) in findings.iter().enumerate() {
            let part = PERSIST.contains(&f.rule_id.as_str())
                || is_read(f)
                || SENDS.contains(&f.rule_id.as_str()) && f.downgraded_by.is_none();
            if f.location.path == path && live(f) && f.severity == Severity::Medium && part {
                raises.push((i, why.clone()));
            }
        }
    }
    for (i, why) in raises {
        findings[i].raise(Severity::High, &why);
    }
}
