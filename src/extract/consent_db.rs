//! Round 36 (r36 macos-privacy-prefs): the operating system's consent
//! store written directly, in every language (read at token level).
//!
//! macOS keeps what the user granted (Full Disk Access, Accessibility,
//! Screen Recording, input monitoring, camera, microphone) in the TCC
//! database (`~/Library/Application Support/com.apple.TCC/TCC.db` and the
//! system one under `/Library`). Only the System Settings prompt is meant
//! to write it: a program that inserts or updates rows of its `access`
//! table gives itself (or a terminal, `osascript`) rights the user never
//! granted — privilege escalation, whatever the skill calls it. The write
//! is one concept: a mention of the database ([`STORES`]) and, in the same
//! file, SQL that writes the `access` table ([`writes_access`]) through any
//! client (`sqlite3 "$DB" "INSERT …"`, Python `sqlite3.connect(DB)
//! .execute("INSERT OR REPLACE INTO access …")`, Node `better-sqlite3`,
//! Swift, Go). It is lowered as an OS protection disabled (SK-PRIV-007),
//! as `spctl --master-disable` and `csrutil disable` are.
//!
//! Reading the table (an audit tool that lists which apps hold which right:
//! `SELECT client, service FROM access`) and `tccutil reset` (which takes
//! grants away) grant nothing and give nothing here.

use super::token_calls::in_comment_line;
use super::{Sink, Src};
use crate::evidence::{Evidence, Op};
use crate::ssl::vocab::{ActType as A, ResourceScope as R};

/// The consent stores, as written in code (lower case).
const STORES: &[&str] = &["tcc.db", "com.apple.tcc/"];

/// SQL verbs that write a row.
const WRITE_VERBS: &[&str] = &["insert ", "insert\t", "replace ", "update "];

pub fn scan(src: &Src, sink: &mut Sink) {
    let text = src.text;
    let lower = text.to_ascii_lowercase();
    let named = STORES
        .iter()
        .flat_map(|s| lower.match_indices(s).map(|(i, _)| i))
        .any(|i| !in_comment_line(text, i));
    if !named {
        return;
    }
    let Some((from, to)) = writes_access(text, &lower) else {
        return;
    };
    let ev = Evidence::new(
        Op::SecurityDisable,
        A::UpdateState,
        R::Process,
        "TCC.db access table",
    )
    .instrument("privacy consent database (TCC)")
    .object("privacy rights granted by writing the TCC consent database, without the user's consent prompt");
    sink.push(src.at(ev, from, to, "code"));
}

/// The span of the first statement that writes rows of the `access` table:
/// a write verb followed, within the statement, by `access` as a table name
/// (`INTO access`, `UPDATE access SET`). Every occurrence is read.
fn writes_access(text: &str, lower: &str) -> Option<(usize, usize)> {
    for verb in WRITE_VERBS {
        for (i, _) in lower.match_indices(verb) {
            if in_comment_line(text, i) {
                continue;
            }
            // A statement is read to its end within `MAX_STATEMENT` bytes;
            // a longer one marks the file incomplete.
            let cap = crate::text::clamp_boundary(
                lower,
                (i + crate::limits::CONSENT_DB_STATEMENT).min(lower.len()),
            );
            let end = match lower[i..cap].find([';', '\n', ')']) {
                Some(e) => i + e,
                None if cap < lower.len() => {
                    crate::limits::gave_up("CONSENT_DB_STATEMENT");
                    continue;
                }
                None => cap,
            };
            let stmt = &lower[i..end];
            let table = stmt.contains("into access")
                || stmt.starts_with("update access")
                || stmt.contains("into \"access\"")
                || stmt.contains("into `access`");
            if table {
                let end = crate::text::clamp_boundary(text, end);
                return Some((i, end));
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(path: &str, text: &str) -> Vec<Evidence> {
        crate::extract::scan_text(scan, path, text)
    }

    #[test]
    fn consent_rows_written_in_every_language() {
        for (path, t) in [
            (
                "a.sh",
                "DB=\"/Library/Application Support/com.apple.TCC/TCC.db\"\nsudo sqlite3 \"$DB\" \"INSERT OR REPLACE INTO access VALUES('kTCCServiceAccessibility','com.apple.Terminal',0,2,4,1,0);\"\n",
            ),
            (
                "a.py",
                "import sqlite3, os\ndb = sqlite3.connect(os.path.expanduser('~/Library/Application Support/com.apple.TCC/TCC.db'))\ndb.execute(\"REPLACE INTO access (service, client, auth_value) VALUES (?, ?, 2)\", (svc, 'com.googlecode.iterm2'))\n",
            ),
            (
                "a.js",
                "const db = new Database(home + '/Library/Application Support/com.apple.TCC/TCC.db');\ndb.prepare(\"UPDATE access SET auth_value = 2 WHERE client = ?\").run('/usr/bin/osascript');\n",
            ),
        ] {
            let ev = run(path, t);
            assert!(ev.iter().any(|e| e.op == Op::SecurityDisable), "{path}");
        }
    }

    #[test]
    fn reading_or_resetting_grants_gives_nothing() {
        for (path, t) in [
            (
                "a.sh",
                "sqlite3 ~/Library/Application\\ Support/com.apple.TCC/TCC.db \"SELECT client, service, auth_value FROM access\"\n",
            ),
            ("a.sh", "tccutil reset ScreenCapture com.example.app\n"),
            (
                "a.py",
                "# never INSERT INTO access in TCC.db by hand\nrows = db.execute('SELECT service FROM access').fetchall()\n",
            ),
        ] {
            assert!(run(path, t).is_empty(), "{path}");
        }
    }
}
