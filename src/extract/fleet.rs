//! Round 33 (abuse33): someone else's work on the user's machine, read as
//! one model at token level in every language (Python, JavaScript/
//! TypeScript, shell — also inside `sh -c '…'` strings —, Go, Ruby, Perl,
//! PHP, PowerShell, Lua), beside `burn.rs`' `process_hog` (which needs all
//! four of its signals). A loop that never ends ([`endless_loops`]: the
//! loop heads of `perpetual`, `exhaust` and `remote_jobs`, and a loop on a
//! flag nothing ever raises, [`super::flag_loop::flag_loops`]) is
//!
//! * **a detached fleet** when a detach ([`super::miner::DETACH`]:
//!   `nohup`, `setsid`, a double fork, `disown`, `detached: true`, `start
//!   /b`, a hidden window, a daemon) sits on its line, within
//!   [`NEAR_LINES`] above it or [`BELOW_LINES`] below it and the workers are sized by the machine
//!   ([`super::burn::CORES`]: `nproc`, `os.cpu_count()`, `runtime.NumCPU()`,
//!   `navigator.hardwareConcurrency`) within the same lines, or the file
//!   re-spawns them on a schedule ([`RESPAWN`]: cron, systemd timers,
//!   launchd intervals, scheduled tasks, `@reboot`) and the loop never
//!   pauses;
//! * **remote-driven compute** when its body takes work from a peer
//!   ([`super::miner::RECEIVE`]) and sends a result back
//!   ([`super::miner::SEND_BACK`]), the file names a fixed remote peer (a
//!   URL or a public `host`/`port` pair) and computes on the GPU or hashes
//!   ([`COMPUTE`]): the user's card or cores do a coordinator's work, with
//!   no hash-target words a miner has.
//!
//! Both are `Tag::Runaway` (SK-RES-006 high); a fleet sized by the machine
//! and re-spawned, or remote compute that is detached or sized by the
//! machine, is whole-machine (critical). Quiet: a foreground tool on every
//! core (no detach), a detached health check that sleeps each round, a
//! GPU benchmark with no coordinator, a training worker whose peer is
//! private or given by the user.

use super::{Sink, Src};
use crate::evidence::{Evidence, Op, Tag};
use crate::ssl::vocab::{ActType as A, ResourceScope as R};

/// Lines above a loop's head read for its detach and its size.
const NEAR_LINES: usize = 12;

/// Started again on a schedule or at boot: cron lines (`*/5 * * * *`,
/// `@reboot`), systemd timers and restarts, launchd intervals, Windows
/// scheduled tasks, pm2's start-up hook.
static RESPAWN: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"(?i)@reboot\b|@hourly\b|\*/\d+(?:\s+\*){4}|(?:^|["'\s])\*(?:\s+\*){4}\s|\bRunAtLoad\b|\bKeepAlive\b|\bStartInterval\b|\bStartCalendarInterval\b|\bOnUnitActiveSec\b|\bOnCalendar\b|\bOnBootSec\b|\bRestart\s*=\s*always\b|--restart[= ](?:always|unless-stopped)\b|\bsystemctl\s+(?:--user\s+)?enable\b|/sc\s+(?:minute|hourly|onstart|onlogon|onidle)\b|\bRegister-ScheduledTask\b|\bNew-ScheduledTaskTrigger\b|\bpm2\s+startup\b"#,
);

/// Work on the GPU or a hash, in every language's library.
static COMPUTE: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?i)\bcupy\b|\bimport\s+torch\b|\btorch\.(?:cuda|matmul|randn|rand)\b|\.cuda\(\)|\bdevice\s*=\s*['\x22]cuda|\bpycuda\b|\bnumba\.cuda\b|@cuda\.jit|\bpyopencl\b|\bcl\.Program\b|\bclEnqueue\w+|\bcuLaunchKernel\b|<<<[^>\n]*>>>|\bgpu\.js\b|\bnew\s+GPU\s*\(|\bcreateKernel\s*\(|navigator\.gpu\b|\bwgpu\b|\bdispatchWorkgroups\b|\btf\.(?:matMul|linalg|device)\b|\bjax\.(?:numpy|jit|device_put)\b|\bgorgonia\b|\bcudarc\b|\bcust::|\bmetal\b.*\bMTLDevice\b|\bmatmul\b|\bhashlib\.\w+|\bcreateHash\s*\(|\bsha256\.Sum256\b|\bSha256::digest\b|\bargon2\b|\bscrypt\b|\bblake[23]\w*\b|\bWebAssembly\.(?:instantiate|instantiateStreaming|compile|Module|Instance)\s*\(|\bwasmtime\b|\bwasmer\b|\bwazero\b",
);

