//! Cloud SDK calls, as data, in every language: the same admin grants,
//! credential mints, object-version wipes and audit-log deletions that
//! [`super::commands`] reads from CLI lines, written as SDK method calls
//! (`iam.attach_user_policy(…)` in boto3, `new AttachUserPolicyCommand(…)`
//! in the JavaScript SDK v3, `svc.AttachUserPolicy(…)` in Go).
//!
//! A method name is compared with its underscores removed, in lower case
//! and without a trailing `Command`, so one row serves snake_case,
//! camelCase and PascalCase SDKs. String concatenation in the arguments
//! (`"Administrator" + "Access"`) is folded before roles are matched.

use super::{Sink, Src};
use crate::evidence::{Evidence, Op, Tag};
use crate::ssl::vocab::{ActType as A, ResourceScope as R};
use std::collections::BTreeSet;

/// What a call means.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Kind {
    /// Grants a role or policy: admin only if an admin role is named.
    Grant,
    /// Mints a new long-lived credential.
    NewCredential,
    /// Deletes stored objects: a wipe only when versions are deleted.
    ObjectDelete,
    /// Stops or deletes audit logging.
    AuditOff(&'static str),
    /// Deletes, terminates or deregisters a kind of resource that the same
    /// file lists (`delete_snapshot` beside `describe_snapshots`,
    /// `DeleteDBSnapshotCommand` beside `DescribeDBSnapshotsCommand`): a
    /// delete run over what the account holds, not over one named item.
    ListedDelete,
    /// Deletes backups or recovery points: what a restore would need.
    BackupDelete,
    /// Deletes backups only when the arguments say so (`-RemoveRecoveryPoints`).
    BackupDeleteIf(&'static str),
    /// Turns a recovery safeguard off when the arguments say so
    /// (`-SoftDeleteFeatureState Disable`).
    RecoveryOff(&'static str),
    /// Modifies a database instance or cluster: a recovery safeguard off
    /// when its automated backups are set to zero days, or its deletion
    /// protection is turned off for every instance a listing returned
    /// ([`safeguard_off`]).
    SafeguardModify,
}

/// Verbs that remove a cloud resource, normalised.
const REMOVE_VERBS: &[&str] = &["delete", "terminate", "deregister", "destroy"];
/// Verbs that list the resources an account holds, normalised.
const LIST_VERBS: &[&str] = &["describe", "list"];
/// The same verbs of a PowerShell cmdlet (`Remove-AzResourceGroup` beside
/// `Get-AzResourceGroup`); only a `Verb-Noun` name reads them, so a
/// `.removeChild(` or `.getItem(` in other code is not a listing.
const CMDLET_REMOVE_VERBS: &[&str] = &["remove"];
const CMDLET_LIST_VERBS: &[&str] = &["get"];
/// The noun prefixes of cloud cmdlets: Az (Azure) and the AWS Tools for
/// PowerShell services.
const CMDLET_CLOUD_NOUNS: &[&str] = &["az", "ec2", "s3", "rds", "bak", "ecr", "ddb", "cwl"];

/// `deletesnapshot` in a file that also calls `describesnapshots` (or
/// `list_snapshots`, any casing): [`Kind::ListedDelete`]. `calls` are the
/// file's method calls, normalised ([`file_calls`]), so snake_case and
/// PascalCase SDKs read alike.
fn bulk_delete(method: &str, calls: &BTreeSet<String>) -> Option<Kind> {
    let n = normalised(method);
    let cmdlet = method.contains('-');
    let (removes, lists) = if cmdlet {
        (CMDLET_REMOVE_VERBS, CMDLET_LIST_VERBS)
    } else {
        (REMOVE_VERBS, LIST_VERBS)
    };
    let noun = removes.iter().find_map(|v| n.strip_prefix(v))?;
    if cmdlet && !CMDLET_CLOUD_NOUNS.iter().any(|p| noun.starts_with(p)) {
        // `Remove-CimInstance`, `Remove-Item`: local, not a cloud resource.
        return None;
    }
    let noun = noun.to_string();
    // A resource noun, not `deleteMany`/`deleteOne` of a database client.
    if noun.len() < 4
        || matches!(
            noun.as_str(),
            "many" | "items" | "item" | "file" | "files" | "all"
        )
    {
        return None;
    }
    let plural = format!("{noun}s");
    let lists = lists
        .iter()
        .any(|v| calls.contains(&format!("{v}{noun}")) || calls.contains(&format!("{v}{plural}")));
    lists.then_some(Kind::ListedDelete)
}

/// The first date or environment gate of a file's conditions (in any
/// language's spelling: `gates::gate_of`), at most
/// [`crate::limits::SDK_MAX_GATE_LINES`] lines read. A condition is an `if`
/// line, or the test before `&&`/`||` that gates the rest of a shell line
/// as `if` would (`[ "$(date +%d)" = 13 ] && wipe`). Read for destruction
/// only: cloud deletes over a listing, SQL that wipes a database.
pub(super) fn file_gate(text: &str) -> Option<Tag> {
    let reads_now = |t: &str| {
        super::ps_gates::reads_now_ps(t)
            || super::indicators::reads_now_js(t)
            || super::indicators::reads_now_py(t)
            || super::indicators::reads_now_sh(t)
    };
    let ifs: Vec<&str> = text
        .lines()
        .filter_map(|l| {
            let l = l.trim_start();
            if l.starts_with("if ") || l.starts_with("if(") || l.starts_with("elif ") {
                return Some(l);
            }
            let test = l.starts_with('[') || l.starts_with("test ") || l.starts_with("((");
            test.then(|| l.find("&&").or_else(|| l.find("||")).map(|n| &l[..n]))
                .flatten()
        })
        .take(crate::limits::SDK_MAX_GATE_LINES + 1)
        .collect();
    let times = bound_times(&Assigns::new(text), &ifs, reads_now);
    for l in ifs.iter().take(crate::limits::SDK_MAX_GATE_LINES) {
        let g = super::gates::gate_of(l, reads_now, &times);
        if matches!(g, Some(Tag::DateGate | Tag::EnvGate)) {
            return g;
        }
    }
    if ifs.len() > crate::limits::SDK_MAX_GATE_LINES {
        // Only past the lines read: a gate among them was still found.
        crate::limits::gave_up("SDK_MAX_GATE_LINES");
    }
    None
}

/// Dates and clock reads bound to a name (`$when = [datetime]'2027-03-01'`,
/// `const cutoff = new Date("2026-06-01")`), for conditions that compare
/// through it. Only names an `if` line of `ifs` spells can be looked up, so
/// only their assignments are read: a line is matched (one line at a time,
/// as the multi-line pattern would) when the word before its first `=` is
/// such a name, not every assignment of a 12 MB script.
pub(super) fn bound_times(
    assigns: &Assigns,
    ifs: &[&str],
    reads_now: fn(&str) -> bool,
) -> std::collections::HashMap<String, super::indicators::TimeVal> {
    let mut times = std::collections::HashMap::new();
    let wanted: std::collections::HashSet<&str> = ifs
        .iter()
        .flat_map(|l| super::indicators::IDENT.find_iter(l).map(|m| m.as_str()))
        .collect();
    if wanted.is_empty() {
        return times;
    }
    for line in assigns.lines_of(&wanted) {
        if let Some(c) = TIME_ASSIGN.captures(line) {
            if let (Some(n), Some(v)) = (c.get(1), c.get(2)) {
                if let Some(t) = super::indicators::time_value(v.as_str(), reads_now) {
                    times.insert(n.as_str().to_string(), t);
                }
            }
        }
    }
    times
}

/// The lines of a file by the word before their first `=` (the name the
/// assignment pattern of [`bound_times`] would bind: the run of word-like
/// chars ending just before `[ \t]*=`), indexed on first need and once per
/// file: a file with many gated deletes asked [`bound_times`] once per
/// delete, and each ask read every line of the file (round 32).
pub(super) struct Assigns<'a> {
    pub text: &'a str,
    index: std::cell::OnceCell<std::collections::HashMap<&'a str, Vec<(usize, &'a str)>>>,
}

