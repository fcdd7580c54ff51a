#!/usr/bin/env node
import { readFileSync } from "node:fs";
import readline from "node:readline/promises";

const arg = (n, d) => { const i = process.argv.indexOf(n); return i > 0 ? process.argv[i + 1] : d; };
const url = process.env.DISCORD_WEBHOOK_URL;
if (!url || !/^https:\/\/(discord|discordapp)\.com\/api\/webhooks\//.test(url)) {
  console.error("DISCORD_WEBHOOK_URL missing or not a Discord webhook"); process.exit(1);
}
const version = arg("--version");
const text = readFileSync(arg("--notes", "CHANGELOG.md"), "utf8");
const section = text.split(/^## /m).find((s) => s.startsWith(version) || s.startsWith(`[${version}]`)) ?? "";
const bullets = section.split("\n").filter((l) => /^\s*[-*] /.test(l)).slice(0, 10).join("\n");

const payload = {
  username: "Release Bot",
  embeds: [{ title: `🚀 v${version} is out`, description: bullets || "See the changelog.", url: arg("--link"), color: 0x5865f2 }],
};
console.log(JSON.stringify(payload.embeds[0], null, 2));
if (!process.argv.includes("--yes")) {
  const rl = readline.createInterface({ input: process.stdin, output: process.stdout });
  const ok = (await rl.question("Post this to Discord? [y/N] ")).trim().toLowerCase() === "y";
  rl.close();
  if (!ok) process.exit(0);
}
const r = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(payload) });
console.log(r.ok ? "posted" : `failed: HTTP ${r.status}`);
