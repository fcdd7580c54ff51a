//! Destruction judged by the object destroyed (round 24), once for every
//! language: a table of the user's irreplaceable objects (backups and
//! snapshots, databases, mailboxes, object storage, logs, cloud and cluster
//! resources, remote repositories, scheduled jobs) with the removal
//! spellings of each tool and API ([`ROWS`]), read at token level in code
//! of any language (shell, Python, JavaScript, Go, Ruby, PHP, Perl,
//! PowerShell: `c.DeleteSnapshot(`, `delete_snapshot(`, `aws ec2
//! delete-snapshot`, `Remove-EC2Snapshot` are one token once `_`/`-` are
//! dropped and case folded) and in Markdown sections
//! ([`super::doomed_prose`]).
//!
//! The object alone is not a finding: deleting one snapshot the user names
//! is routine. A removal is **bulk** when its spelling is (`FLUSHALL`,
//! `prisma migrate reset`, `crontab -r`, `emptyTrash`), when its flags say
//! so (`--all`, `--recursive`, a wildcard, `--keep-last 1`), or when it runs
//! for each item a listing of the same store returned — a loop whose head
//! iterates a listing call or a name assigned from one (structure: the
//! enclosing loop by indentation, not a byte window), or an argument named
//! after such a listing. A loop with a condition between its head and the
//! removal selects (retention, an age filter) and stays quiet. Evidence is
//! tagged `Irreplaceable` (SK-DEST-005, medium); a **sweep** — bulk removal
//! in code with nothing selecting (an inherent spelling, an unfiltered
//! loop over a listing, a keep count of 0 or 1) — is tagged `Sweep`
//! (high); the file's date or environment gate (`sdk::file_gate`) or a
//! run-count gate adds its tag (critical).

use super::{Sink, Src};
use crate::evidence::{Evidence, Op, Tag};
use crate::ssl::vocab::{ActType as A, ResourceScope as R};
use std::sync::{LazyLock, OnceLock};

/// The kinds of object whose loss the user cannot undo.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Class {
    Backups,
    Database,
    Mail,
    ObjectStore,
    Logs,
    Cloud,
    Repos,
    Jobs,
    Workspace,
}

impl Class {
    pub fn what(self) -> &'static str {
        match self {
            Class::Backups => "backups or snapshots deleted",
            Class::Database => "database data dropped or reset",
            Class::Mail => "mail deleted",
            Class::ObjectStore => "stored objects or buckets deleted",
            Class::Logs => "logs or audit records cleared",
            Class::Cloud => "cloud or cluster resources deleted",
            Class::Repos => "remote repositories deleted",
            Class::Jobs => "the user's scheduled jobs removed",
            Class::Workspace => "workspace pages, files or records archived, trashed or deleted",
        }
    }
}

/// How a spelling is scoped.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Scope {
    /// Removes everything of its kind by itself (`FLUSHALL`, `crontab -r`).
    All,
    /// One object unless flags, a keep count or a listing say more.
    One,
}

/// One removal spelling: the normalised tokens that must all be on the
/// statement ([`tokens`]), its class and scope.
pub struct Row {
    pub class: Class,
    pub words: &'static [&'static str],
    pub scope: Scope,
}

const fn row(class: Class, words: &'static [&'static str], scope: Scope) -> Row {
    Row {
        class,
        words,
        scope,
    }
}

use Class::*;
use Scope::{All, One};

