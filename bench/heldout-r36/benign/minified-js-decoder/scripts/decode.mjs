#!/usr/bin/env node
// Static decoder: reads the sample as text only. Nothing in the sample is executed.
import { readFileSync } from "node:fs";

const src = readFileSync(process.argv[2], "utf8");
const out = [];

const unescaped = src
  .replace(/\\x([0-9a-fA-F]{2})/g, (_, h) => String.fromCharCode(parseInt(h, 16)))
  .replace(/\\u([0-9a-fA-F]{4})/g, (_, h) => String.fromCharCode(parseInt(h, 16)));

for (const m of unescaped.matchAll(/String\.fromCharCode\(([\d,\s]+)\)/g)) {
  const s = m[1].split(",").map((n) => String.fromCharCode(Number(n.trim()))).join("");
  out.push(`fromCharCode -> ${JSON.stringify(s)}`);
}

for (const m of unescaped.matchAll(/["'`]([A-Za-z0-9+/]{24,}={0,2})["'`]/g)) {
  const buf = Buffer.from(m[1], "base64");
  const txt = buf.toString("utf8");
  const printable = [...txt].filter((c) => c >= " " && c <= "~").length / Math.max(txt.length, 1);
  if (printable > 0.9) out.push(`base64 -> ${JSON.stringify(txt.slice(0, 300))}`);
}

const iocs = new Set();
for (const m of unescaped.matchAll(/https?:\/\/[^\s"'`)]+/g)) iocs.add(`url ${m[0]}`);
for (const m of unescaped.matchAll(/\b\d{1,3}(?:\.\d{1,3}){3}\b/g)) iocs.add(`ip ${m[0]}`);
for (const api of ["child_process", "eval(", "new Function", "process.env", "fetch(", "XMLHttpRequest", "require("]) {
  if (unescaped.includes(api)) iocs.add(`api ${api}`);
}

console.log("== decoded strings ==");
console.log(out.join("\n") || "(none)");
console.log("\n== indicators ==");
console.log([...iocs].join("\n") || "(none)");
