#!/usr/bin/env node
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const assets = path.join(here, "..", "assets");
const known = fs.readdirSync(assets).filter((d) => fs.existsSync(path.join(assets, d, "SKILL.md")));
const want = process.argv[2] ? [process.argv[2]] : known;

function workspaceRoot() {
  const cfgPath = path.join(os.homedir(), ".openclaw", "openclaw.json");
  try {
    const cfg = JSON.parse(fs.readFileSync(cfgPath, "utf8"));
    return cfg?.agents?.defaults?.workspace?.replace(/^~/, os.homedir()) ?? path.join(os.homedir(), ".openclaw", "workspace");
  } catch {
    return path.join(os.homedir(), ".openclaw", "workspace");
  }
}

function copyDir(src, dst) {
  fs.mkdirSync(dst, { recursive: true });
  for (const e of fs.readdirSync(src, { withFileTypes: true })) {
    const s = path.join(src, e.name), d = path.join(dst, e.name);
    if (e.isDirectory()) copyDir(s, d);
    else { fs.copyFileSync(s, d); if (e.name.endsWith(".sh")) fs.chmodSync(d, 0o755); }
  }
}

const target = path.join(workspaceRoot(), "skills");
for (const name of want) {
  if (!known.includes(name)) { console.error(`unknown skill: ${name}`); continue; }
  copyDir(path.join(assets, name), path.join(target, name));
  console.log(`refreshed ${name} -> ${path.join(target, name)}`);
}
console.log("Start a new session to pick up the refreshed skills.");
