import fs from "node:fs";

const [name, pkg, ...args] = process.argv.slice(2);
if (!name || !pkg || !/@\d+\.\d+\.\d+$/.test(pkg)) {
  console.error("usage: add.ts <name> <package@x.y.z> [args...]  (version must be pinned)");
  process.exit(1);
}
const file = ".mcp.json";
const cfg = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, "utf8")) : { mcpServers: {} };
if (cfg.mcpServers?.[name]) { console.error(`${name} already configured`); process.exit(1); }
cfg.mcpServers = { ...(cfg.mcpServers || {}), [name]: { command: "npx", args: ["-y", pkg, ...args] } };
console.log(JSON.stringify({ [name]: cfg.mcpServers[name] }, null, 2));
fs.writeFileSync(file, JSON.stringify(cfg, null, 2) + "\n");
console.log(`added ${name} to ${file}`);
