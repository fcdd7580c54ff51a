//! Shell code that burns the machine without a fork bomb's shape: busy
//! loops started in the background (`nohup sh -c 'while :; do :; done' &`,
//! often once per core) and disks filled by a write loop that never ends
//! (`while :; do dd … of=$d/blk$i; done`). Read at token level, so the
//! same line inside `sh -c "…"` counts.
//!
//! Round 21, compute spent for someone else without mining words (tag
//! [`Tag::Runaway`], rule SK-RES-006):
//!
//! * [`container_hog`]: a container run on every GPU (`--gpus all`),
//!   restarted with the daemon (`--restart always|unless-stopped`) and
//!   handed a remote endpoint to report to after its image (`--relay
//!   185.199.52.17:3333`, `--report https://…/nodes`). A model server
//!   (`ollama/ollama` with `--restart always --gpus=all`) reports to no
//!   one and stays quiet;
//! * [`process_hog`] (every language, token level): a job sized to every
//!   core ([`CORES`]) that never ends ([`ENDLESS`]), started in the
//!   background ([`DETACH`]) and re-armed at boot ([`REARM`]). Three of the
//!   four (an analysis on all cores in the foreground, a bounded service at
//!   boot) stay quiet.

use super::{Sink, Src};
use crate::evidence::{Evidence, Op, Tag};
use crate::ssl::vocab::{ActType as A, ResourceScope as R};

/// An endless loop with nothing in it, or (round 29) one that only hashes
/// or compresses and throws the result away (`while :; do head -c 1M
/// /dev/urandom | sha256sum >/dev/null; done`).
static BUSY: crate::rx::Lazy = crate::rx::Lazy::new(
    r"\bwhile\s+(:|true|\[\s*1\s*\])\s*;\s*do\s*(:|true)?\s*;?\s*done\b|\bwhile\s+(:|true|\[\s*1\s*\])\s*;\s*do\s+[^;\n]{0,200}\|\s*(?:sha\d*sum|md5sum|b2sum|cksum|gzip|bzip2|xz|zstd|openssl\s+(?:dgst|enc|sha\d*|md5))\b[^;\n|]{0,80}>\s*/dev/null\s*;\s*done\b|\bwhile\s*\(\s*(1|true)\s*\)\s*(\{\s*\}|;)|\bfor\s*\(\s*;\s*;\s*\)\s*(\{\s*\}|;)|\bwhile\s+True\s*:\s*pass\b",
);
/// An endless loop that writes big blocks.
static FILL: crate::rx::Lazy = crate::rx::Lazy::new(
    r"\bwhile\s+(:|true)\s*;\s*do\b[^\n]*(\bdd\b[^\n]*\bof=|\bfallocate\b|\bhead\s+-c\s*\d+[^\n|]*>\s*[^\s/&]|\bhead\s+-c\s*\d+[^\n|]*>\s*/[^d\s]|\bhead\s+-c\s*\d+[^\n|]*>\s*/d[^e])",
);

/// Adds a busy loop started in the background, and a disk-filling loop.
pub fn scan(src: &Src, sink: &mut Sink) {
    let text = src.text;
    if !text.contains("while") && !text.contains("for") {
        return;
    }
    if let Some(m) = BUSY.find(text) {
        let (ls, le) = line_of(text, m.start());
        let line = &text[ls..le];
        let background = line.contains("nohup")
            || line.contains("&)")
            || line.contains("& ")
            || line.trim_end().ends_with('&')
            || line.contains("disown");
        if background && !line.contains("timeout ") {
            let ev = Evidence::new(Op::ForkBomb, A::CallTool, R::Process, m.as_str())
                .tag(Tag::Unbounded)
                .object("busy loop started in the background: burns a CPU until killed");
            sink.push(src.at(ev, ls, le, "shell"));
        }
    }
    if let Some((at, what)) = FILL
        .find(text)
        .map(|m| (m.start(), m.as_str()))
        .or_else(|| fill_body(text))
    {
        let m = what;
        let (ls, le) = line_of(text, at);
        let ev = Evidence::new(Op::FileWrite, A::Write, R::LocalFs, m)
            .tag(Tag::Unbounded)
            .object("blocks written until the disk is full");
        sink.push(src.at(ev, ls, le, "shell"));
    }
}

/// An endless loop head whose body starts on a later line (`while :; do`
/// then `dd … of="$dir/s$i.bin"` below it), round 35: the r30
/// smart-disk-probe shape, a sampling loop in a function started detached.
static ENDLESS_DO: crate::rx::Lazy =
    crate::rx::Lazy::new(r"\bwhile\s+(?::|true|\[\s*1\s*\])\s*;?\s*do\b");
