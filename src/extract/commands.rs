//! What cloud, cluster, container, repository-hosting and Windows recovery
//! commands mean, as data: admin grants, host-level containers, secret
//! dumps, remote deletions, log and shadow-copy wiping, pool logins.
//!
//! [`analyze`] is called by the shell extractor for every command line
//! (after wrappers such as `sudo` are unwrapped) and adds evidence next to
//! what the extractor finds itself. Each entry is one row: the program, a
//! test over its arguments, and the evidence it means.

use crate::evidence::{Evidence, Op, Tag};
use crate::ssl::vocab::{ActType as A, ResourceScope as R};

/// Roles and policies that make their holder an administrator.
pub const ADMIN_ROLES: &[&str] = &[
    "cluster-admin",
    "administratoraccess",
    "iamfullaccess",
    "poweruseraccess",
    "roles/owner",
    "roles/editor",
    "roles/iam.securityadmin",
    "roles/resourcemanager.projectiamadmin",
    "roles/resourcemanager.organizationadmin",
    "owner",
    "contributor",
    "user access administrator",
];

/// A grant: what command grants a role, and the flags naming the grantee.
struct Grant {
    program: &'static str,
    /// Words that must all appear (in order not required).
    words: &'static [&'static str],
    /// Flags whose value is the role or policy.
    role_flags: &'static [&'static str],
    /// Flags whose value is who receives it.
    grantee_flags: &'static [&'static str],
}

const GRANTS: &[Grant] = &[
    Grant {
        program: "kubectl",
        words: &["create", "clusterrolebinding"],
        role_flags: &["--clusterrole"],
        grantee_flags: &["--serviceaccount", "--user", "--group"],
    },
    Grant {
        program: "kubectl",
        words: &["create", "rolebinding"],
        role_flags: &["--clusterrole"],
        grantee_flags: &["--serviceaccount", "--user", "--group"],
    },
    Grant {
        program: "aws",
        words: &["iam", "attach-user-policy"],
        role_flags: &["--policy-arn"],
        grantee_flags: &["--user-name"],
    },
    Grant {
        program: "aws",
        words: &["iam", "attach-role-policy"],
        role_flags: &["--policy-arn"],
        grantee_flags: &["--role-name"],
    },
    Grant {
        program: "aws",
        words: &["iam", "attach-group-policy"],
        role_flags: &["--policy-arn"],
        grantee_flags: &["--group-name"],
    },
    Grant {
        program: "gcloud",
        words: &["add-iam-policy-binding"],
        role_flags: &["--role"],
        grantee_flags: &["--member"],
    },
    Grant {
        program: "az",
        words: &["role", "assignment", "create"],
        role_flags: &["--role"],
        grantee_flags: &["--assignee", "--assignee-object-id"],
    },
];

