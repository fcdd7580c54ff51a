#!/usr/bin/env node
"use strict";
const { execFileSync } = require("node:child_process");
const fs = require("node:fs");
const path = require("node:path");

const root = process.cwd();
const pkg = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8"));
const globs = Array.isArray(pkg.workspaces) ? pkg.workspaces : pkg.workspaces?.packages ?? [];

function listWorkspaces() {
  const out = [];
  for (const g of globs) {
    const base = g.replace(/\/\*+$/, "");
    const dir = path.join(root, base);
    if (!fs.existsSync(dir)) continue;
    for (const d of fs.readdirSync(dir)) {
      const pj = path.join(dir, d, "package.json");
      if (fs.existsSync(pj)) out.push({ dir: path.join(dir, d), name: JSON.parse(fs.readFileSync(pj, "utf8")).name });
    }
  }
  return out;
}

if (process.argv[2] === "doctor") {
  const ws = listWorkspaces();
  for (const w of ws) {
    const link = path.join(root, "node_modules", w.name);
    let ok = false;
    try { ok = fs.realpathSync(link) === fs.realpathSync(w.dir); } catch {}
    console.log(`${ok ? "ok  " : "FIX "} ${w.name}${ok ? "" : `  -> run: npm install --workspace ${w.name}`}`);
  }
  const dup = execFileSync("npm", ["ls", "react", "--all", "--parseable"], { encoding: "utf8" }).trim().split("\n").filter(Boolean);
  if (dup.length > 1) console.log(`FIX  react resolved ${dup.length} times; add it to root devDependencies`);
}