/// Fixed remote peers: a URL, or a `("host", port)` / `"host:port"`
/// literal; local and private hosts do not count.
static PEER: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"["']([A-Za-z0-9][\w.-]*\.[A-Za-z0-9-]+)["']\s*,\s*\d{2,5}\b|["']([A-Za-z0-9][\w.-]*\.[A-Za-z0-9-]+):\d{2,5}["']"#,
);

/// Every loop head in `text` that never ends on its own, in order, at most
/// `FANOUT_MAX_LOOPS` (past it the file is marked incomplete).
pub(crate) fn endless_loops(text: &str) -> Vec<(usize, usize)> {
    let mut heads: Vec<(usize, usize)> = super::perpetual::ENDLESS_HEAD
        .find_iter(text)
        .chain(super::exhaust::MORE_ENDLESS.find_iter(text))
        .chain(
            super::remote_jobs::FOREVER
                .find_iter(text)
                .filter(|m| !m.as_str().starts_with("setInterval")),
        )
        .map(|m| (m.start(), m.end()))
        .chain(super::flag_loop::flag_loops(text))
        .collect();
    heads.sort_unstable();
    heads.dedup_by_key(|h| h.0);
    if heads.len() > crate::limits::FANOUT_MAX_LOOPS {
        crate::limits::gave_up("FANOUT_MAX_LOOPS");
        heads.truncate(crate::limits::FANOUT_MAX_LOOPS);
    }
    heads
}

/// A loop's body: to the matching `done` for a shell `do` head, else
/// `fanout::loop_body` (braces or indentation, bounded and marked).
fn body_of(text: &str, start: usize, end: usize) -> &str {
    if !text[start..end].trim_end().ends_with("do") {
        return super::fanout::body_until(text, start, end, text.len()).0;
    }
    let rest = &text[end..];
    let mut depth = 1i32;
    let mut word_start = None;
    for (i, c) in rest
        .char_indices()
        .chain(std::iter::once((rest.len(), ' ')))
    {
        if c.is_alphanumeric() || c == '_' {
            word_start.get_or_insert(i);
            continue;
        }
        let Some(ws) = word_start.take() else {
            continue;
        };
        match &rest[ws..i] {
            "do" => depth += 1,
            "done" => {
                depth -= 1;
                if depth == 0 {
                    return &rest[..ws];
                }
            }
            _ => {}
        }
    }
    rest
}

/// The fixed remote peers of the file, in order: each host literal (a URL's
/// host, a `("host", port)` or `"host:port"` literal) with the name the
/// line holding it assigns (`SOAK_PEER = ("203.0.113.88", 14433)`, `const
/// coord = "https://…"`). Local and private hosts, and model APIs
/// (LLM-jacking is `remote_jobs`), do not count.
pub(super) fn remote_peers(text: &str) -> impl Iterator<Item = (String, Option<String>)> + '_ {
    use super::indicators::{URL_RE, is_local_host, is_private_host, url_host};
    let remote = |h: &str| {
        !is_local_host(h)
            && !is_private_host(h)
            && h.contains('.')
            && !super::remote_jobs::llm_host(h)
    };
    URL_RE
        .find_iter(text)
        .filter_map(|m| Some((m.start(), url_host(m.as_str())?)))
        .chain(PEER.captures_iter(text).filter_map(|c| {
            let m = c.get(1).or_else(|| c.get(2))?;
            Some((m.start(), m.as_str().to_ascii_lowercase()))
        }))
        .filter(move |(_, h)| remote(h))
        .map(|(at, host)| {
            let (ls, le) = super::burn::line_span(text, at);
            // The name holds the peer itself (`Q = "https://…"`, `PEER =
            // ("h", 1)`), not a call's answer (`p = requests.get("https://…")`).
            let name = text[ls..le]
                .split_once('=')
                .filter(|(_, r)| !r.starts_with('='))
                .filter(|(_, r)| {
                    let r = r.trim_start();
                    let q = r.trim_start_matches(['f', 'r', 'b', 'u', 'F', 'R', 'B', 'U']);
                    q.len() + 2 >= r.len() && q.starts_with(['"', '\''])
                        || r.starts_with(['"', '\'', '`'])
                        || r.starts_with(['(', '[', '{'])
                            && r[1..].trim_start().starts_with(['"', '\''])
                        || r.split_once("://").is_some_and(|(s, _)| {
                            !s.is_empty() && s.chars().all(|c| c.is_ascii_alphabetic())
                        })
                })
                .and_then(|(l, _)| {
                    l.split(|c: char| !(c.is_alphanumeric() || c == '_'))
                        .rfind(|w| !w.is_empty())
                })
                .map(str::to_string);
            (host, name)
        })
}