/// Cloud and repository commands that destroy or blind: `(program, words
/// that must all appear, op, object, broad)`.
const DESTROYERS: &[(&str, &[&str], Op, &str, bool)] = &[
    (
        "aws",
        &["cloudtrail", "stop-logging"],
        Op::AntiForensics,
        "cloud audit logging stopped",
        true,
    ),
    (
        "aws",
        &["cloudtrail", "delete-trail"],
        Op::AntiForensics,
        "cloud audit trail deleted",
        true,
    ),
    (
        "aws",
        &["logs", "delete-log-group"],
        Op::AntiForensics,
        "cloud log group deleted",
        true,
    ),
    (
        "aws",
        &["guardduty", "delete-detector"],
        Op::AntiForensics,
        "threat detection deleted",
        true,
    ),
    (
        "gcloud",
        &["logging", "sinks", "delete"],
        Op::AntiForensics,
        "cloud log sink deleted",
        true,
    ),
    (
        "az",
        &["monitor", "diagnostic-settings", "delete"],
        Op::AntiForensics,
        "cloud diagnostic logging deleted",
        true,
    ),
    (
        "wevtutil",
        &["cl"],
        Op::AntiForensics,
        "Windows event log cleared",
        true,
    ),
    (
        "wevtutil",
        &["clear-log"],
        Op::AntiForensics,
        "Windows event log cleared",
        true,
    ),
    (
        "wmic",
        &["shadowcopy", "delete"],
        Op::FileDelete,
        "shadow copies deleted",
        true,
    ),
    // Recovery inhibition: backups and the soft delete that keeps them.
    (
        "aws",
        &["backup", "delete-recovery-point"],
        Op::FileDelete,
        "backups or recovery points deleted (no restore left)",
        true,
    ),
    (
        "aws",
        &["backup", "delete-backup-vault"],
        Op::FileDelete,
        "backups or recovery points deleted (no restore left)",
        true,
    ),
    (
        "az",
        &[
            "backup",
            "protection",
            "disable",
            "--delete-backup-data",
            "true",
        ],
        Op::FileDelete,
        "backups or recovery points deleted (no restore left)",
        true,
    ),
    (
        "az",
        &["backup", "--soft-delete-feature-state", "disable"],
        Op::FileDelete,
        "backup soft delete turned off (deleted backups cannot be restored)",
        true,
    ),
    // Automated database backups kept zero days: the point-in-time
    // restore window and the automated snapshots are gone.
    (
        "aws",
        &[
            "rds",
            "modify-db-instance",
            "--backup-retention-period",
            "0",
        ],
        Op::FileDelete,
        "automated database backups turned off (no point-in-time restore left)",
        true,
    ),
    (
        "aws",
        &["rds", "modify-db-cluster", "--backup-retention-period", "0"],
        Op::FileDelete,
        "automated database backups turned off (no point-in-time restore left)",
        true,
    ),
    // Database and disk snapshots deleted one by one: what a restore
    // would need, but routine retention pruning spells it the same way,
    // so not broad by itself.
    (
        "aws",
        &["rds", "delete-db-snapshot"],
        Op::FileDelete,
        "database or disk snapshots deleted",
        false,
    ),
    (
        "aws",
        &["rds", "delete-db-cluster-snapshot"],
        Op::FileDelete,
        "database or disk snapshots deleted",
        false,
    ),
    (
        "aws",
        &["ec2", "delete-snapshot"],
        Op::FileDelete,
        "database or disk snapshots deleted",
        false,
    ),
    (
        "gcloud",
        &["compute", "snapshots", "delete"],
        Op::FileDelete,
        "database or disk snapshots deleted",
        false,
    ),
    (
        "gcloud",
        &["sql", "backups", "delete"],
        Op::FileDelete,
        "database or disk snapshots deleted",
        false,
    ),
    (
        "az",
        &["snapshot", "delete"],
        Op::FileDelete,
        "database or disk snapshots deleted",
        false,
    ),
    (
        "az",
        &["keyvault", "purge"],
        Op::FileDelete,
        "deleted key vault purged (no recovery)",
        true,
    ),
    // Local backup tools: every snapshot of a repository forgotten, a
    // dataset destroyed with all its snapshots, a whole backup repository
    // deleted. Retention pruning (`restic forget --keep-daily 7`, `borg
    // prune`) is not a row: it keeps what the user's policy asks for.
    (
        "restic",
        &["forget", "--keep-last", "0"],
        Op::FileDelete,
        "every backup snapshot forgotten (no restore left)",
        true,
    ),
    (
        "zfs",
        &["destroy", "-r"],
        Op::FileDelete,
        "dataset destroyed with all its snapshots",
        true,
    ),
    (
        "zfs",
        &["destroy", "-R"],
        Op::FileDelete,
        "dataset destroyed with all its snapshots",
        true,
    ),
    (
        "borg",
        &["delete"],
        Op::FileDelete,
        "backup repository or archives deleted",
        false,
    ),
    (
        "btrfs",
        &["subvolume", "delete"],
        Op::FileDelete,
        "filesystem subvolumes or snapshots deleted",
        false,
    ),
    (
        "docker",
        &["volume", "rm"],
        Op::FileDelete,
        "container volumes deleted",
        false,
    ),
    (
        "podman",
        &["volume", "rm"],
        Op::FileDelete,
        "container volumes deleted",
        false,
    ),
    (
        "nerdctl",
        &["volume", "rm"],
        Op::FileDelete,
        "container volumes deleted",
        false,
    ),
    (
        "gh",
        &["repo", "deploy-key", "delete"],
        Op::FileDelete,
        "repository deploy keys deleted",
        false,
    ),
    (
        "gh",
        &["repo", "delete"],
        Op::FileDelete,
        "remote repository deleted",
        true,
    ),
];

/// Whether the leading words of a table entry (the subcommand path before
/// its first flag: `repo delete`, `logging sinks delete`) occur in order
/// with only flags and their values between them. `gh repo deploy-key
/// delete` deletes one deploy key, not the repository: a word of another
/// subcommand between the path's words makes it another command, while
/// `aws cloudtrail --region x stop-logging` is still `cloudtrail
/// stop-logging`.
fn subcommand_path(lower: &[String], words: &[&str]) -> bool {
    let path: Vec<&str> = words
        .iter()
        .take_while(|w| !w.starts_with('-'))
        .copied()
        .collect();
    if path.len() < 2 {
        return true;
    }
    let mut at = 0;
    let mut flag_value = false;
    for a in lower {
        if at == path.len() {
            break;
        }
        if a == path[at] {
            at += 1;
            flag_value = false;
        } else if a.starts_with('-') {
            flag_value = !a.contains('=');
        } else if flag_value {
            flag_value = false;
        } else if at > 0 {
            // Another subcommand's word: the path starts over.
            at = usize::from(a == path[0]);
        }
    }
    at == path.len()
}

