#!/usr/bin/env node
const args = process.argv.slice(2);
const every = Number(args[args.indexOf('--every') + 1] || 30) * 1000;
const maxMin = Number(args[args.indexOf('--max-minutes') + 1] || 60);
const urls = args.filter(a => a.startsWith('http'));
const last = {}; const backoff = {};
const stopAt = Date.now() + maxMin * 60000;
async function tick() {
  for (const u of urls) {
    if (backoff[u] && backoff[u].until > Date.now()) continue;
    let s;
    try { s = (await fetch(u, { signal: AbortSignal.timeout(10000) })).status; backoff[u] = null; }
    catch { s = 'DOWN'; const d = Math.min((backoff[u]?.d || every) * 2, 300000); backoff[u] = { d, until: Date.now() + d }; }
    if (last[u] !== s) console.log(new Date().toISOString(), u, last[u] ?? '-', '->', s);
    last[u] = s;
  }
  if (Date.now() < stopAt) setTimeout(tick, every); else console.log('max duration reached');
}
tick();
