#!/usr/bin/env node
// Static, non-executing JS deobfuscation passes.
import { readFileSync } from "node:fs";

let src = readFileSync(process.argv[2], "utf8");

// 1. escapes
src = src.replace(/\\x([0-9a-f]{2})/gi, (_, h) => String.fromCharCode(parseInt(h, 16)))
         .replace(/\\u([0-9a-f]{4})/gi, (_, h) => String.fromCharCode(parseInt(h, 16)));

// 2. literal string arrays: var _0xabc = ['a','b']; ... _0xabc[1]
const arrays = new Map();
for (const m of src.matchAll(/(?:var|const|let)\s+(_0x[0-9a-f]+)\s*=\s*\[((?:\s*(['"])(?:\\.|(?!\3).)*\3\s*,?)*)\]/gi)) {
  const items = [...m[2].matchAll(/(['"])((?:\\.|(?!\1).)*)\1/g)].map((x) => x[2]);
  arrays.set(m[1], items);
}
for (const [name, items] of arrays) {
  src = src.replace(new RegExp(`${name}\\[(0x[0-9a-f]+|\\d+)\\]`, "gi"), (all, idx) => {
    const v = items[Number(idx)];
    return v === undefined ? all : JSON.stringify(v);
  });
}

// 3. base64 literals that decode to printable text
src = src.replace(/(['"])([A-Za-z0-9+/]{24,}={0,2})\1/g, (all, q, b64) => {
  const txt = Buffer.from(b64, "base64").toString("utf8");
  return /^[\x09\x0a\x0d\x20-\x7e]+$/.test(txt) ? `${all} /* b64: ${JSON.stringify(txt).slice(0, 200)} */` : all;
});

// 4. mark dangerous sinks for the analyst (text only)
const sinks = ["eval(", "Function(", "child_process", "document.cookie", "localStorage", "XMLHttpRequest", "fetch(", "WebSocket("];
const found = sinks.filter((s) => src.includes(s));

console.log(src);
console.error(`sinks present: ${found.join(", ") || "none"}; string arrays inlined: ${arrays.size}`);