/// Adds the evidence a command line means. `name` is the program,
/// `args` its arguments, `joined` the whole line, `pipe_out` where its
/// output goes.
pub fn analyze(
    name: &str,
    args: &[&str],
    joined: &str,
    pipe_out: Option<String>,
    push: &mut impl FnMut(Evidence),
) {
    let lower: Vec<String> = args.iter().map(|a| a.to_ascii_lowercase()).collect();
    let has = |w: &str| lower.iter().any(|a| a == w);
    for g in GRANTS
        .iter()
        .filter(|g| g.program == name && g.words.iter().all(|w| has(w)))
    {
        let Some(raw) = g.role_flags.iter().find_map(|f| flag_value(args, f)) else {
            continue;
        };
        let hidden = if admin_role(raw) {
            None
        } else if let Some(decoded) = concealed_admin_role(raw) {
            Some(decoded)
        } else {
            continue;
        };
        let mut ev = Evidence::new(Op::Privileged, A::UpdateState, R::Credentials, joined)
            .tag(Tag::AdminGrant)
            .object(match &hidden {
                None => format!("administrator role {raw} granted"),
                Some(d) => format!(
                    "administrator role {d} granted, its name computed at run time from {raw}"
                ),
            });
        if hidden.is_some() {
            // Nobody writes a role name as a command that decodes it
            // except to keep the role out of sight.
            ev.tags.insert(Tag::Obfuscated);
        }
        let grantees = g
            .grantee_flags
            .iter()
            .flat_map(|f| flag_values(args, f))
            .collect::<Vec<_>>();
        if grantees
            .iter()
            .any(|v| fixed_identity(v) || broad_grantee(v))
        {
            // The skill itself names who becomes administrator, or the
            // grantee is everyone of a kind whatever the user fills in.
            ev.tags.insert(Tag::BroadTarget);
        }
        push(ev);
    }
    if matches!(name, "docker" | "podman" | "nerdctl") && (has("run") || has("create")) {
        container(args, joined, push);
    }
    if matches!(name, "kubectl" | "oc") {
        kube(args, &lower, joined, pipe_out.clone(), push);
    }
    if matches!(name, "docker" | "podman" | "nerdctl") {
        every_container(name, args, joined, push);
    }
    if name == "aws" && has("iam") && (has("create-access-key") || has("create-login-profile")) {
        let mut ev = Evidence::new(Op::KeychainRead, A::Read, R::Credentials, joined)
            .object("new cloud credential created");
        ev.output = pipe_out.clone();
        push(ev);
    }
    if name == "aws" && has("s3api") && (has("delete-objects") || has("delete-object")) {
        let versions = lower.iter().any(|a| a.contains("version"));
        let mut ev = Evidence::new(Op::FileDelete, A::Write, R::UserData, joined)
            .tag(Tag::Recursive)
            .object(if versions {
                "object versions deleted (no recovery)"
            } else {
                "cloud storage objects deleted"
            });
        if versions || has("delete-objects") {
            ev.tags.insert(Tag::BroadTarget);
        }
        push(ev);
    }
    for (_, _, op, object, broad) in DESTROYERS
        .iter()
        .filter(|(p, w, ..)| *p == name && w.iter().all(|w| has(w)) && subcommand_path(&lower, w))
    {
        let scope = if *op == Op::AntiForensics {
            R::Other
        } else {
            R::UserData
        };
        let mut ev = Evidence::new(*op, A::Write, scope, joined).object(*object);
        if (*broad || every_one(name, args)) && *op == Op::FileDelete {
            ev.tags.insert(Tag::BroadTarget);
        }
        push(ev);
    }
    if name == "gh" && has("api") {
        repo_grant(args, joined, push);
    }
    if name == "gh" && has("api") && api_delete(args) {
        let endpoint = args.iter().find_map(|a| super::repo_api::deletes(a));
        if let Some((object, broad)) = endpoint {
            push(super::repo_api::evidence(joined, object, broad));
        }
    }
    if name == "gh" && has("release") && has("delete") {
        // `gh release delete "$t"` in a loop over every release.
        let tag = args.iter().skip_while(|a| **a != "delete").nth(1);
        if tag.is_some_and(|t| t.contains('$') || t.contains('*')) {
            push(super::repo_api::evidence(joined, "releases deleted", true));
        }
    }
    if name == "git" && has("push") {
        remote_delete(args, joined, push);
    }
    if pool_login(args) {
        push(
            Evidence::new(Op::Mining, A::CallTool, R::Process, joined)
                .object("program logs in to a mining pool with a wallet"),
        );
    }
}

/// The operands of a deleting command name every item of a kind, not
/// one: a wildcard, a listing of the same store (`docker volume rm
/// $(docker volume ls -q)`), a whole borg repository (no `::archive`).
fn every_one(name: &str, args: &[&str]) -> bool {
    let operands = args.iter().filter(|a| !a.starts_with('-'));
    let mut any = false;
    for a in operands {
        any = true;
        if a.contains('*') || (a.contains("$(") || a.contains('`')) && a.contains(" ls") {
            return true;
        }
        // Round 27: the output of a store listing handed over whole,
        // through `$(…)`/backticks or as the operand `xargs` adds when a
        // listing feeds its pipe (`shell::walk::xargs_operands`).
        if a.starts_with("$pipe_") || substituted(a).is_some_and(super::concepts::line_lists_store)
        {
            return true;
        }
        if name == "borg" && a.contains("::") {
            return false;
        }
    }
    name == "borg" && any && args.iter().any(|a| *a == "delete")
}

/// The command inside the first `$(…)` or backquotes of a word.
fn substituted(a: &str) -> Option<&str> {
    if let Some(i) = a.find("$(") {
        let rest = &a[i + 2..];
        return Some(rest.rfind(')').map_or(rest, |e| &rest[..e]));
    }
    let i = a.find('`')?;
    let rest = &a[i + 1..];
    Some(rest.find('`').map_or(rest, |e| &rest[..e]))
}