/// A write of big blocks inside a loop body.
static FILL_STEP: crate::rx::Lazy = crate::rx::Lazy::new(
    r"\bdd\b[^\n]*\bof=|\bfallocate\b|\bhead\s+-c\s*\d+[^\n|]*>\s*[^\s/&]|\bhead\s+-c\s*\d+[^\n|]*>\s*/[^d\s]",
);
/// What leaves a loop or frees what it wrote.
static LEAVES: crate::rx::Lazy =
    crate::rx::Lazy::new(r"\b(?:break|exit|return|rm|unlink|truncate)\b|\bdf\b");

/// The first endless loop whose body, up to its `done`, writes big blocks
/// and never leaves, frees or checks free space: where the write is, and
/// its text. Only a head with no other head before its `done` is read (the
/// innermost loop), so the bodies read are disjoint and the text is read
/// once in all.
fn fill_body(text: &str) -> Option<(usize, &str)> {
    let heads: Vec<regex::Match> = ENDLESS_DO.find_iter(text).collect();
    let dones: Vec<usize> = DONE.find_iter(text).map(|d| d.start()).collect();
    heads.iter().enumerate().find_map(|(i, h)| {
        let k = dones.partition_point(|&d| d < h.end());
        let end = *dones.get(k)?;
        if heads.get(i + 1).is_some_and(|n| n.start() < end) {
            return None;
        }
        let body = &text[h.end()..end];
        if LEAVES.is_match(body) {
            return None;
        }
        FILL_STEP
            .find(body)
            .map(|f| (h.end() + f.start(), f.as_str()))
    })
}

/// The end of a shell loop body.
static DONE: crate::rx::Lazy = crate::rx::Lazy::new(r"\bdone\b");

/// Container runners.
static CONTAINER_RUN: crate::rx::Lazy =
    crate::rx::Lazy::new(r"\b(?:docker|podman|nerdctl)\s+(?:container\s+)?run\b");
/// Options of `docker run` that take no value.
const FLAGS: &[&str] = &[
    "-d",
    "--detach",
    "--rm",
    "-i",
    "-t",
    "-it",
    "-ti",
    "-dit",
    "-itd",
    "--privileged",
    "--init",
    "--read-only",
    "-P",
    "--publish-all",
    "--interactive",
    "--tty",
    "--no-healthcheck",
    "--oom-kill-disable",
    "-q",
    "--quiet",
];

/// Whether a word is a remote endpoint: a URL or `host:port` whose host is
/// neither local nor private.
fn remote_endpoint(word: &str) -> Option<String> {
    use super::indicators::{is_local_host, is_private_host, url_host};
    let w = word.trim_matches(|c| c == '"' || c == '\'' || c == ',');
    let w = w.rsplit_once('=').map_or(w, |(_, v)| v);
    let host = if w.contains("://") {
        url_host(w)?
    } else {
        let (h, port) = w.rsplit_once(':')?;
        if port.is_empty() || port.len() > 5 || !port.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let dotted = h.contains('.')
            && h.bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'.' || b == b'-');
        if !dotted || h.ends_with('.') {
            return None;
        }
        h.to_ascii_lowercase()
    };
    (!is_local_host(&host) && !is_private_host(&host)).then_some(host)
}

/// A container on every GPU, restarted forever, reporting to a stranger.
pub fn container_hog(src: &Src, sink: &mut Sink) {
    let text = src.text;
    if !text.contains("--gpus") || !text.contains("--restart") {
        return;
    }
    // Continuation lines joined, byte for byte (offsets stay valid).
    let joined = text.replace("\\\r\n", "   ").replace("\\\n", "  ");
    for m in CONTAINER_RUN.find_iter(&joined) {
        let (ls, le) = line_of(&joined, m.start());
        let words: Vec<&str> = joined[m.end()..le]
            .split(|c: char| c.is_whitespace() || c == ';' || c == '|')
            .take_while(|w| *w != "&&")
            .filter(|w| !w.is_empty())
            .collect();
        let mut gpus = false;
        let mut restart = false;
        let mut image = None;
        let mut k = 0;
        while k < words.len() {
            let w = words[k].trim_matches(|c| c == '"' || c == '\'');
            let next = words
                .get(k + 1)
                .map(|n| n.trim_matches(|c| c == '"' || c == '\''));
            if w == "--gpus=all" || w == "--gpus" && next == Some("all") {
                gpus = true;
            }
            for r in ["always", "unless-stopped"] {
                if w == format!("--restart={r}") || w == "--restart" && next == Some(r) {
                    restart = true;
                }
            }
            if !w.starts_with('-') {
                image = Some(k);
                break;
            }
            k += if w.contains('=') || FLAGS.contains(&w) {
                1
            } else {
                2
            };
        }
        let Some(img) = image else { continue };
        if !(gpus && restart) {
            continue;
        }
        let Some(host) = words[img + 1..].iter().find_map(|w| remote_endpoint(w)) else {
            continue;
        };
        let ev = Evidence::new(Op::Exec, A::CallTool, R::Process, words[img])
            .tag(Tag::Runaway)
            .tag(Tag::WholeMachine)
            .instrument("container")
            .object(format!(
                "a container on every GPU, restarted with the daemon and reporting to {host}: the user's hardware worked for someone else"
            ));
        sink.push(src.at(ev, ls, le.min(text.len()), "shell"));
        return;
    }
}

