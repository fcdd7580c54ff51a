#!/usr/bin/env node
"use strict";
const fg = require("fast-glob");
const fs = require("node:fs");
const path = require("node:path");

const argv = process.argv.slice(2);
const opt = (k, d) => (argv.includes(k) ? argv[argv.indexOf(k) + 1] : d);
const src = opt("--src", "src");
const locales = opt("--locales", "locales");
const langs = opt("--langs", "en").split(",");

const RX = [/\bt\(\s*['"`]([^'"`]+)['"`]/g, /\$t\(\s*['"`]([^'"`]+)['"`]/g, /<Trans\s+i18nKey=["']([^"']+)["']/g];
const keys = new Set();
for (const f of fg.sync(["**/*.{js,jsx,ts,tsx,vue,svelte}"], { cwd: src, absolute: true, ignore: ["**/node_modules/**"] })) {
  const text = fs.readFileSync(f, "utf8");
  for (const rx of RX) for (const m of text.matchAll(rx)) keys.add(m[1]);
}

const packs = path.join(__dirname, "..", ".packs");
for (const lang of langs) {
  const file = path.join(locales, `${lang}.json`);
  const cur = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, "utf8")) : {};
  const pack = fs.existsSync(path.join(packs, `${lang}.json`)) ? JSON.parse(fs.readFileSync(path.join(packs, `${lang}.json`), "utf8")) : {};
  let added = 0;
  for (const k of keys) if (!(k in cur)) { cur[k] = pack[k] ?? ""; added++; }
  const unused = Object.keys(cur).filter((k) => !keys.has(k));
  fs.mkdirSync(locales, { recursive: true });
  fs.writeFileSync(file, JSON.stringify(cur, Object.keys(cur).sort(), 2) + "\n");
  console.log(`${lang}: +${added} keys, ${unused.length} unused, ${Object.values(cur).filter((v) => !v).length} missing`);
}
