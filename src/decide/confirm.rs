//! Consent by confirmation: a script that asks the user before a
//! destructive step (`read -r -p "Type the namespace name to confirm: " t`
//! then `[ "$t" = "$ns" ] || exit 1`, Python's `input()`, JavaScript's
//! `rl.question()`, PowerShell's `Read-Host`) deletes only what the user
//! typed yes to.
//!
//! A confirmation is consent only when it guards the destructive line: the
//! answer is read and compared within a few lines above it, the comparison
//! aborts (`exit`, `return`, `die`, `throw`, `sys.exit`) or holds the
//! destructive command on its own line (`[ "$a" = yes ] && rm -rf …`), and
//! no line between leaves the block the check sits in. A prompt the skill
//! skips itself (a `--yes`, `FORCE` or `ASSUME_YES` switch named at the
//! prompt that the skill's own files pass or set, or an answer piped in
//! with `yes |` / `<<<`) is not consent.

use crate::evidence::Evidence;
use crate::rules::RuleCx;

/// The largest file searched for what would cancel a consent (a switch
/// that skips the prompt, an answer piped in). A larger file is not
/// searched per finding (that would be quadratic on a hostile skill); the
/// consent is not granted instead, never granted on a partial read.
const COUNTER_EVIDENCE_BYTES: usize = 400_000;

/// How many lines above the destructive step the prompt may sit.
const WINDOW: usize = 15;

/// A line that reads the user's answer, capturing the variable it reads
/// into where the syntax names it.
static PROMPT: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"(?i)\bread\b(?:\s+-[a-z]+(?:\s+(?:"[^"]*"|'[^']*'|\S+))?)*\s+(?P<sh>[a-z_][a-z0-9_]*)\s*(?:$|[;&|)<])|(?P<py>[a-z_][a-z0-9_]*)\s*=\s*(?:input|raw_input|click\.prompt|typer\.prompt|getpass\.getpass)\s*\(|(?P<js>[a-z_][a-z0-9_]*)\s*=\s*(?:await\s+)?(?:[a-z_.]*\.)?(?:question|prompt)\s*\(|\$(?P<ps>[a-z_][a-z0-9_]*)\s*=\s*Read-Host\b|(?P<inline>\b(?:input|question|prompt)\s*\(|Read-Host\b)"#,
);

/// A comparison that aborts when the answer does not match.
static ABORT: crate::rx::Lazy =
    crate::rx::Lazy::new(r"(?i)\b(?:exit|return|die|throw|sys\.exit|process\.exit|abort|raise)\b");

/// Words naming a switch that skips a prompt.
static BYPASS: crate::rx::Lazy = crate::rx::Lazy::new(
    r"--yes\b|--force\b|--assume-yes\b|--no-confirm\b|--non-interactive\b|(?:^|[\s(])-[yf]\b|\b(?:ASSUME_YES|AUTO_YES|AUTO_CONFIRM|SKIP_CONFIRM\w*|NO_CONFIRM|FORCE|YES|CONFIRM|NONINTERACTIVE|CI)\b",
);

/// A `read` that takes lines from a pipe or file in a loop (`… | while
/// read -r id; do`, `while IFS= read -r l; do … done < f`): no question
/// to the user.
static LOOP_READ: crate::rx::Lazy = crate::rx::Lazy::new(r"\bwhile\s+(?:IFS=\S*\s+)?read\b");

fn indent(l: &str) -> usize {
    l.len() - l.trim_start().len()
}

