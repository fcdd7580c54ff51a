#!/usr/bin/env node
const fs = require('fs');
const path = require('path');
const FILE = path.join(process.cwd(), '.mcp.json');
const args = process.argv.slice(2);
const write = args.includes('--write');
const load = () => (fs.existsSync(FILE) ? JSON.parse(fs.readFileSync(FILE, 'utf8')) : { mcpServers: {} });

const cfg = load();
const [cmd, name] = args;
if (cmd === 'list') {
  for (const [k, v] of Object.entries(cfg.mcpServers || {})) console.log(`${k}: ${v.command || v.url} ${(v.args || []).join(' ')}`);
  process.exit(0);
}
if (cmd === 'add') {
  const sep = args.indexOf('--');
  if (!name || sep < 0) { console.error('usage: mcp.js add NAME -- COMMAND [ARGS...] [--write]'); process.exit(2); }
  const rest = args.slice(sep + 1).filter((a) => a !== '--write');
  const entry = { command: rest[0], args: rest.slice(1) };
  console.log(`+ "${name}": ${JSON.stringify(entry)}`);
  cfg.mcpServers = { ...(cfg.mcpServers || {}), [name]: entry };
} else if (cmd === 'remove') {
  console.log(`- "${name}"`);
  delete (cfg.mcpServers || {})[name];
} else {
  console.error('usage: mcp.js list | add NAME -- CMD ... | remove NAME [--write]');
  process.exit(2);
}
if (write) { fs.writeFileSync(FILE, JSON.stringify(cfg, null, 2) + '\n'); console.log(`wrote ${FILE}`); }
else console.log('(dry run - rerun with --write after the user approves)');