/// Round 27: `docker rm -f $(docker ps -aq)`, `… | xargs podman rm -f`:
/// every container removed, running ones stopped first, with what their
/// writable layers held (a database run without a volume). One named
/// container, or removal without `-f` (running ones refuse), is not.
fn every_container(name: &str, args: &[&str], joined: &str, push: &mut impl FnMut(Evidence)) {
    let sub = args.iter().position(|a| !a.starts_with('-'));
    let rm = match sub.map(|i| (args[i], args.get(i + 1).copied())) {
        Some(("rm", _)) => true,
        Some(("container", Some("rm" | "remove"))) => true,
        _ => false,
    };
    let force = args
        .iter()
        .any(|a| *a == "--force" || a.starts_with('-') && !a.starts_with("--") && a.contains('f'));
    if rm && force && every_one(name, args) {
        push(
            Evidence::new(Op::FileDelete, A::Write, R::UserData, joined)
                .tag(Tag::BroadTarget)
                .tag(Tag::ForceFlag)
                .object(
                    "every container removed by force, running ones too, with the data they hold",
                ),
        );
    }
}

pub(super) fn admin_role(r: &str) -> bool {
    let r = r.trim_matches(['"', '\'']).to_ascii_lowercase();
    let last = r.rsplit(['/', ':']).next().unwrap_or(&r);
    ADMIN_ROLES
        .iter()
        .any(|a| r == *a || last == *a || (a.contains('/') && r.ends_with(a)))
}

/// A role computed at run time (`--role "$(fn renwO)"`, a backquoted
/// command) whose literal words, read backwards or rot13-shifted, name an
/// administrator role: the name the grant really carries, kept out of
/// sight. A role held in a plain variable the user sets is not this.
fn concealed_admin_role(r: &str) -> Option<String> {
    if !r.contains("$(") && !r.contains('`') {
        return None;
    }
    r.split(|c: char| !(c.is_ascii_alphanumeric() || matches!(c, '-' | '/' | '.' | '_')))
        .filter(|w| w.len() >= 4 && w.len() <= 64)
        .flat_map(|w| {
            let reversed: String = w.chars().rev().collect();
            [reversed, crate::extract::deobf::rot13(w)]
        })
        .find(|d| admin_role(d))
}

/// A grantee written into the skill (an e-mail, a service account, a user
/// name), not a variable or a placeholder the user fills in.
pub(super) fn fixed_identity(v: &str) -> bool {
    let l = v.to_ascii_lowercase();
    !v.is_empty()
        && !v.contains(['$', '<', '>', '{', '}', '[', ']'])
        && !v
            .chars()
            .all(|c| c.is_ascii_uppercase() || c == '_' || c == '-' || c == ':')
        && !["your", "my-", "you@", "user@example", "name@"]
            .iter()
            .any(|p| l.contains(p))
}

/// Grantees that are many principals at once, whatever the namespace or
/// project variable holds: a namespace's `default` service account (every
/// pod that names none runs as it), every authenticated or anonymous
/// caller, every service account, every user of a cloud.
pub(super) fn broad_grantee(v: &str) -> bool {
    let l = v.trim_matches(['"', '\'']).to_ascii_lowercase();
    l.ends_with(":default")
        || l.starts_with("system:authenticated")
        || l.starts_with("system:unauthenticated")
        || l.starts_with("system:anonymous")
        || l.starts_with("system:serviceaccounts")
        || l == "allusers"
        || l == "allauthenticatedusers"
}

/// Every value of a flag that may repeat (`--user a --user b`).
fn flag_values<'a>(args: &[&'a str], flag: &str) -> Vec<&'a str> {
    args.iter()
        .enumerate()
        .filter_map(|(i, a)| {
            if *a == flag {
                args.get(i + 1).copied()
            } else {
                a.strip_prefix(flag).and_then(|r| r.strip_prefix('='))
            }
        })
        .collect()
}

/// `--flag value`, `--flag=value`: the first.
fn flag_value<'a>(args: &[&'a str], flag: &str) -> Option<&'a str> {
    flag_values(args, flag).first().copied()
}

/// `docker run` with host-level access: the rights of the shared table
/// (`host_rights::HOST_RIGHTS`), read off its flags and mounts.
fn container(args: &[&str], joined: &str, push: &mut impl FnMut(Evidence)) {
    use super::host_rights as hr;
    let mut found = Vec::new();
    for (i, a) in args.iter().enumerate() {
        let next = args.get(i + 1).copied().unwrap_or("");
        let value = |flag: &str| {
            if *a == flag {
                Some(next)
            } else {
                a.strip_prefix(flag).and_then(|r| r.strip_prefix('='))
            }
        };
        if let Some(r) = hr::flag_right(a, next) {
            found.push(r);
        } else if let Some(v) = value("-v").or_else(|| value("--volume")) {
            found.extend(hr::volume_right(v));
        } else if let Some(v) = value("--mount") {
            found.extend(hr::mount_spec_right(v));
        }
    }
    let Some((rights, broad)) = hr::judge(found) else {
        return;
    };
    let chroot = args.iter().any(|a| *a == "chroot" || *a == "nsenter");
    let mut ev = Evidence::new(Op::Privileged, A::UpdateState, R::Process, joined)
        .tag(Tag::HostAccess)
        .object(format!(
            "container with host access ({})",
            hr::describe(&rights)
        ));
    if broad || chroot {
        ev.tags.insert(Tag::BroadTarget);
    }
    push(ev);
}

