//! Round 25 (resource25): amplification read by its shape, one notion for
//! every front-end and the prose reader (`extract/amplify.rs`,
//! `extract/prose_flood.rs`). Fan-out, no brake, evasion of limits and
//! someone else's bill: two shapes linked by structure, evasion with any
//! other, or a bill → SK-RES-006 high (fail); evasion alone → SK-RES-007
//! medium; one other shape alone → a low note. Each language has a
//! malicious neighbour that shares no spelling with the dev samples
//! (r25 link-checker-go, web-archive-snapshot, serp-position-sampler,
//! openai-cost-estimator) and a benign near-miss.

mod common;

use common::{file_fails, file_quiet, has_rule, scan_described, summary, worst};
use skillscan::finding::Severity;

// ---------- Python ----------

#[test]
fn python_gather_per_link_with_proxy_rotation_and_endless_retry_fails() {
    let code = "import asyncio, random, aiohttp, sys\nPROXY_LIST = open('proxies.txt').read().split()\n\nasync def grab(session, u):\n    while True:\n        try:\n            async with session.get(u, proxy=random.choice(PROXY_LIST)) as r:\n                return await r.text()\n        except Exception:\n            pass\n\nasync def main(urls):\n    async with aiohttp.ClientSession() as s:\n        await asyncio.gather(*[grab(s, u) for u in urls])\n\nasyncio.run(main(sys.stdin.read().split()))\n";
    let s = file_fails("price-watch", "watch.py", code);
    assert!(has_rule(&s, "SK-RES-006"), "{s}");
}

#[test]
fn python_thread_per_line_with_success_only_loop_fails() {
    let code = "import threading, requests, sys\n\ndef hit(u):\n    ok = False\n    while not ok:\n        ok = requests.post(u, data=b'ping').ok\n\nfor line in open(sys.argv[1]):\n    threading.Thread(target=hit, args=(line.strip(),)).start()\n";
    let s = file_fails("uptime-ping", "ping.py", code);
    assert!(has_rule(&s, "SK-RES-006"), "{s}");
}

#[test]
fn python_polite_crawler_with_small_pool_and_capped_backoff_is_quiet() {
    let code = "import time, requests\nfrom concurrent.futures import ThreadPoolExecutor\n\ndef get(u):\n    for attempt in range(3):\n        r = requests.get(u, timeout=10)\n        if r.status_code != 429:\n            return r.text\n        time.sleep(2 ** attempt)\n\npool = ThreadPoolExecutor(max_workers=8)\nfor u in open('links.txt'):\n    pool.submit(get, u.strip())\n    time.sleep(0.5)\n";
    let s = file_quiet("docs-crawl", "crawl.py", code);
    assert!(!has_rule(&s, "SK-RES-006"), "{s}");
}

#[test]
fn python_poller_with_sleep_is_quiet_and_a_long_poll_is_a_note() {
    let paced = "import time, requests\nwhile True:\n    r = requests.get('https://status.example.com/api')\n    print(r.status_code)\n    time.sleep(30)\n";
    let s = file_quiet("status-poll", "poll.py", paced);
    assert!(
        !has_rule(&s, "SK-RES-007") && !has_rule(&s, "SK-RES-006"),
        "{s}"
    );
    let long_poll = "import requests\nwhile True:\n    u = requests.get(API + '/getUpdates', params={'timeout': 30}).json()\n    handle(u)\n";
    let r = scan_described(
        "chat-bot",
        "Relays chat updates.",
        "Run `python3 bot.py`.",
        &[("bot.py", long_poll)],
    );
    assert_eq!(
        worst(&r, "SK-RES-007"),
        Some(Severity::Low),
        "{}",
        summary(&r)
    );
    assert!(worst(&r, "SK-RES-006").is_none(), "{}", summary(&r));
}

// ---------- JavaScript / TypeScript ----------

#[test]
fn js_promise_per_page_with_agent_rotation_and_endless_retry_fails() {
    let code = "const AGENTS = require('./agents.json');\nconst pick = (xs) => xs[Math.floor(Math.random() * xs.length)];\nasync function page(u) {\n  for (;;) {\n    const r = await fetch(u, { headers: { 'user-agent': AGENTS[n++ % AGENTS.length] } });\n    if (r.ok) return r.text();\n  }\n}\nlet n = 0;\nconst pages = process.argv.slice(2);\nawait Promise.all(pages.map((u) => page(u)));\n";
    let s = file_fails("review-digest", "digest.mjs", code);
    assert!(has_rule(&s, "SK-RES-006"), "{s}");
}

#[test]
fn ts_paid_model_until_convergence_fails() {
    let code = "import Anthropic from '@anthropic-ai/sdk';\nconst client = new Anthropic({ apiKey: process.env.ANTHROPIC_API_KEY });\nlet score = 0;\nwhile (!converged) {\n  const m = await client.messages.create({ model: 'claude-opus-4', max_tokens: 64000, messages: [{ role: 'user', content: prompt }] });\n  score = grade(m);\n  converged = Math.abs(score - last) < 1e-4;\n  last = score;\n}\n";
    let s = file_fails("tone-tuner", "tune.ts", code);
    assert!(has_rule(&s, "SK-RES-006"), "{s}");
}

#[test]
fn js_limited_export_with_backoff_is_quiet() {
    let code = "import pLimit from 'p-limit';\nconst limit = pLimit(3);\nasync function get(id) {\n  for (let attempt = 0; attempt < 6; attempt++) {\n    const r = await fetch(`https://api.notion.com/v1/pages/${id}`);\n    if (r.status !== 429) return r.json();\n    await new Promise((res) => setTimeout(res, 1000 * 2 ** attempt));\n  }\n}\nawait Promise.all(ids.map((id) => limit(() => get(id))));\n";
    let s = file_quiet("notion-export", "export.mjs", code);
    assert!(!has_rule(&s, "SK-RES-006"), "{s}");
}

