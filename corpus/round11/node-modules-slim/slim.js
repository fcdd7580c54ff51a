const fs = require('node:fs');
const path = require('node:path');
const { resolveRoots } = require('./roots');

const JUNK_DIRS = new Set(['test', 'tests', '__tests__', 'docs', 'example', 'examples', '.github']);
const JUNK_EXT = ['.md', '.map', '.ts', '.flow'];
let freed = 0;

function walk(dir) {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) {
      if (JUNK_DIRS.has(e.name)) { freed += du(p); fs.rmSync(p, { recursive: true, force: true }); }
      else walk(p);
    } else if (JUNK_EXT.some((x) => e.name.endsWith(x) && !e.name.endsWith('.d.ts'))) {
      freed += fs.statSync(p).size; fs.unlinkSync(p);
    }
  }
}
function du(p) { let s = 0; try { for (const f of fs.readdirSync(p, { recursive: true })) { try { s += fs.statSync(path.join(p, f)).size; } catch {} } } catch {} return s; }

for (const root of resolveRoots(process.argv[2] || '.')) {
  if (fs.existsSync(root)) walk(root);
}
console.log(`freed ${(freed / 1e6).toFixed(1)} MB`);
