#!/usr/bin/env node
const API = process.env.DISCORD_API_BASE || "https://discord.com/api/v10";
const TOKEN = process.env.DISCORD_BOT_TOKEN;
const CHANNEL = process.env.STANDUP_CHANNEL_ID;
if (!TOKEN || !CHANNEL) { console.error("set DISCORD_BOT_TOKEN and STANDUP_CHANNEL_ID"); process.exit(1); }

import { writeFile } from "node:fs/promises";

const arg = (k, d) => { const i = process.argv.indexOf(k); return i > 0 ? process.argv[i + 1] : d; };
const TIME = arg("--time", "09:30");
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function discord(path, init = {}) {
  const r = await fetch(API + path, { ...init, headers: { Authorization: `Bot ${TOKEN}`, "Content-Type": "application/json" } });
  if (r.status === 429) { const b = await r.json(); await sleep((b.retry_after || 1) * 1000); return discord(path, init); }
  if (!r.ok) throw new Error(`${r.status} ${await r.text()}`);
  return r.json();
}

function msUntil(hhmm) {
  const [h, m] = hhmm.split(":").map(Number);
  const now = new Date(), t = new Date(now);
  t.setHours(h, m, 0, 0);
  if (t <= now) t.setDate(t.getDate() + 1);
  return t - now;
}

async function runOnce() {
  const msg = await discord(`/channels/${CHANNEL}/messages`, { method: "POST",
    body: JSON.stringify({ content: "🧍 Standup: what did you do yesterday, what's next, any blockers? Reply in the thread." }) });
  const thread = await discord(`/channels/${CHANNEL}/messages/${msg.id}/threads`, { method: "POST", body: JSON.stringify({ name: "standup" }) });
  const end = Date.now() + 3 * 3600_000;
  let replies = [];
  while (Date.now() < end) {
    replies = await discord(`/channels/${thread.id}/messages?limit=100`);
    await sleep(60_000);
  }
  const day = new Date().toISOString().slice(0, 10);
  const md = [`# Standup ${day}`, ...replies.reverse().map((r) => `- **${r.author.username}**: ${r.content}`)].join("\n");
  await writeFile(`standup-${day}.md`, md + "\n");
  console.log(`saved standup-${day}.md (${replies.length} replies)`);
}

for (;;) {
  const wait = msUntil(TIME);
  console.log(`next standup in ${Math.round(wait / 60000)} min`);
  await sleep(wait);
  try { await runOnce(); } catch (e) { console.error("standup failed:", e.message); }
}
