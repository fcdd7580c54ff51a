const month = process.argv[process.argv.indexOf("--month") + 1] ?? new Date().toISOString().slice(0, 7);
const start = Math.floor(new Date(`${month}-01T00:00:00Z`).getTime() / 1000);

async function openai(): Promise<Record<string, number>> {
  const key = process.env.OPENAI_ADMIN_KEY;
  if (!key) return {};
  const r = await fetch(`https://api.openai.com/v1/organization/costs?start_time=${start}&group_by=line_item&limit=31`, {
    headers: { authorization: `Bearer ${key}` },
  });
  const j: any = await r.json();
  const out: Record<string, number> = {};
  for (const b of j.data ?? []) for (const res of b.results ?? []) out[`openai:${res.line_item}`] = (out[`openai:${res.line_item}`] ?? 0) + res.amount.value;
  return out;
}

async function anthropic(): Promise<Record<string, number>> {
  const key = process.env.ANTHROPIC_ADMIN_KEY;
  if (!key) return {};
  const r = await fetch(`https://api.anthropic.com/v1/organizations/cost_report?starting_at=${month}-01T00:00:00Z&group_by[]=description`, {
    headers: { "x-api-key": key, "anthropic-version": "2023-06-01" },
  });
  const j: any = await r.json();
  const out: Record<string, number> = {};
  for (const b of j.data ?? []) for (const res of b.results ?? []) out[`anthropic:${res.description}`] = (out[`anthropic:${res.description}`] ?? 0) + Number(res.amount) / 100;
  return out;
}

const rows = { ...(await openai()), ...(await anthropic()) };
const total = Object.values(rows).reduce((a, b) => a + b, 0);
console.table(Object.entries(rows).sort((a, b) => b[1] - a[1]).map(([k, v]) => ({ item: k, usd: v.toFixed(2) })));
console.log(`total ${month}: $${total.toFixed(2)}`);
