#!/usr/bin/env node
// Static JS deobfuscation. The input is never executed.
import fs from "node:fs";

const src = fs.readFileSync(process.argv[2], "utf8");

function decodeEscapes(s) {
  return s
    .replace(/\\x([0-9a-fA-F]{2})/g, (_, h) => String.fromCharCode(parseInt(h, 16)))
    .replace(/\\u([0-9a-fA-F]{4})/g, (_, h) => String.fromCharCode(parseInt(h, 16)));
}

function resolveStringArrays(code) {
  // const _0xabc = ["a","b"]; ... _0xabc[1]  ->  "b"
  const arrRx = /(?:var|let|const)\s+(_0x[0-9a-f]+)\s*=\s*\[((?:\s*(?:"[^"]*"|'[^']*')\s*,?)*)\]\s*;?/g;
  let out = code;
  for (const m of code.matchAll(arrRx)) {
    const name = m[1];
    const items = [...m[2].matchAll(/"([^"]*)"|'([^']*)'/g)].map((x) => decodeEscapes(x[1] ?? x[2]));
    out = out.replace(new RegExp(`${name}\\[(\\d+)\\]`, "g"), (_, i) => JSON.stringify(items[Number(i)] ?? `?${i}`));
  }
  return out;
}

function decodeBase64Literals(code) {
  return code.replace(/atob\(\s*["']([A-Za-z0-9+/=]{8,})["']\s*\)/g, (_, b) => {
    const txt = Buffer.from(b, "base64").toString("utf8");
    return /^[\x20-\x7e\s]*$/.test(txt) ? `/* atob */ ${JSON.stringify(txt)}` : _;
  });
}

function foldConcat(code) {
  let prev;
  do {
    prev = code;
    code = code.replace(/"([^"\\]*)"\s*\+\s*"([^"\\]*)"/g, (_, a, b) => JSON.stringify(a + b));
  } while (code !== prev);
  return code;
}

function bracketToDot(code) {
  return code.replace(/\[\s*"([A-Za-z_$][\w$]*)"\s*\]/g, ".$1");
}

let out = src;
out = out.replace(/"((?:\\x[0-9a-fA-F]{2}|\\u[0-9a-fA-F]{4}|[^"\\])*)"/g, (_, s) => JSON.stringify(decodeEscapes(s)));
out = resolveStringArrays(out);
out = decodeBase64Literals(out);
out = foldConcat(out);
out = bracketToDot(out);
out = out.replace(/;\s*/g, ";\n").replace(/\{\s*/g, "{\n").replace(/\}\s*/g, "}\n");
process.stdout.write(out);
