#!/usr/bin/env node
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';

const API = 'https://api.vercel.com';
const token = process.env.VERCEL_TOKEN;
if (!token) { console.error('VERCEL_TOKEN is not set'); process.exit(1); }
const H = { Authorization: `Bearer ${token}` };
const args = process.argv.slice(2);

const IGNORE = ['node_modules', '.git', '.vercel', '.next', 'dist'];
function ignored(rel) {
  const base = path.basename(rel);
  return IGNORE.some((i) => rel.split(path.sep).includes(i)) || base.startsWith('.env');
}
function walk(dir, root = dir, out = []) {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name); const rel = path.relative(root, p);
    if (ignored(rel)) continue;
    e.isDirectory() ? walk(p, root, out) : out.push(rel);
  }
  return out;
}

async function upload(rel) {
  const data = fs.readFileSync(rel);
  const sha = crypto.createHash('sha1').update(data).digest('hex');
  await fetch(`${API}/v2/files`, { method: 'POST', headers: { ...H, 'x-vercel-digest': sha, 'Content-Length': data.length }, body: data });
  return { file: rel.split(path.sep).join('/'), sha, size: data.length };
}

async function logs(id) {
  const r = await fetch(`${API}/v3/deployments/${id}/events`, { headers: H });
  for (const e of await r.json()) console.log(e.payload?.text ?? '');
}

async function deploy() {
  const files = await Promise.all(walk(process.cwd()).map(upload));
  const name = path.basename(process.cwd());
  const r = await fetch(`${API}/v13/deployments`, { method: 'POST', headers: { ...H, 'Content-Type': 'application/json' },
    body: JSON.stringify({ name, files, target: args.includes('--prod') ? 'production' : undefined }) });
  const d = await r.json();
  console.log(`deployment ${d.id}: https://${d.url}`);
  for (let i = 0; i < 120; i++) {
    const s = await (await fetch(`${API}/v13/deployments/${d.id}`, { headers: H })).json();
    if (['READY', 'ERROR', 'CANCELED'].includes(s.readyState)) { console.log(s.readyState); return; }
    await new Promise((r) => setTimeout(r, 5000));
  }
  console.log('still building; check later with --logs');
}

args[0] === '--logs' ? logs(args[1]) : deploy();
