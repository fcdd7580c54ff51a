//! Round 33 (merge): the gate over each delete a reader found, tied to
//! its evidence. Apart from `gated.rs` (the gate readers) so that the SQL
//! locality check (`sql_calls::remote_only`, which reads conditions with
//! `gated`) and the gate readers do not import each other.

use super::{Sink, Src};
use crate::evidence::{Op, Tag};

/// Tags each delete of `src` that a token-level reader found (from item
/// `from` of the sink on) with the gate over its line.
pub fn mark(src: &Src, sink: &mut Sink, from: usize) {
    let destroys = |op: Op| op == Op::FileDelete;
    if !sink.items[from..].iter().any(|e| destroys(e.op)) {
        return;
    }
    let lines: Vec<&str> = src.text.lines().collect();
    let assigns = super::sdk::Assigns::new(src.text);
    let bindings = std::cell::OnceCell::new();
    let first = src.loc(0, 0).start_line;
    for e in sink.items[from..].iter_mut() {
        if !destroys(e.op)
            || e.location.path != src.path
            || [Tag::DateGate, Tag::EnvGate, Tag::FirstRun]
                .iter()
                .any(|t| e.has(*t))
        {
            continue;
        }
        let Some(at) = e.location.start_line.checked_sub(first) else {
            continue;
        };
        if at >= lines.len() {
            continue;
        }
        if e.instrument == "sql" {
            // Round 33: a wipe held back on a local or test database.
            if let Some(g) = super::sql_calls::remote_only(&lines, &bindings, at) {
                e.tags.insert(g);
                e.tags.insert(Tag::BroadTarget);
                e.object.push_str(super::sql_calls::NOT_LOCAL);
                continue;
            }
        }
        if let Some(g) = super::gated::gate_over(&assigns, &lines, at) {
            e.tags.insert(g);
            e.object.push_str(match g {
                Tag::DateGate => ", only after a date the code checks",
                Tag::EnvGate => ", only outside a sandbox or CI the code checks",
                _ => ", only after a number of runs the code counts",
            });
        }
    }
}
