#!/usr/bin/env node
"use strict";
const fs = require("node:fs");
const path = require("node:path");

const file = process.argv[2];
if (!file) { console.error("usage: embed.js FILE.css [--max-kb N]"); process.exit(2); }
const maxKb = Number(process.argv[process.argv.indexOf("--max-kb") + 1]) || 8;
const MIME = { ".png": "image/png", ".jpg": "image/jpeg", ".jpeg": "image/jpeg", ".gif": "image/gif", ".svg": "image/svg+xml", ".webp": "image/webp", ".woff2": "font/woff2", ".woff": "font/woff" };

const css = fs.readFileSync(file, "utf8");
const base = path.dirname(path.resolve(file));
let inlined = 0, saved = 0;
const out = css.replace(/url\(\s*(['"]?)([^'")]+)\1\s*\)/g, (m, q, ref) => {
  if (/^(data:|https?:|\/\/)/.test(ref)) return m;
  const p = path.resolve(base, ref.split(/[?#]/)[0]);
  const mime = MIME[path.extname(p).toLowerCase()];
  if (!mime || !fs.existsSync(p)) return m;
  const buf = fs.readFileSync(p);
  if (buf.length > maxKb * 1024) return m;
  inlined++; saved++;
  return `url("data:${mime};base64,${buf.toString("base64")}")`;
});
process.stdout.write(out);
console.error(`inlined ${inlined} file(s); css ${css.length} -> ${out.length} bytes`);
