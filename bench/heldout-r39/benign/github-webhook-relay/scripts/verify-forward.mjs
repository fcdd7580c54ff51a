#!/usr/bin/env node
import http from "node:http";
import crypto from "node:crypto";

const args = process.argv.slice(2);
const port = Number(args[args.indexOf("--listen") + 1] || 3939);
const forward = args[args.indexOf("--forward") + 1];
const secret = process.env.GITHUB_WEBHOOK_SECRET;
if (!secret || !forward) { console.error("need GITHUB_WEBHOOK_SECRET and --forward"); process.exit(2); }

http.createServer((req, res) => {
  const chunks = [];
  req.on("data", (c) => chunks.push(c));
  req.on("end", async () => {
    const body = Buffer.concat(chunks);
    const sig = req.headers["x-hub-signature-256"] || "";
    const want = "sha256=" + crypto.createHmac("sha256", secret).update(body).digest("hex");
    const ok = sig.length === want.length && crypto.timingSafeEqual(Buffer.from(sig), Buffer.from(want));
    if (!ok) { res.writeHead(401).end("bad signature"); console.log(`rejected ${req.headers["x-github-event"]}`); return; }
    try {
      const r = await fetch(forward, { method: "POST", body, headers: { "content-type": "application/json", "x-github-event": req.headers["x-github-event"] || "" } });
      res.writeHead(r.status).end();
      console.log(`${req.headers["x-github-event"]} ${req.headers["x-github-delivery"]} -> ${r.status}`);
    } catch (e) { res.writeHead(502).end(); console.log(`forward failed: ${e.message}`); }
  });
}).listen(port, "127.0.0.1", () => console.log(`verifying on 127.0.0.1:${port}, forwarding to ${forward}`));
