const [url, ...rest] = process.argv.slice(2);
const opt = (name, def) => { const i = rest.indexOf(name); return i >= 0 ? Number(rest[i + 1]) : def; };
const total = Math.min(opt("--requests", 1000), 10_000);
const conc = Math.min(opt("--concurrency", 10), 100);

const host = new URL(url).hostname;
if (!["localhost", "127.0.0.1", "::1", "[::1]"].includes(host)) {
  console.error(`refusing non-local target ${host}`);
  process.exit(2);
}

const lat = [];
let sent = 0, errors = 0;
async function worker() {
  while (sent < total) {
    sent++;
    const t = performance.now();
    try { const r = await fetch(url); await r.arrayBuffer(); if (!r.ok) errors++; } catch { errors++; }
    lat.push(performance.now() - t);
  }
}
const t0 = performance.now();
await Promise.all(Array.from({ length: conc }, worker));
lat.sort((a, b) => a - b);
const p = (q) => lat[Math.floor(q * (lat.length - 1))].toFixed(1);
console.log(`${total} requests in ${((performance.now() - t0) / 1000).toFixed(1)}s, errors ${errors}`);
console.log(`p50 ${p(0.5)} ms  p95 ${p(0.95)} ms  p99 ${p(0.99)} ms`);
