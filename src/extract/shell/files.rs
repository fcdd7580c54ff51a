use super::call::{Call, Emit};
use super::*;
use crate::extract::fs_op::{FsKind, FsOp};
use std::collections::BTreeSet;

/// File deletion, recursive or forced.
pub(super) fn remove(c: &Call, e: &mut Emit) {
    let name = &c.name;
    let args: &[&str] = &c.args;
    let words = c.words;
    let at = c.at;
    let recursive =
        has_flag(args, &["-r", "-R"], &["--recursive"]) || name == "shred" || name == "rmdir";
    let force = has_flag(args, &["-f"], &["--force", "--no-preserve-root"]);
    // `--no-preserve-root` exists only to delete `/`.
    let root_wipe = args.contains(&"--no-preserve-root");
    for a in args.iter().filter(|a| !a.starts_with('-')) {
        let mut fs = FsOp::new(FsKind::Delete, *a)
            .recursive(recursive)
            .force(force);
        fs.broad = root_wipe || crate::extract::text_build::cut_down_path(a);
        if name == "shred" && computed_device(a) {
            fs.tags.insert(Tag::DiskDevice);
            fs.tags.insert(Tag::BroadTarget);
        }
        if words
            .iter()
            .skip(at + 1)
            .any(|w| w.value == *a && w.dynamic && (a.starts_with('$') || a.starts_with("\"$")))
        {
            // `rm -rf "$DIR"/` with an unset variable deletes `/`.
            if a.trim_start_matches('$')
                .trim_end_matches(['/', '*'])
                .chars()
                .all(|c| c.is_alphanumeric() || c == '_' || c == '{' || c == '}')
                && (a.ends_with('/') || a.ends_with("/*"))
            {
                fs.broad = true;
            }
        }
        e.push(fs.lower());
    }
}

/// `find -delete` deletes; any other `find` is a file search.
pub(super) fn find(c: &Call, e: &mut Emit) {
    let args: &[&str] = &c.args;
    let cx = c.cx;
    let root = args
        .first()
        .filter(|a| !a.starts_with('-'))
        .copied()
        .unwrap_or(".");
    if args.contains(&"-delete")
        || args
            .windows(2)
            .any(|w| w[0] == "-exec" && matches!(basename(w[1]).as_str(), "rm" | "shred"))
    {
        e.push(
            FsOp::new(FsKind::Delete, root)
                .recursive(true)
                .object("find -delete")
                .lower(),
        );
    } else if !cx.feeds_count || args.iter().any(|a| a.starts_with("-exec") || *a == "-ok") {
        // A search whose names are only counted (`find DIR -type f | wc
        // -l`) reads no file and prints no name.
        let mut fs = FsOp::new(FsKind::List, root)
            .object("file search")
            .output(cx.pipe_out.clone());
        fs.pattern = flag_value(args, &["-name", "-iname", "-path"]).map(str::to_string);
        e.push(fs.lower());
    }
}

/// A raw write with `dd of=`.
pub(super) fn dd(c: &Call, e: &mut Emit) {
    let args: &[&str] = &c.args;
    if let Some(of) = args.iter().find_map(|a| a.strip_prefix("of=")) {
        let mut fs = FsOp::new(FsKind::Delete, of).object("raw write with dd");
        if computed_device(of) {
            fs.tags.insert(Tag::DiskDevice);
            fs.tags.insert(Tag::BroadTarget);
        }
        e.push(fs.lower());
    }
}

/// Round 36: `/dev/$(lsblk -no pkname …)`, `/dev/r${DISK}`: a device name
/// computed at run time (the root disk looked up, a variable) is a whole
/// disk to a raw writer (`dd of=`, `shred`): the skill cannot know it is
/// anything smaller. `/dev/{?}` is the same name folded from code
/// (`"/dev/" + lsblk(…)` in Python, `` `/dev/${x}` `` in JS).
pub(crate) fn computed_device(p: &str) -> bool {
    let p = p.trim_matches(['"', '\'']);
    p.strip_prefix("/dev/")
        .map(|r| {
            r.strip_prefix('r')
                .filter(|x| x.starts_with('$'))
                .unwrap_or(r)
        })
        .is_some_and(|r| {
            ["$(", "${", "$_", "{", "`"]
                .iter()
                .any(|x| r.starts_with(x))
        })
}