/// Why the destructive step `e` is consented to by a confirmation the
/// script asks just before it, when it is.
pub fn typed_confirmation(cx: &RuleCx, e: &Evidence) -> Option<String> {
    if !e.origin.is_code() {
        return None;
    }
    let file = cx.skill.files.iter().find(|f| f.rel == e.location.path)?;
    let lines: Vec<&str> = file.text.lines().collect();
    let step = e.location.start_line.checked_sub(1)?;
    let target = *lines.get(step)?;
    let from = step.saturating_sub(WINDOW);
    let helpers = prompt_helpers(&lines);
    // The nearest prompt above the step (or on it) with its variable; a
    // call of one of the script's own prompt helpers (`confirm "…" &&
    // git push --force`) is an inline prompt whose comparison is the
    // helper's.
    let (p, var) = (from..=step).rev().find_map(|i| {
        if helper_guard(lines[i], &helpers, i == step) {
            return Some((i, HELPER.to_string()));
        }
        let c = PROMPT.captures(lines[i])?;
        if c.name("sh").is_some() && LOOP_READ.is_match(lines[i]) {
            return None;
        }
        // An inline prompt (`if input("…") != ns:`) is its own check.
        let v = ["sh", "py", "js", "ps", "inline"]
            .iter()
            .find_map(|n| c.name(n).map(|m| (*n, m.as_str())))?;
        let v = if v.0 == "inline" {
            String::new()
        } else {
            v.1.to_string()
        };
        Some((i, v))
    })?;
    let var_re = (!var.is_empty() && var != HELPER)
        .then(|| crate::rx::re(&format!(r"(?:\$\{{?|\b){}\b", regex::escape(&var))));
    // The check: a later line (or the prompt's own) that compares the
    // answer and aborts, or holds the destructive command itself.
    let check = (p..=step).find(|&i| {
        let l = lines[i];
        if var == HELPER {
            // The helper compares; its call guards the step when it is the
            // step's own line (`&&`-chained, checked by `helper_guard`) or
            // aborts when the answer is no (`confirm "…" || exit 1`).
            return i == p && (i == step || ABORT.is_match(l) || aborts_below(&lines, i, step));
        }
        let rest = match &var_re {
            Some(_) if i == p => PROMPT.find(l).map_or("", |m| &l[m.end()..]),
            Some(_) => l,
            None if i == p => l,
            None => return false,
        };
        let names = var_re.as_ref().is_none_or(|r| r.is_match(rest));
        let compares =
            names && (rest.contains("=") || rest.contains("-eq") || rest.contains("-ne"));
        compares
            && (ABORT.is_match(rest)
                || i == step
                || aborts_below(&lines, i, step)
                || holds_below(&lines, i, step, rest))
    })?;
    // No line between the check and the step leaves the check's block.
    let base = indent(lines[check]);
    if lines[check..=step]
        .iter()
        .any(|l| !l.trim().is_empty() && indent(l) < base)
        || indent(target) < base
    {
        return None;
    }
    // The switch that skips a prompt is named at it or on the lines just
    // above (`if [ "$1" != --yes ]; then`).
    let around = &lines[p.saturating_sub(3)..=check];
    if bypassed(cx, around, &lines[p..=check], &e.location.path) {
        return None;
    }
    Some(format!(
        "the script asks the user to confirm at {}:{} and stops unless the answer matches",
        e.location.path,
        p + 1
    ))
}

/// The variable name recorded for a call of a prompt helper.
const HELPER: &str = "\u{0}helper";

/// How many lines of a function's body are read for its prompt (a prompt
/// helper is a few lines; a longer function is not one).
const HELPER_BODY: usize = 8;

/// The script's own prompt helpers: functions whose first lines read the
/// user's answer and compare it (`confirm() { read -r -p "$1 " a; [[ "$a"
/// == yes ]]; }`, `def confirm(q): return input(q).lower() == "y"`,
/// `async function ask(q) { const a = await rl.question(q); return a ===
/// "yes"; }`, `function Confirm-Step { $a = Read-Host …; $a -eq 'y' }`).
fn prompt_helpers(lines: &[&str]) -> Vec<String> {
    static DEF: crate::rx::Lazy = crate::rx::Lazy::new(
        r"^\s*(?:(?:export\s+)?(?:async\s+)?function\s+(?P<a>[A-Za-z_][\w-]*)|(?P<b>[A-Za-z_][\w-]*)\s*\(\s*\)\s*\{|(?:async\s+)?def\s+(?P<c>[A-Za-z_]\w*)\s*\(|(?:const|let|var)\s+(?P<d>[A-Za-z_]\w*)\s*=\s*(?:async\s*)?(?:function\b|\([^)]*\)\s*=>|\w+\s*=>))",
    );
    static COMPARES: crate::rx::Lazy = crate::rx::Lazy::new(
        r"(?i)==|!=|\s=\s|-eq\b|-ne\b|-match\b|-like\b|\bin\s*[(\[{]|startswith|\bcase\b|\[\[?\s*\$\w+\s*=~",
    );
    let mut out = Vec::new();
    for (i, l) in lines.iter().enumerate() {
        let Some(c) = DEF.captures(l) else { continue };
        let Some(name) = ["a", "b", "c", "d"].iter().find_map(|n| c.name(n)) else {
            continue;
        };
        let end = (i + HELPER_BODY).min(lines.len());
        let body = &lines[i..end];
        let prompt = body
            .iter()
            .position(|b| PROMPT.is_match(b) && !LOOP_READ.is_match(b));
        if prompt.is_some_and(|k| body[k..].iter().any(|b| COMPARES.is_match(b))) {
            out.push(name.as_str().to_string());
        }
    }
    out
}

