//! Round 32 (impact32): the user's own vendor account turned against them.
//! An action whose scope is everything the account holds — purge every
//! cached object (Cloudflare `purge_everything`, Fastly `purge_all`, a
//! CloudFront invalidation of `/*`), flush every key (Redis `FLUSHALL`/
//! `FLUSHDB`, memcached `flush_all`), restart or delete every workload
//! (`kubectl rollout restart`, `kubectl delete pods --all`, `pm2 restart
//! all`), switch a zone's cache off (development mode on) — repeated in a
//! loop that never ends or on a timer ([`REPEATS`]), directly or in a local
//! function such a loop calls. No attacker host is needed: the harm is the
//! outage and the bill on the user's account. One such action the user
//! asked for is routine and stays quiet; so does a loop that runs over a
//! list once.
//!
//! Read at token level in every language (shell, Python, JavaScript/
//! TypeScript, Go, Ruby, PHP, Perl, PowerShell), structure by
//! [`super::region`]: the blocks around the action and their headers.
//! Evidence: `Op::FileDelete` + [`Tag::VendorSweep`] (SK-RES-008:
//! destructive and resource abuse).

use super::{Sink, Src};
use crate::evidence::{Evidence, Op, Tag};
use crate::ssl::vocab::{ActType as A, ResourceScope as R};

/// Everything-scope actions on a vendor account, in API, SDK and CLI
/// spellings.
static ALL_SCOPE: crate::rx::Lazy = crate::rx::Lazy::new(
    r#"(?i)\bpurge_?everything\b|\bpurgeEverything\b|["'/]purge_all\b|\bpurge_?all\s*\(|\bpurgeAll\s*\(|\bfastly\s+purge\s+--all\b|\bflush_?all\b|\bflushdb\b|\bflushAll\b|\brollout\s+restart\b|\bkubectl\s+delete\s+(?:pods?|deployments?|all)\b[^\n]*--all\b|\bpm2\s+(?:restart|delete|stop)\s+all\b|\bcreate-invalidation\b[^\n]*["'\s]/\*|\bInvalidationBatch\b[^\n]*["']/\*["']|\bdevelopment_mode\b|\bcache\s+purge\s+--all\b"#,
);

/// A repetition with no end: an endless loop head or a timer.
static REPEATS: crate::rx::Lazy = crate::rx::Lazy::new(
    r"\bsetInterval\s*\(|\bschedule\.every\s*\(|\btime\.(?:NewTicker|Tick)\s*\(|\bTimer\.periodic\s*\(|\bcron\.schedule\s*\(|\bRegister-ObjectEvent\b[^\n]*Elapsed",
);

/// Whether the header line of a block repeats forever.
fn endless(head: &str) -> bool {
    super::perpetual::ENDLESS_HEAD.is_match(head)
        || super::exhaust::MORE_ENDLESS.is_match(head)
        || REPEATS.is_match(head)
}

/// The header line of a block opening at `head`.
fn header(text: &str, head: usize) -> &str {
    let e = text[head..].find('\n').map_or(text.len(), |n| head + n);
    &text[head..e]
}

/// Whether `at` runs in a loop that never ends: a block around it repeats,
/// or its function is called (by name, or handed to a timer) at a place
/// that does, one level up.
fn repeated(text: &str, regions: &super::region::Regions, at: usize) -> bool {
    let around = |p: usize| {
        regions
            .blocks_around(p)
            .iter()
            .any(|b| endless(header(text, b.head)))
            || {
                let (s, e) = super::region::line_span(text, p);
                endless(&text[s..e])
            }
    };
    if around(at) {
        return true;
    }
    let Some(f) = regions.function_at(at) else {
        return false;
    };
    let name = f.name.as_str();
    if name.len() < 2 {
        return false;
    }
    if text
        .match_indices(name)
        .nth(crate::limits::REGION_MAX_SITES)
        .is_some()
    {
        crate::limits::gave_up("REGION_MAX_SITES");
    }
    text.match_indices(name)
        .take(crate::limits::REGION_MAX_SITES)
        .filter(|(p, _)| *p < f.block.head || *p >= f.block.end)
        .filter(|(p, _)| {
            let before = text[..*p].chars().next_back();
            let after = text[p + name.len()..].chars().next();
            !before.is_some_and(|c| c.is_alphanumeric() || c == '_')
                && !after.is_some_and(|c| c.is_alphanumeric() || c == '_')
        })
        .any(|(p, _)| around(p))
}

