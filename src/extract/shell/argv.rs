use super::call::{Call, Emit, MINERS};
use super::*;
use crate::extract::exec_op::DETACHING_WRAPPERS;
use crate::extract::system_op::{self, SysKind, SystemOp};

/// Pipeline and binding context for [`analyze_argv`].
#[derive(Default, Clone)]
pub struct ArgvCx {
    pub fed_by_fetch: bool,
    pub pipe_in: Option<String>,
    pub pipe_out: Option<String>,
    pub feeds_interpreter: bool,
    /// The next pipeline stage only counts what it is given (`| wc -l`).
    pub feeds_count: bool,
    pub fed_by_decoder: Option<String>,
    pub fed_by_shell: bool,
}

impl From<Flags> for ArgvCx {
    fn from(f: Flags) -> Self {
        ArgvCx {
            fed_by_fetch: f.fed_by_fetch,
            pipe_in: f.pipe_in,
            pipe_out: f.pipe_out.or(f.bind),
            feeds_interpreter: f.feeds_interpreter,
            feeds_count: f.feeds_count,
            fed_by_decoder: f.fed_by_decoder,
            fed_by_shell: f.fed_by_shell,
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
            // `command -v nc` looks a program up; it runs nothing.
            "command" if argv.get(i + 1).is_some_and(|a| a == "-v" || a == "-V") => {
                return ("command".into(), i);
            }
            "sudo" | "doas" | "nohup" | "time" | "command" | "exec" | "setsid" | "nice"
            | "ionice" | "stdbuf" | "caffeinate" | "disown" | "su" | "pkexec" => {
                i += 1;
                while i < argv.len() && argv[i].starts_with('-') {
                    // `sudo -u user`: skip the option's value too.
                    // `exec -a NAME prog`: the name the process shows
                    // (round 29); exec's `-c` clears the environment.
                    let takes = if b == "exec" {
                        argv[i] == "-a"
                    } else {
                        matches!(argv[i].as_str(), "-u" | "-g" | "-n" | "-c" | "-C")
                    };
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
            // Round 30: `python3 -m pip install …` is pip's install.
            p if (p.starts_with("python") || p == "py")
                && argv.get(i + 1).is_some_and(|a| a == "-m")
                && argv
                    .get(i + 2)
                    .is_some_and(|m| matches!(m.as_str(), "pip" | "pip3" | "uv" | "pipx")) =>
            {
                return (argv[i + 2].clone(), i + 2);
            }
            _ => return (b, i),
        }
    }
    (String::new(), argv.len())
}

/// The first operand of an HTTP client that is not an option's value:
/// `curl -H "Authorization: Bearer $T" -u me:pw "$@"` names no host.
pub(super) fn http_operand<'x>(name: &str, args: &[&'x str]) -> Option<&'x str> {
    http_operands(name, args).into_iter().next()
}

/// Every operand of an HTTP client that is not an option's value:
/// `curl URL1 URL2`, `wget -q URL1 URL2`.
pub(super) fn http_operands<'x>(name: &str, args: &[&'x str]) -> Vec<&'x str> {
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
    let mut out = Vec::new();
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
        out.push(*a);
    }
    out
}

