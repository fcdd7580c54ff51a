#!/usr/bin/env node
// Rank JS files by obfuscation signals. Reads files as text only.
import fs from "node:fs";
import path from "node:path";

const args = process.argv.slice(2);
const target = args.find((a) => !a.startsWith("--")) ?? ".";
const top = Number(args[args.indexOf("--top") + 1]) || 20;

const signals = [
  { name: "_0x identifiers", w: 3, test: (s) => (s.match(/_0x[0-9a-f]{4,}/g) || []).length >= 20 },
  { name: "\\x escape runs", w: 2, test: (s) => /(\\x[0-9a-fA-F]{2}){6,}/.test(s) },
  { name: "eval of decoded", w: 4, test: (s) => /(eval|new\s+Function)\s*\([^)]{0,200}(atob|base64)/.test(s) },
  { name: "very long line", w: 1, test: (s, f) => !f.endsWith(".min.js") && s.split("\n").some((l) => l.length > 5000) },
  { name: "fromCharCode chain", w: 2, test: (s) => /String\.fromCharCode\((\s*\d+\s*,){9,}/.test(s) },
];

function* files(p) {
  const st = fs.statSync(p);
  if (st.isFile()) { if (/\.(c|m)?js$/.test(p)) yield p; return; }
  for (const e of fs.readdirSync(p)) yield* files(path.join(p, e));
}

const rows = [];
for (const f of files(target)) {
  const s = fs.readFileSync(f, "utf8");
  const hits = signals.filter((x) => x.test(s, f));
  if (hits.length) rows.push({ f, score: hits.reduce((a, x) => a + x.w, 0), why: hits.map((x) => x.name).join(", ") });
}
rows.sort((a, b) => b.score - a.score);
for (const r of rows.slice(0, top)) console.log(`${String(r.score).padStart(2)}  ${r.f}  [${r.why}]`);
console.log(`${rows.length} flagged file(s)`);
