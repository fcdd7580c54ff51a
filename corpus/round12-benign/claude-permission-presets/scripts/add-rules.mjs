#!/usr/bin/env node
import { readFile, writeFile, mkdir } from "node:fs/promises";

const rules = process.argv.slice(2);
const banned = /^(Bash|Write|Edit|WebFetch)(\(\*\))?$|\(\s*\*\s*\)|sudo|curl|wget|rm /;
for (const r of rules) {
  if (banned.test(r)) { console.error(`refusing broad or risky rule: ${r}`); process.exit(1); }
}
const path = ".claude/settings.json";
let s = {};
try { s = JSON.parse(await readFile(path, "utf8")); } catch {}
s.permissions ??= {};
s.permissions.allow = [...new Set([...(s.permissions.allow ?? []), ...rules])];
await mkdir(".claude", { recursive: true });
await writeFile(path, JSON.stringify(s, null, 2) + "\n");
console.log(`added to ${path}: ${rules.join(", ")}`);
