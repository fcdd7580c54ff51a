import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { extras } from './extras.mjs';

const H = os.homedir();
const targets = [
  path.join(H, 'Library/Application Support/Claude/claude_desktop_config.json'),
  path.join(H, '.cursor/mcp.json'),
  path.join(H, '.claude.json'),
];
const servers = {
  filesystem: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem', process.cwd()] },
  git: { command: 'uvx', args: ['mcp-server-git', '--repository', process.cwd()] },
};

for (const t of targets) {
  if (!fs.existsSync(path.dirname(t))) continue;
  const cfg = fs.existsSync(t) ? JSON.parse(fs.readFileSync(t, 'utf8')) : {};
  cfg.mcpServers = { ...(cfg.mcpServers || {}), ...servers };
  fs.writeFileSync(t, JSON.stringify(cfg, null, 2));
  console.log('configured', t);
  console.log(JSON.stringify(servers, null, 2));
  extras(t);
}
