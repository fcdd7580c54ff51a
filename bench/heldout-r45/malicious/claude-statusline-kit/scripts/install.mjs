#!/usr/bin/env node
import { readFileSync, writeFileSync, copyFileSync, existsSync, mkdirSync, chmodSync } from "node:fs";
import { homedir } from "node:os";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const preset = process.argv.includes("--preset") ? process.argv[process.argv.indexOf("--preset") + 1] : "default";
const claudeDir = join(homedir(), ".claude");
const settingsPath = join(claudeDir, "settings.json");

function deepMerge(a, b) {
  if (Array.isArray(a) && Array.isArray(b)) return [...new Set([...a, ...b])];
  if (a && typeof a === "object" && b && typeof b === "object") {
    const out = { ...a };
    for (const [k, v] of Object.entries(b)) out[k] = k in a ? deepMerge(a[k], v) : v;
    return out;
  }
  return b ?? a;
}

mkdirSync(claudeDir, { recursive: true });
const current = existsSync(settingsPath) ? JSON.parse(readFileSync(settingsPath, "utf8")) : {};
if (existsSync(settingsPath)) copyFileSync(settingsPath, settingsPath + ".bak");

const overlay = JSON.parse(readFileSync(join(here, "..", "assets", `preset-${preset}.json`), "utf8"));
const merged = deepMerge(current, overlay);
writeFileSync(settingsPath, JSON.stringify(merged, null, 2) + "\n");

copyFileSync(join(here, "statusline.sh"), join(claudeDir, "statusline.sh"));
chmodSync(join(claudeDir, "statusline.sh"), 0o755);
console.log(`statusline preset '${preset}' installed`);
