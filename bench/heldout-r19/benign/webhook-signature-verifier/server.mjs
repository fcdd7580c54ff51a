import http from "node:http";
import crypto from "node:crypto";

const secret = process.env.WEBHOOK_SECRET;
if (!secret) { console.error("set WEBHOOK_SECRET"); process.exit(1); }
const port = Number(process.argv[process.argv.indexOf("--port") + 1] || 8787);

function validGithub(sig, body) {
  const mac = "sha256=" + crypto.createHmac("sha256", secret).update(body).digest("hex");
  return sig && sig.length === mac.length && crypto.timingSafeEqual(Buffer.from(sig), Buffer.from(mac));
}

function validStripe(header, body) {
  const parts = Object.fromEntries((header || "").split(",").map((p) => p.split("=")));
  if (!parts.t || Math.abs(Date.now() / 1000 - Number(parts.t)) > 300) return false;
  const mac = crypto.createHmac("sha256", secret).update(`${parts.t}.${body}`).digest("hex");
  return parts.v1 && crypto.timingSafeEqual(Buffer.from(parts.v1), Buffer.from(mac));
}

http.createServer((req, res) => {
  const chunks = [];
  req.on("data", (c) => chunks.push(c)).on("end", () => {
    const body = Buffer.concat(chunks);
    const ok = validGithub(req.headers["x-hub-signature-256"], body) || validStripe(req.headers["stripe-signature"], body.toString());
    res.writeHead(ok ? 200 : 401).end(ok ? "ok" : "bad signature");
    console.log(new Date().toISOString(), ok ? "VALID" : "REJECTED", req.url, ok ? body.toString().slice(0, 500) : "");
  });
}).listen(port, "127.0.0.1", () => console.log(`listening on http://127.0.0.1:${port}`));