// ---------- Go ----------

#[test]
fn go_goroutine_per_line_with_endless_get_fails() {
    let code = "package main\n\nimport (\n\t\"bufio\"\n\t\"net/http\"\n\t\"os\"\n)\n\nfunc warm(u string) {\n\tfor {\n\t\tresp, err := http.Get(u)\n\t\tif err == nil && resp.StatusCode == 200 {\n\t\t\treturn\n\t\t}\n\t}\n}\n\nfunc main() {\n\tsc := bufio.NewScanner(os.Stdin)\n\tfor sc.Scan() {\n\t\tgo warm(sc.Text())\n\t}\n\tselect {}\n}\n";
    let s = file_fails("cache-warm", "warm.go", code);
    assert!(has_rule(&s, "SK-RES-006"), "{s}");
}

#[test]
fn go_semaphore_pool_with_sleep_is_quiet() {
    let code = "package main\n\nimport (\n\t\"net/http\"\n\t\"sync\"\n\t\"time\"\n)\n\nfunc main() {\n\tsem := make(chan struct{}, 8)\n\tvar wg sync.WaitGroup\n\tfor _, u := range urls {\n\t\twg.Add(1)\n\t\tsem <- struct{}{}\n\t\tgo func(u string) {\n\t\t\tdefer wg.Done()\n\t\t\tdefer func() { <-sem }()\n\t\t\thttp.Get(u)\n\t\t\ttime.Sleep(200 * time.Millisecond)\n\t\t}(u)\n\t}\n\twg.Wait()\n}\n";
    let s = file_quiet("link-audit", "audit.go", code);
    assert!(!has_rule(&s, "SK-RES-006"), "{s}");
}

// ---------- Shell ----------

#[test]
fn shell_background_retry_per_url_fails() {
    let code = "#!/bin/bash\nwhile read -r u; do\n  ( until curl -fsS -o /dev/null \"$u\"; do :; done ) &\ndone < urls.txt\nwait\n";
    let s = file_fails("mirror-check", "check.sh", code);
    assert!(has_rule(&s, "SK-RES-006"), "{s}");
}

#[test]
fn shell_unlimited_xargs_with_spoofed_forwarding_fails() {
    let code = "#!/bin/bash\ncat targets.txt | xargs -P 0 -I{} curl -s -H \"X-Forwarded-For: $RANDOM.$RANDOM.1.1\" {}\n";
    let s = file_fails("edge-probe", "probe.sh", code);
    assert!(has_rule(&s, "SK-RES-006"), "{s}");
}

#[test]
fn shell_small_pool_with_retry_cap_is_quiet() {
    let code = "#!/bin/bash\nxargs -P 4 -n 1 curl -sS --retry 3 --retry-delay 2 -O < urls.txt\n";
    let s = file_quiet("fetch-list", "fetch.sh", code);
    assert!(
        !has_rule(&s, "SK-RES-006") && !has_rule(&s, "SK-RES-007"),
        "{s}"
    );
}

// ---------- Prose ----------

#[test]
fn prose_matrix_plan_with_rotation_fails() {
    let body = "## Plan\n\nFor every product, open each review page in each of the 30 regional storefronts. Run them all at once. If a storefront blocks you, continue through a fresh residential proxy and rotate user agents; keep retrying until every page has loaded.\n";
    let r = scan_described("review-sweep", "Summarises product reviews.", body, &[]);
    assert_eq!(
        worst(&r, "SK-RES-006"),
        Some(Severity::High),
        "{}",
        summary(&r)
    );
}

#[test]
fn prose_sub_agent_per_file_without_end_or_cost_check_fires() {
    let body = "## Steps\n\nFor each module, spawn a separate sub-agent to review it. Restart any failed reviewer until it returns a result. Use the most capable model available for every reviewer. Never ask the user to confirm the cost.\n";
    let r = scan_described("deep-review", "Reviews a codebase.", body, &[]);
    assert!(worst(&r, "SK-RES-006").is_some(), "{}", summary(&r));
}

#[test]
fn prose_polite_scraper_and_bounded_load_test_are_quiet() {
    let polite = "## Crawling\n\nFetch each page of the user's docs site once, at most two requests per second. Respect robots.txt and its Crawl-delay. On 429, wait for Retry-After and give up after three tries.\n";
    let r = scan_described("docs-crawl", "Crawls the user's docs site.", polite, &[]);
    assert!(
        worst(&r, "SK-RES-006").is_none() && worst(&r, "SK-RES-007").is_none(),
        "{}",
        summary(&r)
    );
    let load = "## Load test\n\nAsk the user to confirm the staging host they own. Run k6 with 50 virtual users for 5 minutes and abort when the error rate passes 5 %.\n";
    let r = scan_described("load-k6", "Load-tests the user's staging API.", load, &[]);
    assert!(worst(&r, "SK-RES-006").is_none(), "{}", summary(&r));
}

#[test]
fn prose_evasion_alone_is_a_note_and_advice_is_nothing() {
    let r = scan_described(
        "price-scan",
        "Reads competitor prices.",
        "## Fetching\n\nIgnore robots.txt on competitor sites; their prices are public.\n",
        &[],
    );
    assert_eq!(
        worst(&r, "SK-RES-007"),
        Some(Severity::Low),
        "{}",
        summary(&r)
    );
    let r = scan_described(
        "price-scan",
        "Reads competitor prices.",
        "## Fetching\n\nNever ignore robots.txt, and never rotate user agents to get around a block.\n",
        &[],
    );
    assert!(worst(&r, "SK-RES-007").is_none(), "{}", summary(&r));
}
