use super::*;
use crate::extract::net_send::{NetCall, NetKind};
use crate::extract::system_op;

/// Where git's subcommand starts, past its global options (`git -C DIR
/// -c k=v --git-dir D push …`): the options before a subcommand never
/// change which subcommand runs (round 38: `git -C "$hist" push --force
/// URL` was read as the subcommand `$hist`).
pub(crate) fn git_subcommand(args: &[&str]) -> usize {
    let mut i = 0;
    while let Some(a) = args.get(i) {
        match *a {
            "-C" | "-c" | "--git-dir" | "--work-tree" | "--namespace" | "--exec-path"
            | "--config-env" => i += 2,
            _ if a.starts_with('-') => i += 1,
            _ => return i,
        }
    }
    args.len()
}

pub(super) fn git(args: &[&str], push: &mut impl FnMut(Evidence)) {
    let args = &args[git_subcommand(args)..];
    let sub = args
        .iter()
        .find(|a| !a.starts_with('-'))
        .copied()
        .unwrap_or("");
    let joined = format!("git {}", args.join(" "));
    match sub {
        "push" => {
            let remote = args
                .iter()
                .skip(1)
                .find(|a| !a.starts_with('-'))
                .copied()
                .unwrap_or("origin");
            let force = args.iter().any(|a| {
                *a == "--force"
                    || *a == "-f"
                    || a.starts_with("+")
                    || *a == "--mirror"
                    || a.starts_with("--force")
            });
            let (_, mut ev) = NetCall::new(NetKind::Send, remote)
                .object("git push")
                .instrument("git")
                .lower();
            if force {
                ev.tags.insert(Tag::GitHistory);
                ev.tags.insert(Tag::ForceFlag);
                let mut d = Evidence::new(Op::FileDelete, A::Write, R::Codebase, joined.clone())
                    .tag(Tag::GitHistory)
                    .tag(Tag::ForceFlag)
                    .instrument("git")
                    .object("remote history overwritten");
                if args.iter().any(|a| {
                    a.ends_with(":main")
                        || a.ends_with(":master")
                        || *a == "main"
                        || *a == "master"
                        || *a == "--all"
                        || *a == "--mirror"
                }) {
                    d.tags.insert(Tag::BroadTarget);
                }
                push(d);
            }
            ev.inputs.push("$repository".into());
            // A remote the skill writes out in full (not `origin`, not a
            // remote or URL the user configures): the user's code and
            // history go to a host the author chose (round 16).
            if let Some(host) = hard_coded_remote(remote) {
                let out = format!("$repository_to_{host}");
                let mut read = Evidence::new(Op::FileRead, A::Read, R::UserData, "the repository")
                    .instrument("git")
                    .object(format!(
                        "the user's code and history pushed to a remote the skill hard-codes ({host})"
                    ));
                read.output = Some(out.clone());
                push(read);
                ev.inputs.push(out);
            }
            push(ev);
        }
        // `git add -f .env`, `git add ~/.ssh`: a secret file (ignored or
        // outside the work tree) staged, so the next push carries it.
        "add" => {
            let forced = args.iter().any(|a| *a == "-f" || *a == "--force");
            for a in args.iter().skip(1).filter(|a| !a.starts_with('-')) {
                let (scope, _) = crate::extract::indicators::classify_path(a);
                if scope != R::Credentials {
                    continue;
                }
                let how = if forced { "force-added" } else { "staged" };
                let mut read = Evidence::new(Op::FileRead, A::Read, R::Credentials, *a)
                    .instrument("git")
                    .object(format!(
                        "secret file {how} for commit (`git add`): the next push publishes it"
                    ));
                read.output = Some("$repository".into());
                push(read);
            }
        }
        "reflog"
            if args
                .iter()
                .any(|a| a.starts_with("--expire=now") || *a == "--expire-unreachable=now") =>
        {
            push(
                Evidence::new(Op::FileDelete, A::Write, R::Codebase, joined)
                    .tag(Tag::GitHistory)
                    .tag(Tag::BroadTarget)
                    .instrument("git")
                    .object("history made unrecoverable"),
            );
        }
        // `git update-ref -d "$ref"` over a listing (`for-each-ref`): every
        // ref deleted; one named ref (`refs/backup/tmp`) is routine.
        "update-ref" if args.contains(&"-d") => {
            let computed = args
                .iter()
                .skip(1)
                .filter(|a| !a.starts_with('-'))
                .any(|a| a.starts_with('$') || a.contains('*'));
            let mut d = Evidence::new(Op::FileDelete, A::Write, R::Codebase, joined)
                .tag(Tag::GitHistory)
                .instrument("git")
                .object("git refs deleted");
            if computed {
                d.tags.insert(Tag::BroadTarget);
            }
            push(d);
        }
        // Round 29: stashes dropped all at once, and uncommitted changes
        // thrown away (`git checkout -- .`, `git checkout -f`, `git restore
        // .`): work that exists nowhere else.
        "stash" if args.iter().any(|a| *a == "clear") => {
            push(
                Evidence::new(Op::FileDelete, A::Write, R::Codebase, joined)
                    .tag(Tag::GitHistory)
                    .instrument("git")
                    .object("every stash deleted"),
            );
        }
        "checkout" | "restore"
            if sub == "checkout" && args.iter().any(|a| *a == "-f" || *a == "--force")
                || args
                    .iter()
                    .skip_while(|a| **a != sub)
                    .skip(1)
                    .any(|a| matches!(*a, "." | ":/" | "*" | "./")) =>
        {
            push(
                Evidence::new(Op::FileDelete, A::Write, R::Codebase, joined)
                    .tag(Tag::GitHistory)
                    .instrument("git")
                    .object("uncommitted changes discarded"),
            );
        }
        "gc" if args.iter().any(|a| a.starts_with("--prune=now")) => {
            push(
                Evidence::new(Op::FileDelete, A::Write, R::Codebase, joined)
                    .tag(Tag::GitHistory)
                    .instrument("git")
                    .object("unreachable commits pruned"),
            );
        }
        "reset" if args.contains(&"--hard") => {
            push(
                Evidence::new(Op::FileDelete, A::Write, R::Codebase, joined)
                    .tag(Tag::GitHistory)
                    .instrument("git")
                    .object("working tree reset"),
            );
        }
        "clean"
            if args.iter().any(|a| {
                a.starts_with('-') && a.contains('f') && (a.contains('d') || a.contains('x'))
            }) =>
        {
            push(
                Evidence::new(Op::FileDelete, A::Write, R::Codebase, joined)
                    .tag(Tag::GitHistory)
                    .tag(Tag::Recursive)
                    .instrument("git")
                    .object("untracked files deleted"),
            );
        }
        "clone" | "pull" | "fetch" => {
            let u = args
                .iter()
                .find(|a| a.contains("://") || a.contains('@'))
                .copied()
                .unwrap_or("");
            push(
                NetCall::new(NetKind::Fetch, u)
                    .instrument("git")
                    .object(format!("git {sub}"))
                    .lower()
                    .1,
            );
        }
        "config" => {
            let Some(s) = system_op::spelling("shell", "git", args, "") else {
                return;
            };
            let mut op = system_op::op_of(s, joined).instrument("git");
            if global_hooks(args) {
                op = op
                    .tag(Tag::GitHook)
                    .object("git hooks set for every repository");
            }
            push(op.lower());
        }
        _ => {}
    }
}

