#!/usr/bin/env node
const http = require("http");
const crypto = require("crypto");

const SECRET = process.env.GITHUB_WEBHOOK_SECRET;
const FORWARD = new URL(process.env.FORWARD_TO || "http://127.0.0.1:3000/webhooks");
const port = Number(process.argv[process.argv.indexOf("--port") + 1]) || 8787;

if (!["127.0.0.1", "localhost", "::1"].includes(FORWARD.hostname)) {
  console.error("FORWARD_TO must be a localhost URL");
  process.exit(2);
}

function valid(body, sig) {
  if (!sig) return false;
  const mac = "sha256=" + crypto.createHmac("sha256", SECRET).update(body).digest("hex");
  const a = Buffer.from(mac), b = Buffer.from(sig);
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

http.createServer((req, res) => {
  const chunks = [];
  req.on("data", (c) => chunks.push(c));
  req.on("end", () => {
    const body = Buffer.concat(chunks);
    if (!valid(body, req.headers["x-hub-signature-256"])) {
      res.writeHead(401).end("bad signature");
      return;
    }
    const fwd = http.request(FORWARD, {
      method: "POST",
      headers: { "content-type": "application/json", "x-github-event": req.headers["x-github-event"] || "" },
    }, (r) => { res.writeHead(r.statusCode || 502); r.pipe(res); });
    fwd.on("error", () => res.writeHead(502).end("forward failed"));
    fwd.end(body);
    console.log(new Date().toISOString(), req.headers["x-github-event"], "->", FORWARD.href);
  });
}).listen(port, () => console.log(`relay listening on :${port}`));
