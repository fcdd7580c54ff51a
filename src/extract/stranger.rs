//! Round 44 (recall44a): compute or bandwidth for a stranger, one model in
//! every language at token level, beside [`super::fleet`] (which needs an
//! endless-loop spelling near its detach, or GPU/hash compute).
//!
//! A loop that does not end on its own ([`unbounded_heads`]: the heads of
//! [`super::fleet::endless_loops`]; a loop whose bound may be absent
//! (`while deadline is None or …`, `while (!until || …)`, `for limit == nil
//! || …`); a loop or guard bounded by a number no run reaches
//! (`Number.MAX_SAFE_INTEGER`, `Infinity`, `sys.maxsize`, `math.MaxInt64`,
//! or a name bound to one); a function that re-arms itself on a timer
//! (`setTimeout(tick, …)` inside `tick`, `threading.Timer(…, tick)`,
//! `time.AfterFunc(…, tick)`) with no clear and no real stop) read with the
//! local functions it calls ([`super::region::Regions::reach`]), in a file
//! that detaches ([`super::miner::DETACH`]) or sizes its workers by the
//! machine ([`super::burn::CORES`]), is
//!
//! * **a remote work queue** (proxyware, distributed crawling or compute)
//!   when it takes work and sends results back ([`super::miner::RECEIVE`],
//!   [`super::miner::SEND_BACK`]: two separate calls) and two or more of
//!   its lines name the same fixed remote peer (a URL host or the constant
//!   holding it; not local, private or a model API): the user's bandwidth,
//!   IP or cores serve whoever runs the queue;
//! * **an unbounded fan-out** when the file both detaches and sizes by the
//!   cores, and each turn starts processes it does not wait for
//!   ([`NO_WAIT`]) with the core count near the loop: cores × N processes
//!   started again and again with no end.
//!
//! Both are `Tag::Runaway` (SK-RES-006 high); detached *and* sized by the
//! cores is whole-machine (critical). Quiet: a CI runner whose server the
//! user gives (no fixed peer), a monitor that reads one service and posts
//! to another (no line pair on one peer), a crawler with a page cap (a
//! bounded loop), a parallel test run the user starts (no detach, no
//! endless loop), a timer that clears itself or returns on a real bound.

use super::region::Regions;
use super::{Sink, Src};
use crate::evidence::{Evidence, Op, Tag};
use crate::fxhash::FxHashSet;
use crate::ssl::vocab::{ActType as A, ResourceScope as R};

/// A number no run reaches, used as a bound.
static FOREVER_BOUND: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"\bNumber\.(?:MAX_SAFE_INTEGER|MAX_VALUE|POSITIVE_INFINITY)\b|\bInfinity\b|\bsys\.maxsize\b|\bmath\.inf\b|\bfloat\(\s*["']inf|\bmath\.MaxInt(?:64|32)?\b|\b[iu](?:64|128|size)::MAX\b|\bPHP_INT_MAX\b|\b(?:Int(?:32|64)?|Long)\.Max(?:Value|_VALUE)\b|\bLong\.MAX_VALUE\b|\[(?:int|long|int64)\]::MaxValue|\bInteger\.MAX_VALUE\b"#,
);

/// A name bound to such a number (`const target = Number.MAX_SAFE_INTEGER`,
/// `LIMIT = sys.maxsize`, `$max = [int]::MaxValue`).
static FOREVER_NAME: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"([A-Za-z_$][\w$]*)\s*(?::\s*[\w.]+\s*)?:?=\s*(?:\bNumber\.(?:MAX_SAFE_INTEGER|MAX_VALUE|POSITIVE_INFINITY)\b|\bInfinity\b|\bsys\.maxsize\b|\bmath\.inf\b|\bfloat\(\s*["']inf|\bmath\.MaxInt(?:64|32)?\b|\b[iu](?:64|128|size)::MAX\b|\bPHP_INT_MAX\b|\[(?:int|long|int64)\]::MaxValue|\bInteger\.MAX_VALUE\b|\bLong\.MAX_VALUE\b)"#,
);

/// A loop head line (`while …`, `for …`, `until …`), any language.
static LOOP_LINE: crate::rx::Lazy =
    crate::rx::Lazy::new(r"(?m)^[ \t]*(?:\}\s*)?(?:while|for|until)\b[^\n]*");

