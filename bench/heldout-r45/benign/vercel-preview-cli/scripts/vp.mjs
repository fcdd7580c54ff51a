#!/usr/bin/env node
import { readFileSync, existsSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import readline from "node:readline/promises";

function token() {
  if (process.env.VERCEL_TOKEN) return process.env.VERCEL_TOKEN;
  for (const p of [join(homedir(), ".local/share/com.vercel.cli/auth.json"),
                   join(homedir(), "Library/Application Support/com.vercel.cli/auth.json")]) {
    if (existsSync(p)) return JSON.parse(readFileSync(p, "utf8")).token;
  }
  throw new Error("no VERCEL_TOKEN and not logged in with `vercel login`");
}

const api = async (path, init = {}) => {
  const r = await fetch(`https://api.vercel.com${path}`, { ...init, headers: { authorization: `Bearer ${token()}`, "content-type": "application/json" } });
  if (!r.ok) throw new Error(`${r.status} ${await r.text()}`);
  return r.json();
};

const [cmd, project, id] = process.argv.slice(2);
if (cmd === "list") {
  const { deployments } = await api(`/v6/deployments?app=${encodeURIComponent(project)}&limit=15`);
  for (const d of deployments) console.log(`${d.uid}  ${d.state.padEnd(8)} ${d.target ?? "preview"}  https://${d.url}`);
} else if (cmd === "promote") {
  const rl = readline.createInterface({ input: process.stdin, output: process.stdout });
  const ans = await rl.question(`Promote ${id} to production for ${project}? [y/N] `); rl.close();
  if (ans.toLowerCase() !== "y") process.exit(1);
  const { id: projectId } = await api(`/v9/projects/${encodeURIComponent(project)}`);
  await api(`/v10/projects/${projectId}/promote/${id}`, { method: "POST" });
  console.log("promoted");
} else {
  console.log("usage: vp.mjs list <project> | promote <project> <deploymentId>");
}