/// The object table: removal spellings per tool and API. Tokens are lower
/// case with `_`, `-` and `\` dropped, split at every other punctuation
/// (`db:drop` keeps its colon), so SDK method names in every casing and
/// CLI subcommands share a row.
pub const ROWS: &[Row] = &[
    // Backups, snapshots, images, restore points.
    row(Backups, &["deletesnapshot"], One),
    row(Backups, &["deletesnapshots"], One),
    row(Backups, &["deletedbsnapshot"], One),
    row(Backups, &["deletedbclustersnapshot"], One),
    row(Backups, &["deregisterimage"], One),
    row(Backups, &["unregisterec2image"], One),
    row(Backups, &["removeec2snapshot"], One),
    row(Backups, &["removeazsnapshot"], One),
    row(Backups, &["snapshots", "delete"], One),
    row(Backups, &["images", "delete"], One),
    row(Backups, &["deleteimage"], One),
    row(Backups, &["vssadmin", "delete", "shadows"], All),
    row(Backups, &["tmutil", "deletelocalsnapshots"], All),
    row(Backups, &["tmutil", "delete"], One),
    row(Backups, &["restic", "forget"], One),
    row(Backups, &["borg", "prune"], One),
    row(Backups, &["timeshift", "delete"], One),
    row(Backups, &["timeshift", "deleteall"], All),
    row(Backups, &["snapper", "delete"], One),
    // Round 29: automated backups switched off (a retention of 0 deletes
    // the existing ones) and backup vaults and recovery points removed.
    row(Backups, &["backupretentionperiod", "0"], All),
    row(Backups, &["backupretentionperiod:", "0"], All),
    row(Backups, &["backupretentiondays", "0"], All),
    row(Backups, &["deleterecoverypoint"], One),
    row(Backups, &["deletebackupvault"], One),
    row(Backups, &["deletedbinstanceautomatedbackup"], One),
    row(Backups, &["snapshot", "delete"], One),
    // Databases: the whole store, schema resets, migration resets with
    // their force flags.
    row(Database, &["flushall"], All),
    row(Database, &["flushdb"], All),
    // Round 34: persistence switched off, so what is in memory is gone on
    // the next restart (Redis AOF and RDB snapshots).
    row(Database, &["config", "set", "appendonly", "no"], All),
    // Elasticsearch/OpenSearch: every index.
    row(Database, &["indices", "delete", "all"], All),
    row(Database, &["xdelete", "all"], All),
    row(Database, &["dropdatabase"], All),
    row(Database, &["migrate", "reset"], All),
    row(Database, &["db", "push", "acceptdataloss"], All),
    row(Database, &["db:drop"], All),
    row(Database, &["db:reset"], All),
    row(Database, &["db:migrate:undo:all"], All),
    row(Database, &["schema:drop"], All),
    row(Database, &["migrate:rollback", "all"], All),
    row(Database, &["migrate:fresh"], All),
    row(Database, &["alembic", "downgrade", "base"], All),
    row(Database, &["manage", "flush"], All),
    row(Database, &["resetdb"], All),
    row(Database, &["mysqladmin", "drop"], All),
    row(Database, &["dropcollection"], One),
    row(Database, &["delete", "from"], One),
    row(Database, &["drop", "table"], One),
    row(Database, &["truncate", "table"], One),
    row(Database, &["deletemany"], One),
    // Mail: IMAP flags and expunge, Gmail and Graph APIs, Exchange purges.
    row(Mail, &["emptytrash"], All),
    row(Mail, &["mcpgmailemptytrash"], All),
    row(Mail, &["batchdelete"], One),
    row(Mail, &["mcpgmaildelete"], One),
    row(Mail, &["messages", "trash"], One),
    row(Mail, &["messages", "delete"], One),
    row(Mail, &["store", "deleted"], One),
    row(Mail, &["imapdelete"], One),
    row(Mail, &["deletemessage"], One),
    row(Mail, &["deletemessages"], One),
    row(Mail, &["searchmailbox", "deletecontent"], All),
    row(Mail, &["newcompliancesearchaction", "purge"], All),
    // Object storage.
    row(ObjectStore, &["s3", "rm"], One),
    row(ObjectStore, &["s3", "rb"], One),
    row(ObjectStore, &["gsutil", "rm"], One),
    row(ObjectStore, &["storage", "rm"], One),
    row(ObjectStore, &["deletebatch"], All),
    row(ObjectStore, &["rclone", "purge"], All),
    row(ObjectStore, &["deletebucket"], One),
    row(ObjectStore, &["objectversions", "delete"], All),
    row(ObjectStore, &["objects", "all", "delete"], All),
    // Logs and audit records.
    row(Logs, &["cleareventlog"], All),
    row(Logs, &["journalctl", "vacuumtime"], One),
    row(Logs, &["auditctl", "d"], All),
    // Cloud and cluster resources.
    row(Cloud, &["kubectl", "delete", "namespace"], One),
    row(Cloud, &["kubectl", "delete", "ns"], One),
    row(Cloud, &["kubectl", "delete", "pvc"], One),
    row(Cloud, &["kubectl", "delete", "pv"], One),
    row(Cloud, &["deletenamespace"], One),
    row(Cloud, &["deletenamespacedpersistentvolumeclaim"], One),
    row(Cloud, &["terminateinstances"], One),
    row(Cloud, &["deletevolume"], One),
    row(Cloud, &["deletestack"], One),
    row(Cloud, &["removeazresourcegroup"], One),
    row(Cloud, &["az", "group", "delete"], One),
    row(Cloud, &["instances", "delete"], One),
    row(Cloud, &["helm", "uninstall"], One),
    row(
        Cloud,
        &["modifyinstanceattribute", "disableapitermination", "false"],
        One,
    ),
    // Remote repositories.
    row(Repos, &["deleterepo"], One),
    row(Repos, &["deleterepository"], One),
    row(Repos, &["repos", "delete"], One),
    row(Repos, &["glab", "repo", "delete"], One),
    row(Repos, &["repositories", "delete"], One),
    // The user's scheduled jobs.
    row(Jobs, &["crontab", "r"], All),
    row(Jobs, &["schtasks", "delete"], One),
    row(Jobs, &["unregisterscheduledtask"], One),
    // Round 35: a SaaS workspace's content (Notion pages and databases,
    // Drive files, Slack messages and channels, Dropbox files, Jira
    // issues, S3 objects) archived, trashed or deleted through its API:
    // the archive flag written (`{archived: true}`, `in_trash`, Drive's
    // `trashed`), the API's delete method, or an HTTP DELETE. One item
    // unless a listing feeds it (a loop over `search`/`list` results).
    row(Workspace, &["archived", "true"], One),
    row(Workspace, &["archived:", "true"], One),
    row(Workspace, &["intrash", "true"], One),
    row(Workspace, &["intrash:", "true"], One),
    row(Workspace, &["trashed", "true"], One),
    row(Workspace, &["trashed:", "true"], One),
    row(Workspace, &["method", "delete"], One),
    row(Workspace, &["method:", "delete"], One),
    row(Workspace, &["x", "delete"], One),
    row(Workspace, &["requests", "delete"], One),
    row(Workspace, &["httpx", "delete"], One),
    row(Workspace, &["axios", "delete"], One),
    row(Workspace, &["chat", "delete"], One),
    row(Workspace, &["conversations", "archive"], One),
    row(Workspace, &["files", "delete"], One),
    row(Workspace, &["files", "deletev2"], One),
    row(Workspace, &["filesdeletev2"], One),
    row(Workspace, &["files", "trash"], One),
    row(Workspace, &["deleteobject"], One),
    row(Workspace, &["deleteobjects"], One),
    row(Workspace, &["deleteobjectcommand"], One),
    row(Workspace, &["deleteobjectscommand"], One),
    row(Workspace, &["issues", "delete"], One),
    row(Workspace, &["deleteissue"], One),
];

