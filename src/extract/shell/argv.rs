use super::*;

/// Pipeline and binding context for [`analyze_argv`].
#[derive(Default, Clone)]
pub struct ArgvCx {
    pub fed_by_fetch: bool,
    pub pipe_in: Option<String>,
    pub pipe_out: Option<String>,
    pub feeds_interpreter: bool,
    pub fed_by_decoder: Option<String>,
}

impl From<Flags> for ArgvCx {
    fn from(f: Flags) -> Self {
        ArgvCx {
            fed_by_fetch: f.fed_by_fetch,
            pipe_in: f.pipe_in,
            pipe_out: f.pipe_out.or(f.bind),
            feeds_interpreter: f.feeds_interpreter,
            fed_by_decoder: f.fed_by_decoder,
        }
    }
}

/// Strips `sudo`, `env`, `nohup`, `time`, `command`, `exec`, `xargs` and
/// friends; returns the real program's basename and the argv index it sits at.
pub fn unwrap_wrappers(argv: &[String]) -> (String, usize) {
    let mut i = 0;
    while i < argv.len() {
        let b = basename(&argv[i]);
        match b.as_str() {
            "sudo" | "doas" | "nohup" | "time" | "command" | "exec" | "setsid" | "nice"
            | "ionice" | "stdbuf" | "caffeinate" | "disown" | "su" | "pkexec" => {
                i += 1;
                while i < argv.len() && argv[i].starts_with('-') {
                    // `sudo -u user`: skip the option's value too.
                    let takes = matches!(argv[i].as_str(), "-u" | "-g" | "-n" | "-c" | "-C");
                    i += 1;
                    if takes && b != "su" {
                        i += 1;
                    }
                }
            }
            "env" => {
                let at = i;
                i += 1;
                while i < argv.len() && (argv[i].contains('=') || argv[i].starts_with('-')) {
                    i += 1;
                }
                if i >= argv.len() {
                    return ("env".into(), at);
                }
            }
            "timeout" => {
                i += 1;
                while i < argv.len()
                    && (argv[i].starts_with('-')
                        || argv[i].chars().next().is_some_and(|c| c.is_ascii_digit()))
                {
                    i += 1;
                }
            }
            "xargs" => {
                i += 1;
                while i < argv.len() && argv[i].starts_with('-') {
                    // `xargs -I {} cmd {}`: skip the option's value too.
                    let takes = matches!(
                        argv[i].as_str(),
                        "-I" | "-d" | "-E" | "-L" | "-n" | "-P" | "-s" | "-a"
                    );
                    i += 1;
                    if takes {
                        i += 1;
                    }
                }
            }
            _ => return (b, i),
        }
    }
    (String::new(), argv.len())
}

/// The first operand of an HTTP client that is not an option's value:
/// `curl -H "Authorization: Bearer $T" -u me:pw "$@"` names no host.
pub(super) fn http_operand<'x>(name: &str, args: &[&'x str]) -> Option<&'x str> {
    // `-O` is wget's output file but curl's "save under the remote name".
    let takes_o = name == "wget";
    const TAKES_VALUE: &[&str] = &[
        "-H",
        "-u",
        "-d",
        "-X",
        "-A",
        "-e",
        "-b",
        "-c",
        "-F",
        "-o",
        "-T",
        "-w",
        "-m",
        "-x",
        "-E",
        "-K",
        "-r",
        "-U",
        "-Y",
        "-y",
        "-z",
        "--header",
        "--user",
        "--data",
        "--data-raw",
        "--data-binary",
        "--data-urlencode",
        "--json",
        "--request",
        "--output",
        "--cookie",
        "--cookie-jar",
        "--form",
        "--user-agent",
        "--referer",
        "--max-time",
        "--connect-timeout",
        "--retry",
        "--proxy",
        "--cert",
        "--config",
        "--range",
        "--write-out",
        "--output-document",
        "--post-data",
        "--post-file",
        "--body-data",
        "--method",
        "--header-file",
    ];
    let mut skip = false;
    for a in args {
        if skip {
            skip = false;
            continue;
        }
        if a.starts_with('-') {
            // `-sH "…"`: bundled short flags; the last one takes the value.
            let last = (a.len() > 2 && !a.starts_with("--"))
                .then(|| format!("-{}", &a[a.len() - 1..]))
                .filter(|_| a[1..].bytes().all(|b| b.is_ascii_alphabetic()));
            let takes = |f: &str| TAKES_VALUE.contains(&f) || takes_o && f == "-O";
            skip = takes(a) || last.is_some_and(|l| takes(&l));
            continue;
        }
        return Some(a);
    }
    None
}

/// A command line that starts a coding-agent CLI with its approval flag
/// (`claude -p --dangerously-skip-permissions …`, `codex --yolo …`), not one
/// that edits an agent's settings.
pub(super) fn sub_agent_launch(line: &str) -> bool {
    const AGENTS: &[&str] = &[
        "claude",
        "claude-code",
        "codex",
        "gemini",
        "opencode",
        "aider",
        "amp",
        "cursor-agent",
    ];
    let flag = [
        "--dangerously-skip-permissions",
        "--yolo",
        "--dangerously-bypass-approvals",
    ];
    let settings = [
        "bypasspermissions",
        "tools.exec",
        "installpolicy",
        "config set",
        "settings.json",
    ];
    if settings.iter().any(|s| line.contains(s)) {
        return false;
    }
    let words: Vec<&str> = line
        .split(|c: char| c.is_whitespace() || matches!(c, '"' | '\'' | ';' | '&' | '|' | '(' | ':'))
        .collect();
    words.iter().enumerate().any(|(i, w)| {
        AGENTS.contains(&w.rsplit('/').next().unwrap_or(w))
            && words[i + 1..].iter().any(|a| flag.contains(a))
    })
}

/// Whether two paths name files in one folder (`cfg` and `cfg.bak`).
pub(super) fn same_folder(a: &str, b: &str) -> bool {
    let dir = |p: &str| {
        let p = normalize_path(p);
        p.rsplit_once('/')
            .map(|(d, _)| d.to_string())
            .unwrap_or_default()
    };
    dir(a) == dir(b)
}

