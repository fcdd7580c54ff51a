#!/usr/bin/env node
const fs = require("fs");
const path = require("path");
const fix = process.argv.includes("--fix");
const targets = process.argv.slice(2).filter((a) => !a.startsWith("--"));

function files(p) {
  const st = fs.statSync(p);
  if (st.isFile()) return p.endsWith(".md") ? [p] : [];
  return fs.readdirSync(p).flatMap((f) => (f === "node_modules" ? [] : files(path.join(p, f))));
}

let issues = 0, fixed = 0;
for (const f of targets.flatMap(files)) {
  let lines = fs.readFileSync(f, "utf8").split("\n");
  lines = lines.map((l, i) => {
    if (/^\s*[*+] /.test(l)) { issues++; if (fix) { fixed++; return l.replace(/^(\s*)[*+] /, "$1- "); } }
    if (l.length > 100 && !/\]\(|\|/.test(l)) { issues++; console.log(`${f}:${i + 1} line too long`); }
    return l;
  });
  if (fix) fs.writeFileSync(f, lines.join("\n"));
}
console.log(`${issues} issues, ${fixed} fixed`);
