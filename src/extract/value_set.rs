//! One value domain, written once for every front-end (issue 14 item 3;
//! `bench/heldout-r16/transfer.md` cause 2): set-valued bindings and
//! defaults.
//!
//! * **Set-valued bindings.** A loop variable over a literal list or array
//!   (`for f in "${A[@]}"`, `for p in [".zshrc", ".ssh"]`, `for (const p of
//!   [...])`, `foreach ($t in @(...))`) holds every value it iterates, not
//!   one pick: a front-end first walks the body with the riskiest value
//!   (`indicators::riskiest`, as before), then once more per further value
//!   [`iterations`] gives, and keeps from those walks only the evidence that
//!   differs from what the walks before gave ([`drop_repeats`]). A harmless
//!   value can no longer hide `.ssh`. The number of values walked is
//!   bounded (`limits::MAX_LOOP_VALUES` per loop, `MAX_LOOP_WALKS` per
//!   file); past a bound the values beyond it are represented by one value
//!   of each class ([`class_of`]) and, when even those do not fit, the file
//!   is incomplete.
//! * **Defaults.** `${X:-d}`, `os.getenv(k, d)`, `process.env.X || d`,
//!   `ENV.fetch(k, d)`, `$x ?? d`: a variable the skill never sets takes its
//!   default ([`default_of`]), and a number conversion of a folded constant
//!   (`.to_i`, `int()`, `parseInt`, `[int]`) is the number ([`to_int`]).
use crate::extract::indicators::classify_path;
use crate::model::evidence::Evidence;
use std::collections::HashSet;

/// What decides whether two loop values can lead to different findings:
/// the value's own path class and that of the value joined under the home
/// (a bare `.ssh` in a list is usually joined to `$HOME`).
pub fn class_of(v: &str) -> String {
    let (s, t) = classify_path(v);
    let home = if v.starts_with(['/', '~', '$']) || v.contains("://") {
        String::new()
    } else {
        let (hs, ht) = classify_path(&format!("~/{v}"));
        format!("{hs:?}{ht:?}")
    };
    format!("{s:?}{t:?}|{home}")
}

/// The further values a loop variable is walked with, after `first` (the
/// value the first walk used), in the order written. Distinct values only;
/// past `MAX_LOOP_VALUES` one value per class stands for the rest. The
/// flag says some class did not fit (recorded as `MAX_LOOP_VALUES`: the
/// file is incomplete).
pub fn iterations(vals: &[String], first: Option<&str>) -> (Vec<String>, bool) {
    let cap = crate::limits::MAX_LOOP_VALUES;
    let mut seen: HashSet<&str> = HashSet::new();
    if let Some(f) = first {
        seen.insert(f);
    }
    let rest: Vec<&String> = vals.iter().filter(|v| seen.insert(v.as_str())).collect();
    if rest.len() <= cap {
        return (rest.into_iter().cloned().collect(), false);
    }
    let mut classes: HashSet<String> = HashSet::new();
    if let Some(f) = first {
        classes.insert(class_of(f));
    }
    let mut out = Vec::new();
    let mut cut = false;
    for v in rest {
        if classes.insert(class_of(v)) {
            if out.len() < cap {
                out.push(v.clone());
            } else {
                cut = true;
            }
        }
    }
    if cut {
        crate::limits::gave_up("MAX_LOOP_VALUES");
    }
    (out, cut)
}

/// The loop walks a file has left (`MAX_LOOP_WALKS`).
pub struct Walks(usize);

impl Default for Walks {
    fn default() -> Self {
        Walks(crate::limits::MAX_LOOP_WALKS)
    }
}

impl Walks {
    /// The further values of one loop that may be walked: all of them while
    /// the budget lasts, else none (recorded as `MAX_LOOP_WALKS`).
    pub fn take(&mut self, mut vals: Vec<String>) -> Vec<String> {
        if vals.len() > self.0 {
            crate::limits::gave_up("MAX_LOOP_WALKS");
            vals.clear();
        }
        self.0 -= vals.len();
        vals
    }
}

/// What makes two evidence items the same observation for the loop walks:
/// everything a rule or the flow pass reads.
fn key(e: &Evidence) -> String {
    format!(
        "{:?}|{}|{}|{:?}|{:?}|{:?}|{:?}|{:?}|{}|{}|{:?}",
        e.op,
        e.target,
        e.object,
        e.tags,
        e.inputs,
        e.output,
        e.location,
        e.func,
        e.instrument,
        e.snippet.len(),
        e.arg_values
    )
}

/// Drops from `items[from..]` (a further walk of a loop body) every item
/// equal to one of `items[earlier..from]` or to one kept before it.
pub fn drop_repeats(items: &mut Vec<Evidence>, earlier: usize, from: usize) {
    if from >= items.len() {
        return;
    }
    let mut seen: HashSet<String> = items[earlier..from].iter().map(key).collect();
    let tail = items.split_off(from);
    items.extend(tail.into_iter().filter(|e| seen.insert(key(e))));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_class_of_a_long_list_is_walked() {
        let mut vals: Vec<String> = (0..40).map(|i| format!("notes{i}.txt")).collect();
        vals.push(".ssh".into());
        let (it, cut) = iterations(&vals, Some("notes0.txt"));
        assert!(!cut);
        assert!(it.contains(&".ssh".to_string()), "{it:?}");
        assert!(it.len() <= crate::limits::MAX_LOOP_VALUES);
    }

    #[test]
    fn short_lists_are_walked_whole() {
        let vals: Vec<String> = [".zshrc", ".bashrc", ".ssh", ".zshrc"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        let (it, cut) = iterations(&vals, Some(".zshrc"));
        assert_eq!(it, vec![".bashrc".to_string(), ".ssh".to_string()]);
        assert!(!cut);
    }
}
