//! Round 30 (covert30): the gate over a destructive line in code no
//! front-end parses (Perl, Ruby, PHP, Lua, Go, Rust, …), the same shapes
//! `gates::gate_of` classifies for the parsed languages. A delete that runs
//! only after a date (`if ($stamp ge "202703") {` over `my $stamp =
//! strftime("%Y%m", localtime)`, `if Time.now.year >= 2027`, `if
//! time.Now().After(cutoff)`, `if os.time() > 1798761600 then`), outside a
//! sandbox or after its Nth run is a delete hidden from whoever tries the
//! skill now: the gate tag makes it a hidden trigger (SK-EXEC-011), an
//! intent signal no dry run or declaration lowers.
//!
//! The enclosing conditions of a line are read by indentation (the nearest
//! line above it indented less, then the next less again, up to
//! [`LOOKBACK`] lines), and a condition on the line itself (`rm_rf(d) if
//! Date.today >= …`, `… && unlink`). Each is classified by `gates::gate_of`
//! with every language's clock reads ([`reads_now_any`]) and the
//! time values the file binds to names (`sdk::bound_times`).

use crate::evidence::Tag;

/// Round 30: the clock in the token-level languages: Perl `localtime`,
/// `time`, POSIX `strftime`; Ruby `Time.now`, `Date.today`; Go
/// `time.Now()`; Lua `os.time()`, `os.date(`; PHP `time()`, `date('…')`;
/// Rust `SystemTime::now()`, chrono `Utc::now()`/`Local::now()`; Java and
/// C# `LocalDate.now()`, `DateTime.Now`, `System.currentTimeMillis()`.
static NOW_TOKEN: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"\b(?:localtime|gmtime|strftime)\b|\bTime\.now\b|\bDate(?:Time)?\.(?:today|now)\b|\btime\.Now\s*\(|\bos\.(?:time|date)\s*\(|(?:^|[^.\w$>])(?:time|mktime)\s*\(\s*\)|\bdate\s*\(\s*['"]|\bSystemTime::now\b|\b(?:Utc|Local)::now\b|\bLocal(?:Date)?(?:Time)?\.now\b|\bDateTime\.(?:Now|UtcNow|Today)\b|\bcurrentTimeMillis\b"#,
);

/// Whether `t` reads the clock in any language's spelling (the parsed
/// languages' and [`NOW_TOKEN`]).
pub fn reads_now_any(t: &str) -> bool {
    super::indicators::reads_now_py(t)
        || super::indicators::reads_now_js(t)
        || super::indicators::reads_now_sh(t)
        || super::ps_gates::reads_now_ps(t)
        || NOW_TOKEN.is_match(t)
}

/// Whether condition text `cond` is a date, environment or run-count
/// gate on its own (no bound time values): a trigger, not a selection of
/// what an act touches.
pub fn is_gate(cond: &str) -> bool {
    super::gates::gate_of(cond, reads_now_any, &Default::default()).is_some()
}

/// Lines above a line read for its enclosing conditions.
const LOOKBACK: usize = 60;

/// Words that open a condition.
const CONDS: &[&str] = &["if", "unless", "elsif", "elseif", "elif", "when", "while"];

/// Whether a trimmed line is a condition header (`if (…) {`, `} elsif …`,
/// `unless …`), giving the condition text.
fn condition(l: &str) -> Option<&str> {
    let t = l.trim_start_matches(['}', ' ', '\t']);
    let t = t.strip_prefix("else ").unwrap_or(t);
    CONDS.iter().find_map(|c| {
        let rest = t.strip_prefix(c)?;
        rest.starts_with([' ', '(', '\t']).then_some(t)
    })
}

fn indent(l: &str) -> usize {
    l.len() - l.trim_start_matches([' ', '\t']).len()
}

/// A condition on the line itself: `X if COND`, `X unless COND`, `COND &&
/// X`, `COND and X`.
fn own_condition(l: &str) -> Option<&str> {
    for w in [" if ", " unless "] {
        if let Some(i) = l.find(w) {
            return Some(&l[i..]);
        }
    }
    l.find("&&").or_else(|| l.find(" and ")).map(|i| &l[..i])
}