fn kube(
    args: &[&str],
    lower: &[String],
    joined: &str,
    pipe_out: Option<String>,
    push: &mut impl FnMut(Evidence),
) {
    let has = |w: &str| lower.iter().any(|a| a == w);
    let secrets = lower
        .iter()
        .any(|a| a == "secret" || a == "secrets" || a.starts_with("secret/"));
    let all_ns = has("-a") || has("--all-namespaces") || has("--all-namespaces=true");
    let values = lower.iter().enumerate().any(|(i, a)| {
        let v = if a == "-o" || a == "--output" {
            lower.get(i + 1).map(String::as_str).unwrap_or("")
        } else {
            a.strip_prefix("-o=")
                .or_else(|| a.strip_prefix("--output="))
                .or_else(|| a.strip_prefix("-o"))
                .unwrap_or("")
        };
        v.starts_with("yaml") || v.starts_with("json") || v.contains(".data")
    });
    // `kubectl delete pvc --all -A`: every object of a kind in every
    // namespace.
    if has("delete") && !all_ns && every_one("kubectl", args) {
        // Round 27: `kubectl get ns -o name | xargs kubectl delete`.
        push(
            Evidence::new(Op::FileDelete, A::Write, R::UserData, joined)
                .tag(Tag::BroadTarget)
                .object("every cluster object a listing printed deleted"),
        );
    }
    if has("delete") && (has("--all") || has("--all=true")) && all_ns {
        push(
            Evidence::new(Op::FileDelete, A::Write, R::UserData, joined)
                .tag(Tag::BroadTarget)
                .tag(Tag::Recursive)
                .object("every cluster object of a kind deleted in every namespace"),
        );
    }
    if has("get") && secrets && all_ns && values {
        let mut ev = Evidence::new(Op::KeychainRead, A::Read, R::Credentials, joined)
            .object("every cluster secret dumped");
        ev.output = pipe_out;
        push(ev);
    }
    let overrides = args.iter().any(|a| {
        let c: String = a.chars().filter(|c| !c.is_whitespace()).collect();
        c.contains("\"privileged\":true") || c.contains("\"hostPID\":true")
    });
    // `run --overrides`, or a live object patched or a manifest applied
    // from the command line (`patch … -p '{"privileged":true}'`).
    let host_net = args.iter().any(|a| {
        let c: String = a.chars().filter(|c| !c.is_whitespace()).collect();
        ["hostNetwork", "hostPID", "privileged"].iter().any(|k| {
            c.contains(&format!("{k}\",\"value\":true")) || c.contains(&format!("\"{k}\":true"))
        })
    });
    if (has("run") || has("patch")) && (overrides || host_net) {
        push(
            Evidence::new(Op::Privileged, A::UpdateState, R::Process, joined)
                .tag(Tag::HostAccess)
                .tag(Tag::BroadTarget)
                .object("pod with host access"),
        );
    }
    if pod_security_off(args, lower) {
        push(
            Evidence::new(Op::Privileged, A::UpdateState, R::Process, joined)
                .tag(Tag::HostAccess)
                .object("namespace allows privileged pods (Pod Security off)"),
        );
    }
}

/// `kubectl label namespace … pod-security.kubernetes.io/enforce=privileged`:
/// the namespace's Pod Security admission turned off, so any pod there may
/// run privileged or with the host's namespaces.
fn pod_security_off(args: &[&str], lower: &[String]) -> bool {
    lower.iter().any(|a| a == "label" || a == "annotate")
        && args.iter().any(|a| {
            let l = a.to_ascii_lowercase();
            l.starts_with("pod-security.kubernetes.io/enforce=privileged")
        })
}

/// Repository rights handed out through the GitHub API: `(endpoint part,
/// field that must be set, what it means)`.
const REPO_GRANTS: &[(&str, &str, &str)] = &[
    (
        "/collaborators/",
        "permission=admin",
        "repository admin granted to a collaborator",
    ),
    (
        "/collaborators/",
        "permission=maintain",
        "repository maintainer rights granted to a collaborator",
    ),
    (
        "/keys",
        "read_only=false",
        "deploy key with write access added",
    ),
    (
        "/actions/permissions/workflow",
        "can_approve_pull_request_reviews=true",
        "workflows allowed to approve pull requests",
    ),
];

/// `gh api -X PUT repos/o/r/collaborators/bot -f permission=admin`: an
/// account or key the skill names gets rights over the user's repository.
fn repo_grant(args: &[&str], joined: &str, push: &mut impl FnMut(Evidence)) {
    for (endpoint, field, what) in REPO_GRANTS {
        let Some(ep) = args.iter().find(|a| a.contains(endpoint)) else {
            continue;
        };
        if !args.iter().any(|a| a.eq_ignore_ascii_case(field)) {
            continue;
        }
        let mut ev = Evidence::new(Op::Privileged, A::UpdateState, R::Credentials, joined)
            .tag(Tag::AdminGrant)
            .object(*what);
        // `collaborators/ci-bot`: the skill names who gets in.
        let who = ep.rsplit('/').next().unwrap_or("");
        if *endpoint == "/keys" || fixed_identity(who) {
            ev.tags.insert(Tag::BroadTarget);
        }
        push(ev);
    }
}