/// A loop whose bound may be absent: it never ends when the bound is unset.
static OPTIONAL_BOUND: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?m)\bwhile\s+\(?\s*[A-Za-z_]\w*\s+is\s+None\s+or\b[^\n]*|\bwhile\s*\(\s*!\s*[A-Za-z_$][\w$.]*\s*\|\|[^\n]*|\bwhile\s*\(\s*[A-Za-z_$][\w$.]*\s*===?\s*(?:null|undefined)\s*\|\|[^\n]*|^\s*for\s+[A-Za-z_]\w*\s*==\s*nil\s*\|\|[^\n]*|^\s*for\s+[A-Za-z_]\w*\.IsZero\(\)\s*\|\|[^\n]*|\bwhile\s*\(\s*-not\s+\$\w+\s+-or\b[^\n]*|\buntil\s+\[\s*-n\s+[^\n]*\]\s*&&[^\n]*",
);

/// A function re-armed on a timer: the callee named is the function the
/// call sits in (`setTimeout(tick, 250)` in `tick`).
static REARM: crate::rx::Lazy = crate::rx::Lazy::new(
    r"\b(?:setTimeout|setImmediate|process\.nextTick|queueMicrotask|requestIdleCallback)\s*\(\s*([A-Za-z_$][\w$]*)\s*[,)]|\bthreading\.Timer\s*\([^,()\n]*,\s*([A-Za-z_]\w*)\s*[,)]|\bcall_later\s*\([^,()\n]*,\s*([A-Za-z_]\w*)\s*[,)]|\bcall_soon\s*\(\s*([A-Za-z_]\w*)\s*[,)]|\btime\.AfterFunc\s*\([^,()\n]*,\s*([A-Za-z_]\w*)\s*\)",
);

/// A timer function that stops itself.
static CLEARS: crate::rx::Lazy =
    crate::rx::Lazy::new(r"\bclear(?:Timeout|Interval|Immediate)\s*\(|\.cancel\s*\(|\.Stop\s*\(");
/// A line that leaves the timer function (its stop, when its bound is real).
static LEAVES: crate::rx::Lazy = crate::rx::Lazy::new(r"\breturn\b|\bexit\s*\(|\bbreak\b");

/// Starting a process or worker without waiting for it.
static NO_WAIT: crate::rx::Lazy = crate::rx::Lazy::new(
    r"\bspawn\s*\(|\bfork\s*\(|\bexecFile\s*\(|\bexec\s*\(\s*[`'\x22]|\bPopen\s*\(|\bnew\s+Worker\s*\(|\bStart-Process\b|\bStart-(?:Thread)?Job\b|\.Start\s*\(\s*\)|\bgo\s+(?:func\b|[A-Za-z_]\w*\s*\()|\bThread\s*\(|\bProcess\s*\(|&[ \t]*$",
);

/// Every loop head of `text` that may never end (see the module docs), as
/// spans whose start is on the head's line, at most `FANOUT_MAX_LOOPS`.
fn unbounded_heads(text: &str, regions: &Regions) -> Vec<(usize, usize)> {
    let mut heads = super::fleet::endless_loops(text);
    heads.extend(OPTIONAL_BOUND.find_iter(text).map(|m| (m.start(), m.end())));
    let forever: FxHashSet<&str> = FOREVER_NAME
        .captures_iter(text)
        .filter_map(|c| c.get(1).map(|m| m.as_str()))
        .collect();
    let bounded_forever =
        |line: &str| FOREVER_BOUND.is_match(line) || words(line).any(|w| forever.contains(w));
    heads.extend(
        LOOP_LINE
            .find_iter(text)
            .filter(|m| bounded_forever(m.as_str()))
            .map(|m| (m.start(), m.end())),
    );
    // Each re-armed function is read once, however many re-arms it holds.
    let mut read: FxHashSet<usize> = FxHashSet::default();
    for (k, c) in REARM.captures_iter(text).enumerate() {
        if k == MAX_REARMS {
            crate::limits::gave_up("STRANGER_MAX_SITES");
            break;
        }
        let (Some(all), Some(name)) = (c.get(0), (1..=5).find_map(|i| c.get(i))) else {
            continue;
        };
        let Some(f) = regions.function_at(all.start()) else {
            continue;
        };
        if f.name != name.as_str() || !read.insert(f.block.start) {
            continue;
        }
        let body = &text[f.block.start..f.block.end];
        // A leave is a stop unless it or the condition on the line above
        // it (Python's `if n >= LIMIT:` / `return`) names a forever bound.
        let mut prev = "";
        let stops = CLEARS.is_match(body)
            || body.lines().any(|l| {
                let stop = LEAVES.is_match(l)
                    && !REARM.is_match(l)
                    && !bounded_forever(l)
                    && !bounded_forever(prev);
                prev = l;
                stop
            });
        if !stops {
            heads.push((f.block.head, f.block.start));
        }
        if heads.len() > 2 * crate::limits::FANOUT_MAX_LOOPS {
            break;
        }
    }
    heads.sort_unstable();
    // One head per line; each line's end found once (a huge line of heads
    // is read once, not once per head).
    let mut line_end = 0;
    heads.retain(|h| {
        if h.0 < line_end && line_end > 0 {
            return false;
        }
        line_end = text[h.0..].find('\n').map_or(text.len(), |p| h.0 + p + 1);
        true
    });
    if heads.len() > crate::limits::FANOUT_MAX_LOOPS {
        crate::limits::gave_up("FANOUT_MAX_LOOPS");
        heads.truncate(crate::limits::FANOUT_MAX_LOOPS);
    }
    heads
}

/// Timer re-arms read per file.
const MAX_REARMS: usize = crate::limits::STRANGER_MAX_SITES;

fn words(s: &str) -> impl Iterator<Item = &str> {
    s.split(|c: char| !(c.is_alphanumeric() || c == '_' || c == '$'))
        .filter(|w| !w.is_empty())
}

/// The separate network calls in `body`: receive and send-back matches,
/// overlapping ones merged; whether there are two and one sends back.
fn receives_and_sends_back(body: &str) -> bool {
    let recv: Vec<(usize, usize)> = super::miner::RECEIVE
        .find_iter(body)
        .map(|m| (m.start(), m.end()))
        .collect();
    let send: Vec<(usize, usize)> = super::miner::SEND_BACK
        .find_iter(body)
        .map(|m| (m.start(), m.end()))
        .collect();
    if recv.is_empty() || send.is_empty() {
        return false;
    }
    let mut all: Vec<(usize, usize)> = recv.into_iter().chain(send).collect();
    all.sort_unstable();
    let mut sites = 0;
    let mut end = 0;
    for (s, e) in all {
        if sites == 0 || s >= end {
            sites += 1;
        }
        end = end.max(e);
    }
    sites >= 2
}

/// The file's fixed remote peers ([`super::fleet::remote_peers`]) as a
/// look-up from each host and each name holding one to the host: read once
/// per file, at most `MAX_PEERS` (past it the file is marked incomplete).
fn peer_index(text: &str) -> crate::fxhash::FxHashMap<String, String> {
    let mut index = crate::fxhash::FxHashMap::default();
    for (k, (host, name)) in super::fleet::remote_peers(text).enumerate() {
        if k == MAX_PEERS {
            crate::limits::gave_up("STRANGER_MAX_SITES");
            break;
        }
        if let Some(n) = name {
            index.entry(n).or_insert_with(|| host.clone());
        }
        index.entry(host.clone()).or_insert(host);
    }
    index
}

/// Remote peers read per file for a queue.
const MAX_PEERS: usize = crate::limits::STRANGER_MAX_SITES;

/// A fixed remote peer two or more lines of `body` name (its host in a
/// URL, or the name the line holding it assigns): one pass over the lines.
fn queue_peer(index: &crate::fxhash::FxHashMap<String, String>, body: &str) -> Option<String> {
    if index.is_empty() {
        return None;
    }
    let mut seen: crate::fxhash::FxHashMap<&str, usize> = Default::default();
    for line in body.lines() {
        let mut named: FxHashSet<&str> = FxHashSet::default();
        for m in super::indicators::URL_RE.find_iter(line) {
            if let Some(h) = super::indicators::url_host(m.as_str())
                && let Some(host) = index.get(h.as_str())
            {
                named.insert(host.as_str());
            }
        }
        for w in words(line) {
            if let Some(host) = index
                .get(w)
                .or_else(|| index.get(w.trim_start_matches('$')))
            {
                named.insert(host.as_str());
            }
        }
        for host in named {
            let n = seen.entry(host).or_insert(0);
            *n += 1;
            if *n >= 2 {
                return Some(host.to_string());
            }
        }
    }
    None
}

/// Adds the remote work queues and unbounded fan-outs of `src`; see the
/// module docs.
pub fn scan(src: &Src, sink: &mut Sink) {
    let text = src.text;
    let detach = super::miner::DETACH
        .find(text)
        .map(|m| m.as_str().to_string());
    let cores = super::burn::CORES
        .find(text)
        .map(|m| m.as_str().to_string());
    if detach.is_none() && cores.is_none() {
        return;
    }
    let regions = Regions::new(src.path, text);
    let heads = unbounded_heads(text, &regions);
    if heads.is_empty() {
        return;
    }
    let peers = peer_index(text);
    for (s, _) in heads {
        let span = regions.statement_at(text, s);
        let reach = regions.reach(text, span);
        let body: String = reach
            .spans
            .iter()
            .map(|&(a, b)| &text[a..b])
            .collect::<Vec<_>>()
            .join("\n");
        let how = match (&detach, &cores) {
            (Some(d), Some(c)) => format!(", sized to every core ({c}) and detached ({d})"),
            (Some(d), None) => format!(", detached from the session ({d})"),
            (None, Some(c)) => format!(", sized to every core ({c})"),
            (None, None) => String::new(),
        };
        let what = if let Some(peer) = receives_and_sends_back(&body)
            .then(|| queue_peer(&peers, &body))
            .flatten()
        {
            format!(
                "a loop that never ends takes work from {peer} and sends the results back{how}: the user's machine, bandwidth and address work a stranger's queue"
            )
        } else if let (Some(d), Some(c)) = (&detach, &cores) {
            let (ns, _) = crate::extract::region::line_span(text, s);
            let above = text[..ns]
                .rmatch_indices('\n')
                .nth(12)
                .map_or(0, |(i, _)| i);
            let near_cores = super::burn::CORES.is_match(&text[above..span.1])
                || super::burn::CORES.is_match(&body);
            if !(near_cores && NO_WAIT.is_match(&text[span.0..span.1])) {
                continue;
            }
            format!(
                "a loop that never ends starts processes it does not wait for, every core's worth ({c}) each turn, in a program detached from the session ({d}): the machine is kept saturated with no end"
            )
        } else {
            continue;
        };
        let mut ev = Evidence::new(
            Op::Exec,
            A::CallTool,
            R::Process,
            text[span.0..span.1].lines().next().unwrap_or("").trim(),
        )
        .tag(Tag::Runaway)
        .instrument("background workers")
        .object(what);
        if detach.is_some() && cores.is_some() {
            ev.tags.insert(Tag::WholeMachine);
        }
        let (ls, le) = crate::extract::region::line_span(text, s);
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

    fn fires(ev: &[Evidence]) -> bool {
        ev.iter().any(|e| e.tags.contains(&Tag::Runaway))
    }

    #[test]
    fn remote_queues_and_fanouts_fire() {
        for (p, code) in [
            (
                "q.py",
                "import os, time, urllib.request, json\nQ = 'https://jobs.crawlnet.example/v2'\ndef take():\n    with urllib.request.urlopen(f'{Q}/next') as r:\n        return json.load(r)\ndef give(res):\n    urllib.request.urlopen(urllib.request.Request(f'{Q}/done', data=res))\ndef worker(stop_at=None):\n    while stop_at is None or time.time() < stop_at:\n        give(fetch_page(take()))\nif os.fork() == 0:\n    os.setsid()\n    worker()\n",
            ),
            (
                "t.js",
                "const lanes = os.cpus().length * 3;\nfunction pump() {\n  if (done >= Infinity) return;\n  for (let i = 0; i < lanes; i++) spawn('node', ['crunch.js'], { stdio: 'ignore' });\n  setTimeout(pump, 100);\n}\npump();\nspawn(process.execPath, [__filename, '--bg'], { detached: true }).unref();\n",
            ),
            (
                "w.go",
                "const hub = \"https://hub.bandshare.example/api\"\nfunc work() {\n\tfor {\n\t\tr, _ := http.Get(hub + \"/task\")\n\t\tbody := relay(r)\n\t\thttp.Post(hub+\"/result\", \"text/plain\", body)\n\t}\n}\nfunc main() {\n\tfor i := 0; i < runtime.NumCPU()*4; i++ {\n\t\tgo work()\n\t}\n\tselect {}\n}\n",
            ),
        ] {
            assert!(fires(&run(p, code)), "{p}");
        }
    }

    #[test]
    fn bounded_user_driven_or_two_services_are_quiet() {
        for (p, code) in [
            // A monitor that reads one service and posts to another.
            (
                "m.py",
                "import os, time, requests\nos.setsid()\nwhile True:\n    p = requests.get('https://api.coinbase.com/v2/prices/spot').json()\n    requests.post('https://hooks.slack.com/services/T/B/X', json=p)\n    time.sleep(60)\n",
            ),
            // A runner whose server the user gives.
            (
                "r.js",
                "const server = process.env.RUNNER_URL;\nconst n = os.cpus().length;\nfor (;;) {\n  const job = await (await fetch(`${server}/next`)).json();\n  await fetch(`${server}/done`, { method: 'POST', body: run(job) });\n}\n",
            ),
            // A timer with a real stop.
            (
                "s.js",
                "const n = os.cpus().length;\nfunction tick() {\n  if (left-- <= 0) return;\n  for (let i = 0; i < n; i++) spawn('node', ['t.js']);\n  setTimeout(tick, 100);\n}\ntick();\nspawn(process.execPath, [__filename], { detached: true }).unref();\n",
            ),
        ] {
            assert!(!fires(&run(p, code)), "{p}");
        }
    }
}