impl<'a> Assigns<'a> {
    pub fn new(text: &'a str) -> Self {
        Assigns {
            text,
            index: std::cell::OnceCell::new(),
        }
    }

    /// The lines (in file order) whose name is one of `wanted`.
    pub(super) fn lines_of(&self, wanted: &std::collections::HashSet<&str>) -> Vec<&'a str> {
        let index = self.index.get_or_init(|| {
            let mut index: std::collections::HashMap<&str, Vec<(usize, &str)>> =
                std::collections::HashMap::new();
            for (i, line) in self.text.split('\n').enumerate() {
                let Some(eq) = line.find('=') else { continue };
                let before = line[..eq].trim_end_matches([' ', '\t']);
                let start = before
                    .rfind(|c: char| !(c == '_' || c.is_alphanumeric() || !c.is_ascii()))
                    .map_or(0, |i| {
                        i + before[i..].chars().next().map_or(1, char::len_utf8)
                    });
                index.entry(&before[start..]).or_default().push((i, line));
            }
            index
        });
        let mut found: Vec<(usize, &str)> = wanted
            .iter()
            .filter_map(|w| index.get(w))
            .flatten()
            .copied()
            .collect();
        found.sort_unstable_by_key(|(i, _)| *i);
        found.into_iter().map(|(_, l)| l).collect()
    }
}

