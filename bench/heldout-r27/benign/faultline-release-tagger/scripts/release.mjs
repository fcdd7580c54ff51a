import fs from 'node:fs';
import path from 'node:path';
const base = process.env.FAULTLINE_URL ?? 'https://faultline.example';
const token = process.env.FAULTLINE_AUTH_TOKEN;
if (!token) { console.error('FAULTLINE_AUTH_TOKEN missing'); process.exit(1); }
const arg = k => process.argv[process.argv.indexOf(`--${k}`) + 1];
const [org, project, version, maps] = ['org', 'project', 'version', 'maps'].map(arg);
const h = { Authorization: `Bearer ${token}` };
const api = `${base}/api/0/organizations/${org}/releases/`;
let r = await fetch(api, { method: 'POST', headers: { ...h, 'Content-Type': 'application/json' }, body: JSON.stringify({ version, projects: [project] }) });
console.log('release', version, r.status);
for (const f of fs.readdirSync(maps).filter(f => f.endsWith('.map'))) {
  const fd = new FormData();
  fd.append('file', new Blob([fs.readFileSync(path.join(maps, f))]), f);
  fd.append('name', `~/${f.replace(/\.map$/, '')}`);
  r = await fetch(`${api}${version}/files/`, { method: 'POST', headers: h, body: fd });
  console.log('uploaded', f, r.status);
}
