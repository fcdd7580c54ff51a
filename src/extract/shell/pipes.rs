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

/// Round 24: the one variable a `grep` stage keeps of an environment
/// listing (`env | grep CLAWDBOT_GATEWAY_TOKEN`, `printenv | grep -w
/// SSH_AUTH_SOCK`, `env | grep '^HOME='`): a read of that variable, not of
/// the whole environment. The pattern must name one variable: a literal
/// identifier (optionally `^`-anchored and `=`-terminated) with an inner
/// `_` or an anchor, so a family (`AWS_`, `_KEY`, `TOKEN`, `-i key`) or a
/// regex (`-E 'KEY|TOKEN'`), an inverted match (`-v`), several patterns
/// (`-e A -e B`, `-f file`) or a second operand stay a whole-environment
/// read.
pub(super) fn grep_one_var(argv: &[String]) -> Option<String> {
    if argv.first().map(|a| a.as_str()) != Some("grep") {
        return None;
    }
    let mut pattern: Option<&str> = None;
    for a in &argv[1..] {
        if let Some(flags) = a.strip_prefix('-').filter(|f| !f.is_empty()) {
            // Only flags that keep the match to the pattern as written.
            if !flags
                .chars()
                .all(|c| matches!(c, 'w' | 'x' | 'q' | 's' | 'F' | 'G' | 'E' | 'c'))
            {
                return None;
            }
            continue;
        }
        if pattern.replace(a.as_str()).is_some() {
            return None;
        }
    }
    let p = pattern?;
    let anchored = p.starts_with('^');
    let name = p.trim_start_matches('^');
    let name = name.strip_suffix('=').unwrap_or(name);
    let ident = !name.is_empty()
        && !name.starts_with(|c: char| c.is_ascii_digit())
        && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    let inner_underscore = name.trim_matches('_').contains('_') && !name.ends_with('_');
    (ident && !name.starts_with('_') && (inner_underscore || anchored)).then(|| name.to_string())
}

/// Rewrite the whole-environment reads emitted since `before` into reads
/// of the one variable `name` (see [`grep_one_var`]); the output binding,
/// location and context tags stay.
pub(super) fn narrow_env_dump(items: &mut [Evidence], before: usize, name: &str) {
    if let Some(new) = items.get_mut(before..) {
        for e in new.iter_mut().filter(|e| e.op == Op::EnvDump) {
            let one = crate::extract::concepts::env_read(name, &e.instrument);
            e.op = one.op;
            e.act = one.act;
            e.scope = one.scope;
            e.target = one.target;
            e.object = format!("{} (the one variable `grep` keeps)", one.object);
            e.tags.extend(one.tags);
        }
    }
}

/// Round 24: a pipeline source that prints only a placeholder (`echo
/// '...'`, `printf '…'`, `echo '<…>'`): fixed text with no letter or digit,
/// so no base64, hex or script can be in it and a decoder fed by it
/// yields nothing (`echo '...' | base64 -d | bash` shown as the shape of
/// a payload, not one).
pub(super) fn placeholder_source(words: &[super::Word]) -> bool {
    let Some((head, rest)) = words.split_first() else {
        return false;
    };
    let data: Vec<&super::Word> = rest.iter().filter(|w| !w.value.starts_with('-')).collect();
    matches!(head.value.as_str(), "echo" | "printf")
        && !data.is_empty()
        && data.iter().all(|w| {
            !w.dynamic
                && w.reads.is_empty()
                && !w.value.trim().is_empty()
                && !w.value.chars().any(|c| c.is_alphanumeric())
        })
}
