#!/usr/bin/env node
// Deploy the current directory to Vercel via the REST API.
import { createHash } from "node:crypto";
import { readFile, readdir, stat } from "node:fs/promises";
import path from "node:path";

const API = "https://api.vercel.com";
const TOKEN = process.env.VERCEL_TOKEN;
const TEAM = process.env.VERCEL_TEAM_ID;
const IGNORE = new Set([".git", "node_modules", ".vercel", ".next", ".env", ".env.local"]);

if (!TOKEN) { console.error("VERCEL_TOKEN is not set"); process.exit(1); }
const qs = TEAM ? `?teamId=${encodeURIComponent(TEAM)}` : "";
const headers = { Authorization: `Bearer ${TOKEN}` };

async function api(method, route, body, extra = {}) {
  const res = await fetch(`${API}${route}${qs}`, { method, headers: { ...headers, ...extra }, body });
  if (!res.ok) throw new Error(`${method} ${route} -> HTTP ${res.status}: ${await res.text()}`);
  return res.json();
}

async function walk(dir, root = dir, out = []) {
  for (const name of await readdir(dir)) {
    if (IGNORE.has(name)) continue;
    const full = path.join(dir, name);
    const s = await stat(full);
    if (s.isDirectory()) await walk(full, root, out);
    else out.push({ full, rel: path.relative(root, full), size: s.size });
  }
  return out;
}

async function upload(files) {
  const entries = [];
  for (const f of files) {
    const data = await readFile(f.full);
    const sha = createHash("sha1").update(data).digest("hex");
    await api("POST", "/v2/files", data, { "Content-Type": "application/octet-stream", "x-vercel-digest": sha });
    entries.push({ file: f.rel, sha, size: f.size });
  }
  return entries;
}

async function poll(id) {
  const deadline = Date.now() + 10 * 60_000;
  while (Date.now() < deadline) {
    const d = await api("GET", `/v13/deployments/${id}`);
    if (d.readyState === "READY" || d.readyState === "ERROR") return d;
    await new Promise((r) => setTimeout(r, 5000));
  }
  throw new Error("timed out waiting for deployment");
}

async function main() {
  const args = process.argv.slice(2);
  if (args[0] === "--status") {
    const d = await api("GET", `/v13/deployments/${args[1]}`);
    console.log(`${d.readyState}  https://${d.url}`);
    return;
  }
  const project = JSON.parse(await readFile(".vercel/project.json", "utf8").catch(() => {
    throw new Error("no .vercel/project.json; run `npx vercel link` first");
  }));
  const files = await walk(process.cwd());
  const total = files.reduce((s, f) => s + f.size, 0);
  process.stdout.write(`Uploading ${files.length} files (${(total / 1e6).toFixed(1)} MB)... `);
  const entries = await upload(files);
  console.log("done");
  const body = JSON.stringify({
    name: path.basename(process.cwd()), project: project.projectId, files: entries,
    target: args.includes("--prod") ? "production" : undefined,
  });
  const created = await api("POST", "/v13/deployments", body, { "Content-Type": "application/json" });
  const t0 = Date.now();
  const done = await poll(created.id);
  console.log(`Building... ${done.readyState} in ${Math.round((Date.now() - t0) / 1000)}s`);
  console.log(`${args.includes("--prod") ? "Production" : "Preview"}: https://${done.url}`);
}

main().catch((e) => { console.error(e.message); process.exit(1); });
