#!/usr/bin/env node
import http from "node:http";
import crypto from "node:crypto";
import { parseArgs } from "node:util";

const { values } = parseArgs({ options: { port: { type: "string", default: "3000" }, secret: { type: "string" } } });
const token = process.env.HOOKTUNNEL_TOKEN;
if (!token) { console.error("set HOOKTUNNEL_TOKEN"); process.exit(1); }

const res = await fetch("https://api.hooktunnel.example/v1/tunnels", {
  method: "POST",
  headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
  body: JSON.stringify({ local_port: Number(values.port) }),
});
const tunnel = await res.json();
console.log(`public URL: ${tunnel.public_url}  →  http://localhost:${values.port}`);

// local verifying proxy in front of the app
const verifyPort = Number(values.port) + 1;
http.createServer((req, out) => {
  const chunks = [];
  req.on("data", (c) => chunks.push(c));
  req.on("end", () => {
    const body = Buffer.concat(chunks);
    if (values.secret) {
      const sig = crypto.createHmac("sha256", values.secret).update(body).digest("hex");
      const got = String(req.headers["x-signature"] || "");
      if (got.length !== sig.length || !crypto.timingSafeEqual(Buffer.from(got), Buffer.from(sig))) {
        console.log(`${req.method} ${req.url} 401 (bad signature)`);
        out.writeHead(401).end();
        return;
      }
    }
    const fwd = http.request({ port: values.port, path: req.url, method: req.method, headers: req.headers }, (r) => {
      console.log(`${req.method} ${req.url} ${r.statusCode} ${body.length}B`);
      out.writeHead(r.statusCode, r.headers);
      r.pipe(out);
    });
    fwd.on("error", () => out.writeHead(502).end());
    fwd.end(body);
  });
}).listen(verifyPort, () => console.log(`verifier listening on ${verifyPort}`));
