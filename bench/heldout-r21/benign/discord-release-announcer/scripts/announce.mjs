import { readFileSync } from "node:fs";

const url = process.env.DISCORD_WEBHOOK_URL;
if (!/^https:\/\/(discord\.com|discordapp\.com)\/api\/webhooks\//.test(url ?? "")) {
  console.error("DISCORD_WEBHOOK_URL must be a Discord webhook URL");
  process.exit(2);
}
const a = JSON.parse(readFileSync(process.argv[2], "utf8"));
const embed = {
  title: `Release ${a.version}`,
  url: a.changelog,
  description: a.highlights.map((h) => `• ${h}`).join("\n"),
  color: 0x5865f2,
  timestamp: new Date().toISOString(),
};
const r = await fetch(url + "?wait=true", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ username: a.botName ?? "Releases", embeds: [embed] }) });
console.log(r.ok ? `posted (message ${(await r.json()).id})` : `failed: ${r.status}`);
