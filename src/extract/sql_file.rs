//! Round 29 (impact29): bundled SQL files (`migrations/0003_cleanup.sql`,
//! `seed.sql`) read for destruction judged by scope, the same model as
//! `doomed.rs` for code: a statement that drops or empties what a *catalog*
//! lists — every schema (`pg_namespace`, `information_schema.schemata`),
//! database (`pg_database`, `sys.databases`), table (`pg_tables`,
//! `information_schema.tables`, `sqlite_master`, `sys.tables`) — built at
//! run time from that listing (`EXECUTE format('DROP SCHEMA %I CASCADE',
//! s.nspname)`, `'DROP TABLE ' || tablename`, `CONCAT('TRUNCATE ', …)`,
//! `EXEC('DROP DATABASE ' + @n)`), with nothing selecting what goes: the
//! catalog query's `WHERE` only leaves out the system's own objects
//! (`pg_catalog`, `information_schema`, `pg_toast`, `mysql`, `sys`,
//! `tempdb`, `datistemplate`). Its trigger is read too: a condition on which
//! server or database it runs in (`current_database() !~* 'dev|test'`,
//! `DB_NAME() NOT LIKE '%test%'`, `@@SERVERNAME`, `inet_server_addr()`) is
//! a production-only gate ([`Tag::EnvGate`]: critical).
//!
//! Quiet: a migration that drops one named object (`DROP TABLE
//! old_sessions;`), a loop whose `WHERE` selects (`LIKE 'tmp_%'`,
//! `table_schema = 'staging'`, an age), a reset that creates its tables
//! again.

use super::{Sink, Src};
use crate::evidence::{Evidence, Op, Tag};
use crate::ssl::vocab::{ActType as A, ResourceScope as R};

/// File names read as SQL.
pub fn is_sql_file(rel: &str) -> bool {
    let l = rel.to_ascii_lowercase();
    [".sql", ".psql", ".pgsql", ".plsql", ".ddl"]
        .iter()
        .any(|e| l.ends_with(e))
}

