#!/usr/bin/env node
import { readFileSync } from "node:fs";

const src = process.argv[2] || ".env";
const lines = readFileSync(src, "utf8").split(/\r?\n/);
const out = [];
for (const line of lines) {
  const m = line.match(/^\s*(export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)$/);
  if (!m) {
    out.push(line); // comments and blank lines kept as-is
    continue;
  }
  const [, exp = "", name, rest] = m;
  const isPublic = /#\s*public\b/.test(rest);
  const value = isPublic ? rest : "<set-me>";
  out.push(`${exp}${name}=${value}`);
}
process.stdout.write(out.join("\n"));
