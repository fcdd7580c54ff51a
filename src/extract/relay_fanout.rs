//! Round 33 (abuse33): a relay as an amplifier, at token level in every
//! language. A list of destinations the code takes from a fixed remote
//! server's answer ([`server_lists`]: `peers = j.targets`, `hosts =
//! requests.get(MESH).json()["peers"]`, `$t = (irm $U).targets`), each
//! item sent to in a loop over the list ([`LOOP_OVER`]: `for (const t of
//! peers)`, `for p in peers:`, `for _, p := range peers`, `peers.forEach(`,
//! `foreach ($p in $peers)`, `for p in ${peers[@]}`), directly or through a
//! local function that sends, and multiplied:
//!
//! * the list itself repeated by a count ([`MULTIPLY`]: `Array.from({
//!   length: j.copies }, …)`, `targets * n`, `range(copies)`);
//! * each delivery retried in a loop that never ends and never pauses
//!   (the sending function's body);
//! * the whole list sent to on a short timer (`setInterval(…, 1000)`,
//!   every ≤ [`MAX_TIMER_MS`] ms).
//!
//! The server chooses where the user's machine sends and how often: a
//! send tagged [`Tag::RemoteJobs`] (SK-RES-005). Quiet: a relay to the
//! user's own endpoints (a flag, an environment variable, a bundled file),
//! one delivery with a bounded, paced retry.

use super::region::{lhs_names, split_assign};
use super::{Sink, Src};
use crate::evidence::{Evidence, Op, Tag};
use crate::ssl::vocab::{ActType as A, ResourceScope as R};

/// Timers at most this often resend to the whole list.
const MAX_TIMER_MS: u64 = 5000;

/// Fields naming destinations in a server's answer.
static DEST_FIELD: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"(?i)\b(?:targets?|peers?|endpoints?|urls|hosts|nodes|relays|destinations?|mirrors|subscribers|webhooks|sinks|receivers|upstreams)\b"#,
);
/// A list repeated by a count.
static MULTIPLY: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?i)\blength\s*:|\]\s*\*\s*\w|\)\s*\*\s*\w|\*\s*(?:int\()?\w+\s*(?:\[|\.|\))|\brange\s*\(|\.repeat\s*\(|\bArray\s*\(\s*\w|\b(?:copies|replicas|fanout|multiplier|repeat|dup\w*)\b",
);
/// A loop over a list: the list expression in group `list`, the item in
/// group `item`.
static LOOP_OVER: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?m)\bfor\s*\(\s*(?:const|let|var)?\s*(?P<item>\w+)\s+of\s+(?P<list>[^)\n]+)\)|\bfor\s+(?P<item2>\w+)\s+in\s+(?P<list2>[^:\n]+):|\bfor\s+\w+\s*,\s*(?P<item3>\w+)\s*:?=\s*range\s+(?P<list3>[^{\n]+)\{|(?P<list4>[\w.\]\[]+)\.forEach\(\s*(?:async\s*)?\(?\s*(?P<item4>\w+)|\bforeach\s*\(\s*\$(?P<item5>\w+)\s+in\s+(?P<list5>[^)\n]+)\)|\bfor\s+(?P<item6>\w+)\s+in\s+(?P<list6>\$\{?[^;\n]+);\s*do\b",
);
/// A send, in every language.
static SEND: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"(?i)\bfetch\s*\(|\baxios(?:\.\w+)?\s*\(|\b(?:requests|httpx|session|client)\.(?:post|put|request)\s*\(|\burlopen\s*\(|\bhttps?\.(?:request|Post)\w*\s*\(|\bhttp\.NewRequest\w*\(|\bInvoke-(?:RestMethod|WebRequest)\b|\bcurl\b|\bsendto\s*\(|\.send\s*\("#,
);
/// A function head: its name in group `name` (JS/TS, Python, Go, shell,
/// PowerShell, Ruby).
static FUNC_HEAD: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?m)^\s*(?:export\s+)?(?:async\s+)?(?:function\s+(?P<name>\w+)\s*\([^)]*\)[^{\n]*|def\s+(?P<name2>\w+)\s*\([^)\n]*\)\s*(?:->\s*[^:\n]+)?:|func\s+(?P<name3>\w+)\s*\([^)]*\)[^{\n]*|(?:const|let|var)\s+(?P<name4>\w+)\s*=\s*(?:async\s*)?\([^)]*\)\s*(?::\s*[^=\n]+)?=>\s*|(?P<name5>\w+)\s*\(\s*\)\s*\{)",
);

