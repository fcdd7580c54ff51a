const fs = require("fs");
const src = fs.readFileSync(process.argv[2], "utf8");
// 1. decode \xNN and \uNNNN escapes inside string literals (text only)
let out = src.replace(/\\x([0-9a-fA-F]{2})/g, (_, h) => String.fromCharCode(parseInt(h, 16)))
             .replace(/\\u([0-9a-fA-F]{4})/g, (_, h) => String.fromCharCode(parseInt(h, 16)));
// 2. inline simple string arrays: const _0xabc = ["a","b"]; _0xabc[1] -> "b"
const arrays = {};
for (const m of out.matchAll(/(?:var|const|let)\s+(_0x[0-9a-f]+)\s*=\s*\[([^\]]*)\]/g)) {
  arrays[m[1]] = JSON.parse("[" + m[2].replace(/'/g, '"') + "]");
}
out = out.replace(/(_0x[0-9a-f]+)\[(\d+)\]/g, (s, n, i) => (arrays[n] ? JSON.stringify(arrays[n][+i]) : s));
process.stdout.write(out);