/// Round 35: SQL that wipes a table whose name the code computes
/// (`"TRUNCATE #{batch.join(', ')} CASCADE"`, `f"DROP TABLE {t}"`,
/// `` `DELETE FROM ${t}` ``, `"TRUNCATE " + t`, `'TRUNCATE %s'`): the
/// table comes from the code, so a loop over the catalog's listing
/// (`pg_stat_user_tables`, `information_schema.tables`) wipes every one.
static SQL_COMPUTED: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"(?i)\b(?:truncate(?:\s+table)?|drop\s+(?:table|schema|database)|delete\s+from)["'`]?\}?\s+(?:if\s+exists\s+)?(?:only\s+)?(?:#\{|\$\{|\$\w|%s|\{\w*\}|\?|["'`]\s*(?:\+|\.\.?|\|\||,)|:\w)"#,
);
/// The row a computed-table SQL wipe stands for.
static SQL_ROW: Row = row(Database, &["truncate", "table"], One);

/// Flags that remove the tool's own prompt.
pub const FORCE_FLAGS: &[&str] = &[
    "force",
    "f",
    "yes",
    "y",
    "noinput",
    "acceptdataloss",
    "autoapprove",
    "confirm:$false",
    "quiet",
];
/// Tool names whose jobs are the user's backups (a schedule removed or
/// disabled for them is recovery inhibition).
const BACKUP_TOOLS: &[&str] = &[
    "backup",
    "backups",
    "restic",
    "borg",
    "borgmatic",
    "rsnapshot",
    "duplicity",
    "timeshift",
    "tmutil",
    "snapper",
    "kopia",
];

/// The normalised tokens of a statement ([`ROWS`] spelling).
pub fn tokens(s: &str) -> Vec<String> {
    s.split(|c: char| {
        !(c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | ':' | '\\' | '*' | '$'))
    })
    .map(|t| {
        t.chars()
            .filter(|c| !matches!(c, '_' | '-' | '\\'))
            .collect::<String>()
            .to_ascii_lowercase()
    })
    .filter(|t| !t.is_empty())
    .collect()
}

/// The first row every word of which is a token of `toks`; a one-letter
/// word is a flag and must be written as one in `raw` (`crontab -r`, not
/// a variable `r` beside `crontab -l`).
pub fn match_row(raw: &str, toks: &[String]) -> Option<&'static Row> {
    /// Every row's first word: a line with none of them meets no row.
    static FIRST: LazyLock<std::collections::HashSet<&'static str>> =
        LazyLock::new(|| ROWS.iter().map(|r| r.words[0]).collect());
    if !toks.iter().any(|t| FIRST.contains(t.as_str())) {
        return None;
    }
    let lower = OnceLock::new();
    ROWS.iter().find(|r| {
        // Every word a token first (cheap): most lines meet no row.
        if !r.words.iter().all(|w| toks.iter().any(|t| t == w)) {
            return false;
        }
        // A flag belongs to the row's program: it follows its first word.
        let after = lower
            .get_or_init(|| raw.to_ascii_lowercase())
            .find(r.words[0])
            .unwrap_or(0);
        r.words.iter().all(|w| {
            w.len() > 1 || w.bytes().all(|b| b.is_ascii_digit()) || {
                let b = raw.as_bytes();
                raw.char_indices().any(|(i, c)| {
                    c.eq_ignore_ascii_case(&w.chars().next().unwrap_or(' '))
                        && i > after
                        && b[i - 1] == b'-'
                        && (i < 2 || !b[i - 2].is_ascii_alphanumeric())
                        && b.get(i + 1).is_none_or(|n| !n.is_ascii_alphanumeric())
                })
            }
        })
    })
}

/// The schedule a line removes is the skill's own: another line of the
/// file installs a word of it that names a backup tool (`cat >
/// "$dir/restic-backup.timer"`, `systemctl enable restic-backup.timer`).
fn own_schedule(raw: &str, i: usize, lines: &[&str]) -> bool {
    let names: Vec<&str> = raw
        .split(|c: char| c.is_whitespace() || matches!(c, '"' | '\'' | '/' | '(' | ')'))
        .filter(|w| w.len() > 4 && w.contains('.') && BACKUP_TOOLS.iter().any(|b| w.contains(b)))
        .collect();
    !names.is_empty()
        && names.iter().all(|n| {
            lines
                .iter()
                .enumerate()
                .take(crate::limits::DOOMED_MAX_LINES)
                .any(|(j, l)| {
                    j != i
                        && l.contains(n)
                        && (l.contains(" enable") || l.contains('>'))
                        && !l.contains("disable")
                        && !l.contains("grep")
                })
        })
}

/// A keep count of 0 or 1 (`--keep-last 1`, `--keep-last=0`): all but the
/// newest gone.
fn keeps_none(toks: &[String]) -> bool {
    toks.windows(2).any(|w| {
        matches!(w[0].as_str(), "keeplast" | "keep" | "keepdaily")
            && matches!(w[1].as_str(), "0" | "1")
    })
}

/// Flags and operands that widen a `One` spelling to everything of its
/// kind: `--all`, `-A`, `--all-namespaces`, `/all`, every IMAP message
/// (`1:*`), a lone wildcard operand. (`--recursive` on a prefix is not:
/// a folder of a bucket, often the skill's own.)
static BULK_FLAG: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"(?:^|[\s'"(\[,])(?:--all(?:-namespaces)?|-A|/all|1:\*|\*)(?:[\s'")\],=]|$)"#,
);

/// Whether the statement's own flags or operands widen it.
pub fn bulk_flags(row: &Row, raw: &str, toks: &[String]) -> bool {
    row.class != Database && BULK_FLAG.is_match(raw) || keeps_none(toks)
}

/// Whether the statement carries a flag that removes the tool's prompt.
pub fn forced(toks: &[String]) -> bool {
    toks.iter().any(|t| FORCE_FLAGS.contains(&t.as_str()))
}

/// A schedule of the user's backups removed or disabled: `crontab -l |
/// grep -v backup | crontab -`, `systemctl disable restic-backup.timer`,
/// `Unregister-ScheduledTask -TaskName *Backup*`.
pub fn unscheduled_backups(raw: &str, toks: &[String]) -> bool {
    let has = |w: &str| toks.iter().any(|t| t == w);
    // The scheduler verbs first: a few token comparisons that most lines
    // fail, before the substring search of every token for a backup tool
    // (that search, asked first, was 1.3% of the registry's instructions).
    let cron_filter = has("crontab")
        && has("grep")
        && (raw.contains(" -v") || raw.contains(" -Ev") || raw.contains(" -vE"));
    let disabled = has("systemctl") && (has("disable") || has("mask") || has("stop"))
        || has("launchctl") && (has("unload") || has("remove") || has("bootout"))
        || has("schtasks") && (has("delete") || has("disable"))
        || has("unregisterscheduledtask")
        || has("disablescheduledtask");
    (cron_filter || disabled)
        && toks.iter().any(|t| {
            BACKUP_TOOLS
                .iter()
                .any(|b| t.split(['.', '|', '\'']).any(|p| p.contains(b)))
        })
}

/// A listing call: what an account, store or server holds.
static LISTING: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"(?i)\.\s*(?:describe|list|search|ls|scan|get_?all|get_?list|paginate)[A-Za-z_]*\s*\(|\b(?:describe|list)_[a-z_]+\s*\(|\b(?:sqlite_master|sqlite_schema|information_schema|pg_tables|pg_stat_user_tables|pg_stat_all_tables|pg_statio_user_tables|pg_class|pg_namespace|pg_database|show\s+tables|show\s+databases|show\s+schemas)\b|(?-i:\b(?:search|list|fetch|get|find)_?(?:All|all|Every|every)\w*\s*\(|\b(?:list|search)[A-Z]\w*\s*\(|\bsearch_\w+\s*\()|["'`]/(?:v\d+/)?(?:search|list)\b|--paginate\b|/api/[\w.]+\.list\b|\bsys\.(?:databases|tables|schemas)\b|\$\(\s*\w+[^)]*\b(?:ls|list|get|describe-[a-z-]+|search)\b|(?-i:\bGet-[A-Z][A-Za-z]+)|["'](?:describe|list)-[a-z0-9-]+["']|["'](?:scan|keys)["']\s*,|\bredis-cli\b[^\n]*(?:--scan\b|\bkeys\b)"#,
);
/// Round 43: a keyspace listing narrowed to a key pattern (`SCAN 0 MATCH
/// cache:*`, `scan_iter("sess:*")`, `KEYS tmp:*`, `{ MATCH: 'lock:*' }`,
/// `--pattern 'job:*'`), or to one the caller passes (`"MATCH", ARGV[1]`,
/// `match=pattern`): a selection, not every key.
static KEY_PATTERN: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"(?i)["']?\b(?:match|pattern)\b["']?\s*(?:[,=:]|\s)\s*["'][^"'*\s][^"']*["']|["']?\b(?:match|pattern)\b["']?\s*[,=:]\s*[A-Za-z_$]|--pattern\s+["']?[^"'*\s]|scan_?iter\s*\(\s*["'][^"'*]|["']keys["']\s*,\s*["'][^"'*]|\bkeys\s+["']?[\w-]+:"#,
);