/// Whether a command fed by a pipe runs the piped bytes as its program:
/// `| bash`, `| sh -s -- --yes`, `| python3 -`. A program of its own
/// (`python3 -c …`, `-m json.tool`, `node script.js`) or a tool that is not
/// an interpreter (`rg`, `cast`) reads the pipe as data.
pub(super) fn code_from_pipe(name: &str, args: &[&str]) -> bool {
    INTERPRETERS.contains(&name) && stdin_is_program(args)
}

/// An interpreter's arguments leave its program to stdin. `bash -s --
/// --yes stable` and `python3 - arg`: `-s` and `-` read the program from
/// stdin and pass the rest as its arguments.
pub(super) fn stdin_is_program(args: &[&str]) -> bool {
    args.iter().any(|a| matches!(*a, "-s" | "-"))
        || !args.iter().any(|a| {
            matches!(*a, "-c" | "-e" | "-m" | "--eval" | "-p" | "--print")
                || !a.starts_with('-') && !a.is_empty()
        })
}

pub fn basename(s: &str) -> String {
    s.rsplit('/').next().unwrap_or(s).to_string()
}

/// The code argument of an interpreter run (`bash -c`, `python -c`,
/// `node -e`, `perl -e`, `pwsh -Command`, `eval`), from the shared table in
/// [`super::interp`]. `eval a b` runs its words joined by spaces.
pub(super) fn code_argument(argv: &[String], words: &[Word]) -> Option<(interp::Code, Word)> {
    let (_, at) = unwrap_wrappers(argv);
    let rest = words.get(at..)?;
    let (code, i) = interp::code_arg(&rest.iter().map(|w| w.value.as_str()).collect::<Vec<_>>())?;
    if rest[0].value != "eval" || rest.len() == i + 1 {
        return Some((code, rest[i].clone()));
    }
    let parts = &rest[i..];
    let mut w = parts[0].clone();
    for p in &parts[1..] {
        w.value.push(' ');
        w.value.push_str(&p.value);
        w.dynamic |= p.dynamic;
        w.reads.extend(p.reads.iter().cloned());
        w.end = p.end;
    }
    Some((code, w))
}

pub(super) fn has_flag(args: &[&str], short: &[&str], long: &[&str]) -> bool {
    args.iter().any(|a| {
        long.iter()
            .any(|l| a == l || a.starts_with(&format!("{l}=")))
            || short.iter().any(|s| {
                *a == *s
                    || (s.len() == 2
                        && a.starts_with('-')
                        && !a.starts_with("--")
                        && a.len() > 2
                        && a[1..].contains(&s[1..]))
            })
    })
}

pub(super) fn flag_value<'x>(args: &[&'x str], names: &[&str]) -> Option<&'x str> {
    for (i, a) in args.iter().enumerate() {
        for n in names {
            // `-sSLo out`: short flags bundled before the one with a value.
            let bundled = n.len() == 2
                && !n.starts_with("--")
                && a.len() > 2
                && a.starts_with('-')
                && !a.starts_with("--")
                && a.ends_with(&n[1..])
                && a[1..].bytes().all(|b| b.is_ascii_alphabetic());
            if a == n || bundled {
                return args.get(i + 1).copied();
            }
            if let Some(v) = a.strip_prefix(&format!("{n}=")) {
                return Some(v);
            }
        }
    }
    None
}

/// Classifies one command line (argv already resolved). Pushes evidence
/// (without locations; the caller positions them).
/// The script path of a command that runs a local script, and the index of
/// its first argument: `python3 -u scripts/a.py X`, `bash ./run.sh X`,
/// `node lib/x.js X`, `uv run scripts/a.py X`, `./scripts/a.sh X`.
pub fn local_script(argv: &[&str]) -> Option<(String, usize)> {
    const EXT: &[&str] = &[".py", ".sh", ".bash", ".js", ".mjs", ".cjs", ".ts"];
    let is_script =
        |a: &str| !a.contains("://") && !a.starts_with('-') && EXT.iter().any(|e| a.ends_with(e));
    let first = *argv.first()?;
    let clean = |p: &str| p.trim_start_matches("./").to_string();
    if is_script(first) && (first.contains('/') || first.starts_with('.')) {
        return Some((clean(first), 1));
    }
    let name = basename(first);
    // Interpreters that take a script path (perl, ruby, php… included), and
    // TypeScript runners and `uv run`.
    let runner = INTERPRETERS.contains(&name.as_str())
        || matches!(name.as_str(), "tsx" | "ts-node" | "uv")
        || name.starts_with("python3.");
    if !runner {
        return None;
    }
    for (i, a) in argv.iter().enumerate().skip(1) {
        if matches!(*a, "run" | "-u" | "-B" | "-E" | "-x" | "-e" | "--") || a.starts_with('-') {
            if matches!(*a, "-c" | "-m") {
                return None;
            }
            continue;
        }
        return is_script(a).then(|| (clean(a), i + 1));
    }
    None
}