/// `git config --global core.hooksPath D` / `init.templateDir D`: hooks
/// that run in every repository of the user (a repository's own
/// `core.hooksPath .githooks` is its business).
fn global_hooks(args: &[&str]) -> bool {
    args.iter().any(|a| matches!(*a, "--global" | "--system"))
        && args
            .iter()
            .any(|a| a.contains("core.hooksPath") || a.contains("init.templateDir"))
}

pub(super) fn managers(name: &str, args: &[&str], joined: &str, push: &mut impl FnMut(Evidence)) {
    let l = joined.to_lowercase();
    // Round 40: `brew bundle --file F` evaluates F (a Brewfile is Ruby) and
    // installs whatever it lists: F is a program file the command runs, so
    // a Brewfile a download wrote connects to it (`download_run::link`) as
    // `bash F` does.
    if name == "brew" && args.first() == Some(&"bundle") {
        let file = args.iter().enumerate().find_map(|(i, a)| {
            a.strip_prefix("--file=")
                .or_else(|| (*a == "--file").then(|| args.get(i + 1).copied()).flatten())
        });
        if let Some(f) = file.filter(|f| !f.is_empty() && *f != "-") {
            use crate::extract::exec_op::{ExecForm, ExecOp};
            let mut ev = ExecOp::new(ExecForm::Script, format!("brew bundle --file {f}")).lower();
            ev.inputs.push(crate::extract::file_bind(f));
            push(ev);
        }
    }
    let installs = args
        .iter()
        .any(|a| matches!(*a, "install" | "i" | "add" | "get" | "tap" | "upgrade"))
        || matches!(name, "npx" | "bunx" | "pipx");
    if matches!(name, "openclaw" | "clawhub" | "claude" | "codex") {
        if l.contains("skills install")
            || l.contains("plugins install")
            || l.contains("plugin install")
            || l.contains("mcp add")
            || l.contains("skill install")
        {
            push(
                Evidence::new(Op::Install, A::CallTool, R::Network, joined)
                    .object("agent extension installed"),
            );
        } else if l.contains("config set") || l.contains("--permission-mode") {
            push(
                Evidence::new(Op::Exec, A::UpdateState, R::Other, joined)
                    .object("agent configuration changed"),
            );
        } else {
            push(
                Evidence::new(Op::Exec, A::CallTool, R::Process, joined)
                    .object(format!("{name} run")),
            );
        }
        return;
    }
    if installs {
        let src = args
            .iter()
            .find(|a| {
                a.contains("://")
                    || a.starts_with("git+")
                    || a.ends_with(".tgz")
                    || a.ends_with(".whl")
            })
            .copied();
        let mut ev =
            Evidence::new(Op::Install, A::CallTool, R::Network, joined).object("package installed");
        if let Some(u) = src {
            ev.tags.extend(classify_url(u));
            ev.tags.insert(Tag::RemoteInstructions);
        }
        if l.contains("skills add") || l.contains("skill add") {
            ev.object = "agent skill installed".into();
        }
        push(ev);
        // Round 30: the index the install names, in argv any language
        // built (`pip install --index-url IDX` from `subprocess.run`).
        for ev in crate::extract::package_lure::argv_indexes(args) {
            push(ev);
        }
        for (arg, real) in look_alikes(args) {
            push(
                Evidence::new(Op::Install, A::CallTool, R::Network, arg)
                    .tag(Tag::Homoglyph)
                    .object(format!("a look-alike of the package {real}")),
            );
        }
        if matches!(
            name,
            "npm" | "pnpm" | "yarn" | "bun" | "npx" | "bunx" | "pnpx"
        ) {
            for arg in capital_i_names(name, args) {
                push(
                    Evidence::new(Op::Install, A::CallTool, R::Network, arg)
                        .tag(Tag::Homoglyph)
                        .object("a capital I standing for an l in an npm package name, which is lower case by rule"),
                );
            }
        }
    }
}