/// A listing of every item ([`LISTING`] not narrowed by [`KEY_PATTERN`]).
fn lists_every(s: &str) -> bool {
    LISTING.is_match(s) && !KEY_PATTERN.is_match(s)
}

/// A loop head in any language (also `glob_doom`'s).
pub(super) static LOOP_HEAD: crate::rx::Lazy = crate::rx::Lazy::new(
    r"^\s*(?:for\b|foreach\b|while\b|until\b)|\.(?:each\w*|forEach|map|for_each)\b|\bForEach-Object\b|\|\s*%\s*\{|\|\s*while\s+read\b",
);
/// A condition that selects what a loop removes.
static SELECTS: crate::rx::Lazy = crate::rx::Lazy::new(
    r"^\s*(?:if\b|elif\b|elsif\b|unless\b|case\b|switch\b|when\b|\}\s*else\b|select\b)|\b(?:continue|next)\b|\bWHERE\b|\bwhere\b|\bWhere-Object\b|\?\s*\{",
);

/// Round 43: conditions that pick no subset of what a loop removes: a
/// run-mode switch (`if mode == "fix" then`, `if (apply)`, `if not
/// args.dry_run:`) and a test that the item never expires (`TTL k == -1`,
/// `r.ttl(k) < 0`): the keys without a TTL are the store's permanent data,
/// not a leak, so "only those" is everything that was meant to stay.
static NOT_SELECTING: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"(?i)^\s*(?:\}\s*)?(?:else\s*)?(?:if|elif|elsif|unless)\b\s*\(?\s*(?:!|not\s+)?\s*(?:[\w$]+(?:\.|->))?\$?(?:mode|fix|apply|dry_?run|force|commit|execute|really|confirm(?:ed)?)\b\s*(?:(?:===?|~=|!==?|\beq\b|\bne\b)\s*["']\w+["']\s*)?\)?\s*(?:then|:|\{|do)?\s*$|\bp?ttl\b[^\n]*(?:={2,3}\s*-1\b|<\s*0\b|-eq\s+-1\b)|-1\s*={2,3}[^\n]*\bp?ttl\b"#,
);

/// A condition that selects what a loop removes ([`SELECTS`], not one of
/// [`NOT_SELECTING`]).
fn selects(l: &str) -> bool {
    SELECTS.is_match(l) && !NOT_SELECTING.is_match(l)
}

/// Round 43: a Redis key removal (`redis.call("UNLINK", k)`, `redis-cli
/// DEL`, and in a file that talks to Redis a client's `.del(`/`.unlink(`/
/// `.delete(`/`Del(`): one key, made bulk by a loop over the keyspace's
/// listing (`SCAN`, `KEYS`, `scan_iter`, `scanStream`).
static REDIS_DEL: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"(?i)\bredis\.p?call\s*\(\s*["'](?:del|unlink)["']|\bredis-cli\b[^\n]*\b(?:del|unlink)\b"#,
);
static CLIENT_DEL: crate::rx::Lazy =
    crate::rx::Lazy::new(r#"(?i)\.\s*(?:del|unlink|delete)\s*\(|["'](?:del|unlink)["']\s*,"#);
static REDIS_ROW: Row = row(Database, &["del"], One);

pub(super) fn indent(l: &str) -> usize {
    l.len() - l.trim_start().len()
}

/// Names the file assigns from a listing call (`all, err :=
/// c.DescribeSnapshots(`, `tables = [r[0] for r in con.execute("SELECT name
/// FROM sqlite_master …")]`, `$snaps = Get-EC2Snapshot`), lower case.
fn listed_names(lines: &[&str]) -> Vec<(String, usize)> {
    let mut out = Vec::new();
    for (i, l) in lines
        .iter()
        .enumerate()
        .take(crate::limits::DOOMED_MAX_LINES)
    {
        let Some(eq) = l.find('=') else { continue };
        let before = l[..eq].chars().next_back();
        if l[eq..].starts_with("==") || matches!(before, Some('!' | '<' | '>' | '=')) {
            continue;
        }
        // The statement: continued while its parentheses or brackets are
        // open (a comprehension over a query on the next line).
        let mut stmt = l[eq..].to_string();
        let open = |s: &str| {
            s.matches(['(', '[']).count() as isize - s.matches([')', ']']).count() as isize
        };
        let mut k = i + 1;
        while open(&stmt) > 0 && k < lines.len() && k <= i + crate::limits::DOOMED_STMT_LINES {
            stmt.push('\n');
            stmt.push_str(lines[k]);
            k += 1;
        }
        if !lists_every(&stmt) {
            continue;
        }
        let lhs = l[..eq].trim_end_matches(':');
        for name in lhs.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_')) {
            if name.len() > 1
                && !matches!(
                    name,
                    "err" | "const" | "let" | "var" | "my" | "local" | "our"
                )
            {
                out.push((name.to_ascii_lowercase(), i));
            }
        }
        if out.len() > 256 {
            break;
        }
    }
    out.sort();
    out.dedup();
    out
}

/// A function head in any language (`def`, `func`, `function`, `sub`,
/// `fn`): the names a listing binds are looked up from there on.
static FUNC_HEAD: crate::rx::Lazy = crate::rx::Lazy::new(
    r"^\s*(?:export\s+)?(?:pub\s+)?(?:async\s+)?(?:def|func|function|sub|fn)\b",
);

/// The names a listing binds in the function that holds line `at`
/// (between that function's head and `at`): a parameter of the same name
/// elsewhere is not that listing.
fn in_scope<'l>(lines: &[&str], at: usize, listed: &'l [(String, usize)]) -> Vec<&'l str> {
    let mut depth = indent(lines[at]);
    let lo = at.saturating_sub(crate::limits::DOOMED_SCOPE_LINES);
    // Past the bound without reaching the file's top level: from the bound.
    let mut start = lo;
    for j in (lo..at).rev() {
        let l = lines[j];
        if l.trim().is_empty() || indent(l) >= depth {
            continue;
        }
        depth = indent(l);
        if FUNC_HEAD.is_match(l) {
            start = j;
            break;
        }
        if depth == 0 {
            start = 0;
            break;
        }
    }
    listed
        .iter()
        .filter(|(_, line)| *line >= start && *line <= at)
        .map(|(n, _)| n.as_str())
        .collect()
}