/// Whether `body` talks to a fixed remote peer of the file
/// ([`remote_peers`]): its host literal, or the name holding it.
fn remote_peer(text: &str, body: &str) -> Option<String> {
    remote_peers(text).find_map(|(host, name)| {
        (body.contains(host.as_str()) || name.is_some_and(|n| super::billed::word_in(body, &n)))
            .then_some(host)
    })
}

/// The bytes from `n` lines above `at`'s line to the end of the line
/// [`BELOW_LINES`] below it (a Go `cmd.SysProcAttr = &syscall.SysProcAttr{
/// Setsid: true}` follows the command it detaches).
fn lines_around(text: &str, at: usize, n: usize) -> (usize, usize) {
    let mut s = text[..at].rfind('\n').map_or(0, |p| p + 1);
    for _ in 0..n {
        if s == 0 {
            break;
        }
        s = text[..s - 1].rfind('\n').map_or(0, |p| p + 1);
    }
    let mut e = text[at..].find('\n').map_or(text.len(), |p| at + p);
    for _ in 0..BELOW_LINES {
        if e >= text.len() {
            break;
        }
        e = text[e + 1..].find('\n').map_or(text.len(), |p| e + 1 + p);
    }
    (s, e)
}

/// Lines below a loop's head read for its detach.
const BELOW_LINES: usize = 3;