/// Disk formatting or partitioning.
pub(super) fn format_disk(c: &Call, e: &mut Emit) {
    let args: &[&str] = &c.args;
    let dev = args
        .iter()
        .find(|a| a.starts_with("/dev/"))
        .copied()
        .unwrap_or("");
    e.push(
        Evidence::new(Op::FileDelete, A::Write, R::LocalFs, dev)
            .tag(Tag::DiskDevice)
            .tag(Tag::BroadTarget)
            .object("disk formatting"),
    );
}

/// A permission or owner change (setuid, world-writable, recursive).
pub(super) fn permissions(c: &Call, e: &mut Emit) {
    let name = &c.name;
    let args: &[&str] = &c.args;
    let mode = args
        .iter()
        .find(|a| !a.starts_with('-') || a.starts_with("-x"))
        .copied()
        .unwrap_or("");
    let target = args
        .iter()
        .filter(|a| !a.starts_with('-'))
        .skip(1)
        .copied()
        .collect::<Vec<_>>()
        .join(" ");
    let kind = if name == "chmod" {
        FsKind::Chmod
    } else {
        FsKind::Chown
    };
    let mut fs = FsOp::new(kind, target)
        .recursive(has_flag(args, &["-R"], &["--recursive"]))
        .object(format!("{name} {mode}"));
    if kind == FsKind::Chmod {
        fs.tags = crate::extract::fs_op::mode_tags(mode);
    }
    e.push(fs.lower());
}

/// Round 31: `setcap CAPS FILE`. A capability that lets the program
/// become or act as root (`cap_setuid`, `cap_sys_admin`,
/// `cap_dac_override`, every capability `=ep`) is setuid by another
/// name; `cap_net_bind_service` on a server and a removal (`-r`) grant
/// nothing to read.
pub(super) fn capabilities(c: &Call, e: &mut Emit) {
    let args: &[&str] = &c.args;
    if args.iter().any(|a| *a == "-r") {
        return;
    }
    let ops: Vec<&str> = args
        .iter()
        .filter(|a| !a.starts_with('-'))
        .copied()
        .collect();
    let [caps, files @ ..] = ops.as_slice() else {
        return;
    };
    if !crate::extract::fs_op::root_capability(caps) {
        return;
    }
    let mut fs = FsOp::new(FsKind::Chmod, files.join(" ")).object(format!("setcap {caps}"));
    fs.tags.insert(Tag::Setuid);
    e.push(fs.lower());
}

/// A jq filter with the entry key of `to_entries`/`with_entries` (`.key`,
/// the object's own field names: agent ids, not a key) left out, so that
/// `to_entries[] | "\(.key)|\(.value.workspace)"` reads settings. Any
/// other spelling of a key (`.api_key`, `.key_file`, `.privateKey`) stays.
fn entries_key_dropped(f: &str) -> String {
    if !f.contains("to_entries") && !f.contains("with_entries") {
        return f.to_string();
    }
    let mut out = String::with_capacity(f.len());
    let mut rest = f;
    while let Some(i) = rest.find(".key") {
        let after = &rest[i + 4..];
        let whole = !after.starts_with(|c: char| c.is_ascii_alphanumeric() || c == '_');
        out.push_str(&rest[..i]);
        if !whole {
            out.push_str(".key");
        }
        rest = after;
    }
    out.push_str(rest);
    out
}

