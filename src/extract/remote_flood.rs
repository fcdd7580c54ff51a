//! Round 32: floods a fetched configuration drives, in every language.
//!
//! A value decoded from a server's answer ([`remote_names`]: `cfg = await
//! (await fetch(U)).json()`, `cfg = requests.get(U).json()`,
//! `Decode(&cfg)`, `$cfg = Invoke-RestMethod $u`) steers requests started
//! concurrently in one of two ways:
//!
//! * **it sets how many** ([`BOUND`]): the size of a pool, a semaphore, a
//!   promise array or a loop that starts workers is one of its fields
//!   (`{ length: cfg.concurrency ?? 300 }`, `Semaphore(cfg["burst"])`,
//!   `range(plan.get("workers", 500))`, `i < p.Concurrency`,
//!   `-ThrottleLimit $cfg.parallel`, `xargs -P "$conc"` of a shell variable
//!   read from the answer with `jq`), and the unit of the fan-out (its
//!   function, with the local functions it calls: the worker) sends;
//! * **it names where**, hard ([`TARGET_FIELD`]): a fan-out of at least
//!   [`MIN_REMOTE_POOL`] concurrent workers (`fanout::fan_outs`), repeated
//!   by a loop around it, whose worker sends to one of its fields
//!   (`fetch(cfg.endpoint, …)`, `session.post(plan["target"], …)`).
//!
//! The author picks the victim and the volume at run time from the user's
//! machine: `remote_jobs::scan` makes it a send tagged `remote-jobs`
//! (SK-RES-005). A default below
//! [`MIN_DEFAULT`] (`cfg.get("concurrency", 4)`), a configuration read from
//! a local file, or a small pool over a served list stay quiet.

use super::region::{Regions, assigned_names};

/// A fan-out sized by a field of a value (the fields: concurrency,
/// workers, threads, connections, parallel, rps, qps, burst, fan-out,
/// intensity, clients, sockets, streams, bots, instances, copies, per
/// target, waves, volume): group `v` the value, `f`/`f2`/`f3` the field,
/// `d`/`d2` a default after `??`, `||`, `or` or `.get(…, d)`.
static BOUND: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"(?i)(?:<=?\s*|\b(?:range|Semaphore|BoundedSemaphore|Array|Pool|ThreadPool|ThreadPoolExecutor|ProcessPoolExecutor|pLimit|p_limit|limit|make|WithCapacity|newFixedThreadPool)\(\s*(?:[^()\n]{0,40},\s*)?(?:(?:max_workers|processes|limit|size)\s*=\s*)?|\blength\s*:\s*|-ThrottleLimit\s+|\.\.\s*)\$?(?P<v>[A-Za-z_]\w*)(?:\.(?P<f>concurrency|concurrent|workers|threads|connections|conns|parallel(?:ism)?|rps|qps|burst|fan_?out|intensity|clients|sockets|streams|bots|instances|copies|per_?target|waves|volume)\b|\[\s*["'](?P<f2>concurrency|concurrent|workers|threads|connections|conns|parallel(?:ism)?|rps|qps|burst|fan_?out|intensity|clients|sockets|streams|bots|instances|copies|per_?target|waves|volume)["']\s*\]|\.get\(\s*["'](?P<f3>concurrency|concurrent|workers|threads|connections|conns|parallel(?:ism)?|rps|qps|burst|fan_?out|intensity|clients|sockets|streams|bots|instances|copies|per_?target|waves|volume)["']\s*(?:,\s*(?P<d>\d{1,7}))?)(?:\s*(?:\?\?|\|\||\bor\b)\s*(?P<d2>\d{1,7}))?"#,
);

/// A shell pool sized by a variable (`xargs -P "$conc"`, `parallel -j
/// $n`): group `v` the variable, itself the field.
static SHELL_BOUND: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"\b(?:xargs\b[^\n|;]*?(?:-P|--max-procs)|parallel\b[^\n|;]*?(?:-j|--jobs))[= ]?\s*["']?\$\{?(?P<v>[A-Za-z_]\w*)"#,
);

/// Fields that name where requests go.
static TARGET_FIELD: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"(?i)\b(?P<v>[A-Za-z_]\w*)(?:\.(?:endpoint|endpoints|url|urls|target|targets|host|hosts|uri|api|webhook|site|sites|victim)\b|\[\s*["'](?:endpoint|endpoints|url|urls|target|targets|host|hosts|uri|api|webhook|site|sites|victim)["']\s*\])"#,
);

