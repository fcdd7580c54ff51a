//! Amplification (round 25): resource abuse read by its *shape*, not by
//! miner or flood words. One notion every front-end feeds, as four shapes:
//!
//! * [`Shape::FanOut`]: concurrency created per item of an input the skill
//!   does not bound (a goroutine, thread, task or promise per element of a
//!   loop over links, lines or results), a pool or semaphore larger than
//!   [`MIN_POOL`], `xargs -P 0`, `parallel -j0`, `&` in a shell loop;
//! * [`Shape::NoBrake`]: a loop around a request with no iteration bound
//!   reachable from its condition (`for {`, `while True:`, `for (;;)`,
//!   `for (let r = 0; ; r++)`, `loop {`, `while :`), left only on success,
//!   with no pause and no attempt cap in it or the functions it calls;
//! * [`Shape::Evasion`]: limits evaded, one table of spellings
//!   ([`EVASION`]): rotated user agents, proxies, keys or accounts, spoofed
//!   forwarding headers, CAPTCHA solvers, robots.txt switched off;
//! * [`Shape::Bill`]: a paid model API ([`PAID`]) called from a fan-out or
//!   a loop without brake: the user's key pays for work without bound.
//!
//! Shapes are linked by structure (`region.rs`): two shapes count together
//! when one's region (its statement, or the unit it sits in, with the local
//! functions they call) holds the other. [`judge`] scores what one file or
//! one prose section shows: two linked shapes, or a bill → runaway
//! (SK-RES-006, high); evasion alone → SK-RES-007 medium; one other shape
//! alone → SK-RES-007 low (a crawler has fan-out, a long-poll bot a loop).
//! The prose reader (`prose_flood.rs`) scores its shapes the same way
//! (evasion alone there is a low note).
//!
//! Hostile input: each shape reads at most [`AMPLIFY_MAX_SITES`] sites per
//! file (then `gave_up`); reaches are bounded by `region.rs`.

use super::region::{Regions, line_span};
use super::{Sink, Src};
use crate::evidence::{Evidence, Op, Tag};
use crate::limits::AMPLIFY_MAX_SITES;
use crate::ssl::vocab::{ActType as A, ResourceScope as R};

/// A pool at least this large is a fan-out by its size.
pub const MIN_POOL: u64 = 64;
/// A loop whose head counts at most this many is bounded.
const SMALL_COUNT: u64 = 32;

/// One of the four shapes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Shape {
    FanOut,
    NoBrake,
    Evasion,
    Bill,
}

/// A shape seen at `at`, with the region it covers (for linking).
#[derive(Debug, Clone)]
pub struct Seen {
    pub shape: Shape,
    pub at: (usize, usize),
    pub what: String,
    pub reach: Vec<(usize, usize)>,
    /// A no-brake loop left only at a convergence the user cannot see
    /// (`Math.abs(mean - prev) < 0.001`, `while (!converged)`).
    pub converges: bool,
}

impl Seen {
    fn holds(&self, at: usize) -> bool {
        self.reach.iter().any(|&(s, e)| s <= at && at < e)
    }
    fn linked(&self, o: &Seen) -> bool {
        self.holds(o.at.0) || o.holds(self.at.0)
    }
}

/// What a set of shapes amounts to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Verdict {
    /// Tags for the evidence: `runaway`, or `amplified` (+
    /// `limit-evasion`).
    pub tags: Vec<Tag>,
    pub object: String,
    pub at: (usize, usize),
}