/// Names bound, through assignments in order, from a fetch of a fixed
/// remote URL (named on the line or by a constant holding one), with the
/// line each was bound on.
fn server_lists(text: &str) -> Vec<(String, String)> {
    use super::indicators::{URL_RE, is_local_host, is_private_host, url_host};
    let remote = |l: &str| {
        URL_RE.find_iter(l).any(|m| {
            url_host(m.as_str()).is_some_and(|h| !is_local_host(&h) && !is_private_host(&h))
        })
    };
    let lines: Vec<&str> = text.lines().collect();
    // Names are whole words (`lhs_names`), so a name occurs in a line as a
    // word (`billed::word_in`) exactly when it is one of the line's words:
    // a set look-up per word, where asking each name of each line made a
    // file with many URL lines quadratic.
    let consts: std::collections::HashSet<String> = lines
        .iter()
        .filter(|l| remote(l))
        .filter_map(|l| lhs_names(l).into_iter().last())
        .collect();
    let mut bound: Vec<(String, String)> = Vec::new();
    let mut names: std::collections::HashSet<String> = std::collections::HashSet::new();
    for _ in 0..2 {
        for l in &lines {
            let Some((lhs, rhs)) = split_assign(l) else {
                continue;
            };
            let fetched = super::exhaust::FETCH.is_match(rhs)
                && (remote(rhs) || super::billed::words(rhs).any(|w| consts.contains(w)));
            let follows = super::billed::words(rhs).any(|w| names.contains(w));
            if !(fetched || follows) {
                continue;
            }
            for n in lhs_names(lhs) {
                if names.contains(&n) {
                    continue;
                }
                if bound.len() == crate::limits::EXHAUST_MAX_NAMES {
                    crate::limits::gave_up("EXHAUST_MAX_NAMES");
                    return bound;
                }
                names.insert(n.clone());
                bound.push((n, (*l).to_string()));
            }
        }
    }
    bound
}

/// Local functions whose body sends: (name, body).
fn senders(text: &str) -> Vec<(String, &str)> {
    let mut out = Vec::new();
    for c in FUNC_HEAD.captures_iter(text) {
        let (Some(head), Some(name)) = (
            c.get(0),
            ["name", "name2", "name3", "name4", "name5"]
                .iter()
                .find_map(|g| c.name(g)),
        ) else {
            continue;
        };
        // An arrow without a block is its own line.
        let after = &text[head.end()..];
        let body = if c.name("name4").is_some() && !after.trim_start().starts_with('{') {
            let (_, le) = super::burn::line_span(text, head.end());
            &text[head.end()..le.max(head.end())]
        } else {
            // Read to the block's end, however long (no cut).
            super::fanout::body_until(text, head.start(), head.end(), text.len()).0
        };
        if SEND.is_match(body) {
            out.push((name.as_str().to_string(), body));
        }
        if out.len() == crate::limits::FANOUT_MAX_LOOPS {
            crate::limits::gave_up("FANOUT_MAX_LOOPS");
            break;
        }
    }
    out
}

/// Whether a sending function retries forever without a pause.
fn retries_forever(body: &str) -> bool {
    super::fleet::endless_loops(body).iter().any(|&(s, e)| {
        let inner = super::fanout::body_until(body, s, e, body.len()).0;
        SEND.is_match(inner) && !super::remote_jobs::PACE.is_match(inner)
    })
}

