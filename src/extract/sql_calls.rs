//! SQL that wipes a database, handed to a database driver in code
//! (`cursor.execute("DROP SCHEMA " + names + " CASCADE")`,
//! `await client.query('DROP DATABASE ' + db)`, `db.Exec("TRUNCATE …")`,
//! `Invoke-Sqlcmd -Query "DROP DATABASE …"`), read at token level for
//! every language: the same statements the shell table's `psql`/`mysql`
//! rows and the token-level reader of unparsed code read (`shell::sql_wipes`;
//! a schema reset that creates the dropped tables again is not a wipe).
//!
//! A wipe in a file whose conditions check the date (a day of the month
//! included) or where it runs is a logic bomb: the evidence carries the
//! gate (`sdk::file_gate`), so the hidden-trigger rule reads it too.

use super::{Sink, Src};
use crate::evidence::{Evidence, Op, Tag};
use crate::ssl::vocab::{ActType as A, ResourceScope as R};
use std::collections::HashMap;

/// A database driver's statement call, in every language's spelling (round
/// 40: PHP's `$pdo->exec(`, `$mysqli->query(` too).
static DRIVER: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"(?i)(?:\.|->)(?:execute|executescript|executemany|exec|execcontext|query|querycontext|unsafe|raw|executeupdate|executenonquery|executequery|none|multi)\s*\(|\bInvoke-Sqlcmd\b|\$(?:execute|query)Raw(?:Unsafe)?\b|\bprisma['",\s]+db['",\s]+execute\b|['"](?:psql|mysql|mariadb|sqlite3|sqlcmd|mongosh?|redis-cli|clickhouse-client|cockroach)['"]|\b(?:psql|mysql|sqlite3|sqlcmd)\s+[^\n]*-(?:c|e|Q)\b"#,
);

/// Round 31: a condition that holds only in production (`NODE_ENV ===
/// "production"`, `/prod|live/i.test(url)`, `RAILS_ENV == 'production'`,
/// `$env eq 'prod'`), not its negation (a guard that refuses there).
static PRODUCTION: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"(?i)(?:===?|\beq\b|-eq)\s*['"](?:prod|production|live)['"]|['"](?:prod|production|live)['"]\s*(?:===?|\beq\b|-eq)|/[^/\n]*\bprod[^/\n]*/[a-z]*\.test\s*\(|\bis_?prod(?:uction)?\s*\(|\bIsProduction\s*\(|\.production\?"#,
);
/// The first line of `lines` binding each name (`name = …`, `const name =
/// …`, `$name := …`; not `==`), read once per file: a file with many wipes
/// looked each name of each condition up over every line (round 32).
fn first_bindings<'a>(lines: &[&'a str]) -> HashMap<&'a str, &'a str> {
    let mut first = HashMap::new();
    for l in lines {
        let t = l.trim_start();
        let t = ["const ", "let ", "var ", "my ", "local ", "$"]
            .iter()
            .fold(t, |t, p| t.strip_prefix(p).unwrap_or(t));
        let n = t
            .bytes()
            .position(|b| !(b.is_ascii_alphanumeric() || b == b'_'))
            .unwrap_or(t.len());
        let r = t[n..].trim_start();
        if n > 0 && (r.starts_with('=') && !r.starts_with("==") || r.starts_with(":=")) {
            first.entry(&t[..n]).or_insert(*l);
        }
    }
    first
}

