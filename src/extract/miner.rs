//! Hidden miners without miner words, in every language (read at token
//! level, like [`super::sdk`]):
//!
//! * **pool protocols**: the stratum methods (`mining.subscribe`,
//!   `mining.authorize`, `mining.submit`), or the JSON-RPC job loop of
//!   CPU pools (`login`, `getjob`, `submit` with a `job_id`) around a
//!   nonce search over a hash. A proof-of-work solver that talks to no
//!   pool (a hashcash stamp, a CAPTCHA challenge) has neither;
//! * **proof of work as behaviour** (round 16, no method names needed): a
//!   hash over a job received over the network (a WebSocket message, a
//!   socket read, a `getwork` poll) with a counter, compared with the
//!   job's target or difficulty, and the result sent back ([`pow_loop`];
//!   the spelling tables are [`TARGET_CMP`], [`RECEIVE`], [`SEND_BACK`]).
//!   Alone it is medium (tag [`Tag::ProofOfWork`]); spread over every CPU
//!   or worker ([`SPREAD`]) or run only when the machine is idle, on mains
//!   power or out of sight ([`GATE`]) it is critical
//!   ([`Tag::WholeMachine`]), and the object names that evidence. A hash
//!   benchmark over local data receives no job; a checksum verifier has
//!   no counter and no target;
//! * **a process renamed to pass for the system**: `setproctitle`,
//!   `prctl(PR_SET_NAME, …)`, `process.title =`, `exec -a`, `$0 =`, a write
//!   to `/proc/self/comm`, with a kernel-thread or system-service name
//!   (`[kworker/u16:2]`; `system_op::masquerades`).
//!
//! The first is mining (rule SK-RES-002); the second a concealment with
//! [`Tag::Masquerade`] and [`Tag::Deception`] (SK-EXEC-008), whatever the
//! process does.

use super::{Sink, Src};
use crate::evidence::{Evidence, Op, Tag};
use crate::ssl::vocab::{ActType as A, ResourceScope as R};