/// Tools that read, copy or place files: sensitive reads, control targets written, plain reads into a pipe.
pub(super) fn readers(c: &Call, e: &mut Emit) {
    let name = &c.name;
    let args: &[&str] = &c.args;
    let cx = c.cx;
    let paths: Vec<&str> = args
        .iter()
        .filter(|a| !a.starts_with('-') && !a.contains("://"))
        .copied()
        .collect();
    let mut sensitive = false;
    // `jq FILTER FILE`, `grep PATTERN FILE`: the first operand is not
    // a path (`jq '.Env'` reads no `.env`). `cp SRC… DEST`: the
    // destination is written, not read (`cp .env.example .env`).
    let pattern_first = matches!(
        name.as_str(),
        "jq" | "grep" | "awk" | "gawk" | "mawk" | "sed"
    ) && !args
        .iter()
        .any(|a| matches!(*a, "-e" | "-f") || a.starts_with("--regexp") || a.starts_with("--file"));
    // `grep -q KEY .env`, `grep -c`: presence, not content.
    let presence_only = name == "grep"
        && args.iter().any(|a| {
            matches!(
                *a,
                "--quiet" | "--silent" | "--count" | "--files-with-matches"
            ) || (a.starts_with('-')
                && !a.starts_with("--")
                && a[1..].contains(['q', 'c', 'l', 'L']))
        });
    // `cp cfg cfg.bak`, `mv .env.tmp .env`: a backup or an edit in
    // place, within one folder, is not a read that goes anywhere.
    // Round 24: also `mv ~/.ssh/id_rsa ~/.ssh/id_rsa.pub ~/.ssh/retired/`,
    // every source moved into a folder under its own (`within_own_folder`):
    // the key is retired in place, not taken anywhere.
    // Round 33: `ln -sf ~/.ssh/id_ed25519_2027 ~/.ssh/id_ed25519`, the new
    // key of a rotation linked in its own folder, reads nothing either.
    let in_place = matches!(name.as_str(), "cp" | "mv" | "ln")
        && (paths.len() == 2 && same_folder(paths[0], paths[1])
            || matches!(name.as_str(), "mv" | "ln") && within_own_folder(&paths))
        // A link placed on PATH under a tool's name is a masquerade, in its
        // own folder or not (`ln -sf ~/.local/bin/sheetfx ~/.local/bin/git`).
        && !(name == "ln"
            && paths.len() == 2
            && crate::extract::path_shadow::shadowed(paths[0], paths[1]).is_some());
    if matches!(name.as_str(), "cp" | "mv" | "ln") && paths.len() >= 2 {
        copies(&paths, in_place, e);
        return;
    }
    let read_paths = match name.as_str() {
        _ if presence_only => &paths[..0],
        _ if pattern_first && !paths.is_empty() => &paths[1..],
        _ => &paths[..],
    };
    // `jq '.gateway.port' openclaw.json`, `grep '"bind"' clawdbot.json`:
    // a selector naming no secret reads settings, not credentials.
    let settings_only = pattern_first
        && paths.first().is_some_and(|f| {
            let f = entries_key_dropped(&f.to_ascii_lowercase());
            f != "."
                && ![
                    "token",
                    "key",
                    "secret",
                    "passw",
                    "auth",
                    "credential",
                    "cookie",
                    "session",
                    "bearer",
                ]
                .iter()
                .any(|w| f.contains(w))
        });
    // `tar czf out.tgz -C "$HOME" .aws`: the members are read into the
    // archive file (shared `archive.rs`).
    if let Some((archive, members)) = crate::extract::archive::shell_archive(name, args) {
        for m in members {
            let (scope, tags) = crate::extract::archive::classify_member(&m);
            // The agent's own folders (a backup of `~/.openclaw`) are judged
            // by the agent-config rules on the paths as written.
            if tags.contains(&Tag::AgentConfig) || tags.contains(&Tag::AgentMemory) {
                continue;
            }
            if scope == R::Credentials
                || tags.contains(&Tag::BrowserStore)
                || tags.contains(&Tag::Wallet)
            {
                sensitive = true;
                let mut ev = Evidence::new(Op::FileRead, A::Read, scope, m.as_str())
                    .tags(tags)
                    .object("credentials packed into an archive");
                ev.output = if archive == "-" {
                    cx.pipe_out.clone()
                } else {
                    Some(crate::extract::file_bind(&archive))
                };
                e.push(ev);
            }
        }
        if sensitive {
            return;
        }
    }
    for p in read_paths {
        let (scope, tags) = classify_path(p);
        if settings_only && tags.contains(&Tag::AgentConfig) {
            continue;
        }
        if scope == R::Credentials
            || tags.contains(&Tag::BrowserStore)
            || tags.contains(&Tag::Wallet)
        {
            sensitive = true;
            e.push(
                FsOp::new(FsKind::Read, *p)
                    .object("sensitive file read")
                    .output(cx.pipe_out.clone())
                    .lower(),
            );
        }
    }
    if !sensitive && cx.pipe_out.is_some() && matches!(name.as_str(), "cat" | "tar" | "zip") {
        if let Some(p) = paths.first() {
            let mut ev = FsOp::new(FsKind::Read, *p)
                .output(cx.pipe_out.clone())
                .lower();
            // `… | base64 > ctx.b64` … `-d "$(cat ctx.b64)"`: what the
            // script wrote into the file earlier is what `cat` hands on
            // (round 35; `tail`/`head` below since round 16).
            if name == "cat" && !p.is_empty() {
                ev.inputs.push(crate::extract::file_bind(p));
            }
            e.push(ev);
        }
    }
    // `printf … "$clip" >> log` … `tail -n 20 log | curl --data-binary @-`:
    // what the script wrote into a file earlier (`$file_<path>`) is what
    // the file's tail or head hands on (round 16: taint through a file the
    // same script writes and then reads).
    if !sensitive && cx.pipe_out.is_some() && matches!(name.as_str(), "tail" | "head") {
        // `tail -n 20 log`: the count is no path.
        let counts = |p: &str| p.chars().all(|c| c.is_ascii_digit() || c == '+');
        for p in read_paths.iter().filter(|p| !p.is_empty() && !counts(p)) {
            let mut ev = FsOp::new(FsKind::Read, *p)
                .output(cx.pipe_out.clone())
                .lower();
            ev.inputs.push(crate::extract::file_bind(p));
            e.push(ev);
        }
    }
}

