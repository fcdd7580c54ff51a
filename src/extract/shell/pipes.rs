//! Data carried through pipeline filters that make no step of their own.
//!
//! `grep`, `tr`, `base64`, `head` … are too common to become steps (see
//! `QUIET`), but the bytes they pass on are still the bytes they were fed:
//! in `fp=$(env | grep -i key | base64 | tr -d '\n')` the value of `$fp` is
//! the environment. A quiet filter stage therefore hands its input binding
//! on to the next stage, and when the pipeline ends in quiet filters the
//! last real producer's output is renamed to the pipeline's result.

use crate::evidence::{Evidence, Op};

/// Whether stage `name` passes its piped input on as its output (the one
/// table: `concepts::passes_data_through`).
pub(super) fn passes_through(name: &str) -> bool {
    crate::extract::concepts::passes_data_through(name)
}

/// Whether any step emitted since `before` produces `binding`.
pub(super) fn produced(items: &[Evidence], before: usize, binding: &Option<String>) -> bool {
    produced_by(items, before, binding, |_| true)
}

/// Whether a step emitted since `before` produces `binding` as more than a
/// plain run of a filter (`gzip -c` is an `Exec` step, and taint stops at
/// `Exec`; the compressed bytes are still the input).
pub(super) fn transformed(items: &[Evidence], before: usize, binding: &Option<String>) -> bool {
    produced_by(items, before, binding, |e| e.op != Op::Exec)
}

fn produced_by(
    items: &[Evidence],
    before: usize,
    binding: &Option<String>,
    keep: impl Fn(&Evidence) -> bool,
) -> bool {
    let Some(b) = binding else {
        return false;
    };
    items.get(before..).is_some_and(|new| {
        new.iter()
            .any(|e| e.output.as_deref() == Some(b.as_str()) && keep(e))
    })
}

/// The pipeline's last stages made no step: the value that reaches its
/// result is `carried`, produced by a step emitted since `before`. Rename
/// that output to `result` so that `X=$(… | quiet filters)` binds `$X`.
pub(super) fn rebind_result(items: &mut [Evidence], before: usize, carried: &str, result: &str) {
    if let Some(new) = items.get_mut(before..) {
        for e in new.iter_mut() {
            if e.output.as_deref() == Some(carried) {
                e.output = Some(result.to_string());
            }
        }
    }
}