/// Stratum's method names, quoted.
static STRATUM: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"["'`]mining\.(?:subscribe|authorize|submit|notify|set_difficulty|extranonce\.subscribe)["'`]"#,
);
/// The job loop of a CPU pool's JSON-RPC: a job requested and a result
/// submitted, quoted method names.
static GETJOB: crate::rx::Lazy = crate::rx::Lazy::new(r#"["'`](?:getjob|getJob|get_job)["'`]"#);
static SUBMIT: crate::rx::Lazy = crate::rx::Lazy::new(r#"["'`]submit["'`]"#);
static LOGIN: crate::rx::Lazy = crate::rx::Lazy::new(r#"["'`](?:login|authorize|auth)["'`]"#);
/// The dummy password pools take with a wallet login (`"pass": "x"`,
/// `pass => 'x'`, `password="x"`), round 26.
static PASS_X: crate::rx::Lazy =
    crate::rx::Lazy::new(r#"(?i)\b(?:pass|password|pwd)["']?\s*(?:[:=]|=>)\s*["']x["']"#);
/// A raw TCP or TLS socket opened by the code (newline-delimited JSON-RPC
/// rides on it, not on HTTP).
static RAW_SOCKET: crate::rx::Lazy = crate::rx::Lazy::new(
    r"\bnet\.Dial\w*|\btls\.Dial\w*|TcpStream::connect|\bcreate_connection\b|\bsocket\.socket\b|\.connect\(\s*\(|\bnet\.(?:connect|createConnection)\b|\bnew\s+net\.Socket\b|\btls\.connect\b|\bTCPSocket\b|\bIO::Socket\b|\bfsockopen\b|\bTcpClient\b|\bopen_connection\b",
);
/// A nonce searched over a hash.
static NONCE: crate::rx::Lazy = crate::rx::Lazy::new(r"(?i)\bnonce\b");
static HASH: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?i)\b(?:sha256\w*|sha3_256|sha3|keccak\w*|blake2\w*|blake3|scrypt|cryptonight\w*|randomx\w*|argon2\w*|ethash|kawpow|progpow|x11|createHash|Sum256|digest|hexdigest|hash256|dsha256|ComputeHash|HashData)\b|\b0x(?:428a2f98|6a09e667|71374491|b5c0fbcf)\b|\b0x(?:9e3779b97f4a7c15|9e3779b9|bf58476d1ce4e5b9|94d049bb133111eb|ff51afd7ed558ccd|c4ceb9fe1a85ec53|cbf29ce484222325|100000001b3|811c9dc5|5bd1e995|cc9e2d51|1b873593)\b|\bbitwise_xor\([^)\n]*>>|\^\s*\(?\s*[\w.]+\s*>>>?\s*\d+",
);

/// A hash *called* (round 26): the algorithm's name followed by its
/// argument list or a `::digest`, not a name in a string or a key
/// (`"multipart/digest": {` in a bundled CLI). A hash line that does not
/// name the job itself is read only when it calls one.
static HASH_CALL: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?i)\b(?:sha256\w*|sha3_256|sha3|keccak\w*|blake2\w*|blake3|scrypt|randomx\w*|argon2\w*|createHash|Sum256|digest|hash256|dsha256|hash|ComputeHash|HashData)\s*\(|\b(?:Sha256|Sha3_256|Blake2b\w*|Blake2s\w*|Keccak\w*)::digest\b",
);

/// Renaming the running process, in every language's spelling.
static RENAME: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?i)\bsetproctitle\s*\(|\bprctl\b[^\n]{0,60}?(?:PR_SET_NAME|\(\s*15\s*,)|\bprctl\.set_name\s*\(|\bprocess\.title\s*=|\bexec\s+-a\s+|(?:^|[\s;])\$0\s*=|/proc/self/comm\b|\bSetConsoleTitle\w*\s*\(",
);

/// Adds a pool protocol found in `src`, and a process renamed to a name
/// that passes for the system.
pub fn scan(src: &Src, sink: &mut Sink) {
    let text = src.text;
    pool_protocol(src, sink, text);
    block_loop(src, sink, text);
    if !sink.items.iter().any(|e| e.op == Op::Mining) {
        pow_loop(src, sink, text);
    }
    if !["proc", "prctl", "exec", "$0", "Title"]
        .iter()
        .any(|w| text.contains(w))
    {
        return;
    }
    for m in RENAME.find_iter(text) {
        let le = text[m.end()..]
            .find('\n')
            .map_or(text.len(), |n| m.end() + n);
        let le = crate::text::clamp_boundary(text, le.min(m.end() + 300));
        let name = text[m.end()..le].replace(['[', ']'], " ");
        if !super::system_op::masquerades(&name) {
            continue;
        }
        let ls = text[..m.start()].rfind('\n').map_or(0, |n| n + 1);
        let ev = Evidence::new(Op::Concealment, A::UpdateState, R::Process, m.as_str())
            .tag(Tag::Masquerade)
            .tag(Tag::Deception)
            .instrument("process name")
            .object("process renamed to pass for a kernel thread or system service");
        sink.push(src.at(ev, ls, le, "code"));
    }
}

fn pool_protocol(src: &Src, sink: &mut Sink, text: &str) {
    let stratum = || {
        STRATUM.find(text).map(|m| {
            (
                m,
                "stratum mining protocol (pool subscribe, authorize, submit)",
            )
        })
    };
    let job_loop = || {
        let m = GETJOB.find(text)?;
        let loop_ = SUBMIT.is_match(text)
            && LOGIN.is_match(text)
            && NONCE.is_match(text)
            && HASH.is_match(text);
        loop_.then_some((
            m,
            "mining pool job loop: login, get a job, search a nonce over a hash, submit",
        ))
    };
    // Round 26: a JSON-RPC login with the dummy password, on a raw socket:
    // the pool's handshake, whatever the methods after it are called.
    let handshake = || {
        let m = LOGIN.find(text)?;
        (PASS_X.is_match(text) && RAW_SOCKET.is_match(text)).then_some((
            m,
            "mining pool login over a raw socket (JSON-RPC login with the dummy password x)",
        ))
    };
    let at = stratum().or_else(job_loop).or_else(handshake);
    let Some((m, what)) = at else { return };
    let ls = text[..m.start()].rfind('\n').map_or(0, |n| n + 1);
    let le = text[m.end()..]
        .find('\n')
        .map_or(text.len(), |n| m.end() + n);
    let ev = Evidence::new(Op::Mining, A::CallTool, R::Process, m.as_str())
        .instrument("pool protocol")
        .object(what);
    sink.push(src.at(ev, ls, le, "code"));
}

/// Node RPC methods that create or submit blocks: mining by the node
/// itself (`bitcoin-cli generatetoaddress 1 $ADDR`, `getblocktemplate`
/// then `submitblock`), in any language that calls them.
pub const BLOCK_RPCS: &[&str] = &[
    "generatetoaddress",
    "generatetodescriptor",
    "generateblock",
    "getblocktemplate",
    "submitblock",
];

/// Loop heads that never end on their own, in every language's spelling.
pub const ENDLESS_LOOPS: &[&str] = &[
    "while true",
    "while :",
    "while [ 1 ]",
    "while True:",
    "while 1:",
    "while (true)",
    "while(true)",
    "while (1)",
    "while(1)",
    "for (;;)",
    "for(;;)",
    "for {",
    "loop {",
    "loop do",
    "while ($true)",
    "while($true)",
    "until false",
];

/// A block-creating RPC repeated in a loop with no exit, below the loop's
/// head (within a few lines): the node mines without end. A local test
/// chain (`-regtest`, `regtest=1`) makes blocks for tests; a single
/// `generatetoaddress 101` to fund a wallet is no loop.
fn block_loop(src: &Src, sink: &mut Sink, text: &str) {
    if text.contains("regtest") {
        return;
    }
    // Every call of every block RPC, not the first one only: a one-off
    // `generatetoaddress 101` or a comment above must not hide a later loop.
    let mut calls: Vec<(usize, &str)> = BLOCK_RPCS
        .iter()
        .flat_map(|r| text.match_indices(r).map(|(i, _)| (i, *r)))
        .collect();
    calls.sort_unstable();
    if calls.len() > crate::limits::MINER_MAX_RPC_CALLS {
        crate::limits::gave_up("MINER_MAX_RPC_CALLS");
        calls.truncate(crate::limits::MINER_MAX_RPC_CALLS);
    }
    let regions = super::region::Regions::new(src.path, text);
    let Some((at, rpc)) = calls
        .into_iter()
        .find(|&(at, _)| in_endless_loop(&regions, text, at))
    else {
        return;
    };
    let ls = text[..at].rfind('\n').map_or(0, |n| n + 1);
    let le = text[at..].find('\n').map_or(text.len(), |n| at + n);
    let ev = Evidence::new(Op::Mining, A::CallTool, R::Process, rpc)
        .tag(Tag::Unbounded)
        .instrument("node rpc")
        .object("blocks mined by the node in a loop without exit");
    sink.push(src.at(ev, ls, le, "code"));
}

/// Bytes above a call searched for the head of the loop around it, only
/// in a text where no block structure was found (`region.rs`: a fragment
/// in another language's shape).
const LOOP_HEAD_WINDOW: usize = 400;

/// Whether the call at `at` sits in a block ([`super::region`]) whose head
/// is an endless loop's, at any depth and distance. A text without any
/// block falls back to the head within [`LOOP_HEAD_WINDOW`] bytes above.
fn in_endless_loop(regions: &super::region::Regions, text: &str, at: usize) -> bool {
    if !regions.is_empty() {
        return regions.blocks_around(at).iter().any(|b| {
            ENDLESS_LOOPS
                .iter()
                .any(|l| text[b.head..b.start].contains(l))
        });
    }
    let lo = crate::text::clamp_boundary(text, at.saturating_sub(LOOP_HEAD_WINDOW));
    let head = &text[lo..at];
    ENDLESS_LOOPS
        .iter()
        .filter_map(|l| head.rfind(l))
        .max()
        .is_some_and(|l| {
            !["done", "\n}", "\nend"]
                .iter()
                .any(|e| head[l..].contains(e))
        })
}

/// A hash compared with a target or a difficulty: `h < job.target`,
/// `int.from_bytes(h[:4]) <= diff`, a leading-zeros check
/// (`startswith("0000")`, `leading_zeros() >= bits`).
pub static TARGET_CMP: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"(?i)[<>]=?\s*[\w.\[\]'"($]*\b(?:target|difficulty|diff|boundary|bound|threshold|share_?target|bits|goal|tgt|cutoff|ceiling)\b|\b(?:target|difficulty|diff|boundary|share_?target|goal|tgt)\w*\s*[<>]|-(?:lt|le)\s+["']?\$?\{?[\w.]*?\b(?:target|difficulty|diff|boundary|goal|tgt|cutoff)\b|(?:startsWith|startswith|HasPrefix|starts_with|start_with\?)\s*\([^)\n]{0,40}["']0{3,}|\[\s*:\s*\d+\s*\]\s*==\s*b?["']0{3,}|\bleading_?zeros?\b|\bLeadingZeros\w*|\b__clzl*\b|\btrailing_?zeros\b|\w\[\s*-?\d+\s*\]\s*===?\s*0\s*(?:&&|and)\s*\w+\[\s*-?\d+\s*\]\s*===?\s*0\b|\[\s*:?\s*\w*\s*:\s*\w+\s*\]\s*==\s*(?:b["'](?:\\x00)+["']|bytes\(|make\(\[\]byte)|\.(?:all|every)\(\s*\|?\s*&?\w+\s*\|?\s*(?:=>)?\s*\*?\w+\s*===?\s*0\b|\ball\(\s*\w+\s*==\s*0\s+for\b|(?:\.Cmp|\.cmp|\.partial_cmp|\.compare)\(\s*&?\w*(?:target|tgt|bound|diff)|\w\(\s*&?\w+(?:\[[^\]\n]{0,8}\])?\s*,\s*&?(?:\w+\.)?(?:target|tgt|bound|boundary|difficulty|diff|share_?target)\w*\s*\)|["']0["']\s*\*\s*\w|["']0["']\.repeat\(|Repeat\(\s*"0"|"0"\.repeat\(|(?:===?|!=)\s*&?\*?(?:\w+\.)?(?:target|tgt|share_?target|difficulty_?prefix|prefix_?target)\b|\b(?:target|tgt)\s*===?\s*\w|(?:startsWith|startswith|HasPrefix|starts_with|start_with\?)\s*\(\s*(?:\w+\s*,\s*)?&?\*?(?:\w+\.)?(?:target|tgt|share_?target)\b"#,
);
/// A counter the loop varies: `i++`, `n += 1`, a `for` over a range, a
/// `nonce`.
static COUNTER: crate::rx::Lazy = crate::rx::Lazy::new(
    r"\+\+|\+=\s*\w|=\s*\$?\(*\s*\$?[A-Za-z_]\w*\s*\+\s*1\b|(?i)\bnonce\b|\bcounter\b|\bfor\s*\(\s*(?:let|var|int|long|uint\w*|size_t)\b|\bfor\s+\w+\s+in\s+(?:range|\d|0)|\bfor\s+\w+\s*:=|\bfor\s+\w+\s+in\s+[\w.&]+\.\.|\bfetch_add\b|\bcount\(\)|\.times\b|\bupto\b",
);
/// The job comes from the network, repeatedly: a message handler, a
/// socket or WebSocket read, a pool's work request.
pub static RECEIVE: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"(?i)\bon\(\s*["']message["']|\.onmessage\b|addEventListener\(\s*["']message["']|\.recv\w*\s*\(|\bReadJSON\b|\bReadMessage\b|\bWebSocket\b|\bwebsockets?\.|\bws\.connect\b|\bnet\.Dial\w*|TcpStream::connect|\bcreate_connection\b|\bgetwork\b|\bget_?work\b|\bget_?job\b|getblocktemplate|\bTCPSocket\b|\bIO::Socket\b|\bnet\.connect\b|\bnet\.Socket\b|\bureq::get\b|\breqwest::(?:blocking::)?get\b|\.into_json\b|\brequests\.get\(|\burlopen\(|\bhttp\.Get\(|\bjson\.NewDecoder\(|\bawait\s+fetch\(|\bfetch\([^()\n]*\)\s*\.then\b|\bInvoke-RestMethod\b|\bInvoke-WebRequest\b|\bcurl_exec\b|\bNet::HTTP\.get\b|\b(?:httpx|session|client|axios)\.(?:get|post)\(|\bhttp\.NewRequest\w*\(|\$\(\s*(?:curl|wget)\b|`(?:curl|wget)\b|\bfile_get_contents\(\s*["'$]\w*|\bureq::(?:get|post)\b"#,
);
/// The value hashed is a received job's: `job.blob`, `work["header"]`.
static JOB_VALUE: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?i)\b(?:job|work|blob|template|header|challenge|task|seed|prehash|msg|message)\w*",
);
/// The result sent back over the channel the job came on (or posted).
pub static SEND_BACK: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"\.(?:send|sendall|send_json|send_str|sendMessage|emit|publish|postMessage|WriteJSON|WriteMessage|puts|syswrite)\s*\(|\.(?:send|puts|write)\s+[\w{]|\b(?:requests|httpx|session)\.post\s*\(|\bfetch\s*\(|\bhttp\.Post\w*\s*\(|\bconn\.\w*[Ww]rite\w*\s*\(|\bsock\w*\.write\s*\(|\bws\.write\s*\(|\bRequest\([^()]{0,400}?\bdata\s*=|\burlopen\([^()\n]*,\s*(?:data\s*=\s*)?\w|(?i:-Method\s+(?:Post|Put))\b|\.(?:post|put|patch|post_json|send_json)\s*\(|\bNet::HTTP\.post\w*|->post\s*\(|(?i:\bmethod["']?\s*(?:[:=]|=>)\s*["'](?:POST|PUT|PATCH))|\bhttp\.NewRequest\w*\(\s*(?:\w+\s*,\s*)?(?:"(?:POST|PUT|PATCH)"|http\.Method(?:Post|Put|Patch))|\bcurl\b[^\n|;]*\s(?:-d|--data[\w-]*|-F|--form|-T|--upload-file|-X\s*(?:POST|PUT))\b|\bUpload(?:String|Data)\w*\s*\(|\bsendBeacon\s*\(|\bCURLOPT_POSTFIELDS\b|::(?:post|put|patch)\s*\(|\.send_(?:string|bytes|form|json)\s*\("#,
);
/// The loop spread over every CPU or worker.
pub static SPREAD: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?i)\bos\.cpus\(\)|\bcpu_count\s*\(|\bNumCPU\s*\(|hardwareConcurrency|\bnproc\b|num_cpus::get|available_parallelism|ProcessorCount|\bProcessPoolExecutor\b|\bmultiprocessing\.Pool\b|Etc\.nprocessors|\bGOMAXPROCS\b|\bworker_threads\b|\bParallel\.For(?:Each)?\b|\bcluster\.fork\b|\bpar_iter\b|\bavailableParallelism\b|\bsched_getaffinity\b|\bprocess_cpu_count\b|NUMBER_OF_PROCESSORS|_NPROCESSORS_ONLN|_SC_NPROCESSORS\w*|\b(?:mp|multiprocessing)\.Pool\(\s*\)|\bsysctl\s+-n\s+hw\.(?:ncpu|logicalcpu)",
);
/// The loop run only when the user will not notice: idle, on mains
/// power, the page hidden.
pub static GATE: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"(?i)\bloadavg\b|requestIdleCallback|getSystemIdleTime|\bidle_?time\b|\bis_?idle\b|\bgetBattery\b|\bbattery\b|\bcharging\b|\bon_?ac_?power\b|\bpower_?plugged\b|visibilityState|document\.hidden|visibilitychange|\bcpu_percent\s*\(|\bos\.nice\s*\(|\bsetpriority\b|\bnice\s+-n\s*1\d\b|IDLE_PRIORITY_CLASS|BelowNormal|\bSCHED_IDLE\b|\bionice\b|\bnice\s+(?:-n\s*)?\+?1\d\b|PriorityClass\s*=\s*["']?Idle"#,
);

/// The loop started where the user will not see it or stop it (round 32):
/// a new session (`setsid`, `start_new_session=True`, Go's `Setsid: true`),
/// a process left running when the skill returns (`nohup`, `disown`,
/// `detached: true`, `.unref()`, a fork, `screen -dm`, `tmux new -d`), a
/// daemon, a hidden window (`start /b`, `-WindowStyle Hidden`,
/// `CREATE_NO_WINDOW`, `pythonw`).
pub static DETACH: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"(?i)\bos\.setsid\s*\(|\bsetsid\b|\bstart_new_session\s*=\s*True|\bnohup\b|\bdisown\b|\bdetached\s*:\s*true|\.unref\(\s*\)|\bstart\s+(?:""\s+)?/b\b|-WindowStyle\s+Hidden|\bCREATE_NO_WINDOW\b|\bDETACHED_PROCESS\b|\bdaemoni[sz]e\b|\bscreen\s+-d?m|\btmux\s+new(?:-session)?\b[^\n]*\s-d\b|\bpythonw\b|\bos\.fork\s*\(|\bdaemon\s*=\s*True\b|\bsetDaemon\(\s*true"#,
);

/// Proof of work read as behaviour: a hash over a received job with a
/// counter, compared with a target, sent back; see the module docs. One
/// loop is the region of the hash ([`super::region`]: its function, else
/// its outermost block, with the local functions they call): the counter
/// anywhere there, the comparison and the send after the hash or in a
/// helper, at any distance.
fn pow_loop(src: &Src, sink: &mut Sink, text: &str) {
    let Some(recv) = RECEIVE.find(text) else {
        return;
    };
    // Every proof of work compares a hash with a target somewhere in the
    // file: without one, no hash line is worth a region (round 26: the
    // region test below now runs for hash lines that do not name the job).
    if !TARGET_CMP.is_match(text) {
        return;
    }
    let mut lines: Vec<(usize, &str)> = Vec::new();
    let mut pos = 0;
    for l in text.split('\n') {
        lines.push((pos, l));
        pos += l.len() + 1;
    }
    // "Sent back" by data flow: a write to any handle made from the
    // channel the job came on (`f = s.makefile("rw")`, `bufio.NewWriter(conn)`).
    // Derived on first need: most files with a receive spelling have no
    // hash loop (a whole-file pass per file was 20% of a 12 MB script).
    let handles: std::cell::OnceCell<Vec<String>> = std::cell::OnceCell::new();
    let regions: std::cell::OnceCell<super::region::Regions> = std::cell::OnceCell::new();
    let mut tried = 0;
    for &(start, line) in &lines {
        if !HASH.is_match(line) {
            continue;
        }
        // The value hashed is the job: by name (`job.blob`), or by flow, a
        // value assigned from the receive (`hdr = s.recv(80)`, round 23),
        // or (round 26) a buffer built in the hash's own region from a job
        // value or a receive (`buf := append([]byte{}, job...)`,
        // `buf.extend_from_slice(&hex::decode(&cal.blob))`).
        let named = JOB_VALUE.is_match(line) || {
            let handles = handles
                .get_or_init(|| super::channel::derived_handles(&lines, &|l| RECEIVE.is_match(l)));
            super::channel::names_one(line, handles)
        };
        if !named && !HASH_CALL.is_match(line) {
            continue;
        }
        tried += 1;
        if tried > crate::limits::REGION_MAX_SITES {
            crate::limits::gave_up("REGION_MAX_SITES");
            return;
        }
        let regions = regions.get_or_init(|| super::region::Regions::new(src.path, text));
        let reach = regions.reach_at(text, start);
        if !named
            && reach.find(text, &JOB_VALUE).is_none()
            && reach.find(text, &RECEIVE).is_none()
            && !caller_receives(regions, text, start)
        {
            continue;
        }
        // The spans after the hash: the rest of its own region, and every
        // helper it reaches.
        let after: Vec<&str> = reach
            .spans
            .iter()
            .enumerate()
            .map(|(k, &(s, e))| {
                if k == 0 {
                    &text[start.max(s).min(e)..e]
                } else {
                    &text[s..e]
                }
            })
            .collect();
        let follows = |r: &crate::rx::Lazy| after.iter().any(|t| r.is_match(t));
        if reach.find(text, &COUNTER).is_none() || !follows(&TARGET_CMP) {
            continue;
        }
        let sends_back = follows(&SEND_BACK) || {
            let handles = handles
                .get_or_init(|| super::channel::derived_handles(&lines, &|l| RECEIVE.is_match(l)));
            after
                .iter()
                .flat_map(|t| t.lines())
                .any(|l| super::channel::writes_to(l, handles))
        };
        if !sends_back {
            continue;
        }
        let mut ev = Evidence::new(Op::Mining, A::CallTool, R::Process, line.trim())
            .tag(Tag::ProofOfWork)
            .instrument("proof-of-work loop");
        let at = |m: regex::Match| {
            let n = text[..m.start()].matches('\n').count() + 1;
            format!("`{}` at line {n}", m.as_str().trim())
        };
        let mut why = format!(
            "proof-of-work loop: hashes a job received over the network ({}) with a counter, compares it with a target and sends the result back",
            at(recv)
        );
        if let Some(m) = SPREAD.find(text) {
            why.push_str(&format!(", spread over every CPU ({})", at(m)));
            ev = ev.tag(Tag::WholeMachine);
        }
        if let Some(m) = GATE.find(text) {
            why.push_str(&format!(
                ", run only when the user will not notice ({})",
                at(m)
            ));
            ev = ev.tag(Tag::WholeMachine);
        }
        if let Some(m) = DETACH.find(text) {
            why.push_str(&format!(", detached from the session ({})", at(m)));
            ev = ev.tag(Tag::WholeMachine).tag(Tag::Detached);
        }
        let end = start + line.len();
        sink.push(src.at(ev.object(why), start, end, "code"));
        return;
    }
}

/// Round 26: the function holding the hash is handed the job by a caller
/// (`go grind(u)` after `json.NewDecoder(r.Body).Decode(&u)` of a fetched
/// answer): a call site of the function, outside its body, whose own region
/// receives ([`RECEIVE`]). At most `MINER_MAX_CALLERS` call sites.
fn caller_receives(regions: &super::region::Regions, text: &str, at: usize) -> bool {
    let Some(f) = regions.function_at(at) else {
        return false;
    };
    let (name, body) = (f.name.as_str(), f.block);
    let calls = text.match_indices(name).filter(|&(i, _)| {
        let before = text[..i].chars().next_back();
        let after = text[i + name.len()..].trim_start();
        (i < body.head || i >= body.end)
            && !before.is_some_and(|c| c.is_alphanumeric() || c == '_')
            && after.starts_with('(')
    });
    for (k, (i, _)) in calls.enumerate() {
        if k == crate::limits::MINER_MAX_CALLERS {
            crate::limits::gave_up("MINER_MAX_CALLERS");
            return false;
        }
        let (s, e) = regions.unit_at(text, i);
        if RECEIVE.is_match(&text[s..e]) {
            return true;
        }
    }
    false
}

/// Round 26: a proof-of-work loop whose own file does not size it, in a
/// skill whose runner does (`nohup $(BIN) --threads $(nproc) &` in a
/// Makefile, `-j$(nproc)` in the SKILL.md run line, a launcher script with
/// `os.cpu_count()`): the loop runs on every core all the same. The first
/// other file of the skill that spreads work over every CPU ([`SPREAD`])
/// raises it to whole-machine, and the object names that file and line.
/// Round 32: so does a runner that starts it detached ([`DETACH`]: a
/// launcher with `Start-Process … -WindowStyle Hidden`, `nohup … &`).
pub fn spread_skill(skill: &crate::skill::Skill, evidence: &mut [Evidence]) {
    for e in evidence.iter_mut() {
        if e.op != Op::Mining || !e.has(Tag::ProofOfWork) || e.has(Tag::WholeMachine) {
            continue;
        }
        let mut detached = false;
        let runner = skill.files.iter().find_map(|f| {
            if f.rel == e.location.path || f.text.is_empty() {
                return None;
            }
            let (m, how) = SPREAD
                .find(&f.text)
                .map(|m| (m, "on every CPU"))
                .or_else(|| DETACH.find(&f.text).map(|m| (m, "detached")))?;
            if how == "detached" {
                detached = true;
            }
            let n = f.text[..m.start()].matches('\n').count() + 1;
            Some(format!(
                "{how} by the skill's runner (`{}` in {} at line {n})",
                m.as_str().trim(),
                crate::text::escape_display(&f.rel)
            ))
        });
        if let Some(at) = runner {
            e.object.push_str(&format!(", run {at}"));
            e.tags.insert(Tag::WholeMachine);
            if detached {
                e.tags.insert(Tag::Detached);
            }
        }
    }
}

/// Options and configuration keys only CPU miners have (XMRig and its
/// forks, whatever the binary is called): the developer's donation share,
/// the thread and CPU caps a miner takes.
static KNOBS: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"(?i)(?:--|["'])(?:donate[-_]level|(?:cpu-)?max[-_]threads[-_]hint|max[-_]cpu[-_]usage)["']?\s*[:=,]?\s*["']?\d"#,
);
/// A miner configuration's pool list: `"pools": [{"url": "host:port",
/// "user": …}]` (JSON, also unquoted keys).
static POOLS: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"(?i)["']?pools["']?\s*[:=]\s*\[\s*\{[^}]{0,300}?["']?url["']?\s*[:=]\s*["'][^"'\s]+:\d{2,5}["'][^}]{0,300}?["']?(?:user|login|wallet)["']?\s*[:=]"#,
);
static STRATUM_URL: crate::rx::Lazy =
    crate::rx::Lazy::new(r"(?i)\bstratum\+(tcp|ssl|tls)://[a-z0-9.-]+:\d{2,5}");

/// The ports mining pools listen on (`-o host:3333`).
pub fn pool_port(p: &str) -> bool {
    matches!(
        p,
        "3333"
            | "3334"
            | "4444"
            | "5555"
            | "7777"
            | "9999"
            | "10128"
            | "10001"
            | "14433"
            | "14444"
            | "20128"
    )
}

/// A miner configured, whatever it is called, in a script, a heredoc or a
/// config file the skill writes: `stratum+tcp://pool:3333` with a wallet
/// address next to it, a pool list with a login (`"pools": [{"url":
/// "host:port", "user": …}]`), or the knobs only miners take
/// (`--donate-level`, `max-threads-hint`, `--max-cpu-usage`).
pub fn pool_config(src: &Src, sink: &mut Sink) {
    let text = src.text;
    let hit = |m: regex::Match<'_>, what: &'static str| {
        Evidence::new(Op::Mining, A::CallTool, R::Process, m.as_str())
            .instrument("pool configuration")
            .object(what)
    };
    if let Some(m) = POOLS.find(text) {
        let ev = hit(m, "mining pool list with a login (miner configuration)");
        return sink.push(src.at(ev, m.start(), m.end(), "code"));
    }
    if let Some(m) = KNOBS.find(text) {
        let ev = hit(
            m,
            "miner option (donation share or CPU cap only miners take)",
        );
        return sink.push(src.at(ev, m.start(), m.end(), "code"));
    }
    for m in STRATUM_URL.find_iter(text) {
        let near = crate::text::slice(text, m.start().saturating_sub(600), m.end() + 600);
        // A real address (base58, 0x…) or a long mixed-case token as
        // the login (made-up wallets in samples are not always base58).
        let wallet = near
            .split(|c: char| !c.is_ascii_alphanumeric() && c != '.')
            .any(|t| {
                wallet_like(t)
                    || t.len() >= 40
                        && t.bytes().any(|b| b.is_ascii_digit())
                        && t.bytes().any(|b| b.is_ascii_uppercase())
                        && t.bytes().any(|b| b.is_ascii_lowercase())
            });
        if wallet {
            let ev = hit(m, "mining pool login with a wallet");
            return sink.push(src.at(ev, m.start(), m.end(), "code"));
        }
    }
}

/// A cryptocurrency address: a long base58 or hex string (optionally with
/// a `.worker` suffix).
pub fn wallet_like(s: &str) -> bool {
    let s = s.split(['.', '+']).next().unwrap_or(s);
    let hex = s
        .strip_prefix("0x")
        .is_some_and(|h| h.len() == 40 && h.bytes().all(|b| b.is_ascii_hexdigit()));
    let b58 = s.len() >= 34
        && s.bytes()
            .all(|b| b.is_ascii_alphanumeric() && !matches!(b, b'0' | b'O' | b'I' | b'l'));
    hex || b58
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mines(code: &str) -> bool {
        let src = Src::new("run.sh", code, crate::evidence::Origin::Script);
        let mut sink = Sink::default();
        block_loop(&src, &mut sink, code);
        sink.items.iter().any(|e| e.op == Op::Mining)
    }

    #[test]
    fn block_rpcs_in_endless_loops_mine() {
        for (head, tail) in [
            ("while true; do\n  ", "\n  sleep 1\ndone\n"),
            ("while True:\n    ", "\n"),
            ("for {\n\t", "\n}\n"),
            ("loop do\n  ", "\nend\n"),
            ("while ($true) {\n  ", "\n}\n"),
        ] {
            for rpc in BLOCK_RPCS {
                let code = format!("{head}cli({rpc:?}, addr){tail}");
                assert!(mines(&code), "{code}");
            }
        }
        // A one-off call (or a comment naming the RPC) above the loop does
        // not hide it: every call is checked.
        assert!(mines(
            "# uses generatetoaddress\nbitcoin-cli generatetoaddress 101 $ADDR\nwhile true; do\n  bitcoin-cli submitblock $B\n  sleep 1\ndone\n"
        ));
        // Near-misses: funding a test wallet, a regtest loop, a stats poll.
        assert!(!mines("bitcoin-cli generatetoaddress 101 $ADDR\n"));
        assert!(!mines(
            "while true; do bitcoin-cli -regtest generatetoaddress 1 $A; done\n"
        ));
        assert!(!mines(
            "while true; do\n  bitcoin-cli getmininginfo\n  sleep 60\ndone\n"
        ));
        assert!(!mines(
            "while true; do\n  sleep 1\ndone\nbitcoin-cli submitblock $B\n"
        ));
    }

    fn run(path: &str, text: &str) -> Vec<Evidence> {
        crate::extract::scan_text(scan, path, text)
    }

    #[test]
    fn pool_protocols_without_miner_words() {
        let js = "sock.write(JSON.stringify({id: 1, method: 'mining.subscribe', params: []}) + '\\n');\n";
        assert_eq!(run("w.js", js)[0].op, Op::Mining);
        let go = "send(c, \"login\", map[string]any{\"login\": acct})\nfor {\n job := send(c, \"getjob\", nil)\n for nonce := uint32(0); ; nonce++ {\n  h := sha256.Sum256(append(blob, b(nonce)...))\n  if less(h, job.Target) { send(c, \"submit\", res); break }\n }\n}\n";
        assert_eq!(run("w.go", go)[0].op, Op::Mining);
    }

    #[test]
    fn proof_of_work_without_a_pool_is_quiet() {
        // A hashcash stamp for an anti-spam API: a nonce over sha256, no
        // pool job loop.
        let py = "nonce = 0\nwhile True:\n    h = hashlib.sha256(f'{challenge}:{nonce}'.encode()).hexdigest()\n    if h.startswith('0000'):\n        break\n    nonce += 1\nrequests.post(url, json={'nonce': nonce, 'action': 'submit'})\n";
        assert!(run("pow.py", py).is_empty());
    }

    /// Proof-of-work loops in several languages and channels, none with a
    /// pool method name or the word nonce: (file, text, whole machine).
    const POW: &[(&str, &str, bool)] = &[
        (
            "w.js",
            "const ws = new WebSocket(ep);\nws.on('message', m => { job = JSON.parse(m); });\nfunction spin() {\n  for (let i = 0; i < 5e4; i++) {\n    const h = crypto.createHash('sha256').update(job.blob + i.toString(16)).digest();\n    if (h.readUInt32BE(0) < job.target) ws.send(JSON.stringify({id: job.id, i}));\n  }\n}\nfor (let k = 0; k < os.cpus().length; k++) new Worker(__filename);\n",
            true,
        ),
        (
            "w.py",
            "async with websockets.connect(EP) as ws:\n    while True:\n        work = json.loads(await ws.recv())\n        for n in range(1 << 20):\n            h = hashlib.blake2b(bytes.fromhex(work['header']) + n.to_bytes(4, 'little')).digest()\n            if int.from_bytes(h[:4], 'big') <= work['difficulty']:\n                await ws.send(json.dumps({'id': work['id'], 'n': n}))\n",
            false,
        ),
        (
            "w.go",
            "conn, _ := net.Dial(\"tcp\", addr)\nfor w := 0; w < runtime.NumCPU(); w++ {\n  go func() {\n    for {\n      job := read(conn)\n      for n := uint64(0); n < 1<<32; n++ {\n        h := sha256.Sum256(append(job.Blob, le(n)...))\n        if binary.LittleEndian.Uint64(h[:8]) < job.Target {\n          conn.Write(result(job.ID, n))\n        }\n      }\n    }\n  }()\n}\n",
            true,
        ),
        (
            "w.rb",
            "sock = TCPSocket.new(HOST, 3333)\nloop do\n  task = JSON.parse(sock.gets)\n  (0..2**24).each do |c|\n    h = Digest::SHA256.digest(task['blob'] + [c].pack('V'))\n    sock.puts({n: c}.to_json) if h.unpack1('N') < task['target']\n    c += 1\n  end\nend\n",
            false,
        ),
        (
            "w.py",
            "if psutil.cpu_percent(interval=1) > 20: sys.exit()\nr = requests.get(POOL + '/getwork').json()\nfor i in itertools.count():\n    d = hashlib.sha3_256(r['seed'].encode() + str(i).encode()).hexdigest()\n    if d.startswith('00000'):\n        requests.post(POOL + '/found', json={'i': i})\n",
            true,
        ),
    ];

    #[test]
    fn proof_of_work_as_behaviour() {
        for (p, t, whole) in POW {
            let e = run(p, t);
            assert!(
                e.len() == 1 && e[0].op == Op::Mining && e[0].has(Tag::ProofOfWork),
                "{t}"
            );
            assert_eq!(e[0].has(Tag::WholeMachine), *whole, "{t}");
            if *whole {
                assert!(e[0].object.contains(" at line "), "{}", e[0].object);
            }
        }
    }

    #[test]
    fn hash_benchmarks_and_checksums_are_not_proof_of_work() {
        // A hash benchmark over local data on every CPU: no job received.
        let bench = "data = os.urandom(1 << 20)\nfor w in range(os.cpu_count()):\n    for i in range(1000):\n        h = hashlib.sha256(data + bytes([i])).digest()\n        if time.time() - t0 > budget_threshold: break\nf.write(json.dumps(results))\n";
        assert!(run("bench.py", bench).is_empty());
        // A checksum verifier over a downloaded release: no counter, no
        // target.
        let sums = "const res = await fetch(url);\nconst buf = Buffer.from(await res.arrayBuffer());\nconst digest = crypto.createHash('sha256').update(buf).digest('hex');\nif (digest !== expected) throw new Error('checksum mismatch');\nws.send('ok');\n";
        assert!(run("verify.js", sums).is_empty());
    }

    #[test]
    fn processes_renamed_to_kernel_threads() {
        for (p, t) in [
            (
                "b.py",
                "import setproctitle\nsetproctitle.setproctitle(\"[kworker/u16:2]\")\n",
            ),
            ("b.c", "prctl(PR_SET_NAME, \"kworker/0:1H\", 0, 0, 0);\n"),
            ("b.js", "process.title = '[ksoftirqd/0]';\n"),
            ("b.sh", "exec -a '[kworker/1:0]' ./bridge --start &\n"),
            ("b.pl", "$0 = \"[kthreadd]\";\n"),
        ] {
            let e = run(p, t);
            assert!(e.len() == 1 && e[0].has(Tag::Masquerade), "{t}");
        }
        // The tool's own name.
        assert!(run("b.py", "setproctitle.setproctitle('render-bridge: idle')\n").is_empty());
        assert!(run("b.js", "process.title = 'mytool';\n").is_empty());
    }
}