/// A command line that starts a coding-agent CLI with its approval flag
/// (`claude -p --dangerously-skip-permissions …`, `codex --yolo …`), not one
/// that edits an agent's settings.
pub(super) fn sub_agent_launch(line: &str) -> bool {
    // `claude --permission-mode bypassPermissions -p …` is the launch flag
    // spelled with a value, not a settings edit.
    let line = &permission_mode_flag(line);
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

/// `--permission-mode bypasspermissions` (or `=`) as the one-word flag.
fn permission_mode_flag(line: &str) -> String {
    line.replace(
        "--permission-mode bypasspermissions",
        "--dangerously-skip-permissions",
    )
    .replace(
        "--permission-mode=bypasspermissions",
        "--dangerously-skip-permissions",
    )
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
    INTERPRETERS.contains(&name) && stdin_is_program(args) || stdin_script(name, args)
}

/// Round 28: programs outside the interpreter row that run a script read
/// from stdin when told to: editors (`nvim --headless -l -`, `vim -S
/// /dev/stdin`, `vim -es` with no file: Ex commands from stdin, `emacs
/// --batch -l /dev/stdin`, `emacs --script -`) and the small language
/// runtimes (`lua -`, `luajit`, `tclsh`, `julia`, `Rscript -`). An editor
/// opening a file, or `lua script.lua`, reads no code from the pipe.
pub const SCRIPT_RUNNERS: &[&str] = &[
    "nvim", "vim", "vi", "gvim", "ex", "mvim", "emacs", "lua", "luajit", "tclsh", "julia",
    "Rscript",
];

/// The script file a [`SCRIPT_RUNNERS`] program runs: an editor's `-l`,
/// `-S`, `-u`, `--script`, `--load` value or the file of a `-c 'luafile
/// F'`/`+'source F'` command (`nvim --headless -l /tmp/x.lua` after `curl
/// -o /tmp/x.lua` is download-and-run); a runtime's first operand.
pub(super) fn script_file(name: &str, args: &[&str]) -> Option<String> {
    let stdin = |a: &str| matches!(a, "-" | "/dev/stdin" | "/proc/self/fd/0" | "/dev/fd/0");
    match name {
        "nvim" | "vim" | "vi" | "gvim" | "ex" | "mvim" | "emacs" => {
            let flags: &[&str] = &["-l", "-S", "-u", "--script", "-script", "--load", "-load"];
            for (i, a) in args.iter().enumerate() {
                let next = args.get(i + 1).copied().unwrap_or("");
                if flags.contains(a)
                    && !next.is_empty()
                    && !stdin(next)
                    && next != "NONE"
                    && next != "NORC"
                {
                    return Some(next.to_string());
                }
                if let Some((f, v)) = a.split_once('=')
                    && flags.contains(&f)
                    && !v.is_empty()
                    && !stdin(v)
                {
                    return Some(v.to_string());
                }
                let cmd = if matches!(*a, "-c" | "--cmd") {
                    next
                } else {
                    a.strip_prefix('+').unwrap_or("")
                };
                let cmd = cmd.trim_start_matches(':');
                for verb in ["luafile ", "source ", "so ", "runtime "] {
                    if let Some(f) = cmd.strip_prefix(verb) {
                        let f = f.split(['|', ' ']).next().unwrap_or("").trim();
                        if !f.is_empty() {
                            return Some(f.to_string());
                        }
                    }
                }
            }
            None
        }
        "lua" | "luajit" | "tclsh" | "julia" => args
            .iter()
            .find(|a| !a.starts_with('-') && !a.is_empty())
            .map(|a| a.to_string()),
        _ => None,
    }
}

pub(super) fn stdin_script(name: &str, args: &[&str]) -> bool {
    let stdin = |a: &str| matches!(a, "-" | "/dev/stdin" | "/proc/self/fd/0" | "/dev/fd/0");
    let after = |flags: &[&str]| {
        args.windows(2)
            .any(|w| flags.contains(&w[0]) && stdin(w[1]))
            || args.iter().any(|a| {
                a.split_once('=')
                    .is_some_and(|(f, v)| flags.contains(&f) && stdin(v))
            })
    };
    let no_file = || !args.iter().any(|a| !a.starts_with('-') && !a.is_empty());
    match name {
        "nvim" | "vim" | "vi" | "gvim" | "ex" | "mvim" => {
            after(&["-l", "-S", "-u", "-s"])
                || args
                    .iter()
                    .any(|a| matches!(*a, "-es" | "-Es" | "-e" | "-E"))
                    && no_file()
        }
        "emacs" => after(&["-l", "--load", "--script", "-script", "-load"]),
        "lua" | "luajit" | "tclsh" | "julia" => stdin_is_program(args),
        "Rscript" => args.iter().any(|a| stdin(a)),
        _ => false,
    }
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
    let values: Vec<&str> = rest.iter().map(|w| w.value.as_str()).collect();
    let (code, i) = interp::code_arg(&values)?;
    if code == interp::Code::Remote || matches!(basename(&rest[0].value).as_str(), "git" | "npm") {
        // Round 26: the command another host or a container runs, as one
        // shell text (`ssh h sudo x` joined, `kubectl exec p -- sh -c …`
        // quoted word by word).
        let mut w = rest[i].clone();
        w.value = interp::code_text(&values, i);
        for p in &rest[i + 1..] {
            w.dynamic |= p.dynamic;
            w.reads.extend(p.reads.iter().cloned());
            w.end = p.end;
        }
        return Some((code, w));
    }
    if !interp::joins_rest(&rest[0].value) || rest.len() == i + 1 {
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

/// Classifies one command line (argv already resolved) by the table in
/// [`super::table`]. Pushes evidence (without locations; the caller
/// positions them).
pub fn analyze_argv(words: &[Word], cx: &ArgvCx, out: &mut Vec<Evidence>) {
    let argv: Vec<String> = words.iter().map(|w| w.value.clone()).collect();
    let (name, at) = unwrap_wrappers(&argv);
    if name.is_empty() {
        return;
    }
    let first = basename(argv.first().map(String::as_str).unwrap_or(""));
    let root_row = system_op::spelling("shell", &first, &[], "");
    let privileged = root_row.is_some_and(|s| s.kind == SysKind::RunAsRoot)
        || argv[..at]
            .iter()
            .any(|a| system_op::wraps_as_root(&basename(a)));
    let detached = argv[..at]
        .iter()
        .any(|a| DETACHING_WRAPPERS.contains(&basename(a).as_str()));
    let args: Vec<&str> = argv[at + 1..].iter().map(String::as_str).collect();
    let reads: Vec<String> = words.iter().flat_map(|w| w.reads.iter().cloned()).collect();
    let joined = argv.join(" ");
    if privileged {
        out.push(
            SystemOp::new(SysKind::RunAsRoot, joined.clone())
                .instrument(first.clone())
                .lower(),
        );
    }
    let mut e = Emit::new(out, name.clone(), privileged, detached);
    let url = args
        .iter()
        .find_map(|a| URL_RE.find(a).map(|m| m.as_str().to_string()))
        .unwrap_or_default();
    if miner_options(&args) && !MINERS.contains(&name.as_str()) {
        e.push(
            Evidence::new(Op::Mining, A::CallTool, R::Process, joined.clone())
                .object("program run with cryptocurrency-miner options"),
        );
    }
    crate::extract::commands::analyze(&name, &args, &joined, cx.pipe_out.clone(), &mut |ev| {
        e.push(ev)
    });
    let call = Call {
        words,
        argv: &argv,
        name,
        at,
        args,
        reads,
        joined,
        url,
        cx,
    };
    table::classify(&call, &mut e);
    if !e.finished() {
        line_switches(call.joined, out);
    }
}

/// A renamed miner still takes miner flags: `thumbd --url pool.x:443
/// --user w --threads 8 --cpu-max-threads-hint 100`.
fn miner_options(args: &[&str]) -> bool {
    args.iter().any(|a| {
        a.starts_with("--donate-level")
            || a.starts_with("--cpu-max-threads-hint")
            || a.starts_with("--randomx")
            || a.contains("stratum+tcp://")
            || a.contains("stratum+ssl://")
    }) || (has_flag(args, &["-o"], &["--url"])
        && args.iter().any(|a| {
            let a = a.to_ascii_lowercase();
            a.contains("pool") && !a.contains("://")
        })
        && has_flag(args, &["-t"], &["--threads"]))
}

/// Approval and sandbox switches, and mining pools, anywhere on the line.
fn line_switches(joined: String, out: &mut Vec<Evidence>) {
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

/// A migration that drops tables and creates the same tables again (`DROP
/// TABLE IF EXISTS session; … CREATE TABLE session (…)`): the schema is
/// reset, no database or schema is dropped. Every drop names its table and
/// some dropped table is created again by name (a shortened example may
/// elide the rest: `-- ... other tables`): a drop built at run time
/// (`EXECUTE format('DROP TABLE %I.%I', …)` over `pg_tables`) names none,
/// and creating only some other table (a ransom note) resets nothing.
pub fn recreates_tables(sql: &str) -> bool {
    static WHOLE: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
        crate::rx::re(
            r"(?i)\b(drop\s+(database|schema|owned)|truncate|delete\s+from|flushall|dropdatabase)\b",
        )
    });
    static DROP: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
        crate::rx::re(r"(?i)\bdrop\s+table\s+(?:if\s+exists\s+)?([\w.\x22`]+)?")
    });
    static CREATE: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
        crate::rx::re(r"(?i)\bcreate\s+table\s+(?:if\s+not\s+exists\s+)?([\w.\x22`]+)")
    });
    let norm = |m: regex::Match| -> String {
        let t = m.as_str().trim_matches(['"', '`']).to_ascii_lowercase();
        t.rsplit('.')
            .next()
            .unwrap_or("")
            .trim_matches(['"', '`'])
            .to_string()
    };
    let created: std::collections::HashSet<String> = CREATE
        .captures_iter(sql)
        .filter_map(|c| c.get(1).map(norm))
        .collect();
    if created.is_empty() || WHOLE.is_match(sql) {
        return false;
    }
    let dropped: Vec<Option<String>> = DROP
        .captures_iter(sql)
        .map(|c| c.get(1).map(norm).filter(|n| !n.is_empty()))
        .collect();
    dropped.iter().all(Option::is_some)
        && dropped.iter().flatten().any(|name| created.contains(name))
}

/// SQL that wipes data: it drops or empties databases, schemas or tables
/// and is not a schema reset ([`recreates_tables`]).
pub fn sql_wipes(sql: &str) -> bool {
    sql_destroys(sql) && !recreates_tables(sql)
}
