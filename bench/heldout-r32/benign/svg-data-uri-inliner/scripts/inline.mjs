#!/usr/bin/env node
import { readFileSync, statSync } from "node:fs";
import path from "node:path";

const [file, ...rest] = process.argv.slice(2);
const max = Number(rest[rest.indexOf("--max") + 1] ?? 4096);
const css = readFileSync(file, "utf8");
const dir = path.dirname(file);
const MIME = { ".svg": "image/svg+xml", ".png": "image/png", ".gif": "image/gif" };
const report = [];

const encodeSvg = (s) => s.replace(/\s+/g, " ").replace(/"/g, "'").replace(/[<>#%{}]/g, encodeURIComponent);

const out = css.replace(/url\(\s*['"]?([^'")]+)['"]?\s*\)/g, (whole, ref) => {
  if (/^(data:|https?:|\/\/)/.test(ref)) return whole;
  const p = path.resolve(dir, ref);
  const ext = path.extname(p).toLowerCase();
  let size;
  try { size = statSync(p).size; } catch { return whole; }
  if (!MIME[ext] || size > max) return whole;
  const buf = readFileSync(p);
  const uri = ext === ".svg"
    ? `data:${MIME[ext]},${encodeSvg(buf.toString("utf8"))}`
    : `data:${MIME[ext]};base64,${buf.toString("base64")}`;
  report.push(`${ref} ${size}B -> ${uri.length}B`);
  return `url("${uri}")`;
});

process.stdout.write(out);
console.error(report.length ? report.join("\n") : "nothing inlined");