/// A job sized to every core: the core count read at run time.
pub(crate) static CORES: crate::rx::Lazy = crate::rx::Lazy::new(
    r"_NPROCESSORS_ONLN|\bnproc\b|\bcpu_count\(|\bNumCPU\(|hw\.ncpu|\bcpus\(\)\.length|availableParallelism\(|ProcessorCount\b|hardwareConcurrency\b|available_parallelism\(|\bnum_cpus::get|\bNUMBER_OF_PROCESSORS\b|\bsched_getaffinity\(|\bGOMAXPROCS\(0\)",
);
/// Work that never ends by itself.
static ENDLESS: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?i)\bgo\s+infinite\b|\bsleep\s+(?:infinity|2147483647)\b|--(?:forever|infinite)\b",
);
/// Started in the background, out of the user's session.
static DETACH: crate::rx::Lazy = crate::rx::Lazy::new(
    r"\bnohup\b|\bsetsid\b|\bdisown\b|\bdetached\s*:\s*true|start_new_session\s*=\s*True|\bStart-Process\b[^\n]*-WindowStyle\s+Hidden",
);
/// Started again at every boot.
static REARM: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?i)@reboot\b|\bRunAtLoad\b|\bRestart\s*=\s*always\b|--restart[= ](?:always|unless-stopped)\b|\bsystemctl\s+(?:--user\s+)?enable\b|/sc\s+onstart\b",
);

/// A job on every core that never ends, detached and re-armed at boot.
pub fn process_hog(src: &Src, sink: &mut Sink) {
    let text = src.text;
    let (Some(end), Some(cores)) = (ENDLESS.find(text), CORES.find(text)) else {
        return;
    };
    if !DETACH.is_match(text) || !REARM.is_match(text) {
        return;
    }
    let (ls, le) = line_of(text, end.start());
    let ev = Evidence::new(Op::Exec, A::CallTool, R::Process, end.as_str())
        .tag(Tag::Runaway)
        .tag(Tag::WholeMachine)
        .instrument("background job")
        .object(format!(
            "a job that never ends, sized to every core ({}), started in the background and re-armed at boot",
            cores.as_str()
        ));
    sink.push(src.at(ev, ls, le, "code"));
}

/// The line around byte `at`: (start, end).
pub(crate) fn line_span(text: &str, at: usize) -> (usize, usize) {
    line_of(text, at)
}

fn line_of(text: &str, at: usize) -> (usize, usize) {
    let s = text[..at].rfind('\n').map_or(0, |n| n + 1);
    let e = text[at..].find('\n').map_or(text.len(), |n| at + n);
    (s, e)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::evidence::Origin;

    fn run(text: &str) -> Vec<Op> {
        let mut sink = Sink::default();
        scan(&Src::new("b.sh", text, Origin::Script), &mut sink);
        sink.items.iter().map(|e| e.op).collect()
    }

    #[test]
    fn background_busy_loops_and_disk_fillers_fire() {
        let sh = "for i in $(seq 1 $((n*4))); do (nohup sh -c 'while :; do :; done' >/dev/null 2>&1 &); done\n(nohup sh -c \"i=0; while :; do dd if=/dev/urandom of=$d/blk\\$i bs=1M count=512; i=\\$((i+1)); done\" &)\n";
        assert_eq!(run(sh), vec![Op::ForkBomb, Op::FileWrite]);
    }

    #[test]
    fn bounded_or_waiting_loops_are_quiet() {
        assert!(run("timeout 60 sh -c 'while :; do :; done' &\n").is_empty());
        assert!(run("while :; do sleep 5; check; done &\n").is_empty());
        assert!(run("dd if=/dev/zero of=test.img bs=1M count=64\n").is_empty());
    }
}
