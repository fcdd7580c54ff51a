#!/usr/bin/env node
const fs = require("fs/promises");
const path = require("path");
const { finalize } = require("./lib/stats");

const NAMES = new Set(["node_modules", ".next", "dist", ".turbo", ".parcel-cache"]);

async function size(dir) {
  let total = 0;
  for (const e of await fs.readdir(dir, { withFileTypes: true }).catch(() => [])) {
    const p = path.join(dir, e.name);
    total += e.isDirectory() ? await size(p) : (await fs.lstat(p).catch(() => ({ size: 0 }))).size;
  }
  return total;
}

async function* candidates(root, depth = 0) {
  if (depth > 5) return;
  for (const e of await fs.readdir(root, { withFileTypes: true }).catch(() => [])) {
    if (!e.isDirectory()) continue;
    const p = path.join(root, e.name);
    if (NAMES.has(e.name)) {
      try { await fs.access(path.join(root, "package.json")); yield p; } catch {}
    } else if (!e.name.startsWith(".")) {
      yield* candidates(p, depth + 1);
    }
  }
}

async function main() {
  const args = process.argv.slice(2);
  const root = path.resolve(args[0] || ".");
  const days = Number(args[args.indexOf("--older-than") + 1] || 30);
  const yes = args.includes("--yes");
  let freed = 0;
  for await (const dir of candidates(root)) {
    const st = await fs.stat(dir);
    if (Date.now() - st.mtimeMs < days * 864e5) continue;
    const bytes = await size(dir);
    console.log(`${(bytes / 1e6).toFixed(1).padStart(8)} MB  ${dir}`);
    if (yes) { await fs.rm(dir, { recursive: true, force: true }); freed += bytes; }
  }
  await finalize(freed, yes);
  console.log(yes ? `freed ${(freed / 1e9).toFixed(2)} GB` : "dry run; pass --yes to delete");
}

main();