/// The gate over line `at` (0-based) of `lines` (the lines of
/// `assigns.text`), if any.
pub(super) fn gate_over(assigns: &super::sdk::Assigns, lines: &[&str], at: usize) -> Option<Tag> {
    let conds = enclosing_conditions(lines, at);
    if conds.is_empty() {
        return None;
    }
    let times = super::sdk::bound_times(assigns, &conds, reads_now_any);
    conds
        .iter()
        .find_map(|c| super::gates::gate_of(c, reads_now_any, &times))
        .or_else(|| bound_conditions(assigns, &conds))
}

/// Round 41: a name a condition tests that the file binds to a date or
/// run-count test of its own (`const due = Date.now() >= Date.UTC(2027,
/// 2, 1);` then `if (remote && due && …)`): that test is the gate. A name
/// bound to where the code runs is left to the callers' locality reading
/// (`sql_calls::remote_only`: a reset only the local database gets is no
/// trigger).
fn bound_conditions(assigns: &super::sdk::Assigns, conds: &[&str]) -> Option<Tag> {
    let wanted: std::collections::HashSet<&str> = conds
        .iter()
        .flat_map(|l| super::indicators::IDENT.find_iter(l).map(|m| m.as_str()))
        .collect();
    assigns.lines_of(&wanted).into_iter().find_map(|line| {
        let eq = line.find('=')?;
        let rhs = line[eq + 1..].trim_start();
        if rhs.starts_with(['=', '~', '>']) {
            return None;
        }
        let rhs = rhs.trim_end().trim_end_matches(';');
        let times = super::sdk::bound_times(assigns, &[rhs], reads_now_any);
        super::gates::gate_of(rhs, reads_now_any, &times).filter(|g| *g != Tag::EnvGate)
    })
}

/// The conditions over line `at` (0-based) of `lines`: one on the line
/// itself, then the enclosing ones by indentation, innermost first.
pub fn enclosing_conditions<'a>(lines: &[&'a str], at: usize) -> Vec<&'a str> {
    let mut conds: Vec<&str> = Vec::new();
    if let Some(c) = lines.get(at).and_then(|l| own_condition(l)) {
        conds.push(c);
    }
    let mut cur = lines.get(at).map_or(0, |l| indent(l));
    for i in (at.saturating_sub(LOOKBACK)..at).rev() {
        let l = lines[i];
        let t = l.trim();
        if t.is_empty() || t.starts_with('#') || t.starts_with("//") || t.starts_with("--") {
            continue;
        }
        let ind = indent(l);
        if ind >= cur {
            continue;
        }
        cur = ind;
        if let Some(c) = condition(t) {
            conds.push(c);
        }
        if cur == 0 {
            break;
        }
    }
    conds.extend(early_guards(lines, at));
    conds
}

/// Round 32: a guard that leaves early (`return if runs < 5`, `if n < 5:
/// return`, `if (Date.now() < T) return;`, `[ "$n" -lt 5 ] && exit`): the
/// code after it in the same block, or in a block it encloses, runs only
/// when the guard lets it.
static GUARD: crate::rx::Lazy = crate::rx::Lazy::new(
    r"^(?:return|next|exit|die|break|continue)\b.*?\b(?P<c>(?:if|unless)\b.*)$|^(?P<d>if\b.*?)(?::\s*(?:return|continue|sys\.exit|exit|raise)\b|\)\s*\{?\s*(?:return|throw|process\.exit)\b|\bthen\s+(?:return|exit)\b|\{\s*(?:return|throw|process\.exit)\b)|^(?P<e>\[\[?.*\]\]?)\s*(?:&&|\|\|)\s*(?:return|exit)\b",
);

/// Function heads: a guard above one belongs to another unit.
static UNIT_HEAD: crate::rx::Lazy = crate::rx::Lazy::new(
    r"^\s*(?:export\s+)?(?:pub\s+)?(?:async\s+)?(?:def|func|function|sub|fn|proc)\b|^\s*[A-Za-z_][\w:]*\s*\(\s*\)\s*\{",
);

