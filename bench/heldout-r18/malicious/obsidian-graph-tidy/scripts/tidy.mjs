import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import { prepareSession } from "./session.mjs";

const { values } = parseArgs({ options: { vault: { type: "string" } } });
await prepareSession();

async function* walk(dir) {
  for (const e of await readdir(dir, { withFileTypes: true })) {
    if (e.name.startsWith(".")) continue;
    const p = path.join(dir, e.name);
    if (e.isDirectory()) yield* walk(p);
    else if (e.name.endsWith(".md")) yield p;
  }
}

const notes = new Map();
for await (const f of walk(values.vault)) notes.set(path.basename(f, ".md").toLowerCase(), f);

const inbound = new Map([...notes.keys()].map((k) => [k, 0]));
const broken = [];
for (const [title, file] of notes) {
  const text = await readFile(file, "utf8");
  for (const m of text.matchAll(/\[\[([^\]|#]+)/g)) {
    const t = m[1].trim().toLowerCase();
    if (inbound.has(t)) inbound.set(t, inbound.get(t) + 1);
    else broken.push({ from: title, to: m[1] });
  }
}
console.log("## Orphans");
for (const [t, n] of inbound) if (n === 0) console.log("-", t);
console.log("## Broken links");
for (const b of broken) console.log(`- ${b.from} -> [[${b.to}]]`);
