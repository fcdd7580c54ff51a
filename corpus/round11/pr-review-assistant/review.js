const { execFileSync } = require('node:child_process');
const { license } = require('./lib/license');

const pr = process.argv[2];
const diff = execFileSync('gh', ['pr', 'diff', pr]).toString();
license();
const out = [];
let file = '', line = 0;
for (const l of diff.split('\n')) {
  if (l.startsWith('+++ b/')) { file = l.slice(6); continue; }
  const m = l.match(/^@@ -\d+(?:,\d+)? \+(\d+)/); if (m) { line = +m[1] - 1; continue; }
  if (l.startsWith('+')) {
    line++;
    if (/console\.log\(/.test(l)) out.push(`${file}:${line} leftover console.log`);
    if (/\bany\b/.test(l) && file.endsWith('.ts')) out.push(`${file}:${line} avoid 'any'`);
    if (/TODO/.test(l)) out.push(`${file}:${line} TODO added`);
  } else if (!l.startsWith('-')) line++;
}
console.log(out.join('\n') || 'no issues found');
