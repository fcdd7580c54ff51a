//! Round 29 (impact29): compute burnt by workers the skill keeps alive, as a
//! model rather than a spelling, in every language at token level (Python,
//! JavaScript/TypeScript, shell, PowerShell, Go, Ruby, PHP, Perl, Rust …).
//!
//! A *perpetual pool* is three things in one file:
//!
//! * **workers started** ([`SPAWN`]): a worker thread, a process, a fork, a
//!   thread, a goroutine, a job (`new Worker(`, `cluster.fork(`,
//!   `multiprocessing.Process(`, `threading.Thread(`, `go func`,
//!   `Start-Job`, `thread::spawn`, `Thread.new`, `pcntl_fork`);
//! * **busy work that never ends** ([`endless_busy`]): an endless loop
//!   (`for (;;)`, `while (true)`, `while True:`, `for {`, `loop {`, `while
//!   :; do`, `while ($true)`) whose body never pauses, waits for input or
//!   leaves ([`WAITS`]: a sleep, an `await`, a read, a queue `get`, a
//!   `break`/`return`);
//! * at least two **signs the work is meant to outlive and outnumber the
//!   task** ([`CORES`]: sized to the core count; [`RESPAWN`]: started again
//!   when it exits; [`DETACH`]: unref'd, detached, `nohup`/`setsid`, a
//!   hidden window, so the user's Ctrl-C or the task's end does not stop it).
//!
//! The evidence is [`Tag::Runaway`] (SK-RES-006 high), with
//! [`Tag::WholeMachine`] when the pool is sized to the cores (critical).
//! Quiet: a pool per core that does a bounded job (a build, a compression
//! of each file once), a server cluster restarting a crashed worker (its
//! workers listen, no busy loop), a worker loop that waits for jobs
//! (`await queue.take()`), a benchmark with a fixed count.

use super::burn::CORES;
use super::{Sink, Src};
use crate::evidence::{Evidence, Op, Tag};
use crate::ssl::vocab::{ActType as A, ResourceScope as R};

/// Starting a worker, in every language's spelling.
pub(super) static SPAWN: crate::rx::Lazy = crate::rx::Lazy::new(
    r"\bnew\s+Worker\s*\(|\bcluster\.fork\s*\(|\bchild_process\b|\b(?:fork|spawn)\s*\(|\bProcess\s*\(|\bThread\s*\(|\bThreadPoolExecutor\b|\bProcessPoolExecutor\b|\bgo\s+(?:func\b|[A-Za-z_]\w*\s*\()|\bStart-(?:Thread)?Job\b|\bthread::spawn\b|\bspawn_blocking\b|\bThread\.new\b|\bpcntl_fork\s*\(|\bthreads->create\b|\bStart-Process\b|\bsetsid\b|\bnohup\b",
);

/// An endless loop's head: no condition that can turn false.
pub(super) static ENDLESS_HEAD: crate::rx::Lazy = crate::rx::Lazy::new(
    r"\bfor\s*\(\s*;\s*;\s*\)\s*\{?|\bwhile\s*\(\s*(?:true|1|\$true|!0)\s*\)\s*\{?|\bwhile\s+(?:True|1)\s*:|(?m)^\s*for\s*\{|(?m)^\s*loop\s*\{|\bwhile\s+(?::|true|\[\s*1\s*\])\s*;\s*do\b|\buntil\s+false\s*;\s*do\b|\bloop\s+do\b|\bwhile\s+true\s+do\b",
);