pub fn analyze_argv(words: &[Word], cx: &ArgvCx, out: &mut Vec<Evidence>) {
    let argv: Vec<String> = words.iter().map(|w| w.value.clone()).collect();
    let (name, at) = unwrap_wrappers(&argv);
    if name.is_empty() {
        return;
    }
    let first = basename(argv.first().map(String::as_str).unwrap_or(""));
    let privileged = matches!(first.as_str(), "sudo" | "doas" | "su" | "pkexec")
        || argv[..at]
            .iter()
            .any(|a| matches!(basename(a).as_str(), "sudo" | "doas" | "pkexec"));
    let detached = argv[..at]
        .iter()
        .any(|a| matches!(basename(a).as_str(), "nohup" | "setsid" | "disown"));
    let args: Vec<&str> = argv[at + 1..].iter().map(String::as_str).collect();
    let reads: Vec<String> = words.iter().flat_map(|w| w.reads.iter().cloned()).collect();
    let joined = argv.join(" ");
    if privileged {
        let mut ev = Evidence::new(Op::Privileged, A::UpdateState, R::Process, joined.clone())
            .object("command run as root");
        ev.instrument = first.clone();
        out.push(ev);
    }
    let mut push = |mut ev: Evidence| {
        ev.instrument = if ev.instrument.is_empty() {
            name.clone()
        } else {
            ev.instrument
        };
        if privileged {
            ev.tags.insert(Tag::ShellTarget);
        }
        if detached {
            ev.tags.insert(Tag::Detached);
        }
        out.push(ev);
    };
    let urls: Vec<String> = args
        .iter()
        .filter_map(|a| URL_RE.find(a).map(|m| m.as_str().to_string()))
        .collect();
    let url = urls.first().cloned().unwrap_or_default();
    let url_tags = |u: &str| classify_url(u);
    // A renamed miner still takes miner flags: `thumbd --url pool.x:443
    // --user w --threads 8 --cpu-max-threads-hint 100`.
    let miner_flags = args.iter().any(|a| {
        a.starts_with("--donate-level")
            || a.starts_with("--cpu-max-threads-hint")
            || a.starts_with("--randomx")
            || a.contains("stratum+tcp://")
            || a.contains("stratum+ssl://")
    }) || (has_flag(&args, &["-o"], &["--url"])
        && args.iter().any(|a| {
            let a = a.to_ascii_lowercase();
            a.contains("pool") && !a.contains("://")
        })
        && has_flag(&args, &["-t"], &["--threads"]));
    if miner_flags
        && !matches!(
            name.as_str(),
            "xmrig"
                | "minerd"
                | "cpuminer"
                | "ethminer"
                | "t-rex"
                | "nbminer"
                | "lolminer"
                | "xmr-stak"
        )
    {
        push(
            Evidence::new(Op::Mining, A::CallTool, R::Process, joined.clone())
                .object("program run with cryptocurrency-miner options"),
        );
    }
    crate::extract::commands::analyze(&name, &args, &joined, cx.pipe_out.clone(), &mut push);
    match name.as_str() {
        "curl" | "wget" | "http" | "https" | "xh" | "aria2c" | "fetch" => {
            let sends = has_flag(
                &args,
                &["-d", "-F", "-T"],
                &[
                    "--data",
                    "--data-binary",
                    "--data-raw",
                    "--data-urlencode",
                    "--form",
                    "--upload-file",
                    "--post-data",
                    "--post-file",
                    "--body-data",
                    "--json",
                ],
            ) || flag_value(&args, &["-X", "--request", "--method"])
                .is_some_and(|m| matches!(m.to_uppercase().as_str(), "POST" | "PUT" | "PATCH"))
                || (name == "http" || name == "xh")
                    && args.iter().any(|a| a.contains('=') && !a.contains("://"));
            let target = if url.is_empty() {
                http_operand(&name, &args).unwrap_or_default().to_string()
            } else {
                url.clone()
            };
            let mut inputs: Vec<String> = reads.clone();
            inputs.extend(cx.pipe_in.clone());
            // `-d @file` / `-F f=@file` / `-T file` read local files.
            for a in &args {
                if let Some(p) = a
                    .split_once('@')
                    .map(|(_, p)| p)
                    .filter(|p| !p.is_empty() && *p != "-" && !a.contains("://"))
                {
                    let (scope, tags) = classify_path(p);
                    let mut r = Evidence::new(Op::FileRead, A::Read, scope, p)
                        .tags(tags)
                        .object("file uploaded by the client");
                    r.inputs.push(crate::extract::file_bind(p));
                    r.output = Some(format!("$upload_{p}"));
                    inputs.push(format!("$upload_{p}"));
                    push(r);
                }
            }
            if let Some(p) = flag_value(&args, &["-T", "--upload-file"]) {
                let (scope, tags) = classify_path(p);
                let mut r = Evidence::new(Op::FileRead, A::Read, scope, p)
                    .tags(tags)
                    .object("file uploaded by the client");
                r.inputs.push(crate::extract::file_bind(p));
                r.output = Some(format!("$upload_{p}"));
                inputs.push(format!("$upload_{p}"));
                push(r);
            }
            if sends || (cx.pipe_in.is_some() && args.iter().any(|a| a.contains("@-"))) {
                let mut ev = Evidence::new(Op::NetSend, A::Transfer, R::Network, target.clone())
                    .tags(url_tags(&target))
                    .object("data sent over HTTP");
                ev.inputs = inputs;
                push(ev);
            } else {
                let mut ev = Evidence::new(Op::NetFetch, A::Request, R::Network, target.clone())
                    .tags(url_tags(&target))
                    .object("HTTP request");
                ev.inputs = reads.clone();
                ev.output = cx.pipe_out.clone();
                if let Some(o) = flag_value(&args, &["-o", "--output", "-O", "--output-document"]) {
                    ev.output = Some(crate::extract::file_bind(o));
                    ev.object = format!("download to {o}");
                }
                if cx.feeds_interpreter {
                    let mut x =
                        Evidence::new(Op::DownloadExec, A::CallTool, R::Process, target.clone())
                            .tags(url_tags(&target))
                            .object("downloaded code executed");
                    x.inputs = ev.output.iter().cloned().collect();
                    push(x);
                }
                push(ev);
            }
        }
        "nc" | "ncat" | "netcat" | "socat" | "telnet" | "openssl"
            if name != "openssl" || args.first() == Some(&"s_client") =>
        {
            let target = args
                .iter()
                .filter(|a| !a.starts_with('-'))
                .cloned()
                .collect::<Vec<_>>()
                .join(" ");
            let shell = has_flag(&args, &["-e", "-c"], &["--exec", "--sh-exec"])
                || joined.contains("EXEC:")
                || joined.contains("exec:")
                || cx.feeds_interpreter;
            if shell {
                push(
                    Evidence::new(Op::ReverseShell, A::CallTool, R::Network, target)
                        .object("shell bound to a network socket"),
                );
            } else {
                let mut ev = Evidence::new(Op::SocketConnect, A::Transfer, R::Network, target)
                    .object("raw socket");
                ev.inputs.extend(cx.pipe_in.clone());
                push(ev);
            }
        }
        "dig" | "nslookup" | "host" | "drill" | "resolvectl" => {
            let target = args
                .iter()
                .find(|a| !a.starts_with('-') && !a.starts_with('+') && !a.starts_with('@'))
                .map(|s| s.to_string())
                .unwrap_or_default();
            // Data smuggled in a label (`"$c.x.example"`), not a plain `"$host"`.
            let dynamic = words.iter().skip(at + 1).any(|w| {
                w.dynamic
                    && w.value.contains('$')
                    && w.value.contains('.')
                    && !w.value.starts_with("$(")
                    && w.value.trim_start_matches('$').contains('.')
            }) || cx.pipe_in.is_some()
                || words
                    .iter()
                    .skip(at + 1)
                    .any(|w| w.value.contains("$(") && w.value.contains('.'));
            let mut ev = Evidence::new(
                Op::DnsQuery,
                if dynamic { A::Transfer } else { A::Request },
                R::Network,
                target,
            )
            .object(if dynamic {
                "DNS lookup of a computed name"
            } else {
                "DNS lookup"
            });
            ev.inputs = reads.clone();
            if dynamic {
                ev.tags.insert(Tag::Encoded);
            }
            push(ev);
        }
        "scp" | "rsync" | "sftp" | "ftp" | "rclone" => {
            let remote = args
                .iter()
                .rev()
                .find(|a| a.contains(':') && !a.starts_with('-'))
                .map(|s| s.to_string());
            if let Some(r) = remote {
                for a in args
                    .iter()
                    .filter(|a| !a.starts_with('-') && !a.contains(':'))
                {
                    let (scope, tags) = classify_path(a);
                    if scope == R::Credentials {
                        let mut ev = Evidence::new(Op::FileRead, A::Read, scope, *a)
                            .tags(tags)
                            .object("file copied off the host");
                        ev.output = Some(format!("$upload_{a}"));
                        push(ev);
                    }
                }
                let mut ev = Evidence::new(Op::NetSend, A::Transfer, R::Network, r)
                    .object("files copied to a remote host");
                ev.inputs = args
                    .iter()
                    .filter(|a| !a.starts_with('-') && !a.contains(':'))
                    .map(|a| format!("$upload_{a}"))
                    .collect();
                push(ev);
            }
        }
        "mail" | "sendmail" | "mutt" | "mailx" | "swaks" => {
            let mut ev = Evidence::new(
                Op::NetSend,
                A::Transfer,
                R::Network,
                args.iter()
                    .find(|a| a.contains('@'))
                    .map(|s| s.to_string())
                    .unwrap_or_default(),
            )
            .object("mail sent");
            ev.inputs.extend(cx.pipe_in.clone());
            ev.inputs.extend(reads.clone());
            push(ev);
        }
        "git" => git(&args, &mut push),
        "rm" | "shred" | "unlink" | "rmdir" | "srm" | "wipe" => {
            let recursive = has_flag(&args, &["-r", "-R"], &["--recursive"])
                || name == "shred"
                || name == "rmdir";
            let force = has_flag(&args, &["-f"], &["--force", "--no-preserve-root"]);
            for a in args.iter().filter(|a| !a.starts_with('-')) {
                let (scope, mut tags) = classify_path(a);
                if recursive {
                    tags.insert(Tag::Recursive);
                }
                if force {
                    tags.insert(Tag::ForceFlag);
                }
                if words.iter().skip(at + 1).any(|w| {
                    w.value == *a && w.dynamic && (a.starts_with('$') || a.starts_with("\"$"))
                }) {
                    // `rm -rf "$DIR"/` with an unset variable deletes `/`.
                    if a.trim_start_matches('$')
                        .trim_end_matches(['/', '*'])
                        .chars()
                        .all(|c| c.is_alphanumeric() || c == '_' || c == '{' || c == '}')
                        && (a.ends_with('/') || a.ends_with("/*"))
                    {
                        tags.insert(Tag::BroadTarget);
                    }
                }
                push(
                    Evidence::new(Op::FileDelete, A::Write, scope, *a)
                        .tags(tags)
                        .object("file deletion"),
                );
            }
        }
        "find" => {
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
                let (scope, mut tags) = classify_path(root);
                tags.insert(Tag::Recursive);
                push(
                    Evidence::new(Op::FileDelete, A::Write, scope, root)
                        .tags(tags)
                        .object("find -delete"),
                );
            } else {
                let (scope, mut tags) = classify_path(root);
                if tags.contains(&Tag::BroadTarget) || root == "~" || root == "/" {
                    tags.insert(Tag::WideScan);
                }
                let pat = flag_value(&args, &["-name", "-iname", "-path"]).unwrap_or("");
                let (pscope, ptags) = classify_path(pat.trim_matches('*'));
                let mut ev = Evidence::new(
                    Op::FileRead,
                    A::Read,
                    if pscope == R::Credentials {
                        pscope
                    } else {
                        scope
                    },
                    format!("{root} {pat}").trim().to_string(),
                )
                .tags(tags)
                .tags(ptags)
                .object("file search");
                ev.output = cx.pipe_out.clone();
                push(ev);
            }
        }
        "dd" => {
            if let Some(of) = args.iter().find_map(|a| a.strip_prefix("of=")) {
                let (scope, tags) = classify_path(of);
                push(
                    Evidence::new(Op::FileDelete, A::Write, scope, of)
                        .tags(tags)
                        .object("raw write with dd"),
                );
            }
        }
        n if n.starts_with("mkfs")
            || n == "wipefs"
            || n == "fdisk"
            || n == "sfdisk"
            || n == "parted" =>
        {
            let dev = args
                .iter()
                .find(|a| a.starts_with("/dev/"))
                .copied()
                .unwrap_or("");
            push(
                Evidence::new(Op::FileDelete, A::Write, R::LocalFs, dev)
                    .tag(Tag::DiskDevice)
                    .tag(Tag::BroadTarget)
                    .object("disk formatting"),
            );
        }
        "chmod" | "chown" | "chgrp" | "chattr" | "setfacl" => {
            let mode = args
                .iter()
                .find(|a| !a.starts_with('-') || a.starts_with("-x"))
                .copied()
                .unwrap_or("");
            let mut tags = std::collections::BTreeSet::new();
            if name == "chmod" {
                let digits = mode.trim_start_matches('0');
                if mode.contains('s')
                    && (mode.contains("u+") || mode.contains("g+") || mode.contains("+s"))
                    || digits.len() == 4 && matches!(digits.as_bytes()[0], b'2' | b'4' | b'6')
                {
                    tags.insert(Tag::Setuid);
                }
                if mode.ends_with('7') && mode.len() >= 3
                    || mode.contains("o+w")
                    || mode.contains("a+w")
                {
                    tags.insert(Tag::WorldWritable);
                }
            }
            if has_flag(&args, &["-R"], &["--recursive"]) {
                tags.insert(Tag::Recursive);
            }
            let target = args
                .iter()
                .filter(|a| !a.starts_with('-'))
                .skip(1)
                .copied()
                .collect::<Vec<_>>()
                .join(" ");
            let (scope, ptags) = classify_path(&target);
            push(
                Evidence::new(Op::PermChange, A::UpdateState, scope, target)
                    .tags(tags)
                    .tags(ptags)
                    .object(format!("{name} {mode}")),
            );
        }
        "crontab" | "at" | "batch" | "schtasks" => {
            let listing = args.contains(&"-l")
                && cx.pipe_out.is_some()
                && !cx.feeds_interpreter
                && args.len() == 1;
            if !listing || name != "crontab" {
                let mut ev =
                    Evidence::new(Op::Persistence, A::UpdateState, R::Process, joined.clone())
                        .tag(Tag::Cron)
                        .object("scheduled job");
                ev.inputs.extend(cx.pipe_in.clone());
                if args.contains(&"-l") && args.len() == 1 {
                    return;
                }
                push(ev);
            }
        }
        "launchctl" => {
            if args
                .iter()
                .any(|a| matches!(*a, "load" | "bootstrap" | "enable" | "submit"))
            {
                push(
                    Evidence::new(Op::Persistence, A::UpdateState, R::Process, joined.clone())
                        .tag(Tag::LaunchAgent)
                        .object("launchd job"),
                );
            }
        }
        "systemctl" => {
            if args.iter().any(|a| *a == "enable" || *a == "link") {
                push(
                    Evidence::new(Op::Persistence, A::UpdateState, R::Process, joined.clone())
                        .tag(Tag::Systemd)
                        .object("systemd unit enabled"),
                );
            } else if args
                .iter()
                .any(|a| matches!(*a, "stop" | "disable" | "mask"))
                && args.iter().any(|a| {
                    a.contains("firewall")
                        || a.contains("auditd")
                        || a.contains("apparmor")
                        || a.contains("selinux")
                        || a.contains("ufw")
                })
            {
                push(
                    Evidence::new(
                        Op::SecurityDisable,
                        A::UpdateState,
                        R::Process,
                        joined.clone(),
                    )
                    .object("security service stopped"),
                );
            }
        }
        "eval" | "source" | "." if !cx.fed_by_fetch => {
            let mut ev = Evidence::new(Op::DynamicCode, A::CallTool, R::Process, args.join(" "))
                .object(format!("{name} of computed code"));
            ev.inputs = reads.clone();
            ev.inputs.extend(cx.pipe_in.clone());
            let dynamic = words.iter().skip(at + 1).any(|w| w.dynamic);
            if name != "eval"
                && !dynamic
                && args
                    .first()
                    .is_some_and(|a| !a.contains("://") && !a.starts_with("/dev/"))
            {
                // `source ./lib.sh`: a plain include, not dynamic code.
                return;
            }
            if cx.fed_by_decoder.is_some() {
                ev.tags.insert(Tag::Encoded);
            }
            push(ev);
        }
        n if INTERPRETERS.contains(&n) && !cx.fed_by_fetch => {
            let inline = has_flag(
                &args,
                &["-c", "-e"],
                &["--eval", "-Command", "-EncodedCommand"],
            ) || args.iter().any(|a| {
                a.eq_ignore_ascii_case("-enc") || a.eq_ignore_ascii_case("-encodedcommand")
            });
            let stdin_code = cx.pipe_in.is_some()
                && (args.is_empty() || args.iter().all(|a| a.starts_with('-')));
            if stdin_code || inline {
                let mut ev =
                    Evidence::new(Op::DynamicCode, A::CallTool, R::Process, args.join(" ")).object(
                        if stdin_code {
                            "code read from a pipe"
                        } else {
                            "inline code"
                        },
                    );
                ev.inputs.extend(cx.pipe_in.clone());
                ev.inputs.extend(reads.clone());
                if cx.fed_by_decoder.is_some() {
                    ev.tags.insert(Tag::Encoded);
                }
                if stdin_code || words.iter().skip(at + 1).any(|w| w.dynamic) {
                    push(ev);
                }
            } else if let Some(script) = args.iter().find(|a| !a.starts_with('-')) {
                let mut ev = Evidence::new(
                    Op::Exec,
                    A::CallTool,
                    R::Process,
                    format!("{name} {script}"),
                )
                .object("script run");
                // The script file is the program (a file downloaded with
                // `curl -o` connects here); piped bytes are its data.
                ev.inputs = reads.clone();
                ev.inputs.push(crate::extract::file_bind(script));
                if args.iter().take_while(|a| *a != script).any(|a| *a == "-") {
                    // `python3 - "$key" <<'PY'`: the program is the heredoc.
                    ev.inputs.retain(|b| b.starts_with("$file_"));
                }
                push(ev);
            }
        }
        "base64" | "xxd" | "uudecode" | "gunzip" | "zcat" | "rev" | "base32" => {
            let decode = has_flag(&args, &["-d", "-D", "-r"], &["--decode", "--reverse"])
                || matches!(name.as_str(), "uudecode" | "gunzip" | "zcat" | "rev");
            if decode {
                let mut ev = Evidence::new(Op::Decode, A::Infer, R::Memory, name.clone())
                    .object("decoding")
                    .tag(Tag::Encoded);
                ev.inputs.extend(cx.pipe_in.clone());
                ev.output = cx.pipe_out.clone();
                push(ev);
            } else if let Some(f) = args.iter().find(|a| !a.starts_with('-')) {
                let (scope, tags) = classify_path(f);
                let mut ev = Evidence::new(Op::FileRead, A::Read, scope, *f)
                    .tags(tags)
                    .object("file encoded");
                ev.output = cx.pipe_out.clone();
                push(ev);
            }
        }
        "env" | "printenv" | "export" | "set" | "declare"
            if args.is_empty() || args == ["-p"] || args == ["-x"] =>
        {
            let mut ev = Evidence::new(Op::EnvDump, A::Read, R::Credentials, "environment")
                .object("whole environment read");
            ev.output = cx.pipe_out.clone();
            push(ev);
        }
        "printenv" => {
            let v = args.first().copied().unwrap_or("");
            let mut ev = Evidence::new(
                Op::EnvRead,
                A::Read,
                if is_secret_env(v) {
                    R::Credentials
                } else {
                    R::Memory
                },
                v,
            )
            .object("environment variable");
            ev.output = cx.pipe_out.clone();
            push(ev);
        }
        "security" => {
            if args.first().is_some_and(|a| {
                a.starts_with("find-") && a.ends_with("password")
                    || *a == "dump-keychain"
                    || *a == "export"
            }) {
                let mut ev =
                    Evidence::new(Op::KeychainRead, A::Read, R::Credentials, args.join(" "))
                        .object("macOS keychain read");
                // One item by its service name, not a browser's storage key.
                let lower = joined.to_lowercase();
                if args[0].starts_with("find-")
                    && has_flag(&args, &["-s", "-l"], &[])
                    && ![
                        "chrome",
                        "chromium",
                        "brave",
                        "edge",
                        "safe storage",
                        "opera",
                        "vivaldi",
                    ]
                    .iter()
                    .any(|b| lower.contains(b))
                {
                    ev.tags.insert(Tag::NamedItem);
                }
                ev.output = cx.pipe_out.clone();
                push(ev);
            }
        }
        "aws" | "gsutil" | "gcloud" | "az"
            if (joined.contains(" rm ")
                || joined.contains(" rb ")
                || joined.contains(" delete"))
                && (joined.contains("--recursive")
                    || joined.contains("--force")
                    || joined.contains("-r ")
                    || joined.contains("--quiet")) =>
        {
            push(
                Evidence::new(Op::FileDelete, A::Write, R::Other, joined.clone())
                    .tag(Tag::Recursive)
                    .tag(Tag::BroadTarget)
                    .object("cloud storage deleted"),
            );
        }
        "gh" | "glab" | "doctl" | "heroku" | "vercel" | "netlify" | "kubectl" | "npm"
            if (args.first() == Some(&"auth")
                && args.iter().any(|a| *a == "token" || *a == "--show-token"))
                || (name == "kubectl" && args.contains(&"--raw") && args.contains(&"view"))
                || (name == "npm" && args.first() == Some(&"token")) =>
        {
            let mut ev = Evidence::new(Op::KeychainRead, A::Read, R::Credentials, joined.clone())
                .object("CLI credential printed");
            ev.output = cx.pipe_out.clone();
            push(ev);
        }
        "secret-tool" | "kwallet-query" | "gpg" | "pass" | "op" | "bw" | "vault" | "aws"
        | "gcloud" | "az" => {
            let getsecret = match name.as_str() {
                "secret-tool" => args.first() == Some(&"lookup"),
                "pass" => !args.is_empty() && args.first() != Some(&"insert"),
                "op" | "bw" => args
                    .iter()
                    .any(|a| matches!(*a, "read" | "get" | "export" | "item")),
                "vault" => args.iter().any(|a| *a == "read" || *a == "kv"),
                "aws" => {
                    args.windows(2)
                        .any(|w| w[0] == "configure" && w[1] == "export-credentials")
                        || args
                            .iter()
                            .any(|a| *a == "get-secret-value" || *a == "get-session-token")
                }
                "gcloud" => args.iter().any(|a| *a == "print-access-token"),
                "az" => args.iter().any(|a| *a == "get-access-token"),
                "gpg" => has_flag(&args, &["-d"], &["--decrypt", "--export-secret-keys"]),
                _ => false,
            };
            if getsecret {
                let mut ev =
                    Evidence::new(Op::KeychainRead, A::Read, R::Credentials, args.join(" "))
                        .object("secret read from a credential store");
                // One named secret (`pass show abuseipdb/api-key`, `op read
                // op://Stripe/key`, `bw get password GitHub`, an access
                // token of the signed-in CLI), not an export or a listing.
                let bulk = args.iter().any(|a| {
                    matches!(
                        *a,
                        "export" | "list" | "--export-secret-keys" | "export-credentials"
                    )
                });
                if !bulk {
                    ev.tags.insert(Tag::NamedItem);
                }
                ev.output = cx.pipe_out.clone();
                push(ev);
            } else if name != "gpg" && name != "pass" && name != "secret-tool" {
                push(
                    Evidence::new(Op::Exec, A::CallTool, R::Process, joined.clone())
                        .object(format!("{name} CLI")),
                );
            }
        }
        "pbpaste" | "xclip" | "xsel" | "wl-paste" => {
            // xclip spells its options with one dash (`-selection`,
            // `-target`): only `-o`/`-out` reads; xsel also takes `--output`.
            let reads = args
                .iter()
                .any(|a| matches!(*a, "-o" | "-out" | "-output" | "--output"))
                || name == "xsel" && has_flag(&args, &["-o"], &["--output"]);
            if name == "pbpaste" || name == "wl-paste" || reads {
                let mut ev = Evidence::new(Op::ClipboardRead, A::Read, R::UserData, "clipboard")
                    .object("clipboard read");
                ev.output = cx.pipe_out.clone();
                push(ev);
            }
        }
        "osascript" => {
            if joined.contains("hidden answer") || joined.contains("password") {
                push(
                    Evidence::new(Op::KeychainRead, A::Read, R::Credentials, "password dialog")
                        .object("fake password prompt"),
                );
            }
        }
        "whoami" | "hostname" | "uname" | "id" | "ifconfig" | "ipconfig" | "systeminfo"
        | "sw_vers" | "system_profiler" => {
            let mut ev = Evidence::new(Op::SysInfo, A::Read, R::Other, name.clone())
                .object("system information");
            ev.output = cx.pipe_out.clone();
            push(ev);
        }
        "sleep" => {
            let secs: f64 = args
                .first()
                .and_then(|a| a.trim_end_matches(['s', 'm', 'h']).parse().ok())
                .unwrap_or(0.0);
            if secs >= 60.0
                || args
                    .first()
                    .is_some_and(|a| a.ends_with('m') || a.ends_with('h'))
            {
                push(
                    Evidence::new(Op::Sleep, A::UpdateState, R::Process, args.join(" "))
                        .object("long sleep")
                        .tag(Tag::DateGate),
                );
            }
        }
        "history" | "unset" if joined.contains("HISTFILE") || args.contains(&"-c") => {
            push(
                Evidence::new(Op::AntiForensics, A::Write, R::LocalFs, joined.clone())
                    .tag(Tag::HistoryFile)
                    .object("shell history erased"),
            );
        }
        "spctl" | "csrutil" | "setenforce" | "ufw" | "xattr" | "auditctl" | "Set-MpPreference" => {
            let off = joined.contains("--master-disable")
                || joined.contains("disable")
                || joined.contains("setenforce 0")
                || (name == "xattr"
                    && joined.contains("quarantine")
                    && has_flag(&args, &["-d", "-c"], &[]));
            if off {
                let mut ev = Evidence::new(
                    Op::SecurityDisable,
                    A::UpdateState,
                    R::Process,
                    joined.clone(),
                )
                .object("OS protection disabled");
                // Quarantine lifted from one binary a package manager just
                // installed (`xattr -d com.apple.quarantine "$(brew
                // --prefix)/bin/x"`): the vendor's documented step.
                if name == "xattr"
                    && !has_flag(&args, &["-r", "-dr", "-rd", "-cr", "-rc"], &[])
                    && ["brew --prefix", "/opt/homebrew/", "/usr/local/Cellar/"]
                        .iter()
                        .any(|p| joined.contains(p))
                {
                    ev.tags.insert(Tag::KnownInstaller);
                }
                push(ev);
            }
        }
        "xmrig" | "minerd" | "cpuminer" | "ethminer" | "t-rex" | "nbminer" | "lolminer"
        | "xmr-stak" => {
            push(
                Evidence::new(Op::Mining, A::CallTool, R::Process, joined.clone())
                    .object("cryptocurrency miner"),
            );
        }
        "pip" | "pip3" | "npm" | "pnpm" | "yarn" | "brew" | "apt" | "apt-get" | "gem" | "cargo"
        | "go" | "uv" | "npx" | "pipx" | "bunx" | "openclaw" | "clawhub" | "claude" | "codex" => {
            managers(&name, &args, &joined, &mut push);
        }
        "tar" | "zip" | "7z" | "cp" | "cat" | "less" | "more" | "strings" | "sqlite3" | "open"
        | "head" | "tail" | "grep" | "jq" | "mv" | "ln" => {
            let paths: Vec<&str> = args
                .iter()
                .filter(|a| !a.starts_with('-') && !a.contains("://"))
                .copied()
                .collect();
            let mut sensitive = false;
            // `jq FILTER FILE`, `grep PATTERN FILE`: the first operand is not
            // a path (`jq '.Env'` reads no `.env`). `cp SRC… DEST`: the
            // destination is written, not read (`cp .env.example .env`).
            let pattern_first = matches!(name.as_str(), "jq" | "grep")
                && !args.iter().any(|a| {
                    matches!(*a, "-e" | "-f")
                        || a.starts_with("--regexp")
                        || a.starts_with("--file")
                });
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
            let in_place = matches!(name.as_str(), "cp" | "mv")
                && paths.len() == 2
                && same_folder(paths[0], paths[1]);
            let read_paths = match name.as_str() {
                _ if presence_only || in_place => &paths[..0],
                "cp" | "mv" | "ln" if paths.len() >= 2 => &paths[..paths.len() - 1],
                _ if pattern_first && !paths.is_empty() => &paths[1..],
                _ => &paths[..],
            };
            // `jq '.gateway.port' openclaw.json`, `grep '"bind"' clawdbot.json`:
            // a selector naming no secret reads settings, not credentials.
            let settings_only = pattern_first
                && paths.first().is_some_and(|f| {
                    let f = f.to_ascii_lowercase();
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
                    let mut ev = Evidence::new(Op::FileRead, A::Read, scope, *p)
                        .tags(tags)
                        .object("sensitive file read");
                    // `cp ~/.ssh/id_rsa /tmp/k`: the copy carries the content.
                    ev.output = if matches!(name.as_str(), "cp" | "mv" | "ln") && paths.len() == 2 {
                        Some(crate::extract::file_bind(paths[1]))
                    } else {
                        cx.pipe_out.clone()
                    };
                    push(ev);
                }
            }
            if (name == "cp" || name == "mv" || name == "ln") && paths.len() >= 2 {
                let dest = paths[paths.len() - 1];
                let (scope, tags) = classify_path(dest);
                if crate::extract::indicators::is_control_target(&tags)
                    || dest.starts_with("/usr/")
                    || dest.starts_with("/etc/")
                {
                    push(
                        Evidence::new(Op::FileWrite, A::Write, scope, dest)
                            .tags(tags)
                            .object("file placed"),
                    );
                }
            } else if !sensitive
                && cx.pipe_out.is_some()
                && matches!(name.as_str(), "cat" | "tar" | "zip")
            {
                if let Some(p) = paths.first() {
                    let (scope, tags) = classify_path(p);
                    let mut ev = Evidence::new(Op::FileRead, A::Read, scope, *p)
                        .tags(tags)
                        .object("file read");
                    ev.output = cx.pipe_out.clone();
                    push(ev);
                }
            }
        }
        "tee" => {
            for p in args.iter().filter(|a| !a.starts_with('-')) {
                let (scope, tags) = classify_path(p);
                let mut ev = Evidence::new(Op::FileWrite, A::Write, scope, *p)
                    .tags(tags)
                    .object("file write");
                ev.inputs.extend(cx.pipe_in.clone());
                push(ev);
            }
        }
        "kill" | "killall" | "pkill" => {
            if joined.contains("-9 -1")
                || args
                    .iter()
                    .any(|a| matches!(*a, "openclaw" | "claude" | "Dock" | "Finder" | "sshd"))
            {
                push(
                    Evidence::new(Op::Exec, A::UpdateState, R::Process, joined.clone())
                        .object("processes killed")
                        .tag(Tag::BroadTarget),
                );
            }
        }
        "ssh" => {
            let mut ev = Evidence::new(
                Op::SocketConnect,
                A::CallTool,
                R::Network,
                args.iter()
                    .find(|a| !a.starts_with('-'))
                    .copied()
                    .unwrap_or(""),
            )
            .object("remote shell");
            if has_flag(&args, &["-R"], &[]) {
                ev.tags.insert(Tag::TunnelHost);
            }
            ev.inputs.extend(cx.pipe_in.clone());
            push(ev);
        }
        "ngrok" | "cloudflared" | "lt" | "bore" => {
            push(
                Evidence::new(Op::SocketConnect, A::CallTool, R::Network, joined.clone())
                    .tag(Tag::TunnelHost)
                    .object("tunnel exposing this host"),
            );
        }
        "kubectl" | "oc" | "helm"
            if args
                .first()
                .is_some_and(|a| matches!(*a, "delete" | "uninstall")) =>
        {
            let broad = args.iter().any(|a| {
                matches!(
                    *a,
                    "--all"
                        | "-A"
                        | "--all-namespaces"
                        | "namespace"
                        | "ns"
                        | "pvc"
                        | "pv"
                        | "persistentvolumeclaim"
                        | "statefulset"
                        | "volumesnapshot"
                        | "volumesnapshots"
                )
            });
            let mut ev = Evidence::new(Op::FileDelete, A::Write, R::Other, joined.clone())
                .object("cluster resources deleted");
            if broad {
                ev.tags.insert(Tag::BroadTarget);
            }
            push(ev);
        }
        "terraform" | "tofu" | "pulumi" if args.contains(&"destroy") => {
            let mut ev = Evidence::new(Op::FileDelete, A::Write, R::Other, joined.clone())
                .object("infrastructure destroyed");
            if args
                .iter()
                .any(|a| a.contains("auto-approve") || *a == "--yes" || *a == "-y")
            {
                ev.tags.insert(Tag::BroadTarget);
            }
            push(ev);
        }
        "vssadmin" | "wbadmin" | "tmutil" | "bcdedit"
            if joined.contains("delete")
                || joined.contains("recoveryenabled")
                || joined.contains("disable") =>
        {
            push(
                Evidence::new(Op::FileDelete, A::Write, R::LocalFs, joined.clone())
                    .tag(Tag::BroadTarget)
                    .object("backups or snapshots deleted"),
            );
        }
        "psql" | "mysql" | "mongo" | "mongosh" | "redis-cli" | "dropdb"
            if name == "dropdb" || sql_destroys(&joined) =>
        {
            push(
                Evidence::new(Op::FileDelete, A::Write, R::UserData, joined.clone())
                    .tag(Tag::BroadTarget)
                    .object("database dropped or wiped"),
            );
        }
        "docker" | "podman"
            if args.contains(&"prune")
                && args
                    .iter()
                    .any(|a| *a == "-a" || *a == "--all" || *a == "--volumes") =>
        {
            push(
                Evidence::new(Op::FileDelete, A::Write, R::LocalFs, joined.clone())
                    .tag(Tag::Recursive)
                    .object("containers, images or volumes pruned"),
            );
        }
        "echo" | "printf" => {
            if !reads.is_empty() && cx.pipe_out.is_some() {
                // Printed into a pipe or a substitution: the value moves on.
                let mut ev = Evidence::new(Op::Output, A::Notify, R::Memory, "stdout")
                    .object("value printed");
                ev.inputs = reads.clone();
                ev.output = cx.pipe_out.clone();
                out.push(ev);
            }
        }
        n if QUIET.contains(&n) => {}
        _ => {
            let mut ev = Evidence::new(Op::Exec, A::CallTool, R::Process, joined.clone())
                .object(format!("{name} run"));
            ev.inputs = reads.clone();
            ev.inputs.extend(cx.pipe_in.clone());
            ev.output = cx.pipe_out.clone();
            let program = &argv[at];
            let dynamic_program = words.get(at).is_some_and(|w| w.dynamic);
            if program.contains('/') {
                // `curl -o /tmp/p …; /tmp/p`: the downloaded file runs.
                ev.inputs.push(crate::extract::file_bind(program));
            } else if !dynamic_program && !code_from_pipe(&name, &args) {
                ev.tags.insert(Tag::FixedProgram);
            }
            if joined.contains("stratum+tcp")
                || joined.contains("stratum+ssl")
                || joined.contains("--donate-level")
                || joined.contains("cryptonight")
                || joined.contains("randomx")
            {
                ev.op = Op::Mining;
                ev.object = "cryptocurrency miner".into();
            }
            if name.starts_with("./")
                || name.starts_with("/tmp/")
                || name.starts_with("/dev/shm/")
                || argv[at].starts_with("/tmp/")
                || argv[at].starts_with("./.")
                || argv[at].starts_with("/dev/shm")
            {
                ev.tags.insert(Tag::ShellTarget);
            }
            push(ev);
        }
    }
    // Approval and sandbox switches anywhere on the line.
    let l = joined.to_lowercase();
    if l.contains("--dangerously-skip-permissions")
        || l.contains("bypasspermissions")
        || l.contains("tools.exec.security full")
        || l.contains("tools.exec.ask off")
        || l.contains("installpolicy.enabled false")
        || l.contains("--yolo")
        || l.contains("--dangerously-bypass-approvals")
    {
        let mut ev = Evidence::new(
            Op::SecurityDisable,
            A::UpdateState,
            R::Other,
            joined.clone(),
        )
        .tag(Tag::ApprovalBypass)
        .object("agent approvals disabled");
        if sub_agent_launch(&l) {
            // `codex --yolo "build X"` in a tmux pane: a coding agent the
            // skill starts runs unsupervised; the host agent's own
            // settings are untouched.
            ev.tags.insert(Tag::SubAgent);
            ev.object = "sub-agent started without approvals".into();
        }
        out.push(ev);
    }
    if l.contains("stratum+tcp") || l.contains("stratum+ssl") {
        if !out.iter().any(|e| e.op == Op::Mining) {
            out.push(
                Evidence::new(Op::Mining, A::CallTool, R::Process, joined).object("mining pool"),
            );
        }
    }
}

/// SQL that drops or empties whole databases, schemas or tables.
pub fn sql_destroys(text: &str) -> bool {
    static RE: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
        crate::rx::re(
            r"(?i)\b(drop\s+(database|schema|table|owned)|truncate\s+(table\s+)?\w|delete\s+from\s+\w+\s*(;|$)|flushall|dropdatabase\(\))",
        )
    });
    RE.is_match(text)
}
