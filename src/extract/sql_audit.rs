//! Round 38 (recall38a): SQL that destroys a database's own record of what
//! was done to it, as the trace erasing it is (`AntiForensics`, SK-EXEC-018,
//! the evidence `history -c`, `wevtutil cl` and `aws cloudtrail
//! stop-logging` give). One table of statements ([`BLINDS`]), read over
//! SQL wherever it stands: a bundled `.sql` file, a `sql` fence in
//! Markdown, and the SQL literals of every code file (`psql -c "…"`, a
//! driver's `execute("…")`, a heredoc):
//!
//! * audit or history triggers dropped or disabled (`DROP TRIGGER
//!   orders_audit`, `ALTER TABLE t DISABLE TRIGGER audit_trg`, or a
//!   statement built per trigger, `format('DROP TRIGGER %I …')`, over a
//!   catalog query that selects them by an audit word);
//! * an audit or history schema dropped (`DROP SCHEMA audit CASCADE`);
//! * audit or history tables emptied (`TRUNCATE orders_history`, or built
//!   per table over a catalog query selecting `_audit`/`_history`);
//! * the server's audit switched off (`ALTER SYSTEM SET pgaudit.log =
//!   'none'`, `ALTER SERVER AUDIT … STATE = OFF`, `DROP SERVER AUDIT`,
//!   `NOAUDIT ALL`, MySQL's `SET GLOBAL general_log = OFF`).
//!
//! `SET session_replication_role = replica` (every trigger skipped for the
//! session: restores and bulk loads use it) only counts beside one of the
//! above. Quiet: an object the same file creates (a down-migration that
//! drops the audit trigger its up-migration added, a test fixture), the
//! application's own tables dropped and created again, SQL comments.

use super::{Sink, Src};
use crate::evidence::{Evidence, Op, Tag};
use crate::ssl::vocab::{ActType as A, ResourceScope as R};

/// Words naming an audit record.
const AUDIT_WORDS: &str = r"audit|history|journal|changelog|trail|_versions?\b";

/// (pattern, what it does, counts alone). Group `name`, when present, is the
/// object's name (checked against what the file creates).
const BLINDS: &[(&str, &str, bool)] = &[
    (
        r"(?i)\bdrop\s+trigger\s+(?:if\s+exists\s+)?(?P<name>[\w.]*(?:AUDIT)[\w.]*)",
        "audit trigger dropped",
        true,
    ),
    (
        r"(?i)\bdisable\s+trigger\s+(?P<name>[\w.]*(?:AUDIT)[\w.]*)",
        "audit trigger disabled",
        true,
    ),
    (
        r"(?i)\bdrop\s+schema\s+(?:if\s+exists\s+)?(?P<name>[\w.]*(?:AUDIT)[\w.]*)",
        "audit schema dropped",
        true,
    ),
    (
        r"(?i)\btruncate\s+(?:table\s+)?(?:only\s+)?(?P<name>[\w.]*(?:AUDIT)[\w.]*)",
        "audit or history table emptied",
        true,
    ),
    (
        r"(?i)\b(?:alter\s+system\s+)?set\s+pgaudit\.\w+\s*(?:=|\bto\b)\s*'?none\b",
        "database audit logging turned off (pgaudit)",
        true,
    ),
    (
        r"(?i)\balter\s+(?:server|database)\s+audit(?:\s+specification)?\s+[^;\n]*\bstate\s*=\s*off\b|\bdrop\s+(?:server|database)\s+audit\b",
        "database audit turned off or dropped",
        true,
    ),
    (
        r"(?i)\bnoaudit\s+all\b",
        "database auditing switched off",
        true,
    ),
    (
        r"(?i)\bset\s+global\s+general_log\s*=\s*'?(?:off|0)\b",
        "database query log turned off",
        true,
    ),
    (
        r"(?i)\bset\s+(?:session\s+)?session_replication_role\s*(?:=|\bto\b)\s*'?replica\b",
        "triggers (audit included) skipped for the session",
        false,
    ),
];

/// A statement built per object (`format('DROP TRIGGER %I …')`, `'TRUNCATE
/// ' || t`) and, within [`BUILT_WINDOW`] bytes before it, the catalog query
/// that picks the objects by an audit word.
static BUILT: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"(?i)'\s*(drop\s+trigger|truncate(?:\s+table)?|drop\s+schema|alter\s+table\s+%I(?:\.%I)?\s+disable\s+trigger)\b[^'\n]*(?:%[ILs]|'\s*(?:\|\||\+|,))"#,
);
const BUILT_WINDOW: usize = 600;

static COMPILED: std::sync::LazyLock<Vec<(regex::Regex, &'static str, bool)>> =
    std::sync::LazyLock::new(|| {
        BLINDS
            .iter()
            .filter_map(|(p, what, alone)| {
                regex::Regex::new(&p.replace("AUDIT", AUDIT_WORDS))
                    .ok()
                    .map(|r| (r, *what, *alone))
            })
            .collect()
    });
static SELECTS_AUDIT: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
    regex::Regex::new(&format!(r"(?i)\b(?:from|where)\b[^;]*(?:{AUDIT_WORDS})")).ok()
});
static CREATES: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?i)\bcreate\s+(?:or\s+replace\s+)?(?:constraint\s+)?(?:trigger|schema|table|unlogged\s+table)\s+(?:if\s+not\s+exists\s+)?([\w.]+)",
);

