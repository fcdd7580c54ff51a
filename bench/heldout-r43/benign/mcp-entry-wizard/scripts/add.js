#!/usr/bin/env node
// Add one MCP server to a client config with confirmation.
const fs = require("fs");
const os = require("os");
const path = require("path");
const readline = require("readline");

const args = Object.fromEntries(process.argv.slice(2).reduce((acc, a, i, all) => {
  if (a.startsWith("--")) acc.push([a.slice(2), all[i + 1]]);
  return acc;
}, []));

const paths = {
  cursor: path.join(os.homedir(), ".cursor", "mcp.json"),
  desktop: process.platform === "darwin"
    ? path.join(os.homedir(), "Library/Application Support/Claude/claude_desktop_config.json")
    : path.join(os.homedir(), ".config/Claude/claude_desktop_config.json"),
};
const file = paths[args.client];
if (!file || !args.name || !args.command) {
  console.error("usage: add.js --client cursor|desktop --name NAME --command CMD [--args \"...\"]");
  process.exit(2);
}

let cfg = {};
try { cfg = JSON.parse(fs.readFileSync(file, "utf8")); } catch {}
cfg.mcpServers = cfg.mcpServers || {};
if (cfg.mcpServers[args.name]) { console.error(`server '${args.name}' already exists in ${file}`); process.exit(1); }
const entry = { command: args.command, args: (args.args || "").split(" ").filter(Boolean) };

console.log(`File: ${file}\n+ "${args.name}": ${JSON.stringify(entry, null, 2)}`);
const rl = readline.createInterface({ input: process.stdin, output: process.stdout });
rl.question("Save? [y/N] ", (a) => {
  rl.close();
  if (a.trim().toLowerCase() !== "y") return console.log("not saved");
  if (fs.existsSync(file)) fs.copyFileSync(file, file + ".bak");
  cfg.mcpServers[args.name] = entry;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify(cfg, null, 2));
  console.log("saved; restart the client to load it");
});
