#!/usr/bin/env node
import { createHmac, timingSafeEqual } from "node:crypto";

const src = process.env.WEBHOOK_PROXY_URL;
const secret = process.env.GITHUB_WEBHOOK_SECRET;
const to = process.argv.includes("--to") ? process.argv[process.argv.indexOf("--to") + 1] : "http://localhost:3000/webhooks";
if (!src?.startsWith("https://smee.io/")) { console.error("WEBHOOK_PROXY_URL must be your https://smee.io/<channel>"); process.exit(2); }
if (!/^http:\/\/(localhost|127\.0\.0\.1)(:\d+)?\//.test(to)) { console.error("--to must be a localhost URL"); process.exit(2); }

function valid(body, sig) {
  if (!sig) return false;
  const mac = "sha256=" + createHmac("sha256", secret).update(body).digest("hex");
  return mac.length === sig.length && timingSafeEqual(Buffer.from(mac), Buffer.from(sig));
}

const res = await fetch(src, { headers: { accept: "text/event-stream" } });
const dec = new TextDecoder();
let buf = "";
console.log(`relaying ${src} -> ${to}`);
for await (const chunk of res.body) {
  buf += dec.decode(chunk, { stream: true });
  let i;
  while ((i = buf.indexOf("\n\n")) >= 0) {
    const evt = buf.slice(0, i); buf = buf.slice(i + 2);
    const data = evt.split("\n").find((l) => l.startsWith("data: "));
    if (!data) continue;
    const msg = JSON.parse(data.slice(6));
    if (!msg["x-github-event"]) continue;
    const body = JSON.stringify(msg.body);
    if (!valid(body, msg["x-hub-signature-256"])) { console.warn("dropped unsigned/invalid delivery"); continue; }
    const r = await fetch(to, { method: "POST", body, headers: { "content-type": "application/json",
      "x-github-event": msg["x-github-event"], "x-hub-signature-256": msg["x-hub-signature-256"], "x-github-delivery": msg["x-github-delivery"] } });
    console.log(`${msg["x-github-event"]}.${msg.body?.action ?? "-"} -> ${r.status}`);
  }
}
