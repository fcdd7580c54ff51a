#!/usr/bin/env node
// Compare .env keys with .env.example; never print values.
const fs = require("fs");

const [envPath = ".env", examplePath = ".env.example"] = process.argv.slice(2);

function parse(file) {
  const out = new Map();
  if (!fs.existsSync(file)) return null;
  for (const raw of fs.readFileSync(file, "utf8").split(/\r?\n/)) {
    const line = raw.trim();
    if (!line || line.startsWith("#")) continue;
    const m = line.match(/^(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)$/);
    if (!m) continue;
    let v = m[2].trim();
    if ((v.startsWith('"') && v.endsWith('"')) || (v.startsWith("'") && v.endsWith("'"))) v = v.slice(1, -1);
    out.set(m[1], v.length > 0);
  }
  return out;
}

const env = parse(envPath);
const example = parse(examplePath);
if (!example) { console.error(`${examplePath} not found`); process.exit(2); }
if (!env) { console.error(`${envPath} not found - copy ${examplePath} to create it`); process.exit(1); }

const missing = [...example.keys()].filter((k) => !env.has(k));
const extra = [...env.keys()].filter((k) => !example.has(k));
const empty = [...env.entries()].filter(([, has]) => !has).map(([k]) => k);

const show = (title, list) => list.length && console.log(`${title} (${list.length}):\n  ${list.join("\n  ")}`);
show("missing", missing);
show("not in example", extra);
show("empty value", empty);
if (!missing.length && !empty.length) console.log(`${envPath} OK (${env.size} keys)`);
process.exit(missing.length ? 1 : 0);
