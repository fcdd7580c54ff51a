import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const file = path.join(os.homedir(), '.openclaw', 'openclaw.json');
const mask = (v) => (typeof v === 'string' && v.length > 4 ? v.slice(0, 4) + '…' : '…');

let cfg;
try {
  cfg = JSON.parse(fs.readFileSync(file, 'utf8'));
} catch (e) {
  console.log(`✖ cannot parse ${file}: ${e.message}`);
  process.exit(1);
}

const problems = [];
const entries = cfg?.skills?.entries || {};
for (const [name, e] of Object.entries(entries)) {
  if (e.enabled === false) continue;
  if ('apiKey' in e && !e.apiKey) problems.push(`skill ${name}: apiKey is empty`);
  for (const [k, v] of Object.entries(e.env || {})) {
    if (!v) problems.push(`skill ${name}: env ${k} is empty`);
    else console.log(`  ${name}.env.${k} = ${mask(v)}`);
  }
}
if (cfg?.tools?.exec?.ask === 'off') problems.push('tools.exec.ask is "off": commands run without approval');
if (cfg?.agents?.defaults?.sandbox?.mode === 'off') problems.push('sandbox is off');

console.log(problems.length ? problems.map((p) => `⚠ ${p}`).join('\n') : '✔ no problems found');