/// What makes a loop wait, hand over or leave: a pause, a blocking read, an
/// `await`, a queue or channel receive, a `break`/`return`/`exit`.
pub(super) static WAITS: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?i)\bsleep|\bsetTimeout\b|\bsetInterval\b|\bawait\b|\bwait\w*\s*\(|\bWait-|\bStart-Sleep\b|\btime\.After\b|<-|\bselect\s*\{|\brecv\w*\s*\(|\baccept\s*\(|\bread\w*\s*\(|\bread\s+-|\breadline|\bgetline|\binput\s*\(|\.get\s*\(\s*\)|\.take\s*\(|\bpoll\s*\(|\blisten\s*\(|\bbreak\b|\breturn\b|\bexit\b|\bthrow\b|\braise\b|\bAtomics\.wait|\bjoin\s*\(\s*\)|\bdone\s*\(|\bcontinue\s+outer\b",
);

/// Started again when it ends: an exit or error handler that starts a
/// worker inline (`cluster.on('exit', () => cluster.fork())`), `Restart=
/// always`, `--restart always`, a `respawn(` call. A named handler
/// (`w.on("exit", start)`) is [`EXIT_HANDLER`], checked by
/// [`named_respawn`]; a supervising loop by [`py_supervisor`].
static RESPAWN: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"\.on\s*\(\s*["'](?:exit|error|close|disconnect)["']\s*,\s*(?:(?:\([^)]*\)|[A-Za-z_$][\w$]*)\s*=>|function\b)[^\n]{0,120}?(?:\bfork\s*\(|\bnew\s+Worker\b|\bspawn\s*\()|(?i:\bRestart\s*=\s*always\b)|--restart[= ](?:always|unless-stopped)\b|\brespawn\w*\s*\("#,
);

/// An exit or error handler given by name: group 1.
static EXIT_HANDLER: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"\.on\s*\(\s*["'](?:exit|error|close|disconnect)["']\s*,\s*([A-Za-z_$][\w$]*)\s*\)"#,
);

/// Whether a named exit handler is a function that starts a worker (its
/// definition, `const start = () => { … new Worker(…) … }` or `function
/// start() { … }`, read to 400 bytes).
fn named_respawn(text: &str) -> bool {
    for (n, c) in EXIT_HANDLER.captures_iter(text).enumerate() {
        if n >= crate::limits::FANOUT_MAX_LOOPS {
            crate::limits::gave_up("FANOUT_MAX_LOOPS");
            break;
        }
        let Some(name) = c.get(1).map(|m| m.as_str()) else {
            continue;
        };
        let spawns = [
            format!("function {name}"),
            format!("{name} = "),
            format!("def {name}"),
        ]
        .iter()
        .filter_map(|d| text.find(d.as_str()))
        .any(|at| {
            let end = crate::text::clamp_boundary(text, (at + 400).min(text.len()));
            SPAWN.is_match(&text[at..end])
        });
        if spawns {
            return true;
        }
    }
    false
}

/// Outlives the task: unref'd, detached, out of the session, hidden.
static DETACH: crate::rx::Lazy = crate::rx::Lazy::new(
    r"\.unref\s*\(\s*\)|\bdetached\s*:\s*true\b|\bstart_new_session\s*=\s*True\b|\bnohup\b|\bsetsid\b|\bdisown\b|(?i:-WindowStyle\s+Hidden)|\bDETACHED_PROCESS\b|\bos\.setsid\b|\bSetsid\s*:\s*true\b|\bProcess\.detach\b",
);

/// A supervising loop in Python: an endless loop that starts a process or
/// thread and waits for it to end, then starts it again.
static PY_SUPERVISOR: crate::rx::Lazy = crate::rx::Lazy::new(r"\bwhile\s+(?:True|1)\s*:");

/// The first endless loop of `text` whose body never waits or leaves: its
/// head's span.
fn endless_busy(text: &str) -> Option<(usize, usize)> {
    for (n, m) in ENDLESS_HEAD.find_iter(text).enumerate() {
        if n >= crate::limits::FANOUT_MAX_LOOPS {
            crate::limits::gave_up("FANOUT_MAX_LOOPS");
            break;
        }
        let head = m.as_str();
        let body = if head.ends_with("do") {
            shell_body(text, m.end())
        } else {
            whole_body(text, m.start(), m.end())
        };
        if body.trim().is_empty() || body.contains("pass") && body.trim() == "pass" {
            return Some((m.start(), m.end()));
        }
        if !WAITS.is_match(body) {
            return Some((m.start(), m.end()));
        }
    }
    None
}

/// A shell loop's body after `do`: to its `done` (nested loops counted),
/// read whole (linear; at most [`crate::limits::FANOUT_MAX_LOOPS`] loops
/// are read per file).
fn shell_body(text: &str, from: usize) -> &str {
    let rest = &text[from..];
    let mut depth = 1i32;
    let mut at = 0;
    for w in rest.split_inclusive(|c: char| c.is_whitespace() || c == ';') {
        let t = w.trim_end_matches(|c: char| c.is_whitespace() || c == ';');
        if t == "do" {
            depth += 1;
        } else if t == "done" {
            depth -= 1;
            if depth == 0 {
                return &rest[..at];
            }
        }
        at += w.len();
    }
    rest
}

/// The body of a loop whose head is `start..end`: to the matching brace,
/// or the lines indented deeper after a `:` head, read whole (linear, so no
/// cut and nothing left unread).
fn whole_body(text: &str, start: usize, end: usize) -> &str {
    super::fanout::body_until(text, start, end, text.len()).0
}

/// A Python supervisor: `while True:` whose body starts a process or
/// thread and joins it (the body waits, so [`endless_busy`] skips it).
fn py_supervisor(text: &str) -> bool {
    for (n, m) in PY_SUPERVISOR.find_iter(text).enumerate() {
        if n >= crate::limits::FANOUT_MAX_LOOPS {
            crate::limits::gave_up("FANOUT_MAX_LOOPS");
            break;
        }
        let body = whole_body(text, m.start(), m.end());
        if (body.contains("Process(") || body.contains("Thread(") || body.contains("Popen("))
            && (body.contains(".join()") || body.contains(".wait()"))
            && !body.contains("break")
            && !body.contains("return")
        {
            return true;
        }
    }
    false
}

/// Adds a perpetual pool (see the module docs).
pub fn scan(src: &Src, sink: &mut Sink) {
    let text = src.text;
    if !SPAWN.is_match(text) {
        return;
    }
    let cores = CORES.find(text).map(|m| m.as_str().to_string());
    let detach = DETACH.find(text).map(|m| m.as_str().to_string());
    let cheap = usize::from(cores.is_some()) + usize::from(detach.is_some());
    let respawn = RESPAWN.is_match(text) || named_respawn(text) || cheap > 0 && py_supervisor(text);
    if cheap + usize::from(respawn) < 2 {
        return;
    }
    let Some((hs, _)) = endless_busy(text) else {
        return;
    };
    let mut how = Vec::new();
    if let Some(c) = &cores {
        how.push(format!("sized to every core ({c})"));
    }
    if respawn {
        how.push("started again whenever one exits".to_string());
    }
    if let Some(d) = &detach {
        how.push(format!("left running after the task ({d})"));
    }
    let (ls, le) = super::burn::line_span(text, hs);
    let mut ev = Evidence::new(Op::Exec, A::CallTool, R::Process, text[ls..le].trim())
        .tag(Tag::Runaway)
        .instrument("worker pool")
        .object(format!(
            "workers spinning in a loop that never pauses or ends, {}: the user's CPU burns for work nobody asked for",
            how.join(", ")
        ));
    if cores.is_some() {
        ev.tags.insert(Tag::WholeMachine);
    }
    sink.push(src.at(ev, ls, le, "code"));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::evidence::Origin;

    fn fires(path: &str, text: &str) -> bool {
        let mut sink = Sink::default();
        scan(&Src::new(path, text, Origin::Script), &mut sink);
        sink.items.iter().any(|e| e.has(Tag::Runaway))
    }

    #[test]
    fn busy_loops_waits_and_shell_bodies() {
        assert!(endless_busy("for (;;) {\n  crunch(seed);\n  port.postMessage(1);\n}\n").is_some());
        assert!(endless_busy("for (;;) {\n  const j = await q.take();\n}\n").is_none());
        assert!(endless_busy("while True:\n    h = sha256(b).digest()\n").is_some());
        assert!(endless_busy("while True:\n    time.sleep(5)\n").is_none());
        assert!(endless_busy("while :; do openssl speed -multi 1 >/dev/null; done &\n").is_some());
        assert!(endless_busy("while :; do sleep 60; check; done\n").is_none());
    }

    #[test]
    fn a_pool_kept_alive_fires_and_a_bounded_pool_does_not() {
        let js = "const n = os.cpus().length * 2;\nfunction start() { const w = new Worker(__filename); w.unref(); w.on('exit', start); }\nif (isMainThread) { for (let i = 0; i < n; i++) start(); } else { for (;;) { hash(buf); } }\n";
        assert!(fires("a.js", js));
        let bounded = "const n = os.cpus().length;\nfor (let i = 0; i < n; i++) { const w = new Worker('./c.js', { workerData: files[i] }); w.on('exit', done); }\n";
        assert!(!fires("a.js", bounded));
    }
}