/// How the statement at line `i` reaches a listing: `Some(true)` when a
/// loop encloses it whose head iterates a listing (or a name assigned from
/// one) and no condition selects between the head and the statement,
/// `Some(false)` when such a loop selects, `None` when no listing reaches it.
fn loop_over_listing(lines: &[&str], i: usize, listed: &[(String, usize)]) -> Option<bool> {
    let mut depth = indent(lines[i]);
    let mut selecting = false;
    let lo = i.saturating_sub(crate::limits::DOOMED_LOOP_LINES);
    for j in (lo..i).rev() {
        let l = lines[j];
        if l.trim().is_empty() {
            continue;
        }
        let d = indent(l);
        if d >= depth {
            continue;
        }
        // An enclosing head: the nearest shallower line.
        depth = d;
        if LOOP_HEAD.is_match(l) {
            let from_listing = lists_every(l)
                || names_any(l, &in_scope(lines, j, listed))
                || param_fed(lines, j, listed);
            if from_listing {
                // A condition in the body before the removal, at any
                // depth (`if …: continue`, `if (!keep(r)) continue;`).
                let body = lines[j + 1..i].iter().any(|b| selects(b));
                return Some(!(selecting || body));
            }
        } else if selects(l) {
            selecting = true;
        }
        if d == 0 {
            break;
        }
    }
    None
}

/// A function head and its name (`async function settle(items)`, `def
/// purge(rows):`, `const settle = async (items) =>`, `func purge(ids
/// []string)`).
static NAMED_FUNC: crate::rx::Lazy = crate::rx::Lazy::new(
    r"^\s*(?:export\s+)?(?:pub\s+)?(?:async\s+)?(?:def|func|function|sub|fn)\s+(\w+)\s*\(([^)]*)|^\s*(?:export\s+)?(?:const|let|var)\s+(\w+)\s*=\s*(?:async\s*)?\(([^)]*)\)\s*=>",
);

/// Round 35: the loop head at line `j` iterates a parameter of the
/// function holding it, and a call of that function elsewhere in the file
/// passes a name a listing bound (`for (const it of items)` in `settle(
/// items)`, called as `await settle(items)` after `const items = await
/// searchAll()`): the listing reaches the loop through the call.
fn param_fed(lines: &[&str], j: usize, listed: &[(String, usize)]) -> bool {
    if listed.is_empty() {
        return false;
    }
    let mut depth = indent(lines[j]);
    let lo = j.saturating_sub(crate::limits::DOOMED_LOOP_LINES);
    let head = (lo..j).rev().find_map(|k| {
        let l = lines[k];
        if l.trim().is_empty() || indent(l) >= depth {
            return None;
        }
        depth = indent(l);
        NAMED_FUNC.captures(l)
    });
    let Some(c) = head else {
        return false;
    };
    let (Some(name), Some(params)) = (c.get(1).or(c.get(3)), c.get(2).or(c.get(4))) else {
        return false;
    };
    let params: Vec<String> = params
        .as_str()
        .split(',')
        .filter_map(|p| {
            p.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                .find(|w| !w.is_empty())
                .map(str::to_ascii_lowercase)
        })
        .collect();
    let params: Vec<&str> = params.iter().map(String::as_str).collect();
    if !names_any(lines[j], &params) {
        return false;
    }
    let all: Vec<&str> = listed.iter().map(|(n, _)| n.as_str()).collect();
    let call = format!("{}(", name.as_str());
    lines.iter().take(crate::limits::DOOMED_MAX_LINES).any(|l| {
        l.find(&call).is_some_and(|at| {
            !NAMED_FUNC.is_match(l)
                && (at == 0 || !l.as_bytes()[at - 1].is_ascii_alphanumeric())
                && names_any(&l[at + call.len()..], &all)
        })
    })
}

/// Whether `s` names one of `names` as a whole word.
fn names_any(s: &str, names: &[&str]) -> bool {
    let lower = s.to_ascii_lowercase();
    lower
        .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .any(|w| names.contains(&w))
}

/// An argument of the statement (inside its parentheses, after the
/// removal's own word) named after a listing of the same function (`ids`
/// from `messages.list(…)`), outside a loop.
fn fed_by_listing(args: &str, names: &[&str]) -> bool {
    let Some(p) = args.find('(') else {
        return false;
    };
    // A listing's one indexed item (`results[0].id`) is a single object the
    // code picked, not the listing swept.
    let rest = args[p..].to_ascii_lowercase();
    let b = rest.as_bytes();
    let mut start = None;
    for (i, c) in rest
        .char_indices()
        .chain(std::iter::once((rest.len(), ' ')))
    {
        if c.is_ascii_alphanumeric() || c == '_' {
            start.get_or_insert(i);
        } else if let Some(st) = start.take()
            && names.contains(&&rest[st..i])
            && b.get(i) != Some(&b'[')
        {
            return true;
        }
    }
    false
}

/// A statement of code removing one of the user's irreplaceable objects,
/// in bulk: its class, whether it sweeps (nothing selects), and what it is.
pub struct Removal {
    pub what: &'static str,
    pub sweep: bool,
    pub forced: bool,
}

/// The removal a code line `i` of `lines` performs, if it is bulk.
#[cfg(test)]
fn removal_at(lines: &[&str], i: usize, listed: &[(String, usize)]) -> Option<Removal> {
    removal_in(lines, i, listed, false)
}