/// A decoded answer, in every language (`.json()`, `json.load(s)`,
/// `JSON.parse`, `Decode(&v)`, `Unmarshal`, `ConvertFrom-Json`,
/// `Invoke-RestMethod`, `jq`).
static DECODES: crate::rx::Lazy = crate::rx::Lazy::new(
    r"\bDecode\(\s*&|\.json\(\)|\bjson\.loads?\(|\bJSON\.parse\(|\bjson_decode\(|\bUnmarshal\(|(?i:\bConvertFrom-Json\b|\bInvoke-RestMethod\b|\birm\s)|\bjq\b|\bserde_json::from_\w+\(|\bfrom_json\(",
);
/// A configuration read from a local file, not a server.
static LOCAL_READ: crate::rx::Lazy = crate::rx::Lazy::new(
    r"\bopen\(|\breadFile\w*\(|\bReadFile\(|\bos\.Open\(|(?i:\bGet-Content\b)|\bread_to_string\(|\bFile\.read\b|\bPath\(|\.read_text\(|\bfile_get_contents\(\s*['\x22]?(?:\.|/|\$\w+\s*\.)|\bcat\s",
);
/// A request sent by a worker, in every language.
static SENDS: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?i)\bfetch\(|\burlopen\(|\b(?:requests|httpx|session|client|axios|got|http|https|needle|superagent)\.(?:get|post|put|patch|request|head)\(|\.request\(|\bhttp\.NewRequest|\.Do\(|\bhttp\.(?:Get|Post|Head)\(|Invoke-(?:WebRequest|RestMethod)|\bcurl\b|\bwget\b|reqwest::|ureq::|Net::HTTP|HTTP::Tiny|LWP::|\.(?:send|sendto|sendall|emit|post|put|patch)\(",
);
/// Work started concurrently from a loop.
static SPAWNS: crate::rx::Lazy = crate::rx::Lazy::new(
    r"\bgo\s+func\b|\bgo\s+[A-Za-z_][\w.]*\(|\bThread\(|\bthread::spawn\b|\btokio::spawn\b|\bStart-(?:Thread)?Job\b|\bThread\.new\b|\bcreate_task\(|\bensure_future\(|\.submit\(|\bgather\(|\bPromise\.all|\bsetImmediate\(|&\s*$",
);
/// A bound that is itself concurrent (a pool, a semaphore, a promise
/// array, a channel, a throttle).
static CONCURRENT_BOUND: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?i)Semaphore|Pool|Executor|pLimit|p_limit|\blimit\(|\bmake\(|\blength\s*:|\bArray\(|ThrottleLimit",
);

/// A loop that repeats: `while`, `for (;;)`, `for {`, `loop`, `until`,
/// `setInterval`.
static REPEATS: crate::rx::Lazy = crate::rx::Lazy::new(
    r"\bwhile\b|\bfor\s*\(\s*;\s*;|\bfor\s*\{|\bloop\b|\buntil\b|\bsetInterval\(",
);
/// Bytes either side of a bound read for the request its workers send.
const SEND_WINDOW: usize = 800;
/// Requests per pool (workers × count) that make a pool a repeat.
const MIN_REPEATED: u64 = 1000;
/// A default this small is a client's ordinary pool.
const MIN_DEFAULT: u64 = 50;
/// A literal pool this large, at a target the server names, is a flood.
pub const MIN_REMOTE_POOL: u64 = 100;

/// Names of values decoded from a server's answer: assigned on a line that
/// decodes and reads no local file, or decoded into (`Decode(&cfg)`).
fn remote_names(text: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for l in text.lines().filter(|l| DECODES.is_match(l)) {
        if LOCAL_READ.is_match(l) {
            continue;
        }
        if let Some(i) = l.find("Decode(&").or_else(|| l.find("Unmarshal(")) {
            let rest = &l[i..];
            let name: String = rest[rest.find('&').map_or(rest.len(), |k| k + 1)..]
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            if !name.is_empty() {
                out.push(name);
            }
        }
        let head = l.split(['=', ':']).next().unwrap_or("");
        if l.contains('=') && !head.contains('(') {
            out.extend(
                assigned_names(&l.replace(":=", "="))
                    .into_iter()
                    .map(|n| n.trim_start_matches('$').to_string()),
            );
        }
    }
    out.sort();
    out.dedup();
    out
}

/// The flood a fetched configuration drives in `text`: (byte, object).
pub fn driven(path: &str, text: &str) -> Option<(usize, String)> {
    if !DECODES.is_match(text) || !SENDS.is_match(text) {
        return None;
    }
    let names = remote_names(text);
    if names.is_empty() {
        return None;
    }
    let regions: std::cell::OnceCell<Regions> = std::cell::OnceCell::new();
    let sends_from = |at: usize| {
        let regions = regions.get_or_init(|| Regions::new(path, text));
        let reach = regions.reach_at(text, at);
        // The statement around the bound, both ways (`ForEach-Object
        // -Parallel { … } -ThrottleLimit $cfg.n` closes after the body).
        let near = crate::text::slice(text, at.saturating_sub(SEND_WINDOW), at + SEND_WINDOW);
        (
            reach.find(text, &SENDS).is_some() || SENDS.is_match(near),
            reach,
        )
    };
    let bounds = BOUND
        .captures_iter(text)
        .chain(SHELL_BOUND.captures_iter(text));
    for (k, c) in bounds.enumerate() {
        if k == crate::limits::REGION_MAX_SITES {
            crate::limits::gave_up("REGION_MAX_SITES");
            return None;
        }
        let (Some(all), Some(v)) = (c.get(0), c.name("v")) else {
            continue;
        };
        if !names.iter().any(|n| n == v.as_str()) {
            continue;
        }
        let default = c
            .name("d")
            .or_else(|| c.name("d2"))
            .and_then(|d| d.as_str().parse::<u64>().ok());
        if default.is_some_and(|d| d < MIN_DEFAULT) {
            continue;
        }
        let field = c
            .name("f")
            .or_else(|| c.name("f2"))
            .or_else(|| c.name("f3"))
            .map_or("", |f| f.as_str());
        let named = if field.is_empty() {
            v.as_str().to_string()
        } else {
            format!("{}.{field}", v.as_str())
        };
        let (ls, le) = super::region::line_span(text, all.start());
        let tail = crate::text::slice(text, all.end(), all.end() + 300);
        let concurrent = CONCURRENT_BOUND.is_match(all.as_str())
            || field.is_empty()
            || SPAWNS.is_match(&text[ls..le])
            || SPAWNS.is_match(tail);
        if !concurrent {
            continue;
        }
        if sends_from(all.start()).0 {
            let d = default.map_or(String::new(), |d| format!(", {d} by default"));
            return Some((
                all.start(),
                format!("requests started concurrently, as many as the server's `{named}` says{d}"),
            ));
        }
    }
    // A large literal pool, repeated, whose worker sends to a target the
    // server names.
    let large = super::fanout::fan_outs(text)
        .into_iter()
        .filter(|f| f.concurrency.is_some_and(|c| c >= MIN_REMOTE_POOL));
    for (k, f) in large.enumerate() {
        if k == crate::limits::REGION_MAX_SITES {
            crate::limits::gave_up("REGION_MAX_SITES");
            return None;
        }
        let (sends, reach) = sends_from(f.at);
        if !sends {
            continue;
        }
        let regions = regions.get_or_init(|| Regions::new(path, text));
        // Repeated: many requests per worker (a count beside the pool), or
        // a loop around the pool or inside its statement.
        let (ss, se) = regions.statement_at(text, f.at);
        let repeated = f.total >= MIN_REPEATED
            || REPEATS.is_match(&text[ss..se])
            || regions
                .blocks_around(f.at)
                .iter()
                .any(|b| REPEATS.is_match(&text[b.head..b.start]));
        let target = reach
            .matches(text, &TARGET_FIELD)
            .into_iter()
            .find_map(|m| {
                let c = TARGET_FIELD.captures(m.as_str())?;
                let v = c.name("v")?.as_str();
                names.iter().any(|n| n == v).then(|| m.as_str().to_string())
            });
        if let (true, Some(t)) = (repeated, target) {
            return Some((
                f.at,
                format!(
                    "{} concurrent requests, repeated, at `{t}` (a target the server names)",
                    f.concurrency.unwrap_or(0)
                ),
            ));
        }
    }
    None
}
