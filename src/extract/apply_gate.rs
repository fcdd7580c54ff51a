//! Round 29 (impact29): a destructive tool whose real run selects more than
//! its preview, in every language at line level. The dry run is what the
//! user reviews and approves; when the branch taken on the apply flag
//! (`if apply {`, `if args.apply:`, `if (!dryRun)`, `if ($Apply)`, `[[
//! $APPLY == 1 ]]`) sets the selection itself — a cutoff, threshold,
//! retention, keep count, age or filter — to now, zero, nothing or
//! everything (`cutoff = time.Now()`, `keep = 0`, `filter = None`), or a
//! ternary picks it by that flag (`cutoff = now if args.apply else …`),
//! what is deleted is not what was shown: approval obtained by a
//! different list ([`Tag::ApprovalBypass`] on the removals of the file).
//!
//! Quiet: an apply branch that only deletes what the listing held, prints,
//! or asks; a selection set from a flag the user passes.

/// A condition on the flag that makes the run real.
static APPLY_COND: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?i)^\s*(?:\}\s*)?(?:if|elif|elsif|unless|when)\b[^\n]{0,60}?(?:\b(?:apply|force|execute|commit|confirm(?:ed)?|really|for_?real|no_?dry_?run|live|destructive)\b|!\s*(?:\w+\.)?\*?dry_?run\b|\bnot\s+(?:\w+\.)?dry_?run\b|-not\s+\$dry_?run\b)",
);
/// A selection set to now, zero, nothing or everything.
static WIDENED: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"(?i)\b\$?(?:cut_?off|threshold|retention\w*|keep\w*|older_?than\w*|max_?age\w*|min_?age\w*|age_?limit|days|since|before|filter|pattern|selector|min_?idle\w*)\s*(?::=|=(?:[^=]|$))\s*(?:time\.Now\(\)|Date\.now\(\)|new\s+Date\(\s*\)|datetime\.(?:utc)?now\(|time\.time\(\)|Get-Date\b|Time\.now\b|now\b|0\b|None\b|null\b|nil\b|\$null\b|["']\*["']|\[\s*\]|Infinity\b|math\.inf\b|float\(["']inf)"#,
);
/// A ternary on the apply flag whose apply side is now, zero or nothing:
/// `x = now if args.apply else …`, `x = apply ? null : …`.
static TERNARY: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?i)\b(?:cut_?off|threshold|retention\w*|keep\w*|older_?than\w*|max_?age\w*|days|filter|selector)\s*=\s*(?:(?:time\.Now\(\)|Date\.now\(\)|datetime\.(?:utc)?now\(\)|now|0|None|null|nil)\s+if\s+(?:\w+\.)?(?:apply|force|execute|confirm)\b|[^=\n][^\n]{0,60}?\b(?:\w+\.)?(?:apply|force|execute|confirm)\s*\?\s*(?:Date\.now\(\)|new\s+Date\(\s*\)|now|0|null|undefined)\b)",
);

/// A line that sets the selection to now, zero or nothing and does not
/// move it back (`cutoff = datetime.now() - timedelta(days=n)`, `.Add(-d)`,
/// `AddDays(-30)` compute an ordinary cutoff in the apply branch).
fn widens(line: &str) -> bool {
    WIDENED
        .find(line)
        .is_some_and(|m| !line[m.end()..].contains('-'))
}

/// Lines read after the condition for the assignment.
const BRANCH_LINES: usize = 4;

/// The 0-based line at which the file widens its selection on the apply
/// flag, if it does.
pub fn widened_on_apply(text: &str) -> Option<usize> {
    let lines: Vec<&str> = text.lines().collect();
    for (i, l) in lines.iter().enumerate() {
        if TERNARY.is_match(l) {
            return Some(i);
        }
        if !APPLY_COND.is_match(l) {
            continue;
        }
        // The condition's own line (`if apply { cutoff = now }`) and the
        // first lines of its branch.
        let end = (i + 1 + BRANCH_LINES).min(lines.len());
        if let Some(k) = (i..end).find(|&k| widens(lines[k])) {
            return Some(k);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn widened_in_every_spelling() {
        for t in [
            "if apply {\n\tcutoff = time.Now().Add(time.Hour)\n}\n",
            "if args.apply:\n    keep = 0\n",
            "if (!dryRun) {\n  maxAge = 0;\n}\n",
            "if ($Apply) {\n  $cutoff = Get-Date\n}\n",
            "cutoff = now if args.apply else now - timedelta(days=35)\n",
            "const filter = opts.force ? null : byAge;\n",
        ] {
            assert!(widened_on_apply(t).is_some(), "{t}");
        }
        for t in [
            "if apply {\n\tfor _, s := range c { del(s) }\n}\n",
            "if args.apply:\n    print('deleting')\n",
            "cutoff = now - timedelta(days=args.days)\n",
            "if dry_run:\n    cutoff = None\n",
            "if args.apply:\n    cutoff = datetime.now() - timedelta(days=args.days)\n",
            "if apply {\n\tcutoff := time.Now().Add(-30 * 24 * time.Hour)\n}\n",
            "if ($Apply) {\n  $cutoff = (Get-Date).AddDays(-$Days)\n}\n",
        ] {
            assert!(widened_on_apply(t).is_none(), "{t}");
        }
    }
}