/// Adds each relay that multiplies a server's destination list; see the
/// module docs.
pub fn scan(src: &Src, sink: &mut Sink) {
    let text = src.text;
    if !LOOP_OVER.is_match(text) || !SEND.is_match(text) {
        return;
    }
    let lists: Vec<(String, String)> = server_lists(text)
        .into_iter()
        .filter(|(n, l)| DEST_FIELD.is_match(n) || DEST_FIELD.is_match(l))
        .collect();
    if lists.is_empty() {
        return;
    }
    let senders = senders(text);
    for c in LOOP_OVER.captures_iter(text) {
        let Some(m) = c.get(0) else { continue };
        let item = ["item", "item2", "item3", "item4", "item5", "item6"]
            .iter()
            .find_map(|g| c.name(g));
        let list = ["list", "list2", "list3", "list4", "list5", "list6"]
            .iter()
            .find_map(|g| c.name(g));
        let (Some(item), Some(list)) = (item, list) else {
            continue;
        };
        let Some((name, bound_on)) = lists
            .iter()
            .find(|(n, _)| super::billed::word_in(list.as_str(), n))
        else {
            continue;
        };
        // The loop's statement: the rest of its line and, for a block
        // head, its body.
        let (_, le) = super::burn::line_span(text, m.end().saturating_sub(1));
        let line_rest = &text[m.end()..le];
        let body = if line_rest.trim_end().ends_with(['{', ':']) || line_rest.trim().is_empty() {
            super::fanout::body_until(text, m.start(), le, text.len()).0
        } else {
            line_rest
        };
        let item = item.as_str();
        if !super::billed::word_in(body, item) {
            continue;
        }
        let direct = SEND.is_match(body);
        let via: Vec<&(String, &str)> = senders
            .iter()
            .filter(|(n, _)| super::billed::word_in(body, n))
            .collect();
        if !direct && via.is_empty() {
            continue;
        }
        let why = if MULTIPLY.is_match(bound_on) && !bound_on.trim_start().starts_with("for") {
            Some(format!(
                "the list repeated by a count (`{}`)",
                bound_on.trim()
            ))
        } else if via.iter().any(|(_, b)| retries_forever(b)) || direct && retries_forever(body) {
            Some("each delivery retried in a loop that never ends and never pauses".to_string())
        } else {
            timer_over(text, name)
        };
        let Some(why) = why else { continue };
        let ev = Evidence::new(Op::NetSend, A::Transfer, R::Network, format!("${name}"))
            .tag(Tag::RemoteJobs)
            .instrument("relay fan-out")
            .object(format!(
                "requests sent to every destination a server lists (`{name}`), {why}: the server picks where the user's machine sends and how often (an amplifier)"
            ));
        let (ls, le) = super::burn::line_span(text, m.start());
        sink.push(src.at(ev, ls, le, "code"));
        return;
    }
}

/// A short timer whose callback sends to the whole list again
/// (`setInterval(() => { for (const t of peers) … }, 1_000)`).
fn timer_over(text: &str, name: &str) -> Option<String> {
    static TIMER: crate::rx::Lazy =
        crate::rx::Lazy::new(r"(?s)\bsetInterval\s*\((.{0,400}?),\s*([\d_]+)\s*\)");
    TIMER.captures_iter(text).find_map(|c| {
        let cb = c.get(1)?.as_str();
        let ms: u64 = c.get(2)?.as_str().replace('_', "").parse().ok()?;
        (ms <= MAX_TIMER_MS && super::billed::word_in(cb, name))
            .then(|| format!("the whole list sent to again every {ms} ms"))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fires(path: &str, text: &str) -> bool {
        crate::extract::scan_text(scan, path, text)
            .iter()
            .any(|e| e.tags.contains(&Tag::RemoteJobs))
    }

    #[test]
    fn relays_that_multiply_a_server_list_fire() {
        assert!(fires(
            "r.py",
            "MESH = 'https://mesh.relay-net.example/peers'\npeers = requests.get(MESH).json()['targets'] * 8\n@app.post('/hook')\ndef hook():\n    for p in peers:\n        requests.post(p, data=request.data)\n",
        ));
        assert!(fires(
            "r.go",
            "const mesh = \"https://mesh.relay-net.example/peers\"\nfunc deliver(u string, b []byte) {\n\tfor {\n\t\tif r, err := http.Post(u, \"application/json\", bytes.NewReader(b)); err == nil && r.StatusCode < 300 {\n\t\t\treturn\n\t\t}\n\t}\n}\nfunc hook(w http.ResponseWriter, r *http.Request) {\n\tresp, _ := http.Get(mesh)\n\tpeers := decode(resp)\n\tfor _, p := range peers {\n\t\tgo deliver(p, body)\n\t}\n}\n",
        ));
        assert!(fires(
            "r.js",
            "let peers = [];\nasync function refresh() {\n  const r = await fetch('https://mesh.relay-net.example/v1');\n  const j = await r.json();\n  peers = j.targets;\n}\nsetInterval(() => { for (const t of peers) fetch(t, { method: 'POST', body: '{}' }); }, 1000);\n",
        ));
    }

    #[test]
    fn relays_to_the_users_endpoints_are_quiet() {
        // Targets from the environment, one paced bounded retry.
        assert!(!fires(
            "r.py",
            "targets = os.environ['RELAY_TARGETS'].split(',')\ndef hook():\n    for t in targets:\n        for attempt in range(5):\n            if requests.post(t, data=request.data).ok:\n                break\n            time.sleep(2 ** attempt)\n",
        ));
        // A server's list sent to once, no multiplier.
        assert!(!fires(
            "r.js",
            "const r = await fetch('https://status.example.com/api/my-sites');\nconst sites = (await r.json()).urls;\nfor (const s of sites) await fetch(s, { method: 'HEAD' });\n",
        ));
    }
}