/// The normalised names of the method calls in a lower-cased file (one
/// pass over the file).
fn file_calls(file: &str) -> BTreeSet<String> {
    CALL.captures_iter(file)
        .filter_map(|c| Some(normalised(c.get(1).or_else(|| c.get(2))?.as_str())))
        .collect()
}

/// How an object listing with every version is spelled, lower case: S3's
/// `list_object_versions`/`ListObjectVersions` and MinIO's
/// `list_objects(…, include_version=True)` / `{IncludeVersion: true}`.
const OBJECT_VERSION_LISTINGS: &[&str] = &[
    "listobjectversions",
    "list_object_versions",
    "include_version",
    "includeversion",
    "withversions",
];

/// `(normalised method name, kind)`.
const CALLS: &[(&str, Kind)] = &[
    ("attachuserpolicy", Kind::Grant),
    ("attachrolepolicy", Kind::Grant),
    ("attachgrouppolicy", Kind::Grant),
    ("setiampolicy", Kind::Grant),
    ("createclusterrolebinding", Kind::Grant),
    ("createaccesskey", Kind::NewCredential),
    ("createloginprofile", Kind::NewCredential),
    ("deleteobjects", Kind::ObjectDelete),
    ("deleteobject", Kind::ObjectDelete),
    // MinIO's SDKs (`remove_objects(bucket, [DeleteObject(name, version_id)])`).
    ("removeobjects", Kind::ObjectDelete),
    ("removeobject", Kind::ObjectDelete),
    ("stoplogging", Kind::AuditOff("cloud audit logging stopped")),
    ("deletetrail", Kind::AuditOff("cloud audit trail deleted")),
    ("deleteloggroup", Kind::AuditOff("cloud log group deleted")),
    ("deletesink", Kind::AuditOff("cloud log sink deleted")),
    // Recovery inhibition: backups, recovery points and the safeguards
    // that keep deleted backups restorable (AWS Backup in every SDK and
    // AWS Tools for PowerShell, Azure Recovery Services and Data
    // Protection cmdlets, Key Vault purges).
    ("deleterecoverypoint", Kind::BackupDelete),
    ("removebakrecoverypoint", Kind::BackupDelete),
    ("deletebackupvault", Kind::BackupDelete),
    ("removebakbackupvault", Kind::BackupDelete),
    ("removeazrecoveryservicesvault", Kind::BackupDelete),
    ("removeazdataprotectionbackupinstance", Kind::BackupDelete),
    ("removeazdataprotectionbackupvault", Kind::BackupDelete),
    (
        "disableazrecoveryservicesbackupprotection",
        Kind::BackupDeleteIf("removerecoverypoints"),
    ),
    (
        "setazrecoveryservicesvaultproperty",
        Kind::RecoveryOff("softdeletefeaturestatedisable"),
    ),
    ("removeazkeyvault", Kind::BackupDeleteIf("inremovedstate")),
    // RDS (and DocumentDB/Neptune, same API) instances and clusters.
    ("modifydbinstance", Kind::SafeguardModify),
    ("modifydbcluster", Kind::SafeguardModify),
];

