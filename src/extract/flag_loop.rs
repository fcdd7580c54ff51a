//! Round 33 (abuse33): a loop on a flag nothing raises never ends. A leaf
//! (it names no other extractor module), read by `remote_jobs` (LLM-jacking
//! on threads stopped by an event never set) and `fleet` (endless workers).

/// A loop on a flag: `while not stop.is_set():`, `while (!stopped)`,
/// `while running:`, `for !quit {`, `until $done`. Group 1: a Python
/// event the loop leaves once set; groups 2–4: a stop flag the loop leaves
/// once raised; groups 5–6: a run flag the loop runs while it holds.
static FLAG_HEAD: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?m)\bwhile\s+not\s+([A-Za-z_][\w.]*)\.is_set\(\)\s*:|\bwhile\s*(?:\(\s*!\s*|\s+not\s+|\s+!\s*)\$?([A-Za-z_][\w.]*)\s*\)?\s*(?::|\{|\bdo\b|$)|^\s*for\s+!([A-Za-z_][\w.]*)\s*\{|\buntil\s+\$?([A-Za-z_]\w*)\s*(?:;|\bdo\b)|\bwhile\s*(?:\(\s*|\s+)\$?([A-Za-z_]\w*)\s*\)?\s*(?::|\{|;\s*do\b)|^\s*for\s+([A-Za-z_]\w*)\s*\{",
);
/// Names that read as a stop flag (negated loops) or a run flag.
static STOP_NAME: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?i)(?:^|[._])(?:stop\w*|done|quit\w*|exit\w*|shutdown\w*|halt\w*|cancel\w*|terminat\w*|finished|abort\w*|kill\w*|should_stop|end(?:ed)?)$",
);
static RUN_NAME: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?i)^(?:running|run|alive|active|keep_?\w+|go_?on|forever|enabled|live|is_running|should_run)$",
);

/// Heads of flag loops whose flag nothing in the file ever changes: the
/// loop runs until the process is killed (`stop = threading.Event()`
/// never `stop.set()`; `running = True` never `running = False`).
pub(crate) fn flag_loops(text: &str) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    for c in FLAG_HEAD.captures_iter(text) {
        let Some(head) = c.get(0) else { continue };
        let raised = if let Some(ev) = c.get(1) {
            let ev = ev.as_str();
            text.contains(&format!("{ev}.set("))
        } else if let Some(n) = c.get(2).or_else(|| c.get(3)).or_else(|| c.get(4)) {
            let n = n.as_str();
            if !STOP_NAME.is_match(n) {
                continue;
            }
            sets(text, n, &["True", "true", "1", "$true"])
                || n.ends_with("aborted") && text.contains(".abort(")
        } else if let Some(n) = c.get(5).or_else(|| c.get(6)) {
            let n = n.as_str();
            if !RUN_NAME.is_match(n) {
                continue;
            }
            sets(text, n, &["False", "false", "0", "$false", "None", "nil"])
        } else {
            continue;
        };
        if !raised {
            out.push((head.start(), head.end()));
        }
    }
    out
}

/// Whether the text assigns one of `values` to `name` (`name = True`,
/// `self.name = true`, `name.store(true`, `$name = $true`).
fn sets(text: &str, name: &str, values: &[&str]) -> bool {
    let last = name.rsplit('.').next().unwrap_or(name);
    text.match_indices(last).any(|(i, _)| {
        let after = text[i + last.len()..].trim_start();
        let before = text[..i].chars().next_back();
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
            return false;
        }
        let value = after
            .strip_prefix(":=")
            .or_else(|| after.strip_prefix('=').filter(|a| !a.starts_with('=')))
            .or_else(|| {
                after
                    .strip_prefix(".store(")
                    .or_else(|| after.strip_prefix(".Store("))
            })
            .map(str::trim_start);
        value.is_some_and(|v| values.iter().any(|x| v.starts_with(x)))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flags_never_raised_are_endless() {
        assert_eq!(
            flag_loops("stop = threading.Event()\nwhile not stop.is_set():\n    work()\n").len(),
            1
        );
        assert!(
            flag_loops("stop = threading.Event()\nsignal.signal(2, lambda *a: stop.set())\nwhile not stop.is_set():\n    work()\n")
                .is_empty()
        );
        assert_eq!(
            flag_loops("let running = true;\nwhile (running) {\n  go();\n}\n").len(),
            1
        );
        assert!(
            flag_loops("let running = true;\nwhile (running) {\n  if (x) running = false;\n}\n")
                .is_empty()
        );
        // A queue drained is no flag.
        assert!(flag_loops("while queue:\n    queue.pop()\n").is_empty());
    }
}
