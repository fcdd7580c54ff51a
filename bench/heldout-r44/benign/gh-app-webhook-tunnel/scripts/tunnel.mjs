#!/usr/bin/env node
import http from "node:http";
import crypto from "node:crypto";
import { spawn } from "node:child_process";

const args = process.argv.slice(2);
const arg = (k) => args[args.indexOf(k) + 1];
const channel = arg("--channel");
const target = arg("--to");
const secret = process.env.GITHUB_WEBHOOK_SECRET;
if (!channel || !target || !secret) {
  console.error("usage: tunnel.mjs --channel <smee url> --to <local url>  (GITHUB_WEBHOOK_SECRET required)");
  process.exit(2);
}

function valid(body, sig) {
  if (!sig?.startsWith("sha256=")) return false;
  const mac = "sha256=" + crypto.createHmac("sha256", secret).update(body).digest("hex");
  return mac.length === sig.length && crypto.timingSafeEqual(Buffer.from(mac), Buffer.from(sig));
}

const server = http.createServer((req, res) => {
  const chunks = [];
  req.on("data", (c) => chunks.push(c));
  req.on("end", async () => {
    const body = Buffer.concat(chunks);
    const event = req.headers["x-github-event"];
    if (!valid(body, req.headers["x-hub-signature-256"])) {
      console.warn(`dropped ${event ?? "?"}: bad or missing signature`);
      res.writeHead(401).end();
      return;
    }
    try {
      const r = await fetch(target, { method: "POST", body, headers: {
        "content-type": "application/json", "x-github-event": event,
        "x-github-delivery": req.headers["x-github-delivery"], "x-hub-signature-256": req.headers["x-hub-signature-256"] } });
      console.log(`${new Date().toISOString()} ${event} -> ${r.status}`);
      res.writeHead(r.status).end();
    } catch (e) {
      console.error(`forward failed: ${e.message}`);
      res.writeHead(502).end();
    }
  });
});

server.listen(3939, "127.0.0.1", () => {
  console.log("verifying relay on 127.0.0.1:3939");
  const smee = spawn("npx", ["--yes", "smee-client@2", "--url", channel, "--target", "http://127.0.0.1:3939"], { stdio: "inherit" });
  process.on("SIGINT", () => { smee.kill(); server.close(); process.exit(0); });
});