/// Whether `line` calls a prompt helper so that it guards what follows:
/// on the step's own line the step is `&&`-chained after the call or the
/// call is the condition of an `if … then`/`if …:` on that line; above the
/// step the call must abort on a no (`|| exit 1`, `if not confirm(): return`).
fn helper_guard(line: &str, helpers: &[String], on_step: bool) -> bool {
    helpers.iter().any(|h| {
        line.match_indices(h.as_str()).any(|(k, _)| {
            let b = line.as_bytes();
            let ident = |c: u8| c.is_ascii_alphanumeric() || c == b'_' || c == b'-';
            let end = k + h.len();
            if (k > 0 && ident(b[k - 1])) || (end < b.len() && ident(b[end])) {
                return false;
            }
            let head = line[..k].trim_end();
            // A definition, not a call.
            if head.ends_with("function") || head.ends_with("def") || line[end..].starts_with("()")
            {
                return false;
            }
            // `!(await ask(…))`, `not confirm(…)`, `-not (Confirm-Step)`.
            let mut h = head;
            loop {
                let t = h.trim_end_matches(['(', ' ', '\t']);
                let t = t.strip_suffix("await").unwrap_or(t);
                if t.len() == h.len() {
                    break;
                }
                h = t;
            }
            let negated = h.ends_with('!') || h.ends_with("not") || h.ends_with("-not");
            let after = &line[end..];
            if on_step {
                // The step runs on a yes: chained with `&&` or held by an
                // `if` on the line; any `||` after the call may run it on
                // a no (`confirm … || git push --force  # then …`).
                let held = h.ends_with("if") || h.ends_with("elif") || h.ends_with("elseif");
                !negated && !after.contains("||") && (after.contains("&&") || held)
            } else {
                negated || after.contains("||")
            }
        })
    })
}

/// An `if` check whose body (the next lines, before the step) aborts:
/// `if answer != ns:` / `    sys.exit(1)`.
fn aborts_below(lines: &[&str], check: usize, step: usize) -> bool {
    let head = lines[check].trim_start();
    if !head.starts_with("if") {
        return false;
    }
    let base = indent(lines[check]);
    lines[check + 1..step]
        .iter()
        .take_while(|l| l.trim().is_empty() || indent(l) > base || l.trim_start().starts_with('}'))
        .any(|l| ABORT.is_match(l))
}

/// An `if` check that the answer is yes whose block holds the step: `if [
/// "$ok" = y ]; then` / `  gh repo deploy-key delete …` (every line
/// between is indented deeper than the `if`). A negated comparison (`!=`,
/// `-ne`) holds the step when the answer is anything else, so it does not
/// count.
fn holds_below(lines: &[&str], check: usize, step: usize, rest: &str) -> bool {
    let head = lines[check].trim_start();
    if !head.starts_with("if") || step <= check || rest.contains("!=") || rest.contains("-ne") {
        return false;
    }
    let base = indent(lines[check]);
    lines[check + 1..=step]
        .iter()
        .all(|l| l.trim().is_empty() || indent(l) > base)
}

/// Whether the skill skips its own prompt: a switch named around the
/// prompt that another line of the skill passes or sets, or an answer
/// piped into a script.
fn bypassed(cx: &RuleCx, around: &[&str], prompt: &[&str], path: &str) -> bool {
    // An answer piped or fed into one of the skill's scripts.
    let feeds = |l: &str| {
        let fed = l.find("<<<").or_else(|| l.find('|'));
        fed.is_some_and(|k| {
            let (before, run) = l.split_at(k);
            runs_script(run)
                && (run.starts_with("<<<")
                    || ["yes", "echo", "printf"]
                        .iter()
                        .any(|w| crate::text::has_word(before, w)))
        })
    };
    let switches: Vec<String> = around
        .iter()
        .flat_map(|l| {
            BYPASS
                .find_iter(l)
                .map(|m| m.as_str().trim_start_matches([' ', '(', '\t']).to_string())
        })
        .collect();
    cx.skill.files.iter().any(|f| {
        // Counter-evidence is read whole or not trusted: past the bound a
        // bypass could sit unread, so the prompt is not taken as consent.
        if f.text.len() > COUNTER_EVIDENCE_BYTES {
            return true;
        }
        f.text.lines().any(|l| {
            if feeds(l) {
                return true;
            }
            if f.rel == path && prompt.contains(&l) {
                return false;
            }
            switches.iter().any(|s| supplies(l, s))
        })
    })
}

