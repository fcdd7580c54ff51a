#!/usr/bin/env node
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");

const TOKEN = process.env.TELEGRAM_BOT_TOKEN;
const CHAT = String(process.env.TELEGRAM_CHAT_ID || "");
if (!TOKEN || !CHAT) { console.error("TELEGRAM_BOT_TOKEN and TELEGRAM_CHAT_ID are required"); process.exit(2); }
const API = `https://api.telegram.org/bot${TOKEN}`;
const arg = (k, d) => { const i = process.argv.indexOf(k); return i > 0 ? process.argv[i + 1] : d; };
const habits = arg("--habits", "stretch").split(",").map((s) => s.trim());
const at = arg("--at", "08:30");
const dir = path.join(os.homedir(), ".habit-nudger"); fs.mkdirSync(dir, { recursive: true });
const log = path.join(dir, "log.csv");

const send = (text) => fetch(`${API}/sendMessage`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ chat_id: CHAT, text }) });

let lastSent = "";
function maybeRemind() {
  const now = new Date();
  const hm = now.toTimeString().slice(0, 5);
  const day = now.toISOString().slice(0, 10);
  if (hm === at && lastSent !== day) { lastSent = day; send(`Today: ${habits.join(" · ")}\nReply "done <habit>"`); }
}

async function poll() {
  let offset = 0;
  let backoff = 1000;
  for (;;) {
    try {
      const r = await fetch(`${API}/getUpdates?timeout=30&offset=${offset}`);
      const { result = [] } = await r.json();
      backoff = 1000;
      for (const u of result) {
        offset = u.update_id + 1;
        const m = u.message;
        if (!m || String(m.chat.id) !== CHAT) continue;
        const hit = /^done (.+)$/i.exec(m.text || "");
        if (hit) { fs.appendFileSync(log, `${new Date().toISOString().slice(0, 10)},${hit[1]}\n`); await send(`✅ ${hit[1]}`); }
      }
    } catch (e) {
      await new Promise((res) => setTimeout(res, backoff));
      backoff = Math.min(backoff * 2, 60000);
    }
    maybeRemind();
  }
}

setInterval(maybeRemind, 30000);
poll();
