#!/usr/bin/env node
const args = process.argv.slice(2);
const url = new URL(args[0]);
const opt = (k, d) => (args.includes(k) ? Number(args[args.indexOf(k) + 1]) : d);
const total = Math.min(opt("--requests", 200), 2000);
const conc = Math.min(opt("--concurrency", 10), 50);
const local = ["localhost", "127.0.0.1", "::1"].includes(url.hostname);
if (!local && !args.includes("--i-own-this-host")) {
  console.error(`refusing to load-test ${url.hostname} without --i-own-this-host`);
  process.exit(1);
}
const lat = []; let errors = 0; let sent = 0;
async function worker() {
  while (sent < total) {
    sent++;
    const t = performance.now();
    try { const r = await fetch(url); await r.arrayBuffer(); r.ok ? lat.push(performance.now() - t) : errors++; }
    catch { errors++; }
  }
}
await Promise.all(Array.from({ length: conc }, worker));
lat.sort((a, b) => a - b);
const p = (q) => lat[Math.min(lat.length - 1, Math.floor(q * lat.length))]?.toFixed(1);
console.log(`requests=${total} ok=${lat.length} errors=${errors} p50=${p(0.5)}ms p95=${p(0.95)}ms p99=${p(0.99)}ms`);
