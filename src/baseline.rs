//! Baselines: `--baseline old.json` marks findings already present in an
//! earlier JSON report as suppressed ("in baseline"), so only new findings
//! count towards the score and the exit code.
//!
//! Findings are matched by skill and fingerprint (a stable hash of the
//! rule id, the file path and the normalised snippet, so moved lines still
//! match). The skill is named by its `root_path`, the folder relative to the
//! scanned root (the repository holding it, else the current folder), so a
//! baseline made from another folder, or with absolute paths, still
//! matches. Reports written before `root_path` existed match on `path`: the
//! same path, else one path ending with the other. Each baseline entry
//! absorbs one finding: when a payload appears twice now and once in the
//! baseline, the second copy is new.

use crate::model::SkillReport;
use crate::policy::normalize_rel;
use serde_json::Value;
use std::collections::BTreeMap;
use std::path::Path;

/// The reason recorded on findings matched by the baseline.
pub const REASON: &str = "in baseline";

/// Largest baseline file read.
const MAX_BASELINE_BYTES: u64 = 512 * 1024 * 1024;

/// Fingerprints of an earlier report, counted per skill path.
#[derive(Debug, Clone, Default)]
pub struct Baseline {
    /// Skills of reports without `root_path`, by `path`.
    entries: BTreeMap<(String, String), usize>,
    /// Skills by `root_path`.
    rooted: BTreeMap<(String, String), usize>,
}

impl Baseline {
    /// Loads an earlier `--format json` report.
    pub fn load(p: &Path) -> Result<Baseline, String> {
        const HINT: &str = "Pass a report written by `skillscan audit --format json`.";
        let shown = p.display();
        let buf = crate::policy::read_capped_file(p, MAX_BASELINE_BYTES, "baseline")
            .map_err(|m| format!("{m}. {HINT}"))?;
        let v: Value = serde_json::from_slice(&buf)
            .map_err(|e| format!("baseline {shown} is not valid JSON ({e}). {HINT}"))?;
        Baseline::from_json(&v).map_err(|m| format!("baseline {shown}: {m}"))
    }

    /// Reads the fingerprints from a parsed JSON report.
    pub fn from_json(v: &Value) -> Result<Baseline, String> {
        const HINT: &str = "this does not look like a `skillscan audit --format json` report";
        let skills = v
            .get("skills")
            .and_then(Value::as_array)
            .ok_or_else(|| format!("no `skills` array at the top level; {HINT}"))?;
        let mut b = Baseline::default();
        for (i, s) in skills.iter().enumerate() {
            let path = s
                .get("path")
                .and_then(Value::as_str)
                .ok_or_else(|| format!("skills[{i}] has no string `path`; {HINT}"))?;
            let (map, key) = match s.get("root_path").and_then(Value::as_str) {
                Some(r) => (&mut b.rooted, r.to_string()),
                None => (&mut b.entries, normalize_rel(path)),
            };
            let findings = s
                .get("findings")
                .and_then(Value::as_array)
                .ok_or_else(|| format!("skills[{i}] has no `findings` array; {HINT}"))?;
            for (j, f) in findings.iter().enumerate() {
                let fp = f
                    .get("fingerprint")
                    .and_then(Value::as_str)
                    .ok_or_else(|| {
                        format!("skills[{i}].findings[{j}] has no string `fingerprint`; {HINT}")
                    })?;
                *map.entry((key.clone(), fp.to_string())).or_default() += 1;
            }
        }
        Ok(b)
    }

    /// Number of findings in the baseline.
    pub fn len(&self) -> usize {
        self.entries.values().chain(self.rooted.values()).sum()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty() && self.rooted.is_empty()
    }

    /// The baseline's fingerprint counts for the skill `r`: by its
    /// `root_path`, and by its path in reports that have none.
    fn for_skill(&self, r: &SkillReport) -> BTreeMap<&str, usize> {
        let mut left: BTreeMap<&str, usize> = BTreeMap::new();
        let root = root_path(&r.path);
        for ((p, fp), n) in &self.rooted {
            if *p == root {
                *left.entry(fp.as_str()).or_default() += *n;
            }
        }
        let path = normalize_rel(&r.path);
        // The exact path when the baseline has it; else the same skill seen
        // from another folder (`skills/a` then `/ci/repo/skills/a`).
        let exact = self.entries.keys().any(|(p, _)| *p == path);
        for ((p, fp), n) in &self.entries {
            if *p == path || (!exact && same_skill(p, &path)) {
                *left.entry(fp.as_str()).or_default() += *n;
            }
        }
        left
    }