/// A condition negated: the act held back where it matches.
static NEGATED: crate::rx::Lazy =
    crate::rx::Lazy::new(r#"!==?\s*['"]|\bne\s*['"]|-ne\b|\bnot\b|\bunless\b|!\s*[\w(/]"#);

/// The gate over a wipe at line `at`: a date, sandbox or run-count check
/// enclosing it (`gated::gate_over`), or one that holds only in
/// production, read with the assignments of the names it tests (`const
/// prod = /prod|live/i.test(url)`; `if (prod && …)`).
fn wipe_gate<'a>(
    assigns: &super::sdk::Assigns,
    lines: &[&'a str],
    bindings: &std::cell::OnceCell<HashMap<&'a str, &'a str>>,
    at: usize,
) -> Option<(Tag, &'static str)> {
    if let Some(g) = super::gated::gate_over(assigns, lines, at) {
        return Some((g, ""));
    }
    for cond in super::gated::enclosing_conditions(lines, at) {
        let mut read = cond.to_string();
        for name in cond
            .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .filter(|w| w.len() > 2 && !w.bytes().all(|b| b.is_ascii_digit()))
        {
            let bound = bindings.get_or_init(|| first_bindings(lines)).get(name);
            if let Some(b) = bound {
                read.push('\n');
                read.push_str(b);
            }
        }
        if PRODUCTION.is_match(&read) && !NEGATED.is_match(cond) {
            return Some((Tag::EnvGate, ", only in production"));
        }
    }
    remote_only(lines, bindings, at).map(|g| (g, NOT_LOCAL))
}

/// What a wipe's object says of the gate [`remote_only`] finds.
pub(super) const NOT_LOCAL: &str = ", only on a database that is not local";

/// Round 33: the gate over line `at` that holds a wipe back on a local or
/// test database ([`not_local`]), in an enclosing condition or an early
/// guard: the wipe a developer trying the skill never sees.
pub(super) fn remote_only<'a>(
    lines: &[&'a str],
    bindings: &std::cell::OnceCell<HashMap<&'a str, &'a str>>,
    at: usize,
) -> Option<Tag> {
    (locality(lines, bindings, at) == Some(true)).then_some(Tag::EnvGate)
}

/// Round 33: where the conditions over line `at` let a wipe run:
/// `Some(true)` only on a database that is not local, `Some(false)` only
/// on a local or test one (a test-database reset), `None` either.
fn locality<'a>(
    lines: &[&'a str],
    bindings: &std::cell::OnceCell<HashMap<&'a str, &'a str>>,
    at: usize,
) -> Option<bool> {
    let guards = super::gated::early_guards(lines, at);
    let bound = |n: &str| {
        bindings
            .get_or_init(|| first_bindings(lines))
            .get(n)
            .copied()
    };
    super::gated::enclosing_conditions(lines, at)
        .into_iter()
        .find_map(|cond| not_local(cond, guards.iter().any(|g| std::ptr::eq(*g, cond)), bound))
}

/// Round 33: a local or test database, as a condition tests for it.
static LOCAL: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?i)localhost|127\.0\.0\.1|\[::1\]|_test\b|_dev\b|\btest_?db\b|:memory:",
);

/// The negations in a clause: `!x`, `not`, `!=`, `-ne`, `unless`, `ne`;
/// round 41: a negated list or literal (`!["localhost", …].includes(h)`).
fn negations(clause: &str) -> usize {
    static NEG: crate::rx::Lazy = crate::rx::Lazy::new(
        r#"!==?|!\s*[\w(/$\["']|\bnot\b|-ne\b|\bne\b|\bunless\b|-notmatch\b|-notlike\b"#,
    );
    NEG.find_iter(clause).count()
}

/// Round 33: whether the wipe under `cond` runs only where the database
/// is not local: the clause of `cond` that tests for a local or test
/// database (`"localhost" in url`, `!/localhost|_test/.test(url)`, or a
/// name bound to such a test, read through `bound`) holds the wipe back
/// there. Negations are counted in that clause and its binding; an early
/// guard (`if (local) return;`, `guard`) runs the wipe when it is false.
/// A reset that runs only on the local or test database stays ungated.
fn not_local<'a>(cond: &str, guard: bool, bound: impl Fn(&str) -> Option<&'a str>) -> Option<bool> {
    for clause in cond
        .split("&&")
        .flat_map(|c| c.split("||"))
        .flat_map(|c| c.split(" and "))
        .flat_map(|c| c.split(" or "))
    {
        let mut neg = negations(clause);
        let mut local = LOCAL.is_match(clause);
        if !local {
            for w in clause
                .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                .filter(|w| w.len() > 2)
            {
                if let Some(b) = bound(w) {
                    let rhs = b.split_once('=').map_or(b, |(_, r)| r);
                    if LOCAL.is_match(rhs) {
                        local = true;
                        neg += negations(rhs);
                        break;
                    }
                }
            }
        }
        if local {
            // True when the database is local, after `neg` negations.
            let true_when_local = neg % 2 == 0;
            return Some(true_when_local == guard);
        }
    }
    None
}

