const fs = require('node:fs');
const width = (s) => [...s].length;

function fmt(md) {
  const lines = md.split('\n');
  const out = [];
  for (let i = 0; i < lines.length; i++) {
    if (!/^\s*\|/.test(lines[i])) { out.push(lines[i]); continue; }
    const block = [];
    while (i < lines.length && /^\s*\|/.test(lines[i])) block.push(lines[i++]);
    i--;
    const rows = block.map((l) => l.trim().replace(/^\||\|$/g, '').split('|').map((c) => c.trim()));
    const w = rows[0].map((_, c) => Math.max(3, ...rows.map((r) => width(r[c] || ''))));
    for (const r of rows) {
      const sep = r.every((c) => /^:?-+:?$/.test(c));
      out.push('| ' + w.map((n, c) => sep ? '-'.repeat(n) : (r[c] || '').padEnd(n)).join(' | ') + ' |');
    }
  }
  return out.join('\n');
}

const f = process.argv[2] || '-';
const src = fs.readFileSync(f === '-' ? 0 : f, 'utf8');
if (f === '-') process.stdout.write(fmt(src)); else fs.writeFileSync(f, fmt(src));