/// [`removal_at`] in a file that talks to Redis (`redis`) or not.
fn removal_in(
    lines: &[&str],
    i: usize,
    listed: &[(String, usize)],
    redis: bool,
) -> Option<Removal> {
    let raw = lines[i];
    if FUNC_HEAD.is_match(raw) {
        // A definition (`async def delete_page(…)`) removes nothing.
        return None;
    }
    let toks = tokens(raw);
    if unscheduled_backups(raw, &toks) && !own_schedule(raw, i, lines) {
        return Some(Removal {
            what: "the user's backup schedules removed or disabled",
            sweep: true,
            forced: true,
        });
    }
    let row = match_row(raw, &toks)
        .or_else(|| SQL_COMPUTED.is_match(raw).then_some(&SQL_ROW))
        .or_else(|| {
            (REDIS_DEL.is_match(raw) || redis && CLIENT_DEL.is_match(raw)).then_some(&REDIS_ROW)
        })?;
    if row.class == Database
        && matches!(row.words[0], "delete" | "drop" | "truncate")
        && toks.iter().any(|t| t == "where")
    {
        return None;
    }
    if row.words == ["deletemany"] && !raw.replace(' ', "").contains("({})") {
        return None;
    }
    if row.class == Database && LOCAL_DB.is_match(raw) {
        // A development or test database the statement names: the
        // developer's own scratch data (`RAILS_ENV=development db:drop`).
        return None;
    }
    let forced = forced(&toks) || row.scope == All;
    if row.scope == All {
        return Some(Removal {
            what: row.class.what(),
            sweep: forced,
            forced,
        });
    }
    if keeps_none(&toks) {
        return Some(Removal {
            what: row.class.what(),
            sweep: true,
            forced: true,
        });
    }
    // A listing and the removal on one line: a pipeline
    // (`Get-EC2Snapshot | Remove-EC2Snapshot`), a loop head holding its
    // body (`for (const r of repos) await …delete(…)`).
    let word = row.words[0];
    let head = toks
        .iter()
        .position(|t| t == word)
        .and_then(|_| raw.to_ascii_lowercase().find(&word[..word.len().min(6)]))
        .map_or(raw, |p| &raw[..p.min(raw.len())]);
    let scoped = in_scope(lines, i, listed);
    // The head of a one-line loop: up to its iterable's end (`)`, `:`,
    // `{`, `do`).
    let loop_part = LOOP_HEAD.find(raw).map(|m| {
        let rest = &raw[m.end()..];
        let end = rest.find([')', ':', '{']).map_or(rest.len(), |e| e + 1);
        &raw[..m.end() + end]
    });
    let same_line =
        lists_every(head) || loop_part.is_some_and(|h| lists_every(h) || names_any(h, &scoped));
    if same_line {
        return (!selects(raw)).then_some(Removal {
            what: row.class.what(),
            sweep: true,
            forced: true,
        });
    }
    match loop_over_listing(lines, i, listed) {
        Some(true) => {
            return Some(Removal {
                what: row.class.what(),
                sweep: true,
                forced: true,
            });
        }
        Some(false) => return None,
        None => {}
    }
    if fed_by_listing(&raw[head.len()..], &scoped) {
        // Every item a listing returned, handed over at once.
        return Some(Removal {
            what: row.class.what(),
            sweep: true,
            forced: true,
        });
    }
    if bulk_flags(row, raw, &toks) {
        return Some(Removal {
            what: row.class.what(),
            sweep: false,
            forced,
        });
    }
    None
}

/// A statement aimed at a development, test or local database.
static LOCAL_DB: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"(?i)(?:_ENV|ENVIRONMENT)['"]?\s*(?:=>|=|:)\s*['"]?(?:development|test|dev|local)\b|\blocalhost\b|127\.0\.0\.1"#,
);

/// A gate on how often or how long the tool has run (`st["runs"] < 4`,
/// `time.time() - first < 21 * 86400`): the removal waits until the user
/// trusts it.
static RUN_GATE: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"(?i)^\s*(?:if|elif|unless)\b[^\n]*(?:\b(?:runs|run_count|runcount|invocations|launches|uses)\b["'\]]*\s*[<>]=?\s*\d|(?:time\.time\(\)|Date\.now\(\)|time\.Now\(\)|Time\.now|\btime\(\))\s*-\s*\w+\s*[<>]=?\s*\d+\s*\*\s*86400)"#,
);

/// Round 35: a guard that leaves a local database alone, so what follows
/// runs only on a remote one (`return if %w[localhost 127.0.0.1].include?(
/// host)`, `if host in ("localhost", "::1"):` + `return`, `if
/// (LOCAL.includes(host)) return;`, `[ "$PGHOST" = localhost ] && exit`):
/// the damage is aimed at the production database the developer does not
/// test on. A guard that refuses a remote host (`unless host ==
/// 'localhost'`, `!=`, `not in`) keeps it local and is no gate.
static LOCAL_HOST: crate::rx::Lazy =
    crate::rx::Lazy::new(r#"(?i)\blocalhost\b|127\.0\.0\.1|["']::1["']"#);
static LEAVE: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?i)^\s*(?:return|next|continue|break|exit|abort|die|sys\.exit|process\.exit|os\.Exit|throw|raise)\b|[;&|)]\s*(?:return|exit|continue)\b|\b(?:return|next|exit|abort|continue)\b[^\n]*\b(?:if|unless)\b",
);
static NEGATED: crate::rx::Lazy =
    crate::rx::Lazy::new(r"(?i)!=|!==|\bnot\b|-ne\b|!\s*[\w%\[(]|\bne\b");

fn remote_only(lines: &[&str]) -> bool {
    lines
        .iter()
        .enumerate()
        .take(crate::limits::DOOMED_MAX_LINES)
        .any(|(i, l)| {
            if !LOCAL_HOST.is_match(l) {
                return false;
            }
            let cond = l.contains("if") || l.contains("unless") || l.contains("[ ");
            if !cond {
                return false;
            }
            // The leave on the line, or alone on the next line.
            let leaves = LEAVE.is_match(l)
                || lines
                    .get(i + 1)
                    .is_some_and(|n| LEAVE.is_match(n) && n.trim().len() < 40);
            let unless = l.contains("unless");
            leaves && NEGATED.is_match(l) == unless
        })
}

/// A [`RUN_GATE`] in the top-level block (function, loop) that holds
/// line `i`, above it.
fn run_gate(lines: &[&str], i: usize) -> bool {
    let lo = i.saturating_sub(crate::limits::DOOMED_LOOP_LINES);
    for j in (lo..i).rev() {
        let l = lines[j];
        if RUN_GATE.is_match(l) {
            return true;
        }
        if !l.trim().is_empty() && indent(l) == 0 {
            return false;
        }
    }
    false
}