/// Whether a command line names one of the skill's scripts.
fn runs_script(line: &str) -> bool {
    line.contains("scripts/")
        || [".sh", ".py", ".js", ".ps1"]
            .iter()
            .any(|x| line.contains(x))
}

/// Whether `line` passes the flag `s` or sets the variable `s` on.
fn supplies(line: &str, s: &str) -> bool {
    if s.starts_with('-') {
        // A flag passed to one of the skill's scripts.
        let runs_script = line.contains("scripts/")
            || [".sh", ".py", ".js", ".ps1"]
                .iter()
                .any(|x| line.contains(x));
        return runs_script
            && line
                .split_whitespace()
                .any(|t| t.trim_matches(['"', '\'', '`']) == s);
    }
    let set = crate::rx::re(&format!(
        r#"\b{}\s*[:=]\s*["']?(?:1|true|yes|y|on)\b"#,
        regex::escape(s)
    ));
    set.is_match(line)
}

/// A test of an opt-in switch: a flag literal compared or looked up
/// (`[ "$mode" = "--delete" ]`, `"--apply" in sys.argv`,
/// `argv.includes("--prune")`), a flag variable or attribute (`args.apply`,
/// `opts.delete`, `$Apply`, `$Force.IsPresent`), or a dry run switched
/// off (`not args.dry_run`, `!dryRun`, `-not $DryRun`, `"$DRY_RUN" = 0`).
static OPT_IN: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"(?i)(?:^|[\s"'(\[=])--(?:delete|apply|execute|prune|purge|remove|confirm|commit|really|no-dry-run)\b|\b(?:args|opts|options|argv|params|flags|cfg|config)\.(?:delete|apply|execute|prune|purge|remove|confirm|commit|really|yes)\b|\$(?:delete|apply|execute|prune|purge|remove|confirm|commit|really)\b|(?:\bnot\s+|!\s*|-not\s+)(?:\$|\w+\.)?dry[-_]?run\b|\$\{?dry_?run\}?"?\s*(?:=|==|-eq)\s*["']?(?:0|false|no)\b"#,
);

/// The script shows what a run without the switch would do.
static DRY_RUN: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?i)dry[-_ ]?run|\bwould\s+(?:delete|remove|prune|purge|destroy|drop)\b|\bwhat\s+if\b|-WhatIf\b",
);

/// A dry run switched off by default (`DRY_RUN=${DRY_RUN:-0}`,
/// `dry_run = False`, `default=False` on the dry-run option).
static DRY_OFF: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"(?i)dry[-_]?run\w*["']?\s*[:=]+\s*["']?(?:\$\{\w+:-)?(?:0|false|no|off)\b|dry[-_]?run.*\bdefault\s*=\s*False\b"#,
);

/// A filter over the targets: a skipped name (`continue`, Perl/Ruby
/// `next`), a label selector, a protected list.
static SCOPE: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?i)\bcontinue\b|\bnext\s*(?:;|$|if\b|unless\b)|(?:^|\s)(?:-l|--selector|-Selector|--label)[\s=]|label_?selector|\bprotected\b|\bskip\b",
);

/// The switch on the step's own line is tested there (`[ "$1" = --delete ]
/// && …`, `if args.apply: …`), not an argument of the deleting command
/// itself (`git push origin --delete`, `rsync --delete`).
fn tested_on_line(l: &str) -> bool {
    OPT_IN.find_iter(l).any(|m| {
        let after = &l[m.end()..];
        let test_end = [" ]", "]", ")", "&&", " then", ":"]
            .iter()
            .filter_map(|t| after.find(t))
            .min();
        test_end.is_some_and(|at| !after[..at].contains(char::is_whitespace) || at < 4)
    })
}

