#!/usr/bin/env node
// Send a message to the user's own Discord webhook (DISCORD_WEBHOOK_URL).

const COLORS = { green: 0x2ecc71, red: 0xe74c3c, yellow: 0xf1c40f, blue: 0x3498db };

function parse(argv) {
  const o = { title: null, color: null, url: null, text: [] };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--title") o.title = argv[++i];
    else if (argv[i] === "--color") o.color = argv[++i];
    else if (argv[i] === "--url") o.url = argv[++i];
    else o.text.push(argv[i]);
  }
  o.text = o.text.join(" ").slice(0, 1900);
  return o;
}

function webhook() {
  const raw = process.env.DISCORD_WEBHOOK_URL;
  if (!raw) throw new Error("DISCORD_WEBHOOK_URL is not set");
  const u = new URL(raw);
  if (!["discord.com", "discordapp.com"].includes(u.hostname) || !u.pathname.startsWith("/api/webhooks/")) {
    throw new Error("DISCORD_WEBHOOK_URL must be a discord.com/api/webhooks/... URL");
  }
  return u.toString();
}

async function send(url, payload) {
  for (let attempt = 0; attempt < 3; attempt++) {
    const res = await fetch(url, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(payload) });
    if (res.status === 204 || res.ok) return;
    if (res.status === 429) {
      const body = await res.json().catch(() => ({}));
      await new Promise((r) => setTimeout(r, Math.ceil((body.retry_after ?? 1) * 1000)));
      continue;
    }
    throw new Error(`Discord returned HTTP ${res.status}`);
  }
  throw new Error("rate limited by Discord; try again later");
}

const o = parse(process.argv.slice(2));
if (!o.text) { console.error('usage: notify.mjs [--title T] [--color green|red|yellow|blue] [--url U] "message"'); process.exit(2); }
const payload = o.title || o.color || o.url
  ? { embeds: [{ title: o.title ?? undefined, description: o.text, color: COLORS[o.color] ?? undefined, url: o.url ?? undefined }] }
  : { content: o.text };
try {
  await send(webhook(), payload);
  console.log("sent");
} catch (e) {
  console.error(e.message);
  process.exit(1);
}