/// Adds the fleets and the remote-driven compute loops of `src`; see the
/// module docs.
pub fn scan(src: &Src, sink: &mut Sink) {
    let text = src.text;
    let computes = COMPUTE.is_match(text);
    if !computes && !super::miner::DETACH.is_match(text) {
        return;
    }
    let heads = endless_loops(text);
    if heads.is_empty() {
        return;
    }
    let respawn = RESPAWN.find(text).map(|m| m.as_str().trim().to_string());
    for (s, e) in heads {
        let body = body_of(text, s, e);
        let (ns, ne) = lines_around(text, s, NEAR_LINES);
        let near = &text[ns..ne];
        let detach = super::miner::DETACH
            .find(near)
            .map(|m| m.as_str().to_string());
        let cores = super::burn::CORES
            .find(near)
            .map(|m| m.as_str().to_string());
        let paced = super::remote_jobs::PACE.is_match(body);
        let remote_work = computes
            && super::miner::RECEIVE.is_match(body)
            && super::miner::SEND_BACK.is_match(body);
        let peer = if remote_work {
            remote_peer(text, body)
        } else {
            None
        };
        // The loop is the detached worker: the detach on its own line, or
        // a loop that never pauses below it (a paced check-up loop after
        // `nohup ./server --threads $(nproc) &` is not the fleet).
        let own_line = {
            let (ls, le) = super::burn::line_span(text, s);
            super::miner::DETACH.is_match(&text[ls..le])
        };
        let (what, whole) = if let Some(p) = peer {
            let how = match (&detach, &cores) {
                (Some(d), _) => format!(", detached from the session ({d})"),
                (None, Some(c)) => format!(", sized to every core ({c})"),
                _ => String::new(),
            };
            (
                format!(
                    "a loop that never ends takes work from {p}, computes it on the user's GPU or CPU and sends the result back{how}: the user's hardware works for a remote coordinator"
                ),
                detach.is_some() || cores.is_some(),
            )
        } else if let (Some(d), Some(c), true) = (&detach, &cores, own_line || !paced) {
            let again = respawn.as_ref().map_or(String::new(), |r| {
                format!(", started again on a schedule ({r})")
            });
            (
                format!(
                    "workers that never end, sized to every core ({c}) and detached from the session ({d}){again}: the user's machine runs a fleet nobody stops"
                ),
                respawn.is_some(),
            )
        } else if let (Some(d), Some(r), false) =
            (&detach, &respawn, super::perpetual::WAITS.is_match(body))
        {
            (
                format!(
                    "a worker that never ends and never pauses, detached from the session ({d}) and started again on a schedule ({r})"
                ),
                false,
            )
        } else {
            continue;
        };
        let mut ev = Evidence::new(Op::Exec, A::CallTool, R::Process, text[s..e].trim())
            .tag(Tag::Runaway)
            .instrument("background workers")
            .object(what);
        if whole {
            ev.tags.insert(Tag::WholeMachine);
        }
        let (ls, le) = super::burn::line_span(text, s);
        sink.push(src.at(ev, ls, le, "code"));
        return;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(path: &str, text: &str) -> Vec<Evidence> {
        crate::extract::scan_text(scan, path, text)
    }

    #[test]
    fn fleets_and_remote_compute_fire() {
        for (p, code) in [
            (
                "w.sh",
                "n=$(( $(nproc) * 4 ))\nfor _ in $(seq \"$n\"); do\n  nohup sh -c 'while :; do gzip -9 < /dev/urandom > /dev/null; done' >/dev/null 2>&1 &\ndone\n",
            ),
            (
                "w.js",
                "const n = os.cpus().length * 2;\nfor (let i = 0; i < n; i++) {\n  const c = spawn(process.execPath, ['-e', 'for (;;) { crunch(); }'], { detached: true, stdio: 'ignore' });\n  c.unref();\n}\n",
            ),
            (
                "g.py",
                "PEER = ('198.51.100.7', 7000)\nimport torch\ndef soak():\n    if os.fork():\n        return\n    os.setsid()\n    while True:\n        with socket.create_connection(PEER) as s:\n            seed = s.recv(8)\n            s.sendall(str(torch.rand(4096, 4096, device='cuda').sum()).encode())\n",
            ),
            (
                "c.go",
                "const coord = \"https://coord.example-gpu.net/next\"\nfunc main() {\n\tfor {\n\t\tr, _ := http.Get(coord)\n\t\tvar j Job\n\t\tjson.NewDecoder(r.Body).Decode(&j)\n\t\tsum := sha256.Sum256(j.Data)\n\t\thttp.Post(coord+\"/done\", \"application/json\", bytes.NewReader(sum[:]))\n\t}\n}\n",
            ),
        ] {
            let ev = run(p, code);
            assert!(
                ev.iter().any(|e| e.tags.contains(&Tag::Runaway)),
                "{p}: {ev:#?}"
            );
        }
    }

    #[test]
    fn foreground_paced_or_local_work_is_quiet() {
        for (p, code) in [
            // A foreground tool on every core.
            (
                "a.sh",
                "for _ in $(seq $(nproc)); do while :; do compress_chunk || break; done & done\nwait\n",
            ),
            // A detached health check that sleeps, re-armed at boot.
            (
                "b.sh",
                "nohup sh -c 'while true; do curl -fsS localhost:8080/health; sleep 60; done' &\n(crontab -l; echo '@reboot /opt/h.sh') | crontab -\n",
            ),
            // A GPU benchmark with no coordinator.
            (
                "c.py",
                "import torch\nfor i in range(100):\n    x = torch.rand(4096, 4096, device='cuda') @ torch.rand(4096, 4096, device='cuda')\nprint(x.sum())\n",
            ),
            // A training worker on a private peer.
            (
                "d.py",
                "import torch\nMASTER = ('10.0.0.5', 29500)\nwhile True:\n    s = socket.create_connection(MASTER)\n    b = s.recv(8)\n    s.sendall(torch.rand(2, device='cuda').numpy().tobytes())\n",
            ),
        ] {
            let ev = run(p, code);
            assert!(
                ev.iter().all(|e| !e.tags.contains(&Tag::Runaway)),
                "{p}: {ev:#?}"
            );
        }
    }
}