/// Adds the bulk removals of irreplaceable objects in a code file (not
/// Markdown: [`super::doomed_prose`] reads its sections whole).
pub fn scan(src: &Src, sink: &mut Sink) {
    if src.path.to_ascii_lowercase().ends_with(".md") || sink.expired() {
        return;
    }
    let text = src.text;
    let lines: Vec<&str> = text.split('\n').collect();
    if lines.len() > crate::limits::DOOMED_MAX_LINES {
        crate::limits::gave_up("DOOMED_MAX_LINES");
    }
    let mut listed: Option<Vec<(String, usize)>> = None;
    let redis = &text.to_ascii_lowercase().contains("redis");
    let mut gate: Option<Option<Tag>> = None;
    let mut widened: Option<bool> = None;
    let mut vars: Option<Option<super::token_calls::Vars>> = None;
    let mut offset = 0usize;
    let mut reported = 0usize;
    for (i, l) in lines
        .iter()
        .enumerate()
        .take(crate::limits::DOOMED_MAX_LINES)
    {
        let start = offset;
        offset += l.len() + 1;
        let t = l.trim_start();
        if t.starts_with('#') && !t.starts_with("#!")
            || [
                "//", "--", "/*", "* ", "\"\"\"", "\'\'\'", "=begin", "<#", "REM ",
            ]
            .iter()
            .any(|p| t.starts_with(p))
        {
            continue;
        }
        // Round 34: a verb the line spells with char codes, a reversal or
        // a join, or through a variable holding one, is read as the line
        // runs it (`local v = string.char(70, 76, …)`, `redis.call(v)`);
        // a removal found only so is hidden.
        let mut hidden = None;
        if !QUICK.is_match(l) {
            let Some(vars) = vars.get_or_insert_with(|| folding_vars(text)) else {
                continue;
            };
            let Some(f) = folded_line(l, vars).filter(|f| QUICK.is_match(f)) else {
                continue;
            };
            hidden = Some(f);
        }
        let listed = listed.get_or_insert_with(|| listed_names(&lines));
        let r = match &hidden {
            Some(f) => {
                let mut alt = lines.clone();
                alt[i] = f.as_str();
                removal_in(&alt, i, listed, *redis)
            }
            None => removal_in(&lines, i, listed, *redis),
        };
        let Some(r) = r else {
            continue;
        };
        let mut ev = Evidence::new(Op::FileDelete, A::Write, R::UserData, l.trim())
            .tag(Tag::Irreplaceable)
            .instrument("code")
            .object(format!(
                "{} in bulk{}",
                r.what,
                if r.sweep {
                    ", with nothing selecting what goes"
                } else {
                    ""
                }
            ));
        if r.sweep {
            ev.tags.insert(Tag::Sweep);
        }
        if r.forced {
            ev.tags.insert(Tag::ForceFlag);
        }
        if let Some(f) = &hidden {
            ev.tags.insert(Tag::Obfuscated);
            ev.object.push_str(&format!(
                ", its verb spelled out of sight (runs as `{}`)",
                crate::text::snippet(f.trim(), 120)
            ));
        }
        let g = *gate.get_or_insert_with(|| {
            super::sdk::file_gate(text).or_else(|| remote_only(&lines).then_some(Tag::EnvGate))
        });
        if let Some(g) = g.or_else(|| run_gate(&lines, i).then_some(Tag::DateGate)) {
            ev.tags.insert(g);
        }
        // Round 29: the real run selects more than the preview.
        if *widened.get_or_insert_with(|| super::apply_gate::widened_on_apply(text).is_some()) {
            ev.tags.insert(Tag::ApprovalBypass);
            ev.object
                .push_str("; the apply run widens the selection the dry run showed");
        }
        // Review (round 43): one removal more than the bound stops the
        // reading and says so; stopping at the bound quietly let 64 removals
        // of the skill's own cache hide the 65th.
        if reported == crate::limits::DOOMED_MAX_REMOVALS {
            crate::limits::gave_up("DOOMED_MAX_REMOVALS");
            return;
        }
        let end = start + l.len();
        sink.push(src.at(ev, start, end, "code"));
        reported += 1;
    }
}

/// A name assigned a word spelled out of sight: char codes, a reversal
/// (`local v = string.char(70, …)`, `verb = ''.join(map(chr, [70, …]))`,
/// `const v = String.fromCharCode(…)`, `$v = strrev('…')`): group 1 the
/// name, group 2 the expression `token_calls::fold_code` decodes.
static SPELLED: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"(?m)^[ \t]*(?:(?:local|var|let|const|my|our)\s+)?\$?([A-Za-z_]\w{0,63})\s*:?=\s*((?:string\.char|String\.fromCharCode|string\.reverse|strrev)\s*\([^()\n]*\)|\(\s*(?:"[^"\n]*"|'[^'\n]*')\s*\):reverse\(\)|(?:"[^"\n]*"|'[^'\n]*')(?:\.reverse|\[::-1\])|(?:''|"")\.join\(\s*map\(\s*chr\s*,\s*\[[\dxX,\s]+\]\s*\)\s*\)|%[wW][\[(][^\])\n]*[\])]\.join(?:\([^()\n]*\))?|\[\s*(?:"[^"\n]*"|'[^'\n]*')(?:\s*,\s*(?:"[^"\n]*"|'[^'\n]*'))+\s*,?\s*\]\.join\([^()\n]*\)|(?:''|"")\.join\(\s*[\[(]\s*(?:"[^"\n]*"|'[^'\n]*')(?:\s*,\s*(?:"[^"\n]*"|'[^'\n]*'))+\s*,?\s*[\])]\s*\)|-join\s*\(\s*(?:"[^"\n]*"|'[^'\n]*')(?:\s*,\s*(?:"[^"\n]*"|'[^'\n]*'))+\s*\)|(?:"[^"\n]*"|'[^'\n]*')(?:\s*(?:\+|\.\.?|&)\s*(?:"[^"\n]*"|'[^'\n]*'))+)\s*;?[ \t]*$"#,
);

/// The names the file assigns a word spelled out of sight ([`SPELLED`]),
/// decoded; one pass over the file, nothing skipped.
fn folding_vars(text: &str) -> Option<super::token_calls::Vars> {
    let none = super::token_calls::Vars::new();
    let mut vars = super::token_calls::Vars::new();
    for c in SPELLED.captures_iter(text) {
        let (Some(n), Some(e)) = (c.get(1), c.get(2)) else {
            continue;
        };
        let expr = e.as_str().replace(":reverse()", ".reverse");
        // Python's `''.join(["a", "b"])` and PowerShell's `-join ('a',
        // 'b')` are the list joined with nothing between.
        let list = ["''.join(", "\"\".join(", "-join"]
            .iter()
            .find_map(|p| expr.strip_prefix(p))
            .filter(|_| !expr.contains("map("));
        let expr = match list {
            Some(rest) => {
                let inner = rest
                    .trim()
                    .trim_start_matches('(')
                    .trim_end_matches(')')
                    .trim();
                let inner = inner
                    .trim_start_matches(['[', '('])
                    .trim_end_matches([']', ')']);
                format!("[{inner}].join(\"\")")
            }
            None => expr,
        };
        if let Some(v) = super::token_calls::fold_code(&expr, &none).or_else(|| py_chr_join(&expr))
        {
            vars.insert(n.as_str().to_string(), v);
        }
    }
    (!vars.is_empty() || DECODE_CALL.is_match(text)).then_some(vars)
}

/// Python's `''.join(map(chr, [70, …]))`.
fn py_chr_join(expr: &str) -> Option<String> {
    let open = expr.find('[')?;
    let close = expr.rfind(']')?;
    super::deobf::char_codes(expr.get(open + 1..close)?.trim().trim_end_matches(','))
}

/// Call pieces on a line that decode to a word: char codes, a reversal.
static DECODE_CALL: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"\bstring\.char\s*\([\dxX,\s]+\)|\bString\.fromCharCode\s*\([\dxX,\s]+\)|\bstring\.reverse\s*\(\s*(?:"[^"\n]*"|'[^'\n]*')\s*\)|\(\s*(?:"[^"\n]*"|'[^'\n]*')\s*\):reverse\(\)|(?:"[^"\n]*"|'[^'\n]*')(?:\.reverse|\[::-1\])|\bstrrev\s*\(\s*(?:"[^"\n]*"|'[^'\n]*')\s*\)"#,
);