/// A catalog listing and its `WHERE` clause (group 1: the catalog, group
/// 2: the rest of the query up to the loop or the statement's end).
static CATALOG: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?is)\bfrom\s+((?:pg_catalog\.)?pg_(?:namespace|database|tables|class|stat_user_tables)|information_schema\.(?:schemata|tables)|sqlite_master|sys\.(?:databases|tables|schemas|objects)|mysql\.db)\b([^;]{0,400}?)(?:\bloop\b|;|\bopen\b|\bbegin\b|$)",
);
/// A wipe statement built at run time: a placeholder in its text, or the
/// text concatenated or formatted with a value.
static BUILT_WIPE: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"(?i)'\s*(drop\s+(?:schema|database|table|view|owned)|truncate(?:\s+table)?|delete\s+from)\b[^']*(?:%[ILsd]|'\s*(?:\|\||\+|,))|\b(?:format|concat|concat_ws)\s*\(\s*'\s*(drop\s+(?:schema|database|table|owned)|truncate|delete\s+from)\b"#,
);
/// A condition on where the file runs: the server's or database's own
/// identity.
static WHERE_IT_RUNS: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?i)^\s*(?:if|elsif|when|case\s+when)\b[^\n]*(?:\bcurrent_database\s*\(|\bdatabase\s*\(\s*\)|\bdb_name\s*\(|@@servername\b|\binet_server_addr\s*\(|\bcurrent_setting\s*\(\s*'cluster_name'|\bserverproperty\s*\(|@@hostname\b)",
);
/// The system's own schemas and databases: leaving them out selects
/// nothing of the user's.
const SYSTEM: &[&str] = &[
    "pg_catalog",
    "information_schema",
    "pg_toast",
    "pg_temp",
    "pg_toast_temp",
    "pg_",
    "mysql",
    "sys",
    "performance_schema",
    "master",
    "tempdb",
    "model",
    "msdb",
    "template0",
    "template1",
    "postgres",
    "sqlite_",
    "sqlite_sequence",
    "schema_migrations",
];

/// Whether a catalog query's `WHERE` picks some objects of the user's:
/// a literal that is not a system name, a time test, or a parameter.
fn selects(clause: &str) -> bool {
    let lower = clause.to_ascii_lowercase();
    let Some(w) = lower.find("where") else {
        return false;
    };
    let cond = &lower[w..];
    let mut rest = cond;
    while let Some(i) = rest.find('\'') {
        let after = &rest[i + 1..];
        let Some(j) = after.find('\'') else { break };
        let lit = after[..j].trim_end_matches('%');
        let system =
            |s: &&str| lit == *s || (s.ends_with('_') || *s == "pg_temp") && lit.starts_with(s);
        if !lit.is_empty() && !SYSTEM.iter().any(system) {
            return true;
        }
        rest = &after[j + 1..];
    }
    [
        "now()",
        "interval",
        "age(",
        "current_date",
        "$1",
        "= :",
        "= @",
        "like @",
    ]
    .iter()
    .any(|t| cond.contains(t))
}

/// Adds the catalog sweeps of a SQL file.
pub fn scan(src: &Src, sink: &mut Sink) {
    let text = src.text;
    let Some(wipe) = BUILT_WIPE.captures(text) else {
        return;
    };
    // Every catalog query is read: a selective one first must not hide a
    // sweep over everything after it.
    let Some(cat) = CATALOG
        .captures_iter(text)
        .find(|c| !selects(c.get(2).map_or("", |m| m.as_str())))
    else {
        return;
    };
    if super::shell::recreates_tables(text) {
        return;
    }
    let Some(all) = wipe.get(0) else { return };
    let verb = wipe
        .get(1)
        .or_else(|| wipe.get(2))
        .map_or("drop", |m| m.as_str())
        .to_ascii_lowercase();
    let catalog = cat.get(1).map_or("", |m| m.as_str());
    let (ls, le) = super::region::line_span(text, all.start());
    let mut ev = Evidence::new(Op::FileDelete, A::Write, R::UserData, text[ls..le].trim())
        .tag(Tag::Irreplaceable)
        .tag(Tag::Sweep)
        .tag(Tag::ForceFlag)
        .instrument("sql")
        .object(format!(
            "database data dropped or reset in bulk, with nothing selecting what goes: `{}` for everything `{catalog}` lists",
            verb.split_whitespace().collect::<Vec<_>>().join(" ")
        ));
    if text.lines().any(|l| WHERE_IT_RUNS.is_match(l)) {
        ev.tags.insert(Tag::EnvGate);
        ev.object
            .push_str(", behind a condition on which server or database it runs in");
    }
    sink.push(src.at(ev, ls, le, "sql"));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::evidence::Origin;

    fn run(text: &str) -> Vec<Evidence> {
        let mut sink = Sink::default();
        scan(&Src::new("m/0003.sql", text, Origin::Script), &mut sink);
        sink.items
    }

    #[test]
    fn every_schema_dropped_fires_and_a_selection_is_quiet() {
        let all = "DO $$\nDECLARE s record;\nBEGIN\n  FOR s IN SELECT nspname FROM pg_namespace WHERE nspname NOT IN ('pg_catalog', 'information_schema') AND nspname NOT LIKE 'pg_temp%' LOOP\n    EXECUTE format('DROP SCHEMA %I CASCADE', s.nspname);\n  END LOOP;\nEND $$;\n";
        let e = run(all);
        assert_eq!(e.len(), 1);
        assert!(e[0].has(Tag::Sweep) && !e[0].has(Tag::EnvGate));
        let tmp = all.replace("NOT LIKE 'pg_temp%'", "LIKE 'tmp_%'");
        assert!(run(&tmp).is_empty());
        assert!(run("DROP TABLE IF EXISTS old_sessions;\n").is_empty());
        // A selective catalog query first does not hide the sweep after it.
        let both = format!("SELECT count(*) FROM pg_namespace WHERE nspname LIKE 'tmp_%';\n{all}");
        assert_eq!(run(&both).len(), 1);
    }
}