/// Automated backups kept zero days (`BackupRetentionPeriod=0`,
/// `BackupRetentionPeriod: aws.Int32(0)`, `-BackupRetentionPeriod 0`) or
/// deletion protection off, in squeezed, lower-case arguments.
static RETENTION_ZERO: crate::rx::Lazy = crate::rx::Lazy::new(
    r"backupretentionperiod[:=]*(?:[a-z.]*int(?:32|64)?\(|ptr\()?0(?:[^0-9.]|$)",
);
static PROTECTION_OFF: crate::rx::Lazy =
    crate::rx::Lazy::new(r"deletionprotection[:=$]*(?:[a-z.]*bool\(|ptr\()?\$?false");

/// What a database modify call turns off: automated backups (always: the
/// point-in-time restore window is gone), or deletion protection when the
/// file lists the instances or clusters (`describe_db_instances`), i.e. for
/// every database the account holds, not one the user names.
fn safeguard_off(squeezed: &str, calls: &BTreeSet<String>) -> Option<&'static str> {
    if RETENTION_ZERO.is_match(squeezed) {
        return Some("automated database backups turned off (no point-in-time restore left)");
    }
    let listed = [
        "describedbinstances",
        "describedbclusters",
        "getrdsdbinstance",
    ]
    .iter()
    .any(|c| calls.contains(*c));
    (listed && PROTECTION_OFF.is_match(squeezed))
        .then_some("deletion protection turned off on every database")
}

/// `.method(` or `new MethodCommand(`, or a PowerShell cmdlet
/// (`Remove-AzResourceGroup -Name …`) of the verbs the tables read.
static CALL: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?:\.\s*|\bnew\s+)([A-Za-z][A-Za-z0-9_]{5,60})\s*\(|(?i:(?:^|[\s|;({=])((?:remove|get|set|disable)-[A-Za-z][A-Za-z0-9]{3,60})(?-u:\b))",
);
/// `name = value` at the start of a line, in any of the languages.
static TIME_ASSIGN: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?m)^[ \t]*(?:(?:my|our|local|const|let|var|final|auto)[ \t]+)?\$?([A-Za-z_]\w{0,40})[ \t]*:?=[ \t]*([^=\n][^\n]{0,200})$",
);
/// `"a" + "b"`, `'a' + 'b'`: a literal split in two.
static SPLIT_LIT: crate::rx::Lazy = crate::rx::Lazy::new(r#"["']\s*\+\s*["']|["']\s*\.\s*["']"#);
/// The grantee comes from the user (an argument or a prompt).
static USER_INPUT: crate::rx::Lazy =
    crate::rx::Lazy::new(r"\b(args|argv|sys\.argv|process\.argv|input\(|options|opts|params)\b");

/// `a = parser.parse_args()`: the name the parsed arguments are bound to
/// (read once per file; at most 8 names).
static PARSED_ARGS: crate::rx::Lazy =
    crate::rx::Lazy::new(r"\b([a-z_][a-z0-9_]{0,30})\s*=\s*[\w.]*parse_args\s*\(");

/// The call's arguments (`args`, lower case) come from the user: a
/// conventional argument name, or an attribute of whatever name the file
/// binds `parse_args()` to (`a.user`, `ns.policy`).
fn from_user(args: &str, parsed: &[String]) -> bool {
    USER_INPUT.is_match(args)
        || parsed.iter().any(|name| {
            args.match_indices(name.as_str()).any(|(i, _)| {
                let before = args[..i].chars().next_back();
                !before.is_some_and(|b| b.is_alphanumeric() || b == '_' || b == '.')
                    && args[i + name.len()..].starts_with('.')
            })
        })
}

fn parsed_names(file: &str) -> Vec<String> {
    let mut v: Vec<String> = PARSED_ARGS
        .captures_iter(file)
        .filter_map(|c| c.get(1).map(|m| m.as_str().to_string()))
        .take(8)
        .collect();
    v.sort();
    v.dedup();
    v
}

/// At most this many bytes of a call's arguments are read.
use crate::limits::SDK_MAX_ARGS as MAX_ARGS;

/// A method name without underscores, in lower case, without a trailing
/// `Command`: one spelling for snake_case, camelCase and PascalCase SDKs.
fn normalised(method: &str) -> String {
    let n: String = method
        .chars()
        .filter(|c| *c != '_' && *c != '-')
        .collect::<String>()
        .to_ascii_lowercase();
    match n.strip_suffix("command") {
        Some(s) => s.to_string(),
        None => n,
    }
}

fn kind(method: &str) -> Option<Kind> {
    let n = normalised(method);
    CALLS.iter().find(|(m, _)| *m == n).map(|(_, k)| *k)
}

/// The text between a call's parentheses, the `(` at `open` and its
/// match (at most [`MAX_ARGS`] bytes; past that the rest is not read and
/// the file is marked incomplete), and the byte after the call. Shared by
/// the operation catalogue (`catalog.rs`).
pub(super) fn paren_args(text: &str, open: usize) -> (&str, usize) {
    let mut depth = 0usize;
    for (i, c) in text[open..].char_indices() {
        if i > MAX_ARGS {
            crate::limits::gave_up("SDK_MAX_ARGS");
            break;
        }
        match c {
            '(' => depth += 1,
            ')' => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    return (&text[open + 1..open + i], open + i + 1);
                }
            }
            _ => {}
        }
    }
    let end = crate::text::clamp_boundary(text, (open + MAX_ARGS).min(text.len()));
    (&text[(open + 1).min(end)..end], end)
}

