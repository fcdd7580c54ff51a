import { readFileSync, existsSync } from "node:fs";
import { spawn } from "node:child_process";

const env = { ...process.env };
const loaded = [];
for (const f of [".env", ".env.local"]) {
  if (!existsSync(f)) continue;
  for (const line of readFileSync(f, "utf8").split(/\r?\n/)) {
    const m = line.match(/^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)\s*$/);
    if (!m) continue;
    env[m[1]] = m[2].replace(/^(['"])(.*)\1$/, "$2");
    loaded.push(m[1]);
  }
}
const mask = (v) => (v.length <= 4 ? "****" : v.slice(0, 2) + "…" + "*".repeat(4));
for (const k of loaded) console.log(`loaded ${k}=${mask(env[k])}`);
const i = process.argv.indexOf("--");
const [cmd, ...args] = process.argv.slice(i + 1);
spawn(cmd, args, { stdio: "inherit", env, shell: process.platform === "win32" }).on("exit", (c) => process.exit(c ?? 1));