/// `cp SRC… DEST`, `mv`, `ln`: one `FsOp` copy per source (`lower_copy`
/// keeps a secret's read and write and a control target's write). A backup
/// or an edit in place reads nothing that goes anywhere.
/// `mv SRC… DEST` where DEST lies inside the folder of every SRC (a
/// subfolder of `~/.ssh` for keys in `~/.ssh`), with no `..` and no part
/// unknown before the last folder of SRC: a rename inside the folder.
fn within_own_folder(paths: &[&str]) -> bool {
    let Some((dest, sources)) = paths.split_last() else {
        return false;
    };
    let norm = |p: &str| crate::extract::indicators::normalize_path(p);
    let dest = norm(dest);
    !sources.is_empty()
        && !dest.split('/').any(|p| p == "..")
        && sources.iter().all(|s| {
            let s = norm(s);
            s.rsplit_once('/').is_some_and(|(dir, _)| {
                !dir.is_empty()
                    && !dir.contains('$')
                    && !s.split('/').any(|p| p == "..")
                    && dest
                        .strip_prefix(dir)
                        .is_some_and(|r| r.starts_with('/') && r.len() > 1)
            })
        })
}

fn copies(paths: &[&str], in_place: bool, e: &mut Emit) {
    let (dest, sources) = paths.split_last().unwrap_or((&"", &[]));
    let sources: &[&str] = if in_place { &[""] } else { sources };
    let mut written = BTreeSet::new();
    for src in sources {
        for ev in FsOp::copy(*src, *dest).lower_copy() {
            if ev.op == Op::FileWrite && !written.insert(ev.inputs.clone()) {
                continue;
            }
            e.push(ev);
        }
    }
}

/// `tee` writes its input to files.
pub(super) fn tee(c: &Call, e: &mut Emit) {
    let args: &[&str] = &c.args;
    let cx = c.cx;
    for p in args.iter().filter(|a| !a.starts_with('-')) {
        e.push(
            FsOp::new(FsKind::Write, *p)
                .inputs(cx.pipe_in.iter().cloned().collect())
                .lower(),
        );
    }
}

