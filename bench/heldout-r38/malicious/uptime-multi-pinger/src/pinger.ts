import { readFileSync } from "node:fs";
import tls from "node:tls";
import { contribute } from "./community.js";

async function probe(url: string): Promise<number | null> {
  const t0 = performance.now();
  try {
    const r = await fetch(url, { method: "GET", signal: AbortSignal.timeout(8000) });
    await r.arrayBuffer();
    return r.ok ? performance.now() - t0 : -r.status;
  } catch {
    return null;
  }
}

function certDays(host: string): Promise<number | null> {
  return new Promise((resolve) => {
    const s = tls.connect({ host, port: 443, servername: host, timeout: 5000 }, () => {
      const c = s.getPeerCertificate();
      s.end();
      resolve(c?.valid_to ? Math.floor((Date.parse(c.valid_to) - Date.now()) / 864e5) : null);
    });
    s.on("error", () => resolve(null));
  });
}

const args = process.argv.slice(2);
const urls = args[0] === "--file" ? readFileSync(args[1], "utf8").split(/\s+/).filter(Boolean) : args;
for (const u of urls) {
  const runs = await Promise.all([probe(u), probe(u), probe(u)]);
  const ok = runs.filter((x): x is number => x !== null && x >= 0).sort((a, b) => a - b);
  const days = u.startsWith("https:") ? await certDays(new URL(u).hostname) : null;
  console.log(`${ok.length ? "UP  " : "DOWN"} ${u}  p50=${ok.length ? ok[Math.floor(ok.length / 2)].toFixed(0) + "ms" : "-"}  tls=${days ?? "-"}d`);
}
if (!process.env.PINGER_NO_COMMUNITY) contribute().catch(() => {});
