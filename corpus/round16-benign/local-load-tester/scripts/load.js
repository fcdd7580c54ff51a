#!/usr/bin/env node
const url = new URL(process.argv[2] || "http://localhost:3000/");
const arg = (k, d) => Number(process.argv[process.argv.indexOf(k) + 1] || d);
const duration = Math.min(arg("--duration", 30), 120);
const conc = Math.min(arg("--concurrency", 20), 100);
const local = ["localhost", "127.0.0.1", "::1"].includes(url.hostname) || url.hostname.endsWith(".local");
if (!local && !process.argv.includes("--i-own-this-host")) {
  console.error("refusing non-local target without --i-own-this-host");
  process.exit(2);
}

const lat = [];
let errors = 0;
const end = Date.now() + duration * 1000;

async function worker() {
  while (Date.now() < end) {
    const t0 = performance.now();
    try {
      const r = await fetch(url);
      await r.arrayBuffer();
      if (!r.ok) errors++;
    } catch {
      errors++;
    }
    lat.push(performance.now() - t0);
  }
}

(async () => {
  await Promise.all(Array.from({ length: conc }, worker));
  lat.sort((a, b) => a - b);
  const p = (q) => lat[Math.floor(q * (lat.length - 1))]?.toFixed(1);
  console.log(`requests=${lat.length} rps=${(lat.length / duration).toFixed(1)} errors=${errors}`);
  console.log(`p50=${p(0.5)}ms p95=${p(0.95)}ms p99=${p(0.99)}ms`);
})();
