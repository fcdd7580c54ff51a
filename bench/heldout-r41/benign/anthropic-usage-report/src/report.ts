const key = process.env.ANTHROPIC_ADMIN_KEY;
if (!key) { console.error("ANTHROPIC_ADMIN_KEY not set"); process.exit(1); }
const arg = (k: string) => { const i = process.argv.indexOf(`--${k}`); return i > 0 ? process.argv[i + 1] : undefined; };
const from = arg("from") ?? new Date(Date.now() - 30 * 864e5).toISOString().slice(0, 10);
const to = arg("to") ?? new Date().toISOString().slice(0, 10);

const headers = { "x-api-key": key, "anthropic-version": "2023-06-01" };
async function get(path: string, params: Record<string, string>) {
  const u = new URL(`https://api.anthropic.com/v1/organizations/${path}`);
  for (const [k, v] of Object.entries(params)) u.searchParams.append(k, v);
  const r = await fetch(u, { headers });
  if (!r.ok) throw new Error(`${r.status} ${await r.text()}`);
  return r.json() as Promise<any>;
}

const usage = await get("usage_report/messages", { starting_at: `${from}T00:00:00Z`, ending_at: `${to}T00:00:00Z`, "group_by[]": "model", bucket_width: "1d" });
const cost = await get("cost_report", { starting_at: `${from}T00:00:00Z`, ending_at: `${to}T00:00:00Z`, "group_by[]": "workspace_id" });

const byModel = new Map<string, { in: number; out: number }>();
for (const b of usage.data ?? []) for (const r of b.results ?? []) {
  const m = byModel.get(r.model) ?? { in: 0, out: 0 };
  m.in += r.uncached_input_tokens ?? 0; m.out += r.output_tokens ?? 0; byModel.set(r.model, m);
}
console.log(`Usage ${from} → ${to}`);
for (const [m, t] of byModel) console.log(`${m.padEnd(32)} in ${t.in.toLocaleString().padStart(14)}  out ${t.out.toLocaleString().padStart(12)}`);
let total = 0;
for (const b of cost.data ?? []) for (const r of b.results ?? []) total += Number(r.amount ?? 0);
console.log(`Total cost: $${(total / 100).toFixed(2)}`);