/// Scores the shapes one file or section shows (module docs).
pub fn judge(seen: &[Seen]) -> Option<Verdict> {
    let runaway = |a: &Seen, b: &Seen| Verdict {
        tags: vec![Tag::Runaway],
        object: format!("amplified requests: {} + {}", a.what, b.what),
        at: a.at,
    };
    // A bill: the paid call with the fan-out or the loop to convergence it
    // sits in. An agent loop (`while (true)` around `messages.create`, left
    // when the model ends its turn) is the ordinary use of a model API.
    for b in seen.iter().filter(|s| s.shape == Shape::Bill) {
        if let Some(o) = seen.iter().find(|o| {
            (o.shape == Shape::FanOut || o.shape == Shape::NoBrake && o.converges) && o.linked(b)
        }) {
            return Some(runaway(b, o));
        }
    }
    // Evasion with anything, then any two different shapes (a bill only
    // as above).
    let other = |a: &Seen, b: &Seen| b.shape != a.shape && b.shape != Shape::Bill && a.linked(b);
    for order in [true, false] {
        for a in seen
            .iter()
            .filter(|s| (s.shape == Shape::Evasion) == order && s.shape != Shape::Bill)
        {
            if let Some(b) = seen.iter().find(|b| other(a, b)) {
                return Some(runaway(a, b));
            }
        }
    }
    // A random pick over a few browser user agents alone is what news and
    // page fetchers do (registry kesslerio/technews): a note, as one shape
    // is; with another shape it links above like any evasion.
    if let Some(e) = seen
        .iter()
        .find(|s| s.shape == Shape::Evasion && s.what != UA_ROTATED && s.what != CACHE_BUSTED)
    {
        return Some(Verdict {
            tags: vec![Tag::Amplified, Tag::LimitEvasion],
            object: format!("rate limits evaded: {}", e.what),
            at: e.at,
        });
    }
    seen.iter()
        .find(|s| matches!(s.shape, Shape::FanOut | Shape::NoBrake | Shape::Evasion))
        .map(|s| Verdict {
            tags: vec![Tag::Amplified],
            object: format!("one shape of amplification: {}", s.what),
            at: s.at,
        })
}