    /// Marks findings of `r` that are in the baseline as suppressed. Findings
    /// are visited in report order (deterministic), each baseline entry
    /// absorbing at most one finding. Returns how many were marked. Call
    /// `rescore` afterwards.
    pub fn filter(&self, r: &mut SkillReport) -> usize {
        let mut left = self.for_skill(r);
        if left.is_empty() {
            return 0;
        }
        let mut marked = 0;
        for f in &mut r.findings {
            if f.suppressed.is_some() {
                // Already accepted by the policy; it still uses up its entry.
                if let Some(n) = left.get_mut(f.fingerprint.as_str()) {
                    *n = n.saturating_sub(1);
                }
                continue;
            }
            if let Some(n) = left.get_mut(f.fingerprint.as_str())
                && *n > 0
            {
                *n -= 1;
                f.suppressed = Some(REASON.to_string());
                marked += 1;
            }
        }
        marked
    }
}

/// The skill folder `skill` (as found, relative to the current folder or
/// absolute) relative to the scanned root: the nearest folder at or above
/// it that holds `.git` (found without running git), else the current
/// folder. `/`-separated, `.` for the root itself; the absolute path when
/// it lies outside both. The same skill gets the same `root_path` whatever
/// folder skillscan ran in and wherever the repository is checked out.
pub fn root_path(skill: &str) -> String {
    let cwd = std::env::current_dir().ok();
    let (abs, segs) = crate::report::sarif::normalize(Path::new(skill));
    let full = match (&cwd, abs) {
        (_, true) => segs,
        (Some(c), false) => {
            let mut full = crate::report::sarif::normalize(c).1;
            for s in segs {
                if s == ".." {
                    full.pop();
                } else {
                    full.push(s);
                }
            }
            full
        }
        (None, false) => return join_rel(&segs),
    };
    let at = |n: usize| crate::report::sarif::to_path(&full[..n]).join(".git");
    let repo = (0..=full.len())
        .rev()
        .find(|&n| std::fs::symlink_metadata(at(n)).is_ok());
    let base = repo.or_else(|| {
        let c = crate::report::sarif::normalize(cwd.as_deref()?).1;
        full.starts_with(&c).then_some(c.len())
    });
    match base {
        Some(n) => join_rel(&full[n..]),
        None => crate::report::sarif::to_path(&full)
            .to_string_lossy()
            .replace('\\', "/"),
    }
}

fn join_rel(segs: &[String]) -> String {
    if segs.is_empty() {
        ".".into()
    } else {
        segs.join("/")
    }
}

/// Whether two skill paths name the same folder seen from different working
/// folders: one ends with the other at a `/` boundary (a relative path and
/// its absolute form).
fn same_skill(a: &str, b: &str) -> bool {
    let tail = |long: &str, short: &str| {
        !short.is_empty()
            && long
                .strip_suffix(short)
                .is_some_and(|head| head.ends_with('/'))
    };
    tail(a, b) || tail(b, a)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn rejects_other_json() {
        assert!(
            Baseline::from_json(&json!({"runs": []}))
                .unwrap_err()
                .contains("skills")
        );
        assert!(
            Baseline::from_json(&json!({"skills": [{"path": "a", "findings": [{}]}]}))
                .unwrap_err()
                .contains("fingerprint")
        );
    }

    #[test]
    fn a_relative_baseline_matches_an_absolute_scan() {
        assert!(same_skill("skills/a", "/ci/repo/skills/a"));
        assert!(same_skill("/home/u/repo/skills/a", "skills/a"));
        assert!(!same_skill("skills/a", "/ci/repo/skills/ba"));
        assert!(!same_skill("", "/x"));
    }

    #[test]
    fn counts_fingerprints_per_path() {
        let b = Baseline::from_json(&json!({"skills": [
            {"path": "./a/", "findings": [{"fingerprint": "x"}, {"fingerprint": "x"}]},
            {"path": "b", "findings": []}]}))
        .unwrap();
        assert_eq!(b.len(), 2);
        assert_eq!(b.entries.get(&("a".into(), "x".into())), Some(&2));
    }
}