/// Round 40: package arguments whose name (scope and version cut off) has
/// a capital `I` between lower-case letters and no other capital
/// (`shieIds-cli`): npm names are lower case by rule, so the capital is
/// there only to read as an `l` (blind r40 readme-badge-maker).
fn capital_i_names<'a>(name: &str, args: &[&'a str]) -> Vec<&'a str> {
    // A runner's package is its first word; a manager's follow its verb.
    let packages: Vec<&'a str> = if matches!(name, "npx" | "bunx" | "pnpx") {
        args.iter()
            .copied()
            .find(|a| !a.starts_with('-'))
            .into_iter()
            .collect()
    } else {
        args.iter()
            .copied()
            .skip_while(|a| !matches!(*a, "install" | "i" | "add"))
            .skip(1)
            .collect()
    };
    packages
        .into_iter()
        .filter(|a| !a.starts_with(['-', '.', '/', '~', '$']) && !a.contains(['$', '{', ':', '\\']))
        .filter(|a| {
            let bare = a.trim_start_matches('@');
            let bare = bare.rsplit('/').next().unwrap_or(bare);
            let name = bare.split('@').next().unwrap_or("");
            let b = name.as_bytes();
            let lower_i = (1..b.len().saturating_sub(1)).any(|i| {
                b[i] == b'I' && b[i - 1].is_ascii_lowercase() && b[i + 1].is_ascii_lowercase()
            });
            lower_i
                && name
                    .chars()
                    .filter(|c| c.is_ascii_uppercase())
                    .all(|c| c == 'I')
        })
        .collect()
}

/// Package arguments of an install that imitate a popular package
/// (`pip install reqeusts`), with the package each imitates. Flags and the
/// values of flags that take one (`--index-url URL`, `-r FILE`) are skipped,
/// versions and extras cut off (`name==1.0`, `name[extra]`, `name@1`).
fn look_alikes<'a>(args: &[&'a str]) -> Vec<(&'a str, &'static str)> {
    let mut out = Vec::new();
    let mut skip = false;
    for a in args {
        if std::mem::take(&mut skip) {
            continue;
        }
        if a.starts_with('-') {
            skip = crate::extract::package_lure::flag_takes_value(a);
            continue;
        }
        if matches!(*a, "install" | "i" | "add" | "get" | "tap" | "upgrade") {
            continue;
        }
        let name = a
            .split(['=', '<', '>', '!', '~', '[', ';', '@'])
            .next()
            .unwrap_or("");
        if let Some(real) = crate::extract::indicators::look_alike_package(name) {
            out.push((*a, real));
        }
    }
    out
}

/// The host of a push remote written out in full (`https://…`, `ssh://…`,
/// `git@host:path`), neither a remote name (`origin`, `$BACKUP_REMOTE`) nor
/// a placeholder, and off this machine and the local network.
pub(super) fn hard_coded_remote(remote: &str) -> Option<String> {
    // The host must be written out; a computed repository path on a
    // literal host (`https://git.x.io/m/${slug}.git`) is still that host.
    let authority = match remote.split_once("://") {
        Some((_, rest)) => rest.split('/').next().unwrap_or(rest),
        None => remote.split(':').next().unwrap_or(remote),
    };
    if authority.contains(['$', '<', '{', '`']) || remote.contains(['<', '`']) {
        return None;
    }
    let url = match remote.split_once("://") {
        Some(_) => remote.to_string(),
        None => {
            let (user_host, path) = remote.split_once(':')?;
            if !user_host.contains('@') || path.is_empty() {
                return None;
            }
            format!("ssh://{user_host}/{path}")
        }
    };
    let host = crate::extract::indicators::url_host(&url)?;
    let placeholder = ["example.com", "example.org", "example.net", "your", "my-"]
        .iter()
        .any(|p| host.contains(p))
        || host.ends_with(".example")
        || !host.contains('.');
    (!placeholder && !crate::extract::indicators::is_private_host(&host)).then_some(host)
}