/// Adds one step per everything-scope action that repeats forever.
pub fn scan(src: &Src, sink: &mut Sink) {
    let text = src.text;
    if src.path.to_ascii_lowercase().ends_with(".md") || !ALL_SCOPE.is_match(text) {
        return;
    }
    let regions = super::region::Regions::new(src.path, text);
    let mut seen_lines = std::collections::BTreeSet::new();
    let sites: Vec<_> = ALL_SCOPE.find_iter(text).collect();
    if sites.len() > crate::limits::REGION_MAX_SITES {
        crate::limits::gave_up("REGION_MAX_SITES");
    }
    for m in sites.iter().take(crate::limits::REGION_MAX_SITES) {
        let (ls, le) = super::region::line_span(text, m.start());
        let line = &text[ls..le];
        let t = line.trim_start();
        if t.starts_with('#') || t.starts_with("//") || t.starts_with("* ") {
            continue;
        }
        if m.as_str().eq_ignore_ascii_case("development_mode")
            && !line.to_ascii_lowercase().contains("\"on\"")
            && !line.to_ascii_lowercase().contains("'on'")
        {
            continue;
        }
        if !seen_lines.insert(ls) || !repeated(text, &regions, m.start()) {
            continue;
        }
        let ev = Evidence::new(Op::FileDelete, A::CallTool, R::Network, line.trim())
            .tag(Tag::VendorSweep)
            .tag(Tag::Unbounded)
            .instrument("code")
            .object(format!(
                "`{}` on the user's own account, repeated in a loop that never ends",
                m.as_str()
                    .trim_matches(|c: char| !c.is_alphanumeric() && c != '_')
            ));
        sink.push(src.at(ev, ls, le, "code"));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(path: &str, text: &str) -> Vec<Evidence> {
        crate::extract::scan_text(scan, path, text)
    }

    #[test]
    fn everything_scope_actions_repeated_forever() {
        for (p, c) in [
            (
                "a.ts",
                "async function guard(zs) {\n  for (;;) {\n    await fetch(`${API}/zones/${z}/purge_cache`, { method: 'POST', body: JSON.stringify({ purge_everything: true }) });\n    await sleep(20000);\n  }\n}\n",
            ),
            (
                "a.py",
                "import redis, time\nr = redis.Redis()\nwhile True:\n    r.flushall()\n    time.sleep(30)\n",
            ),
            (
                "a.sh",
                "while true; do\n  kubectl rollout restart deployment -n prod\n  sleep 15\ndone\n",
            ),
            (
                "a.go",
                "func keep(c *fastly.Client) {\n\tfor {\n\t\tc.PurgeAll(&fastly.PurgeAllInput{ServiceID: id})\n\t\ttime.Sleep(time.Minute)\n\t}\n}\n",
            ),
            (
                "a.js",
                "function wipe() {\n  return fetch(api + '/purge_all', { method: 'POST' });\n}\nsetInterval(wipe, 20000);\n",
            ),
            ("a.rb", "loop do\n  redis.flushdb\n  sleep 10\nend\n"),
        ] {
            assert!(
                run(p, c).iter().any(|e| e.has(Tag::VendorSweep)),
                "{p}: {c}"
            );
        }
    }

    #[test]
    fn one_purge_or_a_bounded_loop_is_quiet() {
        for (p, c) in [
            (
                "a.ts",
                "await fetch(`${API}/zones/${z}/purge_cache`, { method: 'POST', body: JSON.stringify({ purge_everything: true }) });\n",
            ),
            (
                "a.py",
                "for zone in zones:\n    cf.zones.purge_cache.post(zone, data={'purge_everything': True})\n",
            ),
            (
                "a.sh",
                "kubectl rollout restart deployment/web\nwhile true; do\n  kubectl get pods\n  sleep 5\ndone\n",
            ),
            (
                "a.py",
                "while True:\n    job = q.get()\n    print(job)\n# never flushall here\n",
            ),
        ] {
            assert!(run(p, c).is_empty(), "{p}: {c}");
        }
    }
}
