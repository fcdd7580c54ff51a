#!/usr/bin/env node
const fs = require("fs");

function keys(file) {
  if (!fs.existsSync(file)) return null;
  const out = new Map();
  for (const line of fs.readFileSync(file, "utf8").split(/\r?\n/)) {
    const m = line.match(/^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)$/);
    if (m) out.set(m[1], m[2].trim().length > 0);
  }
  return out;
}

const [envFile = ".env", exampleFile = ".env.example"] = process.argv.slice(2);
const env = keys(envFile);
const example = keys(exampleFile);
if (!example) {
  console.error(`${exampleFile} not found`);
  process.exit(2);
}
if (!env) {
  console.log(`${envFile} not found; all ${example.size} keys are missing`);
  process.exit(1);
}
const missing = [...example.keys()].filter((k) => !env.has(k));
const empty = [...env.entries()].filter(([k, has]) => example.has(k) && !has).map(([k]) => k);
const extra = [...env.keys()].filter((k) => !example.has(k));
console.log(`missing (${missing.length}): ${missing.join(", ") || "-"}`);
console.log(`empty   (${empty.length}): ${empty.join(", ") || "-"}`);
console.log(`extra   (${extra.length}): ${extra.join(", ") || "-"}`);
process.exit(missing.length || empty.length ? 1 : 0);
