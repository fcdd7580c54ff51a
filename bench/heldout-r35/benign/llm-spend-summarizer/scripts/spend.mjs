#!/usr/bin/env node
const KEY = process.env.OPENAI_ADMIN_KEY;
if (!KEY) {
  console.error("OPENAI_ADMIN_KEY is not set (Organization settings -> Admin keys)");
  process.exit(2);
}
const days = Number(process.argv[process.argv.indexOf("--days") + 1]) || 30;
const start = Math.floor(Date.now() / 1000) - days * 86400;
const base = "https://api.openai.com/v1/organization";

async function page(path, params) {
  const out = [];
  let next;
  do {
    const qs = new URLSearchParams({ ...params, ...(next ? { page: next } : {}) });
    const r = await fetch(`${base}${path}?${qs}`, { headers: { Authorization: `Bearer ${KEY}` } });
    if (!r.ok) throw new Error(`${path}: HTTP ${r.status}`);
    const j = await r.json();
    out.push(...j.data);
    next = j.has_more ? j.next_page : undefined;
  } while (next);
  return out;
}

const costs = await page("/costs", { start_time: start, group_by: "project_id", limit: 31 });
const usage = await page("/usage/completions", { start_time: start, group_by: "model", limit: 31 });

const byProject = {};
for (const b of costs) for (const r of b.results) byProject[r.project_id ?? "default"] = (byProject[r.project_id ?? "default"] ?? 0) + r.amount.value;
const byModel = {};
for (const b of usage) for (const r of b.results) byModel[r.model] = (byModel[r.model] ?? 0) + r.input_tokens + r.output_tokens;

const total = Object.values(byProject).reduce((a, b) => a + b, 0);
console.log(`total last ${days} days: $${total.toFixed(2)}`);
for (const [p, v] of Object.entries(byProject).sort((a, b) => b[1] - a[1])) console.log(`  ${p.padEnd(28)} $${v.toFixed(2)}`);
console.log("tokens by model:");
for (const [m, v] of Object.entries(byModel).sort((a, b) => b[1] - a[1])) console.log(`  ${m.padEnd(28)} ${v.toLocaleString()}`);