/// `gh api -X DELETE …`: the endpoint is read by `repo_api::deletes`
/// (`…/branches/main/protection`, `…/git/refs/tags/$t`).
fn api_delete(args: &[&str]) -> bool {
    args.windows(2)
        .any(|w| matches!(w[0], "-X" | "--method") && w[1].eq_ignore_ascii_case("delete"))
        || args
            .iter()
            .any(|a| a.eq_ignore_ascii_case("--method=delete"))
}

/// `git push origin --delete "$b"`, `git push origin ":refs/tags/$t"`:
/// deletions of remote branches and tags. One named branch is routine;
/// a computed name (a loop over every branch) or every tag is not.
fn remote_delete(args: &[&str], joined: &str, push: &mut impl FnMut(Evidence)) {
    let flag = args.iter().any(|a| *a == "--delete" || *a == "-d");
    let refs: Vec<&str> = args
        .iter()
        .filter(|a| !a.starts_with('-') && **a != "push")
        .copied()
        .collect();
    let colon: Vec<&str> = refs
        .iter()
        .filter(|r| r.starts_with(':') && r.len() > 1)
        .copied()
        .collect();
    if !flag && colon.is_empty() {
        return;
    }
    let targets: Vec<&str> = if flag {
        refs.iter().skip(1).copied().collect()
    } else {
        colon
    };
    // A loop variable or a wildcard: every branch or tag, not one.
    if targets.iter().any(|t| t.contains('$') || t.contains('*')) {
        push(
            Evidence::new(Op::FileDelete, A::Write, R::Codebase, joined)
                .tag(Tag::GitHistory)
                .tag(Tag::BroadTarget)
                .instrument("git")
                .object("remote branches or tags deleted"),
        );
    }
}

/// The flags a mining client takes its pool endpoint, its login and its
/// password under, whatever the program is called (XMRig, cpuminer,
/// lolMiner, T-Rex, SRBMiner, gminer and their renamed copies: round 26).
const POOL_URL_FLAGS: &[&str] = &["-o", "--url", "--upstream", "--pool", "--server", "-P"];
const POOL_USER_FLAGS: &[&str] = &["-u", "--user", "--login", "--wallet", "--userpass"];
const POOL_PASS_FLAGS: &[&str] = &["-p", "--pass", "--password"];

/// `-o pool.host:3333 -u <wallet>`, `--upstream tls://relay:14444 --login
/// <wallet>.<worker> --pass x`: a mining pool login, whatever the program
/// is called. The endpoint is a `host:port` (bare, or behind a raw-socket
/// scheme `tcp://`, `tls://`, `ssl://`, `stratum+…://`), and one more
/// pool mark: a wallet as the login, a pool port, or the dummy password
/// `x` pools take with a wallet login.
fn pool_login(args: &[&str]) -> bool {
    let url = POOL_URL_FLAGS.iter().find_map(|f| flag_value(args, f));
    let user = POOL_USER_FLAGS.iter().find_map(|f| flag_value(args, f));
    let (Some(url), Some(user)) = (url, user) else {
        return false;
    };
    let bare = match url.split_once("://") {
        None => url,
        Some((scheme, rest)) => {
            let raw = matches!(scheme, "tcp" | "tls" | "ssl") || scheme.starts_with("stratum");
            if !raw {
                return false;
            }
            rest.trim_end_matches('/')
        }
    };
    let Some((host, port)) = bare.rsplit_once(':') else {
        return false;
    };
    if !host.contains('.') || port.is_empty() || !port.bytes().all(|b| b.is_ascii_digit()) {
        return false;
    }
    let dummy_pass = POOL_PASS_FLAGS
        .iter()
        .find_map(|f| flag_value(args, f))
        .is_some_and(|p| p == "x");
    crate::extract::miner::wallet_like(user)
        || crate::extract::miner::pool_port(port)
        || dummy_pass && !user.is_empty()
}

/// The key/value pieces of YAML text with their byte offsets, block and
/// flow style alike: `securityContext: {privileged: true}` gives
/// `securityContext:` and `privileged: true`; list dashes and quotes go.
fn yaml_pieces(text: &str) -> Vec<(String, usize)> {
    let mut out = Vec::new();
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let mut at = offset;
        for piece in line.split(['{', '}', '[', ']', ',']) {
            let lead = piece.len() - piece.trim_start().len();
            let t = piece
                .trim()
                .trim_start_matches("- ")
                .replace(['"', '\''], "");
            if !t.is_empty() {
                out.push((t, at + lead));
            }
            at += piece.len() + 1;
        }
        offset += line.len();
    }
    out
}

/// A Kubernetes client that reads manifests from its standard input
/// (`kubectl apply -f -`, `oc create -f -`): a heredoc fed to it is a
/// manifest, read as [`manifest`] reads a shipped one.
pub fn reads_manifest_stdin(name: &str, args: &[&str]) -> bool {
    let from_stdin = args
        .windows(2)
        .any(|w| matches!(w[0], "-f" | "--filename") && w[1] == "-")
        || args.iter().any(|a| matches!(*a, "-f=-" | "--filename=-"));
    matches!(name, "kubectl" | "oc")
        && args
            .iter()
            .any(|a| matches!(*a, "apply" | "create" | "replace"))
        && from_stdin
}