/// Whether the byte at `at` sits on a SQL or shell comment line.
fn commented(text: &str, at: usize) -> bool {
    let (s, _) = super::region::line_span(text, at);
    let l = text[s..at].trim_start();
    l.starts_with("--") || l.starts_with('#') || l.starts_with("//")
}

/// Adds the trace erasing the SQL in `src` does (see the module docs).
pub fn scan(src: &Src, sink: &mut Sink) {
    let text = src.text;
    let lower_has = |w: &str| {
        text.as_bytes()
            .windows(w.len())
            .any(|x| x.eq_ignore_ascii_case(w.as_bytes()))
    };
    if ![
        "trigger",
        "schema",
        "truncate",
        "audit",
        "general_log",
        "replication_role",
    ]
    .iter()
    .any(|w| lower_has(w))
    {
        return;
    }
    let created: Vec<String> = CREATES
        .captures_iter(text)
        .filter_map(|c| c.get(1).map(|m| last_part(m.as_str())))
        .collect();
    let mut found: Vec<(usize, usize, &str, bool)> = Vec::new();
    for (re, what, alone) in COMPILED.iter() {
        for c in re.captures_iter(text) {
            let Some(m) = c.get(0) else { continue };
            if commented(text, m.start()) {
                continue;
            }
            if let Some(n) = c.name("name")
                && created.contains(&last_part(n.as_str()))
            {
                continue;
            }
            found.push((m.start(), m.end(), what, *alone));
            break;
        }
    }
    for m in BUILT.find_iter(text) {
        let from = crate::text::clamp_boundary(text, m.start().saturating_sub(BUILT_WINDOW));
        if commented(text, m.start())
            || !SELECTS_AUDIT
                .as_ref()
                .is_some_and(|r| r.is_match(&text[from..m.start()]))
        {
            continue;
        }
        found.push((
            m.start(),
            m.end(),
            "audit triggers or tables removed one by one",
            true,
        ));
        break;
    }
    found.sort();
    let Some(&(at, _, _, _)) = found.iter().find(|f| f.3) else {
        return;
    };
    let mut whats: Vec<&str> = found.iter().map(|f| f.2).collect();
    whats.dedup();
    let (ls, le) = super::region::line_span(text, at);
    let mut ev = Evidence::new(Op::AntiForensics, A::Write, R::Other, text[ls..le].trim())
        .instrument("sql")
        .object(format!(
            "the database's audit record destroyed: {}",
            whats.join("; ")
        ));
    if whats.len() > 1 {
        ev.tags.insert(Tag::BroadTarget);
    }
    sink.push(src.at(ev, ls, le, "sql"));
}

/// `audit.orders_trg` → `orders_trg`, lowercased.
fn last_part(name: &str) -> String {
    name.rsplit('.').next().unwrap_or(name).to_ascii_lowercase()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::evidence::Origin;

    fn run(path: &str, text: &str) -> Vec<Evidence> {
        let mut sink = Sink::default();
        scan(&Src::new(path, text, Origin::Script), &mut sink);
        sink.items
    }

    #[test]
    fn audit_record_destroyed() {
        assert_eq!(
            run("b.sql", "DROP SCHEMA IF EXISTS audit CASCADE;\n").len(),
            1
        );
        assert_eq!(
            run("b.sql", "ALTER SYSTEM SET pgaudit.log = 'none';\n").len(),
            1
        );
        assert_eq!(
            run("b.sql", "TRUNCATE TABLE public.orders_history;\n").len(),
            1
        );
        let built = "FOR r IN SELECT trigger_name n FROM information_schema.triggers\n  WHERE trigger_name ~* '(audit|history)'\nLOOP\n  EXECUTE format('DROP TRIGGER IF EXISTS %I ON %I.%I', r.n, r.s, r.t);\nEND LOOP;\n";
        assert_eq!(run("b.sql", built).len(), 1);
        let py = "cur.execute(\"DROP TRIGGER orders_audit ON orders\")\n";
        assert_eq!(run("m.py", py).len(), 1);
    }

    #[test]
    fn own_objects_app_tables_and_comments_are_quiet() {
        let down = "-- down\nDROP TRIGGER IF EXISTS orders_audit ON orders;\nDROP TABLE orders;\n";
        let up_down = format!(
            "CREATE TRIGGER orders_audit AFTER UPDATE ON orders FOR EACH ROW EXECUTE FUNCTION log_it();\n{down}"
        );
        assert!(run("0005.sql", &up_down).is_empty());
        assert!(
            run(
                "0006.down.sql",
                "DROP TABLE IF EXISTS orders;\nCREATE TABLE orders (id int);\n"
            )
            .is_empty()
        );
        assert!(run("r.sql", "-- never run: DROP SCHEMA audit CASCADE;\n").is_empty());
        assert!(
            run(
                "r.sql",
                "SET session_replication_role = replica;\nCOPY t FROM STDIN;\n"
            )
            .is_empty()
        );
    }
}