/// `l` with each variable the file folded to a string written as that
/// string, and each decoding call on it decoded; `None` when nothing on
/// the line folds. Linear in the line: one pass of [`DECODE_CALL`], one
/// over its words.
fn folded_line(l: &str, vars: &super::token_calls::Vars) -> Option<String> {
    let none = super::token_calls::Vars::new();
    // What an assignment stores is not run where it is stored.
    let stored = |at: usize| {
        let before = l[..at].trim_end();
        before.ends_with('=') && !before.ends_with("==")
    };
    let mut pieces: Vec<(usize, usize, String)> = DECODE_CALL
        .find_iter(l)
        .filter(|m| !stored(m.start()))
        .filter_map(|m| {
            let piece = m.as_str().replace(":reverse()", ".reverse");
            super::token_calls::fold_code(&piece, &none).map(|v| (m.start(), m.end(), v))
        })
        .collect();
    if !vars.is_empty() {
        let b = l.as_bytes();
        let word = |c: u8| c.is_ascii_alphanumeric() || c == b'_';
        let mut i = 0;
        while i < b.len() {
            if !(b[i].is_ascii_alphabetic() || b[i] == b'_')
                || i > 0 && (word(b[i - 1]) || b[i - 1] == b'.')
            {
                i += 1;
                continue;
            }
            let mut e = i;
            while e < b.len() && word(b[e]) {
                e += 1;
            }
            let rest = l[e..].trim_start();
            let assigned = rest.starts_with('=') && !rest.starts_with("==");
            if let Some(v) = vars.get(&l[i..e]).filter(|_| !assigned) {
                if !pieces.iter().any(|p| p.0 <= i && i < p.1) {
                    pieces.push((i, e, v.clone()));
                }
            }
            i = e;
        }
    }
    if pieces.is_empty() {
        return None;
    }
    pieces.sort_by_key(|p| p.0);
    let mut out = String::with_capacity(l.len());
    let mut last = 0;
    for (s, e, v) in pieces {
        if s < last {
            continue;
        }
        out.push_str(&l[last..s]);
        out.push('"');
        out.push_str(&v);
        out.push('"');
        last = e;
    }
    out.push_str(&l[last..]);
    Some(out)
}

/// A line worth reading: one of the table's verbs is on it.
static QUICK: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?i)delete|remove|forget|prune|flush|\bunlink\b|\bdel\b|appendonly|drop|reset|purge|trash|deregister|unregister|terminate|destroy|truncate|rollback|downgrade|uninstall|clear|vacuum|crontab|disable|unload|bootout|archived?\b|in_?trash|\brm\b|\brb\b|deletecontent|migrate:fresh|auditctl|expunge|\bstore\b|retention_?(?:period|days)|retention-(?:period|days)",
);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_row_for_every_casing() {
        for s in [
            "c.DeleteSnapshot(ctx, in)",
            "ec2.delete_snapshot(SnapshotId=s)",
            "await ec2.deleteSnapshot({})",
            "aws ec2 delete-snapshot --snapshot-id $s",
            "Remove-EC2Snapshot -SnapshotId $s -Force",
        ] {
            let r = match_row(s, &tokens(s)).map(|r| r.class);
            assert_eq!(r, Some(Backups), "{s}");
        }
        let m = |s: &str| match_row(s, &tokens(s)).is_some();
        assert!(m("redis-cli FLUSHALL"));
        assert!(m("npx prisma migrate reset --force"));
        assert!(m("crontab -r") && m("subprocess.run(['crontab', '-r'])"));
        assert!(!m("c.DescribeSnapshots(ctx, in)"));
        // A variable named like the flag is not the flag.
        assert!(!m("r = subprocess.run([\"crontab\", \"-l\"])"));
    }

    #[test]
    fn a_loop_over_a_listing_sweeps_unless_it_selects() {
        let go = "all, err := c.DescribeSnapshots(ctx, in)\nfor _, s := range all.Snapshots {\n\tc.DeleteSnapshot(ctx, x)\n}\n";
        let lines: Vec<&str> = go.lines().collect();
        let listed = listed_names(&lines);
        assert!(removal_at(&lines, 2, &listed).is_some_and(|r| r.sweep));
        let sel = "for s in ec2.describe_snapshots()['Snapshots']:\n    if s['StartTime'] < cutoff:\n        ec2.delete_snapshot(SnapshotId=s['SnapshotId'])\n";
        let lines: Vec<&str> = sel.lines().collect();
        assert!(removal_at(&lines, 2, &listed_names(&lines)).is_none());
        // One named snapshot: not bulk.
        let one = ["ec2.delete_snapshot(SnapshotId=args.snapshot)"];
        assert!(removal_at(&one, 0, &[]).is_none());
    }

    #[test]
    fn round35_listing_reaches_through_a_parameter_and_a_computed_table() {
        let rb = "def reset(url)\n  tables = psql(url, \"SELECT relname FROM pg_stat_user_tables\").flatten\n  verb = %w[TRUN CATE].join\n  tables.each_slice(50) { |batch| psql(url, \"#{verb} #{batch.join(', ')} CASCADE\") }\nend\n";
        let vars = folding_vars(rb).expect("vars");
        assert_eq!(vars.get("verb").map(String::as_str), Some("TRUNCATE"));
        let lines: Vec<&str> = rb.split('\n').collect();
        let f = folded_line(lines[3], &vars).expect("folds");
        let mut alt = lines.clone();
        alt[3] = f.as_str();
        let listed = listed_names(&alt);
        assert!(
            removal_at(&alt, 3, &listed).is_some_and(|r| r.sweep),
            "{f} {listed:?}"
        );
        let ts = "async function settle(items: any[]) {\n  for (const it of items) {\n    const kind = it.object === \"database\" ? \"databases\" : \"pages\";\n    await notion(`/${kind}/${it.id}`, { method: \"PATCH\", body: JSON.stringify({ archived: true }) });\n  }\n}\nasync function main() {\n  const items = await searchAll();\n  await settle(items);\n}\n";
        let lines: Vec<&str> = ts.split('\n').collect();
        let listed = listed_names(&lines);
        let toks = tokens(lines[3]);
        assert!(match_row(lines[3], &toks).is_some(), "{toks:?}");
        assert_eq!(loop_over_listing(&lines, 3, &listed), Some(true));
        assert!(
            removal_at(&lines, 3, &listed).is_some_and(|r| r.sweep),
            "{listed:?}"
        );
    }
}