/// Kubernetes and Compose manifests shipped with the skill (`assets/pod.yaml`,
/// `docker-compose.yml`, or one service of it to be appended): the rights
/// over the host of the shared table (`host_rights::HOST_RIGHTS`), as
/// configuration keys and mounts.
pub fn manifest(src: &super::Src, sink: &mut super::Sink) {
    use super::host_rights as hr;
    let text = src.text;
    if !(text.contains("apiVersion:") || text.contains("services:") || text.contains("image:")) {
        return;
    }
    let mut found: Vec<(hr::Right, usize)> = Vec::new();
    let pieces = yaml_pieces(text);
    // The key a list item stands under (`cap_add:` then `- SYS_ADMIN`).
    let mut open_key: Option<&str> = None;
    for (i, (t, at)) in pieces.iter().enumerate() {
        let at = *at;
        let (key, value) = match t.split_once(':') {
            Some((k, v)) if !k.contains('/') && !k.contains(' ') => (k.trim(), v.trim()),
            _ => ("", t.as_str()),
        };
        if !key.is_empty() && value.is_empty() {
            open_key = Some(key);
        } else if !key.is_empty() {
            open_key = None;
        }
        let item = match (key, open_key) {
            ("", Some(k)) => format!("{k}: {value}"),
            _ => t.clone(),
        };
        let mut right = hr::config_right(&item);
        if key == "hostPath" || key == "path" && i > 0 && pieces[i - 1].0 == "hostPath:" {
            let path = pieces[i..]
                .iter()
                .take(4)
                .find_map(|(l, _)| l.strip_prefix("path:"));
            right = path.and_then(|p| hr::mount_right(p, false));
        } else if key.is_empty() && value.starts_with('/') {
            // Compose's short volume syntax (`- /:/host:rw`).
            right = right.or_else(|| hr::volume_right(value));
        } else if key == "source" && text.contains("target:") {
            // Round 28: Compose's long volume syntax (`- type: bind` /
            // `source: /` / `target: /host`), `read_only: true` below it.
            let ro = pieces[i + 1..]
                .iter()
                .take(3)
                .any(|(l, _)| l == "read_only: true");
            right = hr::mount_right(value, ro);
        }
        if let Some(r) = right {
            found.push((r, at));
        }
    }
    let Some(&(_, at)) = found.iter().find(|(r, _)| r.alone()) else {
        return;
    };
    let Some((rights, broad)) = hr::judge(found.iter().map(|f| f.0).collect()) else {
        return;
    };
    let mut ev = Evidence::new(Op::Privileged, A::UpdateState, R::Process, src.path)
        .tag(Tag::HostAccess)
        .instrument("manifest")
        .object(format!(
            "container with host access ({})",
            hr::describe(&rights)
        ));
    if broad {
        ev.tags.insert(Tag::BroadTarget);
    }
    let end = text[at..].find('\n').map_or(text.len(), |n| at + n);
    sink.push(src.at(ev, at, end, "yaml"));
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(line: &str) -> Vec<Evidence> {
        let argv: Vec<&str> = line.split_whitespace().collect();
        let mut out = Vec::new();
        analyze(argv[0], &argv[1..], line, None, &mut |e| out.push(e));
        out
    }

    #[test]
    fn admin_grants_and_who_receives_them() {
        let e = run(
            "kubectl create clusterrolebinding x --clusterrole=cluster-admin --serviceaccount=default:default",
        );
        assert!(e[0].has(Tag::AdminGrant) && e[0].has(Tag::BroadTarget));
        let e =
            run("kubectl create clusterrolebinding x --clusterrole=cluster-admin --user=<user>");
        assert!(e[0].has(Tag::AdminGrant) && !e[0].has(Tag::BroadTarget));
        assert!(
            run("kubectl create clusterrolebinding x --clusterrole=view --user=bob").is_empty()
        );
        let e = run(
            "aws iam attach-user-policy --user-name bot --policy-arn arn:aws:iam::aws:policy/AdministratorAccess",
        );
        assert!(e[0].has(Tag::AdminGrant));
        assert!(run("aws iam attach-user-policy --user-name bot --policy-arn arn:aws:iam::aws:policy/ReadOnlyAccess").is_empty());
        assert!(!run("gcloud projects add-iam-policy-binding p --member=user:a@b.example --role=roles/owner").is_empty());
        assert!(run("gcloud projects add-iam-policy-binding p --member=user:a@b.example --role=roles/viewer").is_empty());
        assert!(!run("az role assignment create --assignee a@b.example --role Owner").is_empty());
        assert!(run("az role assignment create --assignee a@b.example --role Reader").is_empty());
        // The shell extractor passes a quoted `"$(_role renwO)"` as one word.
        let grant = |role: &str| {
            let args = [
                "role",
                "assignment",
                "create",
                "--assignee",
                "6f1d2c3b",
                "--role",
                role,
                "--scope",
                "/subscriptions/$1",
            ];
            let mut out = Vec::new();
            analyze("az", &args, "az role assignment create", None, &mut |e| {
                out.push(e)
            });
            out
        };
        let e = grant("$(_role renwO)");
        assert!(
            e[0].has(Tag::AdminGrant) && e[0].has(Tag::Obfuscated) && e[0].has(Tag::BroadTarget)
        );
        assert!(grant("$(_role redaeR)").is_empty());
        assert!(run("az role assignment create --assignee a@b.example --role $ROLE").is_empty());
    }

    #[test]
    fn containers_with_host_access() {
        let e = run("docker run --privileged --pid=host -v /:/host alpine chroot /host");
        assert!(e[0].has(Tag::HostAccess) && e[0].has(Tag::BroadTarget));
        let e = run("docker run --privileged docker:dind");
        assert!(e[0].has(Tag::HostAccess) && !e[0].has(Tag::BroadTarget));
        assert!(run("docker run --rm -v /home/me/app:/app node:20 npm test").is_empty());
    }

    #[test]
    fn remote_deletions_need_a_computed_target() {
        assert!(run("git push origin --delete feature/login").is_empty());
        assert!(!run("git push origin --delete $b").is_empty());
        assert!(!run("git push origin :refs/tags/$t").is_empty());
        assert!(!run("gh api -X DELETE repos/o/r/branches/main/protection").is_empty());
        assert!(run("gh api repos/o/r/branches/main/protection").is_empty());
        assert!(!run("gh api -X DELETE repos/$r/git/refs/tags/$t").is_empty());
        assert!(run("gh api -X DELETE repos/o/r/git/refs/heads/feature-x").is_empty());
        assert!(!run("gh release delete \"$tag\" -y --cleanup-tag").is_empty());
        assert!(run("gh release delete v0.1.0-rc1 -y").is_empty());
        assert!(!run("aws rds modify-db-instance --db-instance-identifier $db --backup-retention-period 0").is_empty());
        assert!(run("aws rds modify-db-instance --db-instance-identifier $db --backup-retention-period 7").is_empty());
    }

    #[test]
    fn logs_shadows_and_versions() {
        assert_eq!(
            run("aws cloudtrail stop-logging --name t")[0].op,
            Op::AntiForensics
        );
        assert_eq!(run("wevtutil cl System")[0].op, Op::AntiForensics);
        assert!(run("wevtutil qe System /c:5").is_empty());
        assert!(run("wmic shadowcopy delete")[0].has(Tag::BroadTarget));
        assert!(
            run("aws s3api delete-objects --bucket b --delete file://v.json")[0]
                .has(Tag::BroadTarget)
        );
        assert!(run("aws s3api list-object-versions --bucket b").is_empty());
    }

    #[test]
    fn repository_rights_handed_out() {
        let e = run("gh api -X PUT repos/$R/collaborators/ci-template-bot -f permission=admin");
        assert!(e[0].has(Tag::AdminGrant) && e[0].has(Tag::BroadTarget));
        let e = run("gh api -X POST repos/$R/keys -f title=ci -F read_only=false -f key=@k.pub");
        assert!(e[0].has(Tag::AdminGrant));
        assert!(run("gh api -X PUT repos/$R/collaborators/$USER -f permission=push").is_empty());
        assert!(run("gh api -X POST repos/$R/keys -F read_only=true -f key=@k.pub").is_empty());
    }

    #[test]
    fn pool_config_with_a_wallet() {
        use crate::evidence::Origin;
        let w = "48bXk2vQy7cW9fJ3nRtZp1sD5aLhG6mE4uK8oV2iN7bYc3xT9qF1wA5zS6dH2gJ4kL7pM9nB3vC8xZ1qW5eR2tY6uI";
        let cfg = format!(
            "cat > c.json <<J\n{{\"url\": \"stratum+ssl://pool.x.example:443\", \"user\": \"{w}\"}}\nJ\n"
        );
        let mut sink = super::super::Sink::default();
        crate::extract::miner::pool_config(
            &super::super::Src::new("b.sh", &cfg, Origin::Script),
            &mut sink,
        );
        assert_eq!(sink.items[0].op, Op::Mining);
        // A pool monitor that names the pool but logs in with nothing.
        let mut sink = super::super::Sink::default();
        let doc = "POOL = 'stratum+tcp://pool.x.example:3333'  # status only\n";
        crate::extract::miner::pool_config(
            &super::super::Src::new("m.py", doc, Origin::Script),
            &mut sink,
        );
        assert!(sink.items.is_empty());
    }

    #[test]
    fn pool_logins_without_miner_words() {
        let w = "44AFFq5kSiGBoZ4NMDwYtN18obc8AemS33DBLWs3H7otXft3XjrpDtQGv7SqSsaBYBb98uNbr2VBBEt7f2wfn3RVGQBEP3A";
        assert_eq!(
            run(&format!("/tmp/.b -o pool.example.net:3333 -u {w} -p x"))[0].op,
            Op::Mining
        );
        assert!(run("ffmpeg -i in.mp4 -o out.example.net:80 -u admin").is_empty());
        assert!(run("kubectl get secrets -A").is_empty());
        assert_eq!(
            run("kubectl get secrets -A -o yaml")[0].op,
            Op::KeychainRead
        );
    }
}
