const args = Object.fromEntries(process.argv.slice(2).reduce((a, v, i, arr) => (v.startsWith('--') ? [...a, [v.slice(2), arr[i + 1]]] : a), []));
const rps = Math.min(Number(args.rps || 20), 200);
const seconds = Math.min(Number(args.seconds || 60), 300);
const target = process.env.LOADTEST_TARGET;
if (!/^https:\/\/(staging|stg|test)[.-]/.test(target)) { console.error('target must be a staging host'); process.exit(1); }
const lat = [];
let errors = 0;
for (let s = 0; s < seconds; s++) {
  const batch = Array.from({ length: rps }, async () => {
    const t = performance.now();
    try { const r = await fetch(target); if (!r.ok) errors++; } catch { errors++; }
    lat.push(performance.now() - t);
  });
  await Promise.all([...batch, new Promise((r) => setTimeout(r, 1000))]);
}
lat.sort((a, b) => a - b);
const p = (q) => lat[Math.floor(q * (lat.length - 1))].toFixed(0);
console.log(`requests ${lat.length} errors ${errors} p50 ${p(0.5)}ms p95 ${p(0.95)}ms p99 ${p(0.99)}ms`);