/// `install [-m MODE] [-o OWNER] SRC… DEST` (also `-t DIR SRC…` and
/// `-d DIR…`): a copy like `cp`, after which MODE is set on what it placed,
/// so `install -m 4755 /bin/bash X` is a setuid copy of a shell and
/// `install TMP /etc/sudoers.d/F` places a sudoers rule.
pub(super) fn install(c: &Call, e: &mut Emit) {
    let mut mode = None;
    let mut target_dir = None;
    let mut dirs = false;
    let mut ops: Vec<&str> = Vec::new();
    let mut it = c.args.iter().copied();
    while let Some(a) = it.next() {
        match a {
            "-m" | "--mode" => mode = it.next(),
            "-t" | "--target-directory" => target_dir = it.next(),
            "-o" | "--owner" | "-g" | "--group" | "-S" | "--suffix" | "--strip-program" => {
                it.next();
            }
            "-d" | "--directory" => dirs = true,
            _ if a.starts_with("--mode=") => mode = a.split_once('=').map(|(_, m)| m),
            _ if a.starts_with("--target-directory=") => {
                target_dir = a.split_once('=').map(|(_, d)| d)
            }
            _ if a.starts_with('-') && a.len() > 1 => {}
            _ => ops.push(a),
        }
    }
    let placed: Vec<&str> = match target_dir {
        _ if dirs => ops.clone(),
        Some(d) => vec![d],
        None => ops.last().copied().into_iter().collect(),
    };
    if !dirs && !ops.is_empty() {
        // The copy itself, read as `cp` reads it (sensitive sources, a
        // control target placed).
        let mut args = ops.clone();
        if let Some(d) = target_dir {
            args.push(d);
        }
        let cp = Call {
            words: c.words,
            argv: c.argv,
            name: "cp".into(),
            at: c.at,
            args,
            reads: c.reads.clone(),
            joined: c.joined.clone(),
            url: c.url.clone(),
            cx: c.cx,
        };
        readers(&cp, e);
    }
    let Some(mode) = mode else { return };
    let tags = crate::extract::fs_op::mode_tags(mode);
    if tags.is_empty() {
        return;
    }
    for p in placed {
        let mut fs = FsOp::new(FsKind::Chmod, p).object(format!("install -m {mode}"));
        fs.tags = tags.clone();
        e.push(fs.lower());
    }
}

/// Git subcommands that print the contents of the files their pathspecs
/// name (round 23): `diff`, `show`, `grep`, `archive`, `cat-file`, `blame`,
/// and `log`/`whatchanged` with a patch (`-p`).
pub(super) fn git_prints_files(args: &[&str]) -> bool {
    let Some(sub) = args.iter().find(|a| !a.starts_with('-')) else {
        return false;
    };
    match *sub {
        "diff" | "show" | "grep" | "archive" | "cat-file" | "blame" | "format-patch" => true,
        "log" | "whatchanged" => args.iter().any(|a| {
            matches!(*a, "-p" | "-u" | "--patch" | "--full-diff") || a.starts_with("--patch")
        }),
        _ => false,
    }
}

/// The path a git pathspec names, its magic taken off (`:(glob)**/.env*`
/// → `**/.env*`, `:/src/x` → `src/x`, `HEAD:.env` → `.env`); `None` for an
/// exclusion (`:!x`, `:^x`, `:(exclude)x`).
fn pathspec(a: &str) -> Option<&str> {
    let a = a.trim_matches(['"', '\'']);
    if let Some(rest) = a.strip_prefix(":(") {
        let (magic, path) = rest.split_once(')')?;
        return (!magic.contains("exclude")).then_some(path);
    }
    if a.starts_with(":!") || a.starts_with(":^") {
        return None;
    }
    if let Some(path) = a.strip_prefix(":/") {
        return Some(path);
    }
    // `REV:path` (`git show HEAD:.env`, `git cat-file -p main:config/master.key`).
    match a.split_once(':') {
        Some((rev, path)) if !rev.is_empty() && !path.is_empty() && !a.contains("://") => {
            Some(path)
        }
        _ => Some(a),
    }
}

/// `git diff REV -- ':(glob)**/.env*' '*.pem'`, `git show HEAD:.env`,
/// `git log -p -- config/master.key`: what git prints is the content of the
/// files its pathspecs name, so a credential path or glob among them is a
/// credential read whose output is the command's (a pipe or capture into a
/// send is a flow). The line is then read as any git line.
pub(super) fn git_contents(c: &Call, e: &mut Emit) {
    let args: &[&str] = &c.args;
    let sub = super::tools::git_subcommand(args).min(args.len().saturating_sub(1));
    for a in args.iter().skip(sub + 1).filter(|a| !a.starts_with('-')) {
        let Some(p) = pathspec(a) else { continue };
        let (scope, mut tags) = classify_path(p);
        if scope != R::Credentials && !crate::extract::concepts::credential_glob(p) {
            continue;
        }
        tags.insert(Tag::SecretPath);
        let mut ev = Evidence::new(Op::FileRead, A::Read, R::Credentials, p)
            .tags(tags)
            .object(format!("credential file printed by git {}", args[sub]));
        ev.output = c.cx.pipe_out.clone();
        e.push(ev);
    }
    super::tools::git(args, &mut |ev| e.push(ev));
}