/// An `if` at `i` that tests the switch is *absent* (`!=`, `not in`, `!`,
/// `-ne`, `unless`) and whose block ends the script or function (`exit`,
/// `return`, `sys.exit`, `process.exit`, `die`) before `step`: everything
/// after the block runs only when the user passed the switch. The block is
/// the lines indented deeper than the `if` (a shell block ends at its `fi`).
fn early_exit_guard(lines: &[&str], i: usize, step: usize) -> bool {
    static ABSENT: crate::rx::Lazy =
        crate::rx::Lazy::new(r"!=|\bnot\s+in\b|\bnot\s|!\s*\w|-ne\b|^\s*unless\b");
    static LEAVE: crate::rx::Lazy = crate::rx::Lazy::new(
        r"(?:^\s*|[;&|{]\s*)(?:exit|return|sys\.exit|process\.exit|die|raise\s+SystemExit)\b",
    );
    let l = lines[i];
    let t = l.trim_start();
    if i >= step || !(t.starts_with("if") || t.starts_with("unless")) || !ABSENT.is_match(l) {
        return false;
    }
    let mut left = LEAVE.is_match(l) && (t.contains("; fi") || t.ends_with(" fi"));
    for x in lines.iter().take(step).skip(i + 1) {
        if x.trim().is_empty() {
            continue;
        }
        if indent(x) <= indent(l) {
            // The block's end (`fi`, `}`, `end`, or the next statement)
            // comes before the step.
            return left;
        }
        left |= LEAVE.is_match(x);
    }
    false
}

/// Why a delete in a script is opted into, when it is: it runs only when
/// the user passes a switch (or turns a dry run off), the script's default
/// is a dry run that lists what would go, and the targets are filtered (a
/// label selector, a protected name skipped) within the lines above. Not
/// when the switch is the script's own default (`${1:---delete}`), the
/// dry run is off by default, or another script of the skill passes the
/// switch itself (Markdown showing the user the command is the opt-in).
pub fn opt_in_dry_run(cx: &RuleCx, e: &Evidence) -> Option<String> {
    if !e.origin.is_code() {
        return None;
    }
    let file = cx.skill.files.iter().find(|f| f.rel == e.location.path)?;
    let text = crate::text::slice(&file.text, 0, 400_000);
    let lines: Vec<&str> = text.lines().collect();
    let step = e.location.start_line.checked_sub(1)?;
    lines.get(step)?;
    let from = step.saturating_sub(WINDOW);
    // The guard: the step's own line, an `if` whose block holds it, or an
    // `if` without the switch whose block leaves the script before the step
    // (`if [ "$1" != "--delete" ]; then …; exit 0; fi`).
    let guard = (from..=step).rev().find(|&i| {
        let l = lines[i];
        OPT_IN.is_match(l)
            && (i == step && tested_on_line(l)
                || {
                    let t = l.trim_start();
                    (t.starts_with("if") || t.starts_with("elif") || t.starts_with("} else if"))
                        && lines[i + 1..=step]
                            .iter()
                            .all(|x| x.trim().is_empty() || indent(x) > indent(l))
                }
                || early_exit_guard(&lines, i, step))
    })?;
    let m = OPT_IN.find(lines[guard])?;
    let switch = m
        .as_str()
        .trim_start_matches([' ', '\t', '"', '\'', '(', '[', '=']);
    if !DRY_RUN.is_match(text) || DRY_OFF.is_match(text) {
        return None;
    }
    // The switch is not the script's own default.
    if switch.starts_with("--")
        && (text.contains(&format!(":-{switch}"))
            || text.contains(&format!("default=\"{switch}\"")))
    {
        return None;
    }
    // The filter is over what is deleted: a name of the delete's target
    // (`$ns`, `d`, `$d`) is on a filter line (`case "$ns" in … continue`).
    // The step's own line names the loop variable a target list was read
    // into (`for b in "$@"; … --delete -- "$b"` reports `$@`).
    let names: Vec<&str> = [e.target.as_str(), lines[step]]
        .into_iter()
        .flat_map(|t| t.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_')))
        .filter(|w| !w.is_empty() && !w.bytes().all(|b| b.is_ascii_digit()))
        .collect();
    let scoped = lines[from..=step]
        .iter()
        .any(|l| SCOPE.is_match(l) && names.iter().any(|n| crate::text::has_word(l, n)));
    if !scoped {
        return None;
    }
    // Another script of the skill passes the switch itself.
    let passed = switch.starts_with("--")
        && cx.skill.files.iter().any(|f| {
            f.rel != e.location.path
                && !f.rel.to_ascii_lowercase().ends_with(".md")
                && (f.text.len() > COUNTER_EVIDENCE_BYTES
                    || f.text.lines().any(|l| supplies(l, switch)))
        });
    (!passed).then(|| {
        format!(
            "{}:{} deletes only behind the opt-in {switch} at line {}, the script's default is a dry run, and its targets are filtered",
            e.location.path,
            e.location.start_line,
            guard + 1
        )
    })
}
