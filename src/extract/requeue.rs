//! A server's list of targets multiplied and requeued on throttling
//! (round 22, a request flood without an endless-loop spelling), every
//! brace and indent language at token level: each entry of a list a
//! server hands out (`(await fetch(LIST)).json()`) is repeated many times
//! (`flatMap(u => Array(32).fill(u))`, `[u] * 32`) and fed to a worker
//! whose queue puts a request back when the site answers 429 or 5xx
//! (`if (s === 429 || s >= 500) queue.push(u)`) without any pause: the
//! user's machine keeps hitting sites the author picks, harder the more
//! they push back. Linked by structure (`region.rs`): the multiplying
//! statement reaches the request and the requeue through the local
//! functions it calls; the list is assigned from a call whose reach
//! fetches and decodes a remote answer. A link checker over the user's
//! own files, a retry with backoff, or a list taken once stays quiet.
//! Tag [`Tag::Runaway`] (SK-RES-006).

use super::indicators::{URL_RE, is_local_host, is_private_host, url_host};
use super::{Sink, Src};
use crate::evidence::{Evidence, Op, Tag};
use crate::ssl::vocab::{ActType as A, ResourceScope as R};

/// Each entry repeated N times.
static MULTIPLY_EACH: crate::rx::Lazy = crate::rx::Lazy::new(
    r"\bArray\(\s*(\d{2,6})\s*\)\.fill\(\s*[A-Za-z_$]|\[\s*[A-Za-z_]\w*\s*\]\s*\*\s*(\d{2,6})\b|\brepeat\(\s*[A-Za-z_]\w*\s*,\s*(\d{2,6})\s*\)|\bslices\.Repeat\(\s*\[\]\w+\{\s*\w+\s*\}\s*,\s*(\d{2,6})\s*\)",
);
/// A request put back on the queue when the site pushes back.
static REQUEUE: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?:\b429\b|>=?\s*50\d\b|\b503\b)[^\n]{0,120}?\.(?:push|append|put|put_nowait|unshift|Add|enqueue)\s*\(|\.(?:push|append|put|put_nowait|unshift|enqueue)\s*\([^\n]{0,120}?(?:\b429\b|>=?\s*50\d\b|\b503\b)",
);
/// A pause or a backoff before the retry.
static PAUSE: crate::rx::Lazy = crate::rx::Lazy::new(
    r"(?i)\bsleep\b|\.sleep\(|\bbackoff\b|\bdelay\s*\(|time\.After\b|Start-Sleep|\bretry-after\b",
);
/// A remote answer decoded into a list.
static DECODED: crate::rx::Lazy = crate::rx::Lazy::new(
    r"\.json\(\)|\bjson\.loads?\(|\bJSON\.parse\(|\bDecode\(\s*&|\bUnmarshal\(",
);

/// Adds the flood when `src` has it; see the module docs.
pub fn scan(src: &Src, sink: &mut Sink) {
    let text = src.text;
    if !MULTIPLY_EACH.is_match(text) || !REQUEUE.is_match(text) || !DECODED.is_match(text) {
        return;
    }
    let regions = super::region::Regions::new(src.path, text);
    for (k, c) in MULTIPLY_EACH.captures_iter(text).enumerate() {
        if k == crate::limits::REGION_MAX_SITES {
            crate::limits::gave_up("REGION_MAX_SITES");
            return;
        }
        let Some(n) = (1..=4)
            .find_map(|g| c.get(g))
            .and_then(|m| m.as_str().parse::<u64>().ok())
        else {
            continue;
        };
        let at = c.get(0).map_or(0, |m| m.start());
        if n < 10 {
            continue;
        }
        let stmt = regions.statement_at(text, at);
        let reach = regions.reach(text, stmt);
        if reach.find(text, &super::remote_jobs::REQUEST).is_none() {
            continue;
        }
        // The requeue, in a worker that never pauses.
        let Some(back) = reach.matches(text, &REQUEUE).into_iter().find(|m| {
            let (s, e) = regions.unit_at(text, m.start());
            !PAUSE.is_match(&text[s..e])
        }) else {
            continue;
        };
        let Some(host) = remote_list(&regions, text, stmt) else {
            continue;
        };
        let (ls, le) = super::region::line_span(text, at);
        let ev = Evidence::new(Op::NetSend, A::Transfer, R::Network, "$target")
            .tag(Tag::Runaway)
            .instrument("request flood")
            .object(format!(
                "every address of a list {host} serves requested {n}× and put back on the queue when the site answers 429/5xx ({}), without pause",
                back.as_str().trim()
            ));
        sink.push(src.at(ev, ls, le, "code"));
        return;
    }
}

/// The host of the remote list the statement `stmt` multiplies: a name
/// of the statement assigned (earlier in the file) from a call whose reach
/// requests a remote URL and decodes the answer.
fn remote_list(
    regions: &super::region::Regions,
    text: &str,
    stmt: (usize, usize),
) -> Option<String> {
    let (ls, le) = super::region::line_span(text, stmt.0);
    let line = &text[ls..le];
    let mut pos = 0;
    let mut tried = 0;
    for l in text[..ls].split_inclusive('\n') {
        let start = pos;
        pos += l.len();
        let names = super::region::assigned_names(l.trim_end());
        if !names.iter().any(|n| word_in(line, n)) {
            continue;
        }
        tried += 1;
        if tried > crate::limits::REGION_MAX_SITES {
            crate::limits::gave_up("REGION_MAX_SITES");
            return None;
        }
        let reach = regions.reach_at(text, start);
        if reach.find(text, &DECODED).is_none() {
            continue;
        }
        for &(s, e) in &reach.spans {
            for u in URL_RE.find_iter(&text[s..e]) {
                let Some(host) = url_host(u.as_str()) else {
                    continue;
                };
                if !is_local_host(&host) && !is_private_host(&host) {
                    return Some(host);
                }
            }
        }
    }
    None
}

fn word_in(line: &str, name: &str) -> bool {
    line.match_indices(name).any(|(i, _)| {
        let b = line.as_bytes();
        let id = |c: u8| c.is_ascii_alphanumeric() || c == b'_';
        (i == 0 || !id(b[i - 1])) && (i + name.len() >= b.len() || !id(b[i + name.len()]))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(path: &str, text: &str) -> Vec<Evidence> {
        crate::extract::scan_text(scan, path, text)
    }

    const POOL: &str = "async function probe(url) {\n  const r = await fetch(url);\n  return r.status;\n}\nasync function pool(items, worker) {\n  const queue = [...items];\n  const run = async () => {\n    while (queue.length) {\n      const u = queue.shift();\n      const s = await worker(u);\n      if (s === 0 || s === 429 || s >= 500) queue.push(u);\n    }\n  };\n  await Promise.all(Array.from({ length: 64 }, run));\n}\n";

    #[test]
    fn a_served_list_multiplied_and_requeued_fires() {
        let js = format!(
            "{POOL}async function shared() {{\n  return await (await fetch('https://flaky.list-host.net/v1/list.json')).json();\n}}\nconst flaky = await shared();\nawait pool(flaky.flatMap((u) => Array(32).fill(u)), probe);\n"
        );
        let e = run("c.mjs", &js);
        assert_eq!(e.len(), 1, "{e:#?}");
        assert!(e[0].has(Tag::Runaway) && e[0].object.contains("list-host.net"));
    }

    #[test]
    fn the_users_own_links_or_a_paused_retry_stay_quiet() {
        // The user's own Markdown links, multiplied for a stress run.
        let own = format!(
            "{POOL}const urls = JSON.parse(fs.readFileSync('links.json', 'utf8'));\nawait pool(urls.flatMap((u) => Array(32).fill(u)), probe);\n"
        );
        assert!(run("c.mjs", &own).is_empty());
        // A served list, requeued only after a pause.
        let paused = POOL.replace(
            "queue.push(u);",
            "{ await sleep(backoff(u)); queue.push(u); }",
        );
        let js = format!(
            "{paused}async function shared() {{\n  return await (await fetch('https://flaky.list-host.net/v1/list.json')).json();\n}}\nconst flaky = await shared();\nawait pool(flaky.flatMap((u) => Array(32).fill(u)), probe);\n"
        );
        assert!(run("c.mjs", &js).is_empty());
    }
}