/// The evidence of a literal SQL statement that wipes a database, if `lit`
/// is one (`reset`: the file recreates every table it drops).
pub(super) fn wipe(lit: &str, reset: bool) -> Option<Evidence> {
    let head = lit.trim_start().to_ascii_lowercase();
    let verb = head.starts_with("drop ") || head.starts_with("truncate ");
    if !(verb || head.starts_with("delete from")) || !super::shell::sql_wipes(lit) {
        return None;
    }
    if reset && head.starts_with("drop table") {
        return None;
    }
    Some(
        Evidence::new(
            Op::FileDelete,
            A::Write,
            R::UserData,
            crate::text::snippet(lit, 120),
        )
        .tag(Tag::BroadTarget)
        .object("database dropped or wiped")
        .instrument("sql"),
    )
}

/// Adds a wipe for every literal SQL statement of a file that calls a
/// database driver. Shell code is read by its own table; code no
/// extractor parses by `token_calls`.
pub fn scan(src: &Src, sink: &mut Sink) {
    scan_with(src, sink, false);
}

/// Round 31: the code no front-end parses (Go, Ruby, Perl, …): its single
/// literals are `token_calls`'; the statements it builds from pieces are
/// read here.
pub fn scan_joined(src: &Src, sink: &mut Sink) {
    scan_with(src, sink, true);
}

fn scan_with(src: &Src, sink: &mut Sink, joined_only: bool) {
    let text = src.text;
    let l = text.to_ascii_lowercase();
    // Round 33: a verb split by interpolation (`DR{'OP'}`) is read too.
    let split = ["{'", "{\"", "${"].iter().any(|p| text.contains(p))
        // Round 40: a statement decoded by a rot13 call (`deobf::rot13_calls`).
        || ["rot13", "rot_13", "N-ZA-M"].iter().any(|p| text.contains(p));
    if !(l.contains("drop")
        || l.contains("truncate")
        || l.contains("delete")
        || l.contains("flush")
        || split)
        || !DRIVER.is_match(text)
    {
        return;
    }
    let from = sink.items.len();
    let reset = super::shell::recreates_tables(text);
    // Round 31: statements built from pieces (`["DROP", "SCHEMA", …].join(" ")`)
    // are read whole, after the single literals.
    let interpolation = super::str_join::Interpolation::new(text);
    let literals = (if joined_only {
        Vec::new()
    } else {
        crate::text::quoted_literals(text)
    })
    .into_iter()
    .map(|(s, e)| {
        let lit = &text[s..e];
        // Round 33: pieces filled in by interpolation (`DR${"OP"} SCHEMA`).
        let lit = match interpolation.fill(lit) {
            Some(f) => std::borrow::Cow::Owned(f),
            None => std::borrow::Cow::Borrowed(lit),
        };
        (s, e, lit)
    });
    let joined = super::str_join::joined_strings(text)
        .into_iter()
        .map(|(s, e, j)| (s, e, std::borrow::Cow::Owned(j)));
    let lines: Vec<&str> = text.split('\n').collect();
    let assigns = super::sdk::Assigns::new(text);
    let bindings = std::cell::OnceCell::new();
    let starts: Vec<usize> = std::iter::once(0)
        .chain(text.match_indices('\n').map(|(i, _)| i + 1))
        .collect();
    for (start, end, lit) in literals.chain(joined) {
        let Some(mut ev) = wipe(&lit, reset) else {
            continue;
        };
        if !WHOLE.is_match(&lit) {
            // A table emptied or dropped: often the skill's own cache
            // or queue (`DELETE FROM pending`); broad only when gated.
            ev.tags.remove(&Tag::BroadTarget);
        }
        let at = starts.partition_point(|&s| s <= start).saturating_sub(1);
        if let Some((g, why)) = wipe_gate(&assigns, &lines, &bindings, at) {
            ev.tags.insert(g);
            ev.tags.insert(Tag::BroadTarget);
            ev.object.push_str(why);
        } else if locality(&lines, &bindings, at) == Some(false) {
            // Round 33: a reset only the local or test database gets.
            ev.tags.remove(&Tag::BroadTarget);
            ev.object.push_str(", only on a local or test database");
        }
        sink.push(src.at(ev, start, end, "code"));
    }
    gate_wipes(src.text, sink, from);
}

/// SQL that drops a whole database or schema, or everything a role owns.
static WHOLE: crate::rx::Lazy =
    crate::rx::Lazy::new(r"(?i)\bdrop\s+(?:database|schema|owned)\b|\bdropdatabase\b|\bflushall\b");

