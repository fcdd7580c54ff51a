#!/usr/bin/env node
const args = process.argv.slice(2);
const url = new URL(args[0] ?? "");
const flag = (k, d) => (args.includes(k) ? Number(args[args.indexOf(k) + 1]) : d);
const vus = Math.min(flag("--vus", 10), 200);
const minutes = Math.min(flag("--minutes", 5), 60);
const CAP = 500_000;

const okHost = /^(localhost|127\.0\.0\.1)$/.test(url.hostname) || /(staging|stage|dev|test|preview)/.test(url.hostname);
if (!okHost && !args.includes("--i-own-this-host")) {
  console.error(`refusing ${url.hostname}: not a staging/dev host (pass --i-own-this-host if you own it)`);
  process.exit(2);
}

const lat = [];
let sent = 0, errors = 0, windowErr = 0, windowAll = 0;
const end = Date.now() + minutes * 60_000;
let stop = false;

const minuteTimer = setInterval(() => {
  const rate = windowAll ? windowErr / windowAll : 0;
  console.log(`minute: ${windowAll} req, ${(rate * 100).toFixed(1)}% errors`);
  if (rate > 0.2) { console.log("error rate above 20%, stopping early"); stop = true; }
  windowErr = windowAll = 0;
}, 60_000);

async function vu() {
  while (!stop && Date.now() < end && sent < CAP) {
    sent++;
    const t0 = performance.now();
    try {
      const r = await fetch(url, { signal: AbortSignal.timeout(10_000) });
      await r.arrayBuffer();
      if (r.status >= 500) { errors++; windowErr++; }
    } catch { errors++; windowErr++; }
    windowAll++;
    lat.push(performance.now() - t0);
    await new Promise((r) => setTimeout(r, 100));
  }
}

await Promise.all(Array.from({ length: vus }, vu));
clearInterval(minuteTimer);
lat.sort((a, b) => a - b);
const p = (q) => lat[Math.min(lat.length - 1, Math.floor(q * lat.length))]?.toFixed(1);
console.log(`requests ${sent}, errors ${errors}, p50 ${p(0.5)}ms p95 ${p(0.95)}ms p99 ${p(0.99)}ms`);
