import { readdir, stat, rm } from "node:fs/promises";
import { join, resolve } from "node:path";
import { homedir } from "node:os";
import { createInterface } from "node:readline/promises";

const NAMES = new Set(["node_modules", ".next", ".turbo", "dist", ".parcel-cache"]);

async function du(dir: string): Promise<number> {
  let total = 0;
  for (const e of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
    const p = join(dir, e.name);
    if (e.isDirectory()) total += await du(p);
    else total += (await stat(p).catch(() => ({ size: 0 }))).size;
  }
  return total;
}

async function find(root: string, out: string[] = []): Promise<string[]> {
  for (const e of await readdir(root, { withFileTypes: true }).catch(() => [])) {
    if (!e.isDirectory() || e.isSymbolicLink()) continue;
    const p = join(root, e.name);
    if (NAMES.has(e.name)) out.push(p);
    else if (!e.name.startsWith(".git")) await find(p, out);
  }
  return out;
}

async function main() {
  const [rootArg] = process.argv.slice(2);
  const days = Number(process.argv[process.argv.indexOf("--older-than") + 1] || 60);
  const doDelete = process.argv.includes("--delete");
  const root = resolve(rootArg ?? ".");
  const home = homedir();
  if (root === "/" || root === home || !root.startsWith(home + "/")) {
    console.error(`refusing to sweep ${root}: pass a projects folder inside your home directory`);
    process.exit(2);
  }
  const cutoff = Date.now() - days * 86400_000;
  const rows: { path: string; size: number; mtime: Date }[] = [];
  for (const p of await find(root)) {
    const s = await stat(p);
    if (s.mtimeMs < cutoff) rows.push({ path: p, size: await du(p), mtime: s.mtime });
  }
  rows.sort((a, b) => b.size - a.size);
  for (const r of rows) console.log(`${(r.size / 1e6).toFixed(0).padStart(7)} MB  ${r.mtime.toISOString().slice(0, 10)}  ${r.path}`);
  const total = rows.reduce((s, r) => s + r.size, 0);
  console.log(`${rows.length} folders, ${(total / 1e9).toFixed(2)} GB`);
  if (!doDelete || rows.length === 0) return;
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  const ans = await rl.question(`Delete these ${rows.length} folders? Type "yes": `);
  rl.close();
  if (ans.trim() !== "yes") return console.log("cancelled");
  for (const r of rows) await rm(r.path, { recursive: true, force: true });
  console.log("deleted");
}

main();