/// [`paren_args`] with the `(` kept and split literals joined, lower case.
fn args(text: &str, open: usize) -> String {
    let (inner, _) = paren_args(text, open);
    let start = inner.as_ptr() as usize - text.as_ptr() as usize;
    SPLIT_LIT
        .replace_all(&text[open..start + inner.len()], "")
        .to_ascii_lowercase()
}

/// The administrator role named in `s`. Only the roles specific enough to
/// find in free text count (`roles/owner`, `AdministratorAccess`,
/// `cluster-admin`; not a bare `owner`).
fn admin_in(s: &str) -> Option<&'static str> {
    super::commands::ADMIN_ROLES
        .iter()
        .copied()
        .filter(|a| a.contains(['/', '-']) || a.ends_with("access"))
        .find(|a| s.contains(a))
}

/// A delete of what a restore needs: broad whatever it names, as shadow
/// copies deleted are ([`super::commands`]).
fn backups_gone(method: &str, what: &str) -> Evidence {
    Evidence::new(Op::FileDelete, A::Write, R::UserData, method)
        .tag(Tag::Recursive)
        .tag(Tag::BroadTarget)
        .instrument("cloud SDK")
        .object(what)
}

/// Whether the lower-cased `file` defines `name` as its own PowerShell
/// function.
fn defines_function(defined: &BTreeSet<String>, name: &str) -> bool {
    defined.contains(&name.to_ascii_lowercase())
}

/// The names the file defines as functions (`function Remove-Idle {`),
/// lower case: read once per file, so a file with many cmdlet calls is
/// still one pass (each call once scanned the whole file: quadratic).
fn defined_functions(file: &str) -> BTreeSet<String> {
    file.match_indices("function ")
        .filter_map(|(i, w)| {
            let rest = file[i + w.len()..].trim_start();
            let end = rest
                .find(|c: char| !(c.is_ascii_alphanumeric() || c == '-' || c == '_'))
                .unwrap_or(rest.len());
            (end > 0).then(|| rest[..end].to_ascii_lowercase())
        })
        .collect()
}

/// A cmdlet's arguments: the rest of its line (at most [`MAX_ARGS`]
/// bytes), lower case.
fn cmdlet_args(text: &str, from: usize) -> String {
    let rest = &text[from..];
    let end = rest.find('\n').unwrap_or(rest.len()).min(MAX_ARGS);
    let end = crate::text::clamp_boundary(rest, end);
    rest[..end].to_ascii_lowercase()
}

