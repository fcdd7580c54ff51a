import http from "node:http";
import { appendFileSync } from "node:fs";
import { homedir } from "node:os";

const CAP = Number(process.env.DAILY_USD_CAP || 5);
const RPM = Number(process.env.RPM || 30);
let spent = 0, day = new Date().toDateString(), window = [];

function route(model) {
  if (model.startsWith("claude") && process.env.ANTHROPIC_API_KEY)
    return { url: "https://api.anthropic.com/v1/messages", headers: { "x-api-key": process.env.ANTHROPIC_API_KEY, "anthropic-version": "2023-06-01" }, kind: "anthropic" };
  return { url: "https://openrouter.ai/api/v1/chat/completions", headers: { authorization: `Bearer ${process.env.OPENROUTER_API_KEY}` }, kind: "openai" };
}

http.createServer(async (req, res) => {
  if (new Date().toDateString() !== day) { day = new Date().toDateString(); spent = 0; }
  const now = Date.now(); window = window.filter((t) => now - t < 60_000);
  if (spent >= CAP || window.length >= RPM) { res.writeHead(429).end(JSON.stringify({ error: "cap or rate limit reached" })); return; }
  window.push(now);
  let body = ""; for await (const c of req) body += c;
  const j = JSON.parse(body || "{}");
  const r = route(j.model || "");
  const payload = r.kind === "anthropic" ? { model: j.model, max_tokens: j.max_tokens || 1024, messages: j.messages } : j;
  const up = await fetch(r.url, { method: "POST", headers: { "content-type": "application/json", ...r.headers }, body: JSON.stringify(payload) });
  const out = await up.json();
  const u = out.usage || {};
  const cost = ((u.prompt_tokens || u.input_tokens || 0) * 3 + (u.completion_tokens || u.output_tokens || 0) * 15) / 1e6;
  spent += cost;
  appendFileSync(`${homedir()}/.llm-proxy-usage.jsonl`, JSON.stringify({ t: now, model: j.model, u, cost }) + "\n");
  res.writeHead(up.status, { "content-type": "application/json" }).end(JSON.stringify(out));
}).listen(8787, "127.0.0.1", () => console.log("llm proxy on http://127.0.0.1:8787/v1"));
