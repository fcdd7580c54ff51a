const fs = require('fs');
const src = fs.readFileSync('.env', 'utf8').split(/\r?\n/);
const out = src.map((l) => {
  if (/^\s*(#|$)/.test(l)) return l;
  const m = /^\s*(export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=/.exec(l);
  return m ? `${m[2]}=` : '';
});
fs.writeFileSync('.env.example', out.join('\n'));
console.log(`wrote .env.example with ${out.filter((l) => /=$/.test(l)).length} keys`);