/// Tags the wipes added since `from` with the file's date or environment
/// gate, if it has one (read once).
pub(super) fn gate_wipes(text: &str, sink: &mut Sink, from: usize) {
    let mut gate: Option<Option<Tag>> = None;
    for e in &mut sink.items[from..] {
        if e.op != Op::FileDelete || e.instrument != "sql" {
            continue;
        }
        if let Some(g) = *gate.get_or_insert_with(|| super::sdk::file_gate(text)) {
            // A wipe that waits for a date or for where it runs.
            e.tags.insert(g);
            e.tags.insert(Tag::BroadTarget);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(path: &str, text: &str) -> Vec<Evidence> {
        crate::extract::scan_text(scan, path, text)
    }

    #[test]
    fn driver_wipes_and_their_gates() {
        let py = "def check(cur):\n    if datetime.date.today().day == 13:\n        cur.execute(\"drop schema \" + names + \" cascade\")\n";
        let e = run("m.py", py);
        assert!(e.len() == 1 && e[0].has(Tag::BroadTarget) && e[0].has(Tag::DateGate));
        // JavaScript, the statement in a variable, gated by a && chain in
        // a comment-free line elsewhere: still the file's gate.
        let js = "const q = 'DROP DATABASE ' + db;\nif (process.env.CI) { return; }\nawait client.query(q);\n";
        let e = run("m.js", js);
        assert!(e.len() == 1 && e[0].has(Tag::EnvGate));
        let ps = "if ((Get-Date).Day -eq 13) { Invoke-Sqlcmd -Query \"DROP DATABASE [$db]\" }\n";
        assert!(run("m.ps1", ps)[0].has(Tag::DateGate));
        // Ungated: a whole database dropped is a wipe all the same; a
        // table emptied (the skill's own queue) is not broad.
        let go = "db.Exec(\"DROP DATABASE \" + name)\n";
        let e = run("m.go", go);
        assert!(e.len() == 1 && !e[0].has(Tag::DateGate) && e[0].has(Tag::BroadTarget));
        let py = "cur.execute(\"DELETE FROM pending_summaries\")\n";
        let e = run("q.py", py);
        assert!(e.len() == 1 && !e[0].has(Tag::BroadTarget));
    }

    /// Round 32: the first line binding each name, looked up once per
    /// file, is the one the per-name search over every line found.
    #[test]
    fn first_bindings_are_the_first_assignments() {
        let lines = [
            "if (prod == 1) {",
            "  const prod = /prod|live/i.test(url)",
            "production = 1",
            "my $prod := 2",
            "prod = 3",
            "$env = 'x'",
            "let  spaced  =  'y'",
            "é = 1",
        ];
        let b = first_bindings(&lines);
        assert_eq!(
            b.get("prod"),
            Some(&"  const prod = /prod|live/i.test(url)")
        );
        assert_eq!(b.get("production"), Some(&"production = 1"));
        assert_eq!(b.get("env"), Some(&"$env = 'x'"));
        // As the search it replaces: one space after the keyword.
        assert_eq!(b.get("spaced"), None);
        assert_eq!(b.get("pro"), None);
        // Many gated wipes: every one still carries its gate.
        let mut py = String::from("import sqlite3\ncur = db.cursor()\n");
        for i in 0..300 {
            py.push_str(&format!(
                "is_prod_{i} = os.environ['ENV'] == 'production'\nif is_prod_{i}:\n    cur.execute(\"DROP DATABASE d{i}\")\n"
            ));
        }
        let e = run("many.py", &py);
        assert_eq!(e.len(), 300);
        assert!(e.iter().all(|e| e.has(Tag::EnvGate)));
    }

    #[test]
    fn schema_resets_and_sql_without_a_driver_are_quiet() {
        let reset = "cur.execute(\"DROP TABLE IF EXISTS session\")\ncur.execute(\"CREATE TABLE session (id int)\")\n";
        assert!(run("r.py", reset).is_empty());
        // Documentation strings: no driver call in the file.
        assert!(
            run(
                "h.py",
                "HELP = \"DROP DATABASE is irreversible\"\nprint(HELP)\n"
            )
            .is_empty()
        );
        // Reading and inserting.
        assert!(run("q.py", "cur.execute(\"select * from t where x = 1\")\n").is_empty());
    }
}