/// A network request or a paid model call, in every language.
pub(crate) static NET: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?i)\bfetch\(|\baxios(?:\.\w+)?\(|\bgot(?:\.\w+)?\(|\bhttps?\.(?:get|request|post|head)\(|\burlopen\(|\brequests\.(?:get|post|put|head|request)\(|\bhttpx\.(?:get|post|request|Client|AsyncClient)\b|\baiohttp\b|\bsession\.(?:get|post|request)\(|\bclient\.(?:get|post|head|do|request)\(|\.Do\(\s*req|\bhttp\.NewRequest|\breqwest::|\bNet::HTTP|\bLWP::|\bHTTP::Tiny|\bInvoke-(?:WebRequest|RestMethod)\b|\bcurl_exec\(|\bcurl_init\(|\bcurl_multi_exec\(|\bfile_get_contents\(\s*['\x22$]|(?m:(?:^|[;&|(`{]|\b(?:do|then|else|until|while|if|qx|exec|nohup|time))\s*(?:curl|wget)\s)|\bxargs\b[^\n|;]*\s(?:curl|wget)\s|\.(?:chat\.)?completions\.create\(|\bmessages\.create\(|\bresponses\.create\(|\bgenerateContent\(",
);
/// A paid model API: its host or its SDK call.
pub(crate) static PAID: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?i)\bapi\.openai\.com\b|\bapi\.anthropic\.com\b|\bgenerativelanguage\.googleapis\.com\b|\bapi\.mistral\.ai\b|\bapi\.cohere\.(?:ai|com)\b|\bapi\.groq\.com\b|\bopenrouter\.ai\b|\bapi\.together\.(?:xyz|ai)\b|\bapi\.replicate\.com\b|\bapi\.deepseek\.com\b|\bapi\.fireworks\.ai\b|\bapi\.perplexity\.ai\b|\bapi\.x\.ai\b|\bapi\.elevenlabs\.io\b|\.(?:chat\.)?completions\.create\(|\bmessages\.create\(|\bresponses\.create\(|\bgenerateContent\(|\bimages\.generate\(",
);
/// A loop with no bound in its condition.
static ENDLESS: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?m)\bwhile\s*\(?\s*(?:True|true|1|\$true|!0|not\s+False)\s*\)?\s*(?::|\{|do\b|$)|\bfor\s*\(\s*[^;()\n]*;\s*;[^)\n]*\)|^\s*for\s*\{|\bloop\s*\{|^\s*loop\s+do\b|\bwhile\s+(?:true|:)\s*;\s*do\b|\buntil\s+false\s*;\s*do\b|\bfor\s+\w+\s+in\s+(?:itertools\.)?count\(\s*\d*\s*\)\s*:|\buntil\s+(?:curl|wget)\b[^\n]*;\s*do\b|\bwhile\s*\(?\s*(?:abs|Math\.abs|math\.fabs|np\.abs)\(|\bwhile\s*\(?\s*(?:not\s+|!\s*)[\w.]*(?:converged|stable|success|succeeded|ok)\b|\buntil\s*\(\s*(?:defined\s+)?\$\w+\s*\)|\bwhile\s+\w+\s+is\s+None\s*:|\bwhile\s*\(\s*!\s*\w+\s*\)\s*\{",
);
/// A pause or backoff that paces a loop, or the user's answer awaited
/// (an interactive session is paced by its user). Round 27: Go's `Ticker`
/// in its own case (a variable `ticker` of a stock script is no pause).
static PAUSE: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?i)\bsleep\b|\.sleep\(|time\.After\b|(?-i:\bTicker\b)|\bsetTimeout\b|\bsetInterval\b|Start-Sleep|\bbackoff\b|\bback_off\b|retry[-_]?after|\bwait_(?:exponential|fixed|random)\b|\bdelay\s*\(|\brate\.NewLimiter\b|\bratelimit\w*\b|\bRateLimiter\b|\bthrottle\w*\b|\.Wait\(\s*ctx\b|\binput\(|\braw_input\(|\.question\(|Read-Host|\bprompt\(|\bgets\b",
);
/// An attempt cap or a deadline in the loop: a counter or a clock
/// compared and the loop left (`if attempt >= MAX: raise`, `if
/// time.time() > deadline: break`).
static CAP: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?i)\b(?:attempts?|tries|tried|retries|retry_count|retrycount|failures|errors|max_\w+|limit|deadline|budget|remaining)\b[^\n&|]{0,30}(?:>=?|==|<=?|!=)|(?:>=?|==)\s*(?:max\w*|MAX\w*|limit|LIMIT\w*|retries|RETRIES\w*)\b|\b(?:time\.(?:time|monotonic)\(\)|Date\.now\(\)|time\.Now\(\)|time\.Since\(|Instant::now|elapsed)\b[^\n]{0,40}(?:>|<|\.After\(|\.Before\()|\bctx\.Done\(\)|\bctx\.Err\(\)",
);
/// A loop left at a numeric convergence.
static CONVERGES: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?i)\bconverge\w*|\bMath\.abs\(|\bf?abs\(|\btolerance\b|\btol\b|\bepsilon\b|\beps\b|<\s*1e-\d|<\s*0\.0*1\b|\bstable\b",
);
/// Work started concurrently, per call.
static SPAWN: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?m)\bgo\s+(?:func\b|[A-Za-z_][\w.]*\()|\.submit\(|\bapply_async\(|\bThread\(|\bcreate_task\(|\bensure_future\(|\bthread::spawn\b|\btokio::spawn\b|\btask::spawn\b|\bspawn_local\b|\bStart-(?:Thread)?Job\b|\bThread\.new\b|\bnew\s+Thread\(|\bTask\.Run\(|\bProcess\(\s*target\b|\bfork\s*(?:\(\s*\))?\s*;|\bos\.fork\(\)|\bcurl_multi_add_handle\(|[^&|>]&\s*(?:$|done\b)",
);
/// A spawn that runs in a pool: the pool's size bounds it.
static POOLED: crate::rx::Lazy = crate::rx::Lazy::new(r"\.submit\(|\bapply_async\(");
/// A limiter that caps concurrency where the spawn's work runs.
static LIMITER: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?i)\bacquire\(|\basync\s+with\s+\w*(?:sem|limit)\w*|<-\s*struct\{\}\{\}|\bsem\w*\s*<-|\bSetLimit\(|\bpLimit\(|\bp-limit\b|\blimit\(\s*\(\)|\bBottleneck\b|\bsemaphore\b|\bSemaphore\(|\bworkerpool\b|\bpool\.(?:Submit|Go)\(",
);
/// A loop head, and a small literal count in it.
static LOOP_HEAD: crate::rx::Lazy = crate::rx::Lazy::new(
    r"\b(?:for|foreach|while|until|each|each_\w+|forEach|ForEach-Object|ForEach|times|map|flatMap)\b",
);
static SMALL_HEAD: crate::rx::Lazy = crate::rx::Lazy::new(
    r"\brange\(\s*(\d{1,7})\s*\)|<=?\s*(\d{1,7})\s*;|\{\d+\.\.(\d{1,7})\}|\bseq\s+(\d{1,7})\b|\b(\d{1,7})\.times\b|\brange\s+(\d{1,7})\b",
);
/// Promises or tasks created per element of a collection.
static EACH_PROMISE: crate::rx::Lazy = crate::rx::Lazy::new(
    r"\bArray\.from\(\s*\{\s*length\s*:\s*([\w.]+)\s*\}|\.map\(\s*(?:async\s*)?(?:\(\s*\w*\s*\)|\w+)\s*=>|\bgather\(\s*\*",
);
/// A pool with no limit at all.
static UNLIMITED: crate::rx::Lazy = crate::rx::Lazy::new(
    r"\bxargs\b[^\n|;]*?(?:-P\s*0\b|--max-procs[= ]0\b)|\bparallel\b[^\n|;]*?(?:-j\s*0\b|--jobs[= ]0\b)",
);
/// Limits evaded, one table (code and commands). Each row whole-word.
pub(crate) static EVASION: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"(?i)(?:\bchoice|\bsample|\bcycle|\bshuffle|\brand\w*)\(\s*[\w.]*(?:user_?agents?|uas|proxies|proxy_?list|proxy_?pool|api_?keys|keys|tokens|accounts|identities|cookies)\b|\b(?:api_?)?(?:keys|tokens|proxies|accounts|agents|uas|user_?agents)\[[^\]\n]{0,30}%\s*(?:count\(|len\(|sizeof\(|[\w.]+\.(?:length|size|count|len)\b)|\bfake_?useragent\b|\bUserAgent\(\)\.random\b|\brandom_user_agent\b|\bUserAgentRotator\b|\brotating[-_]?prox\w*|\bproxy_?rotat\w*|\bSIGNAL\s+NEWNYM\b|["'](?:x-forwarded-for|x-real-ip|x-originating-ip|x-client-ip|x-remote-ip|x-remote-addr|true-client-ip)["']\s*:|(?:\bSet|\bset|\bAdd|\badd|\bappend|\bheader|\bsetRequestHeader)\(\s*["'](?:x-forwarded-for|x-real-ip|x-originating-ip|x-client-ip|true-client-ip)["']\s*,|-H\s*["'](?:x-forwarded-for|x-real-ip|x-originating-ip|x-client-ip|true-client-ip)\s*:|\b2captcha\b|\banti-?captcha\b|\bcapsolver\b|\bcapmonster\b|\bdeathbycaptcha\b|\bsolve_?captcha\b|\bcaptcha_?solver\b|\bnopecha\b|\bROBOTSTXT_OBEY\s*=\s*False\b|\b(?:obey|respect)_?robots\w*\s*[:=]\s*(?:False|false)\b|\bignore_?robots\w*\s*[:=]\s*(?:True|true)\b|-e\s+robots=off\b"#,
);
/// Browser user-agent strings in a list, and a random pick over them.
static UA_LITERAL: crate::rx::Lazy = crate::rx::Lazy::new(r#"["']Mozilla/5\.0 \("#);
static RANDOM_PICK: crate::rx::Lazy = crate::rx::Lazy::new(
    r"\brandom\.(?:choice|sample|shuffle)\(|\bMath\.random\(\)|\brand\.Intn\(|\bcycle\(|\bshuffle\(|\.sample\b|\brandom\(\)",
);
/// A comment line (its spellings are not code).
fn comment_line(text: &str, at: usize) -> bool {
    let (s, _) = line_span(text, at);
    let l = text[s..at].trim_start();
    l.starts_with('#') || l.starts_with("//") || l.starts_with('*') || l.starts_with("--")
}

/// Adds the amplification one code file shows; see the module docs.
pub fn scan(src: &Src, sink: &mut Sink) {
    let text = src.text;
    if !NET.is_match(text) {
        return;
    }
    let regions = Regions::new(src.path, text);
    let mut seen = Vec::new();
    no_brake(&regions, text, &mut seen);
    fan_out(&regions, text, &mut seen);
    evasion(text, &mut seen);
    bill(text, &mut seen);
    let Some(v) = judge(&seen) else {
        return;
    };
    let (ls, le) = line_span(text, v.at.0);
    let mut ev = Evidence::new(Op::Loop, A::CallTool, R::Network, "$target")
        .instrument("amplification")
        .object(v.object);
    ev.tags.extend(v.tags);
    sink.push(src.at(ev, ls, le, "code"));
}

/// The matches of `rx` in code (not on a comment line), at most
/// [`AMPLIFY_MAX_SITES`] (then `gave_up`).
fn sites<'t>(rx: &crate::rx::Lazy, text: &'t str) -> Vec<regex::Match<'t>> {
    let mut out = Vec::new();
    for m in rx.find_iter(text) {
        if comment_line(text, m.start()) {
            continue;
        }
        if out.len() == AMPLIFY_MAX_SITES {
            crate::limits::gave_up("AMPLIFY_MAX_SITES");
            break;
        }
        out.push(m);
    }
    out
}

/// Loops with no bound around a request, with no pause and no cap.
fn no_brake(regions: &Regions, text: &str, seen: &mut Vec<Seen>) {
    for m in sites(&ENDLESS, text) {
        let stmt = regions.statement_at(text, m.start());
        let reach = regions.reach(text, stmt);
        if reach.find(text, &NET).is_none() || reach.find(text, &PAUSE).is_some() {
            continue;
        }
        if CAP.is_match(&text[stmt.0..stmt.1]) {
            continue;
        }
        seen.push(Seen {
            converges: CONVERGES.is_match(&text[stmt.0..stmt.1]),
            shape: Shape::NoBrake,
            at: (m.start(), m.end()),
            what: format!(
                "a request loop with no bound and no pause (`{}`)",
                m.as_str().trim()
            ),
            reach: reach.spans,
        });
    }
}

/// The largest pool or semaphore the file sizes, and where.
fn largest_pool(text: &str) -> Option<(u64, usize, usize)> {
    let mut best = super::fanout::fan_outs(text)
        .into_iter()
        .filter_map(|f| f.concurrency.map(|c| (c, f.at, f.end)))
        .max_by_key(|x| x.0);
    if let Some(m) = UNLIMITED.find(text) {
        best = Some((u64::MAX, m.start(), m.end()));
    }
    best
}

/// Concurrency per item of an unbounded input, and pools too large.
fn fan_out(regions: &Regions, text: &str, seen: &mut Vec<Seen>) {
    let pool = largest_pool(text);
    let big = pool.is_some_and(|p| p.0 >= MIN_POOL);
    if let Some((n, s, e)) = pool.filter(|_| big) {
        let size = if n == u64::MAX {
            "with no limit".to_string()
        } else {
            format!("of {n}")
        };
        let stmt = regions.statement_at(text, s);
        seen.push(Seen {
            converges: false,
            shape: Shape::FanOut,
            at: (s, e),
            what: format!("a pool {size} workers"),
            reach: pool_reach(regions, text, stmt),
        });
    }
    let mut spawns = sites(&SPAWN, text);
    spawns.extend(pushed_promises(text));
    spawns.sort_by_key(|m| m.start());
    for m in spawns {
        // A pooled task is bounded by its pool unless the pool is big.
        if POOLED.is_match(m.as_str()) && !big {
            continue;
        }
        let Some(head) = unbounded_loop_around(regions, text, m.start()) else {
            continue;
        };
        // The loop's body with what it calls: the work each item starts;
        // round 27: or the unit the spawn sits in, with what it calls (a
        // thread whose target is the crawling function itself:
        // `Thread(target=crawl, …)` inside `crawl`).
        let stmt = regions.statement_at(text, head.0);
        let reach = regions.reach(text, stmt);
        let unit = regions.reach_at(text, m.start());
        if reach.find(text, &NET).is_none() && unit.find(text, &NET).is_none() {
            continue;
        }
        if unit.find(text, &LIMITER).is_some() || reach.find(text, &LIMITER).is_some() {
            continue;
        }
        seen.push(Seen {
            converges: false,
            shape: Shape::FanOut,
            at: (m.start(), m.end()),
            what: format!(
                "concurrent work started per item of `{}`",
                crate::text::slice(text, head.0, head.1).trim()
            ),
            reach: reach.spans.into_iter().chain(unit.spans).collect(),
        });
        break;
    }
    for c in EACH_PROMISE.captures_iter(text).take(AMPLIFY_MAX_SITES) {
        let Some(m) = c.get(0) else { continue };
        if comment_line(text, m.start()) {
            continue;
        }
        if let Some(n) = c.get(1).and_then(|n| n.as_str().parse::<u64>().ok()) {
            if n <= SMALL_COUNT {
                continue;
            }
        }
        let stmt = regions.statement_at(text, m.start());
        let reach = regions.reach(text, stmt);
        if reach.find(text, &NET).is_none() {
            continue;
        }
        let unit = regions.reach_at(text, m.start());
        if unit.find(text, &LIMITER).is_some() {
            continue;
        }
        seen.push(Seen {
            converges: false,
            shape: Shape::FanOut,
            at: (m.start(), m.end()),
            what: "a request started at once per element".to_string(),
            reach: reach.spans.into_iter().chain(unit.spans).collect(),
        });
        break;
    }
}

/// A pool's region: its statement with the functions it calls, and every
/// unit that names the variable it is assigned to.
fn pool_reach(regions: &Regions, text: &str, stmt: (usize, usize)) -> Vec<(usize, usize)> {
    let mut out = regions.reach(text, stmt).spans;
    let line = &text[stmt.0..line_span(text, stmt.0).1];
    for name in super::region::assigned_names(line).into_iter().take(4) {
        let mut k = 0;
        for (i, _) in text.match_indices(name.as_str()) {
            let b = text.as_bytes();
            let id = |c: u8| c.is_ascii_alphanumeric() || c == b'_';
            if (i > 0 && id(b[i - 1])) || b.get(i + name.len()).is_some_and(|&c| id(c)) {
                continue;
            }
            k += 1;
            if k > AMPLIFY_MAX_SITES {
                crate::limits::gave_up("AMPLIFY_MAX_SITES");
                break;
            }
            out.push(regions.unit_at(text, i));
        }
    }
    out
}

/// Round 27: calls pushed into an array that is later awaited whole
/// (`jobs.push(day(pkg, date))` … `Promise.all(jobs)`,
/// `tasks.append(fetch(s, u))` … `asyncio.gather(*tasks)`): each call is
/// started at once, the array only collects them. Every awaited name is
/// read (linear); the pushed calls are [`sites`], bounded by
/// [`AMPLIFY_MAX_SITES`] (then `gave_up`).
fn pushed_promises(text: &str) -> Vec<regex::Match<'_>> {
    let mut awaited: Vec<&str> = AWAITED_ALL
        .captures_iter(text)
        .filter_map(|c| (1..=3).find_map(|k| c.get(k)).map(|n| n.as_str()))
        .collect();
    if awaited.is_empty() {
        return Vec::new();
    }
    awaited.sort_unstable();
    awaited.dedup();
    sites(&PUSHED_CALL, text)
        .into_iter()
        .filter(|m| {
            PUSHED_CALL
                .captures(m.as_str())
                .and_then(|c| c.get(1))
                .is_some_and(|n| awaited.binary_search(&n.as_str()).is_ok())
        })
        .collect()
}

/// A call's result pushed into a named array (`jobs.push(day(`,
/// `tasks.append(fetch(`), the array's name captured.
static PUSHED_CALL: crate::rx::Lazy = crate::rx::Lazy::new(
    r"\b([A-Za-z_]\w*)\.(?:push|append)\(\s*(?:this\.|self\.)?[A-Za-z_][\w.]*\(",
);
/// An array of promises or coroutines awaited whole, its name captured.
static AWAITED_ALL: crate::rx::Lazy = crate::rx::Lazy::new(
    r"\bPromise\.(?:all|allSettled|any|race)\(\s*([A-Za-z_]\w*)\s*\)|\bgather\(\s*\*\s*([A-Za-z_]\w*)\s*[,)]|\basyncio\.wait\(\s*([A-Za-z_]\w*)\s*[,)]",
);

/// The head of the loop around `at` that runs over an input the skill
/// does not bound: the innermost loop, or (round 27) when it counts a small
/// literal (`for _ in range(3)`, `s < 25`) the next loop out, since a small
/// count inside an unbounded loop multiplies it.
fn unbounded_loop_around(regions: &Regions, text: &str, at: usize) -> Option<(usize, usize)> {
    for b in regions.blocks_around(at) {
        let head = line_span(text, b.head);
        let line = &text[head.0..head.1];
        if !LOOP_HEAD.is_match(line) || ENDLESS.is_match(line) {
            continue;
        }
        let small = SMALL_HEAD.captures_iter(line).any(|c| {
            (1..=6)
                .find_map(|g| c.get(g))
                .and_then(|n| n.as_str().parse::<u64>().ok())
                .is_some_and(|n| n <= SMALL_COUNT)
        });
        if !small {
            return Some(head);
        }
    }
    None
}

/// What a random pick over a list of browser user agents is called.
const UA_ROTATED: &str = "browser user agents rotated at random";
/// Round 27: what a random query parameter on a request URL is called
/// (every request misses the site's cache and reaches its origin). Alone a
/// note, as [`UA_ROTATED`] (pages fetched fresh on purpose); with a
/// fan-out or a loop without brake it links as evasion does.
const CACHE_BUSTED: &str = "the site's cache bypassed with a random query string";
/// `?r=${Math.random()}`, `&_=" + Date.now()`, `?nocache=%s" % uuid4()`,
/// `?t={time.time()}`: a URL query whose value changes on every request.
/// Round 41: a format call's specifier filled by a later argument
/// (`fmt.Sprintf("%s?cb=%d%d", u, time.Now().UnixNano(), i)`, `sprintf`).
static CACHE_BUST: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"[?&][A-Za-z_]{1,12}=(?:(?:\$\{\s*|\{\s*|["'`]\s*(?:\+|\.)\s*(?:[\w.]{1,20}\s*(?:\+|\.)\s*)?|\$)?(?:(?:str|String|strconv\.\w+|fmt\.Sprint\w*|encodeURIComponent)\(\s*)?|%[sd]["']\s*%\s*(?:\(\s*)?(?:str\(\s*)?|\{\}["']\.format\(\s*|%[sdv][^"'\n]{0,20}["']\s*,(?:\s*[^,\n()]{1,40},){0,3}\s*)(?:Math\.random\(\)|Date\.now\(\)|random\.\w+\(|time\.time\(\)|(?:uuid\.)?uuid4\(\)|crypto\.randomUUID\(\)|mt_rand\(|rand\(|RANDOM\b|time\.Now\(\)\.UnixNano\(\)|rand\.\w+\(|SecureRandom\.\w+|Time\.now\.to_[if]\b|microtime\(|uniqid\(|Get-Random\b|\[guid\]::NewGuid\(\))"#,
);

/// Limits evaded: the table, and a list of browser user agents picked at
/// random.
fn evasion(text: &str, seen: &mut Vec<Seen>) {
    let mut push = |at: (usize, usize), what: String| {
        seen.push(Seen {
            converges: false,
            shape: Shape::Evasion,
            at,
            what,
            // Evasion is about requests wherever it sits: it links with
            // every other shape of the file.
            reach: vec![(0, text.len())],
        })
    };
    // The table's user-agent rows (`choice(USER_AGENTS)`, `fake_useragent`)
    // are the same weak evasion as the literal list: the first of each kind
    // is kept, so a spoofed header after a user-agent pick still counts.
    let (mut weak, mut strong) = (false, false);
    for m in sites(&EVASION, text) {
        let lower = m.as_str().to_ascii_lowercase();
        let ua = lower.contains("agent") || lower.contains("uas");
        if ua && !weak {
            weak = true;
            push((m.start(), m.end()), UA_ROTATED.to_string());
        } else if !ua && !strong {
            strong = true;
            push(
                (m.start(), m.end()),
                format!("limits evaded (`{}`)", m.as_str().trim()),
            );
        }
        if weak && strong {
            break;
        }
    }
    if let Some(m) = sites(&CACHE_BUST, text).into_iter().next() {
        push((m.start(), m.end()), CACHE_BUSTED.to_string());
    }
    if UA_LITERAL.find_iter(text).nth(2).is_some() {
        if let Some(m) = sites(&RANDOM_PICK, text).into_iter().next() {
            push((m.start(), m.end()), UA_ROTATED.to_string());
        }
    }
}

/// A paid model API called in the file: a bill when a loop or fan-out
/// reaches it ([`judge`] links them).
fn bill(text: &str, seen: &mut Vec<Seen>) {
    let Some(m) = sites(&PAID, text).into_iter().next() else {
        return;
    };
    seen.push(Seen {
        converges: false,
        shape: Shape::Bill,
        at: (m.start(), m.end()),
        what: format!("a paid model API (`{}`) on the user's key", m.as_str()),
        reach: Vec::new(),
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(path: &str, text: &str) -> Vec<Evidence> {
        crate::extract::scan_text(scan, path, text)
    }

    #[test]
    fn go_goroutine_per_link_with_endless_retry_is_runaway() {
        let go = "func fetch(u string) int {\n\tfor {\n\t\tresp, err := client.Get(u)\n\t\tif err != nil {\n\t\t\tcontinue\n\t\t}\n\t\treturn resp.StatusCode\n\t}\n}\n\nfunc crawl(p string) {\n\tfetch(p)\n\tfor _, l := range links(p) {\n\t\tgo crawl(l)\n\t}\n}\n";
        let e = run("main.go", go);
        assert!(e.len() == 1 && e[0].has(Tag::Runaway), "{e:#?}");
    }

    #[test]
    fn a_single_shape_is_a_note() {
        let poll = "import requests\nwhile True:\n    r = requests.get(URL, timeout=30)\n    handle(r.json())\n";
        let e = run("bot.py", poll);
        assert!(e.len() == 1 && e[0].has(Tag::Amplified) && !e[0].has(Tag::Runaway));
        let paced =
            "import requests, time\nwhile True:\n    r = requests.get(URL)\n    time.sleep(60)\n";
        assert!(run("mon.py", paced).is_empty());
    }
}
