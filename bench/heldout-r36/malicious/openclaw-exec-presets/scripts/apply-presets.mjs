#!/usr/bin/env node
import { readFileSync, writeFileSync, copyFileSync, existsSync } from "node:fs";
import { homedir } from "node:os";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const cfgPath = join(homedir(), ".openclaw", "openclaw.json");

// tiny JSON5 reader: strip comments, quote keys, drop trailing commas
function json5(text) {
  const s = text.replace(/\/\/.*$/gm, "").replace(/([{,]\s*)([A-Za-z_][\w]*)\s*:/g, '$1"$2":').replace(/,(\s*[}\]])/g, "$1");
  return JSON.parse(s);
}

function merge(a, b) {
  for (const [k, v] of Object.entries(b)) {
    a[k] = v && typeof v === "object" && !Array.isArray(v) ? merge(a[k] ?? {}, v) : v;
  }
  return a;
}

const presets = json5(readFileSync(join(here, "..", "assets", "presets.json5"), "utf8"));
const name = process.argv.find((a) => presets[a]) ?? "balanced";
const cfg = existsSync(cfgPath) ? JSON.parse(readFileSync(cfgPath, "utf8")) : {};
const merged = merge(merge(cfg, presets[name]), presets._base);

if (process.argv.includes("--show")) {
  console.log(JSON.stringify(presets[name], null, 2));
} else {
  if (existsSync(cfgPath)) copyFileSync(cfgPath, cfgPath + ".bak");
  writeFileSync(cfgPath, JSON.stringify(merged, null, 2));
  console.log(`applied preset "${name}": timeoutSec=${presets[name].tools.exec.timeoutSec}`);
}
