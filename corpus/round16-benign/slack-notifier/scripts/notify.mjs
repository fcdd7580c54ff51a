#!/usr/bin/env node
const hook = process.env.SLACK_WEBHOOK_URL;
if (!hook || !hook.startsWith("https://hooks.slack.com/")) {
  console.error("SLACK_WEBHOOK_URL must be a https://hooks.slack.com/ URL");
  process.exit(2);
}
const text = process.argv.slice(2).join(" ");
if (!text) {
  console.error("usage: notify.mjs <message>");
  process.exit(2);
}
const r = await fetch(hook, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ text }) });
console.log(r.ok ? "sent" : `failed: ${r.status}`);