/// Adds the evidence of every cloud SDK call in `src`.
pub fn scan(src: &Src, sink: &mut Sink) {
    let text = src.text;
    if !text.contains('(') && !text.contains('-') {
        return;
    }
    let mut folded: Option<String> = None;
    let mut calls: Option<BTreeSet<String>> = None;
    let mut gate: Option<Option<Tag>> = None;
    let mut parsed: Option<Vec<String>> = None;
    let mut defined: Option<BTreeSet<String>> = None;
    // Facts of the whole file, read once however many calls ask (each
    // call once searched the 12 MB file again: quadratic).
    let mut file_admin: Option<Option<&'static str>> = None;
    let mut lists_versions: Option<bool> = None;
    for c in CALL.captures_iter(text) {
        let (Some(all), Some(m)) = (c.get(0), c.get(1).or_else(|| c.get(2))) else {
            continue;
        };
        let cmdlet = c.get(2).is_some();
        let file =
            folded.get_or_insert_with(|| SPLIT_LIT.replace_all(text, "").to_ascii_lowercase());
        if cmdlet
            && defines_function(
                defined.get_or_insert_with(|| defined_functions(file)),
                m.as_str(),
            )
        {
            // The skill's own `function Remove-IdleResources`: not a cmdlet.
            continue;
        }
        let Some(k) = kind(m.as_str()).or_else(|| {
            let calls = calls.get_or_insert_with(|| file_calls(file));
            bulk_delete(m.as_str(), calls)
        }) else {
            continue;
        };
        let a = if cmdlet {
            cmdlet_args(text, m.end())
        } else {
            args(text, all.end() - 1)
        };
        let all = if cmdlet { m } else { all };
        let squeezed = || -> String {
            a.chars()
                .filter(|c| !c.is_whitespace() && *c != '-' && *c != '_')
                .collect()
        };
        let ev = match k {
            Kind::Grant => {
                // The role is in the call, or (a binding body built
                // beforehand) named in the same file.
                let Some(role) =
                    admin_in(&a).or_else(|| *file_admin.get_or_insert_with(|| admin_in(file)))
                else {
                    continue;
                };
                let mut ev =
                    Evidence::new(Op::Privileged, A::UpdateState, R::Credentials, m.as_str())
                        .tag(Tag::AdminGrant)
                        .instrument("cloud SDK")
                        .object(format!("administrator role {role} granted"));
                let parsed = parsed.get_or_insert_with(|| parsed_names(file));
                if !from_user(&a, parsed) {
                    // The code, not the user, names who becomes admin.
                    ev.tags.insert(Tag::BroadTarget);
                }
                ev
            }
            Kind::NewCredential => {
                let mut ev = Evidence::new(Op::KeychainRead, A::Read, R::Credentials, m.as_str())
                    .instrument("cloud SDK")
                    .object("new cloud credential created");
                let parsed = parsed.get_or_insert_with(|| parsed_names(file));
                if from_user(&a, parsed) {
                    // A key for the principal the user names (rotation):
                    // one named secret; where it goes is judged by the
                    // exfiltration rules.
                    ev.tags.insert(Tag::NamedItem);
                }
                ev
            }
            Kind::ObjectDelete => {
                // Versions named in the call, listed in the file (a listing
                // with versions included feeds the delete), or retention
                // bypassed: what a restore would need is gone.
                let versions = a.contains("version")
                    || squeezed().contains("bypassgovernance")
                    || *lists_versions.get_or_insert_with(|| {
                        OBJECT_VERSION_LISTINGS.iter().any(|l| file.contains(l))
                    });
                if !versions {
                    continue;
                }
                Evidence::new(Op::FileDelete, A::Write, R::UserData, m.as_str())
                    .tag(Tag::Recursive)
                    .tag(Tag::BroadTarget)
                    .instrument("cloud SDK")
                    .object("object versions deleted (no recovery)")
            }
            Kind::ListedDelete => {
                let ev = Evidence::new(Op::FileDelete, A::Write, R::UserData, m.as_str())
                    .tag(Tag::Recursive)
                    .instrument("cloud SDK")
                    .object("cloud resources deleted for each item a listing returned");
                // A pruner the user runs is a capability; one that runs
                // only on some dates or outside CI is a hidden trigger.
                match *gate.get_or_insert_with(|| file_gate(text)) {
                    Some(g) => ev.tag(g).tag(Tag::BroadTarget),
                    None => ev,
                }
            }
            Kind::BackupDeleteIf(needle) | Kind::RecoveryOff(needle)
                if !squeezed().contains(needle) =>
            {
                continue;
            }
            Kind::BackupDelete | Kind::BackupDeleteIf(_) => backups_gone(
                m.as_str(),
                "backups or recovery points deleted (no restore left)",
            ),
            Kind::RecoveryOff(_) => backups_gone(
                m.as_str(),
                "backup soft delete turned off (deleted backups cannot be restored)",
            ),
            Kind::SafeguardModify => {
                let calls = calls.get_or_insert_with(|| file_calls(file));
                let Some(what) = safeguard_off(&squeezed(), calls) else {
                    continue;
                };
                backups_gone(m.as_str(), what)
            }
            Kind::AuditOff(what) => {
                Evidence::new(Op::AntiForensics, A::Write, R::Other, m.as_str())
                    .instrument("cloud SDK")
                    .object(what)
            }
        };
        let end = (all.end() + a.len()).min(text.len());
        let end = crate::text::clamp_boundary(text, end);
        sink.push(src.at(ev, all.start(), end, "code"));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::evidence::Origin;

    fn run(text: &str) -> Vec<Evidence> {
        let mut sink = Sink::default();
        scan(&Src::new("x.py", text, Origin::Script), &mut sink);
        sink.items
    }

    #[test]
    fn admin_policy_attached_through_the_sdk_even_split() {
        let py = "iam.attach_user_policy(UserName=U,\n PolicyArn=\"arn:aws:iam::aws:policy/\" + \"Administrator\" + \"Access\")\n";
        let e = run(py);
        assert!(e[0].has(Tag::AdminGrant) && e[0].has(Tag::BroadTarget));
        let js = "await iam.send(new AttachRolePolicyCommand({ RoleName: r, PolicyArn: 'arn:aws:iam::aws:policy/IAMFullAccess' }));";
        assert!(run(js)[0].has(Tag::AdminGrant));
        // A read-only policy, or a grantee the user passes: not a backdoor.
        assert!(run("iam.attach_user_policy(UserName=u, PolicyArn=\"arn:aws:iam::aws:policy/ReadOnlyAccess\")").is_empty());
        let e = run(
            "iam.attach_user_policy(UserName=args.user, PolicyArn=ADMIN)\nADMIN='arn:aws:iam::aws:policy/AdministratorAccess'",
        );
        assert!(e[0].has(Tag::AdminGrant) && !e[0].has(Tag::BroadTarget));
    }

    #[test]
    fn listed_delete_gated_through_a_named_date() {
        let prune = "for s in ec2.describe_snapshots(OwnerIds=['self'])['Snapshots']:\n    ec2.delete_snapshot(SnapshotId=s['SnapshotId'])\n";
        // The date is bound to a name the `if` line compares with: a date
        // gate, also past many other assignments and `if` lines.
        let filler = "x = 1\nif x:\n    pass\n".repeat(50);
        let gated =
            format!("{filler}cutoff = datetime(2027, 3, 1)\nif datetime.now() > cutoff:\n{prune}");
        assert!(run(&gated)[0].has(Tag::DateGate));
        let ps =
            format!("$when = [datetime]'2027-03-01'\nif ((Get-Date) -gt $when) {{ }}\n{prune}");
        assert!(run(&ps)[0].has(Tag::DateGate));
        // Near miss: the compared name holds no date; a date bound to a
        // name no `if` line reads.
        let plain = format!(
            "cutoff = load_limit()\nother = datetime(2027, 3, 1)\nif datetime.now() > cutoff:\n{prune}"
        );
        let e = run(&plain);
        assert!(!e[0].has(Tag::DateGate) && !e[0].has(Tag::BroadTarget));
    }

    #[test]
    fn database_backups_and_deletion_protection_turned_off() {
        let gone = |t: &str| {
            let e = run(t);
            e.len() == 1 && e[0].has(Tag::BroadTarget) && e[0].op == Op::FileDelete
        };
        // boto3, Go SDK v2, JavaScript SDK v3, AWS Tools for PowerShell.
        assert!(gone(
            "rds.modify_db_instance(DBInstanceIdentifier=i, BackupRetentionPeriod=0, ApplyImmediately=True)"
        ));
        assert!(gone(
            "r.ModifyDBCluster(ctx, &rds.ModifyDBClusterInput{\n BackupRetentionPeriod: aws.Int32(0),\n})"
        ));
        assert!(gone(
            "await rds.send(new ModifyDBInstanceCommand({ DBInstanceIdentifier: id, BackupRetentionPeriod: 0 }))"
        ));
        let listed = "for db in rds.describe_db_instances()['DBInstances']:\n    rds.modify_db_instance(DBInstanceIdentifier=db['DBInstanceIdentifier'], DeletionProtection=False)\n";
        assert!(gone(listed));
        // Near misses: a retention the user's policy asks for; deletion
        // protection lifted on the one instance the user names (teardown).
        assert!(
            run("rds.modify_db_instance(DBInstanceIdentifier=i, BackupRetentionPeriod=30)")
                .is_empty()
        );
        assert!(
            run("rds.modify_db_instance(DBInstanceIdentifier=args.db, BackupRetentionPeriod=10)")
                .is_empty()
        );
        assert!(
            run("rds.modify_db_instance(DBInstanceIdentifier=args.db, DeletionProtection=False)")
                .is_empty()
        );
    }

    #[test]
    fn version_wipes_and_audit_logging() {
        let py = "for p in s3.get_paginator('list_object_versions').paginate(Bucket=b):\n    s3.delete_objects(Bucket=b, Delete={'Objects': batch})\nct.stop_logging(Name=t)\nct.delete_trail(Name=t)\nlogs.delete_log_group(logGroupName=g)\n";
        let ops: Vec<Op> = run(py).iter().map(|e| e.op).collect();
        assert_eq!(
            ops,
            vec![
                Op::FileDelete,
                Op::AntiForensics,
                Op::AntiForensics,
                Op::AntiForensics
            ]
        );
        // Deleting current objects (a cache, a temp prefix) is routine.
        assert!(run("s3.delete_objects(Bucket=b, Delete={'Objects': keys})").is_empty());
        assert!(run("s3.delete_object(Bucket=b, Key=k)").is_empty());
        assert_eq!(
            run("k = iam.create_access_key(UserName=u)")[0].op,
            Op::KeychainRead
        );
        assert!(run("iam.list_access_keys(UserName=u)").is_empty());
    }

    #[test]
    fn minio_and_governance_bypass_version_wipes() {
        // MinIO: a listing with versions included feeds remove_objects.
        let py = "doomed = [DeleteObject(o.object_name, o.version_id) for o in c.list_objects(b, recursive=True, include_version=True)]\nfor e in c.remove_objects(b, doomed):\n    pass\n";
        assert_eq!(run(py).len(), 1, "{:?}", run(py));
        let js = "const s = mc.listObjects(b, '', true, {IncludeVersion: true});\nawait mc.removeObjects(b, names);\n";
        assert_eq!(run(js)[0].op, Op::FileDelete);
        // Retention bypassed: a wipe whatever the listing.
        let ts =
            "s3.delete_objects(Bucket=b, Delete={'Objects': keys}, BypassGovernanceRetention=True)";
        assert_eq!(run(ts)[0].op, Op::FileDelete);
        // Current objects of a prefix, no versions: routine cleanup.
        assert!(run("for o in c.list_objects(b, prefix='tmp/'):\n    c.remove_object(b, o.object_name)\n").is_empty());
    }
}
