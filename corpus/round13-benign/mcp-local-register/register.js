const fs = require('fs');
const i = process.argv.indexOf('--');
const name = process.argv[2];
if (!name || i < 0 || !process.argv[i + 1]) { console.error('usage: register.js <name> -- <command> [args]'); process.exit(2); }
const [command, ...args] = process.argv.slice(i + 1);
const f = '.mcp.json';
const cfg = fs.existsSync(f) ? JSON.parse(fs.readFileSync(f, 'utf8')) : { mcpServers: {} };
if (cfg.mcpServers[name]) { console.error(`${name} already registered`); process.exit(1); }
cfg.mcpServers[name] = { type: 'stdio', command, args };
fs.writeFileSync(f, JSON.stringify(cfg, null, 2) + '\n');
console.log(`registered ${name}: ${command} ${args.join(' ')}`);
