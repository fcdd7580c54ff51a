//! Values a skill function returns, read by its callers (round 33), one
//! skill-wide pass for every language whose front-end folds returns.
//!
//! A helper module that builds the paths (`profileCandidates()` joining
//! `[".openclaw"], [".config", "openclaw"]` with `["openclaw.json", ".env"]`
//! under the home folder; `def candidates(): return [os.path.join(HOME, d,
//! f) …]`) and a caller in another file that reads each path it returns
//! (`candidates().map(p => fs.readFileSync(p))`, `[open(p).read() for p in
//! candidates()]`) split the secret read in two: the caller's read has an
//! unknown target, the helper reads nothing. The front-ends put the strings
//! a `return` folds to on the `Return` step (`arg_values`); a read whose
//! target is unknown and whose input is the result of a call of such a
//! function (`CallLocal`'s output, within the read's file) reads those
//! paths. Each path the classifier finds sensitive becomes a read of its
//! own at the caller, with the caller's inputs and output, so the flow to a
//! send (through any compression or encoding the caller applies) is the one
//! the original read had. Exported names that forward to a local function
//! are followed a few levels (`MAX_FORWARD`). A module constant another
//! module imports (`const { PROFILE_PATHS } = require("../lib/paths")`,
//! `import { PATHS } from "./paths.js"`) is read the same way: the
//! exporting file gives its sensitive top-level paths as `Return` steps of
//! `module::NAME`, the importing file's value carries `$import:module::NAME`.

use super::indicators::classify_path;
use crate::evidence::{Evidence, Op, Tag};
use crate::ssl::vocab::ResourceScope as R;
use std::collections::{BTreeMap, BTreeSet};

/// Forwarding levels followed from an exported name to the function.
const MAX_FORWARD: usize = 4;

/// Whether a read target is a value the front-end could not fold.
fn unknown(target: &str) -> bool {
    let t = target.trim();
    t.is_empty() || t.starts_with('$')
}

/// Whether `path` is a credential, agent or user store.
pub(crate) fn sensitive_path(path: &str) -> bool {
    let (scope, tags) = classify_path(path);
    sensitive(scope, &tags)
}

/// A path worth a read of its own: a credential, agent or user store.
fn sensitive(scope: R, tags: &BTreeSet<Tag>) -> bool {
    matches!(scope, R::Credentials | R::UserData)
        || [
            Tag::SecretPath,
            Tag::AgentConfig,
            Tag::AgentMemory,
            Tag::BrowserStore,
            Tag::Wallet,
        ]
        .iter()
        .any(|t| tags.contains(t))
}

/// The strings function `key` returns: its own `Return` values and, for a
/// `Return` of another call's result, that function's (bounded).
fn values_of(
    key: &str,
    returns: &BTreeMap<&str, Vec<usize>>,
    calls: &BTreeMap<(&str, &str), &str>,
    evidence: &[Evidence],
    depth: usize,
    out: &mut Vec<String>,
) {
    for &i in returns.get(key).map(Vec::as_slice).unwrap_or(&[]) {
        let r = &evidence[i];
        for v in &r.arg_values {
            if !out.contains(v) {
                out.push(v.clone());
            }
        }
        if depth >= MAX_FORWARD {
            continue;
        }
        for b in &r.inputs {
            if let Some(k) = calls.get(&(r.location.path.as_str(), b.as_str()))
                && *k != key
            {
                values_of(k, returns, calls, evidence, depth + 1, out);
            }
        }
    }
}

/// Adds, for every read of a function's returned paths, a read of each
/// sensitive path it returns.
pub fn resolve(evidence: &mut Vec<Evidence>) {
    if !evidence
        .iter()
        .any(|e| e.op == Op::Return && !e.arg_values.is_empty())
    {
        return;
    }
    let mut returns: BTreeMap<&str, Vec<usize>> = BTreeMap::new();
    let mut calls: BTreeMap<(&str, &str), &str> = BTreeMap::new();
    for (i, e) in evidence.iter().enumerate() {
        match e.op {
            Op::Return => returns.entry(e.target.as_str()).or_default().push(i),
            Op::CallLocal => {
                if let Some(o) = e.output.as_deref() {
                    calls.insert((e.location.path.as_str(), o), e.target.as_str());
                }
            }
            _ => {}
        }
    }
    let mut out = Vec::new();
    for e in evidence.iter() {
        if e.op != Op::FileRead || !unknown(&e.target) {
            continue;
        }
        // The read's inputs, and the bindings of its path argument where
        // the front-end keeps them apart (Python: `arg_binds`).
        let mut vals = Vec::new();
        for b in e.inputs.iter().chain(e.arg_binds.iter().flatten()) {
            if let Some(k) = b.strip_prefix("$import:") {
                values_of(k, &returns, &calls, evidence, 0, &mut vals);
            } else if let Some(k) = calls.get(&(e.location.path.as_str(), b.as_str())) {
                values_of(k, &returns, &calls, evidence, 0, &mut vals);
            }
        }
        for v in vals {
            let (scope, tags) = classify_path(&v);
            if !sensitive(scope, &tags) {
                continue;
            }
            let mut d = e.clone();
            d.target = v;
            d.scope = scope;
            d.tags.extend(tags);
            d.object = format!("{} (a path a skill function returned)", e.object);
            out.push(d);
        }
    }
    evidence.extend(out);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ssl::vocab::ActType as A;

    fn ev(op: Op, target: &str, path: &str) -> Evidence {
        let mut e = Evidence::new(op, A::Read, R::Codebase, target);
        e.location.path = path.into();
        e
    }

    #[test]
    fn a_read_of_a_returned_path_list_reads_each_sensitive_path() {
        let mut ret = ev(Op::Return, "lib/paths::cands", "lib/paths.js");
        ret.arg_values = vec![
            "~/.openclaw/openclaw.json".into(),
            "./locales/en.json".into(),
        ];
        let mut call = ev(Op::CallLocal, "lib/paths::cands", "scripts/s.js");
        call.output = Some("$call_9".into());
        let mut read = ev(Op::FileRead, "$p", "scripts/s.js");
        read.inputs = vec!["$call_9".into()];
        read.output = Some("$call_12".into());
        // The same binding in another file is another value.
        let mut other = ev(Op::FileRead, "$p", "scripts/t.js");
        other.inputs = vec!["$call_9".into()];
        let mut items = vec![ret, call, read, other];
        resolve(&mut items);
        let got: Vec<_> = items[4..]
            .iter()
            .map(|e| {
                (
                    e.target.as_str(),
                    e.location.path.as_str(),
                    e.output.clone(),
                )
            })
            .collect();
        assert_eq!(
            got,
            vec![(
                "~/.openclaw/openclaw.json",
                "scripts/s.js",
                Some("$call_12".to_string())
            )]
        );
    }
}