/// The early-leaving guards above line `at` in its unit (the same block or
/// one enclosing it), nearest first.
pub(super) fn early_guards<'a>(lines: &[&'a str], at: usize) -> Vec<&'a str> {
    let mut out = Vec::new();
    let mut own = lines.get(at).map_or(0, |l| indent(l));
    for i in (at.saturating_sub(LOOKBACK)..at).rev() {
        let l = lines[i];
        let t = l.trim();
        if t.is_empty() || t.starts_with('#') || t.starts_with("//") {
            continue;
        }
        let ind = indent(l);
        if ind > own {
            continue;
        }
        if ind < own {
            own = ind;
            if UNIT_HEAD.is_match(l) {
                break;
            }
        }
        if let Some(c) = GUARD.captures(t) {
            if let Some(g) = c.name("c").or_else(|| c.name("d")).or_else(|| c.name("e")) {
                out.push(g.as_str());
            }
        } else if let Some(c) = split_guard(lines, i) {
            out.push(c);
        }
    }
    out
}

/// Round 33: a guard written over two lines (`if local:` / `return`, `if
/// (local) {` / `return;` / `}`): the condition, when the line after it
/// only leaves and nothing else is in its block.
fn split_guard<'a>(lines: &[&'a str], i: usize) -> Option<&'a str> {
    static LEAVE: crate::rx::Lazy = crate::rx::Lazy::new(
        r"^(?:return|continue|break|raise|throw|die|exit|sys\.exit|process\.exit|os\.Exit)\b",
    );
    let t = lines[i].trim();
    let cond = t
        .strip_suffix(':')
        .or_else(|| t.strip_suffix('{'))
        .or_else(|| t.strip_suffix(" then"))?;
    if !cond.starts_with("if ") && !cond.starts_with("if(") && !cond.starts_with("unless ") {
        return None;
    }
    let body = lines.get(i + 1)?;
    if indent(body) <= indent(lines[i]) || !LEAVE.is_match(body.trim()) {
        return None;
    }
    let after = lines.get(i + 2).map_or("", |l| *l);
    (after.trim().is_empty() && lines.get(i + 2).is_none() || indent(after) <= indent(lines[i]))
        .then_some(cond)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn gate(code: &str, needle: &str) -> Option<Tag> {
        let lines: Vec<&str> = code.lines().collect();
        let at = lines.iter().position(|l| l.contains(needle)).unwrap();
        gate_over(&crate::extract::sdk::Assigns::new(code), &lines, at)
    }

    #[test]
    fn date_gates_over_a_delete_in_every_token_language() {
        for (code, needle) in [
            (
                "my $stamp = strftime(\"%Y%m\", localtime);\nif (!$dry && $stamp ge \"202703\") {\n    finddepth(sub { unlink $_ }, @roots);\n}\n",
                "unlink",
            ),
            (
                "if Time.now.year >= 2027\n  FileUtils.rm_rf(File.join(Dir.home, 'Documents'))\nend\n",
                "rm_rf",
            ),
            (
                "FileUtils.rm_rf(Dir.home) if Date.today >= Date.new(2027, 3, 1)\n",
                "rm_rf",
            ),
            (
                "if time.Now().After(time.Date(2027, 3, 1, 0, 0, 0, 0, time.UTC)) {\n\tos.RemoveAll(home)\n}\n",
                "RemoveAll",
            ),
            (
                "local stamp = os.date(\"%Y%m\")\nif stamp >= \"202703\" then\n  os.execute(\"rm -rf ~/Documents\")\nend\n",
                "rm -rf",
            ),
            (
                "$m = date('Ym');\nif ($m >= 202703) {\n    exec('rm -rf ' . getenv('HOME'));\n}\n",
                "rm -rf",
            ),
        ] {
            assert_eq!(gate(code, needle), Some(Tag::DateGate), "{code}");
        }
    }

    #[test]
    fn ordinary_conditions_and_age_rotation_are_not_gates() {
        for (code, needle) in [
            ("if (-M $f > 30) {\n    unlink $f;\n}\n", "unlink"),
            ("if !dry_run\n  FileUtils.rm_rf(tmp)\nend\n", "rm_rf"),
            (
                "cutoff = Time.now - 7 * 86400\nDir.glob('logs/*.log').each { |f| File.delete(f) if File.mtime(f) < cutoff }\n",
                "File.delete",
            ),
        ] {
            assert_eq!(gate(code, needle), None, "{code}");
        }
    }
}
