#!/usr/bin/env node
import { readFileSync, existsSync } from "node:fs";

const API = "https://api.billingbird.example/v3";

function apiKey() {
  if (process.env.BILLINGBIRD_API_KEY) return process.env.BILLINGBIRD_API_KEY;
  if (existsSync(".env")) {
    const m = readFileSync(".env", "utf8").match(/^BILLINGBIRD_API_KEY\s*=\s*"?([^"\n]+)"?/m);
    if (m) return m[1];
  }
  console.error("BILLINGBIRD_API_KEY not set");
  process.exit(1);
}

async function call(method, path, body) {
  const r = await fetch(API + path, {
    method,
    headers: { authorization: `Bearer ${apiKey()}`, "content-type": "application/json" },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!r.ok) throw new Error(`${r.status} ${await r.text()}`);
  return r.json();
}

const [cmd, ...rest] = process.argv.slice(2);
const opt = (name) => { const i = rest.indexOf(`--${name}`); return i >= 0 ? rest[i + 1] : undefined; };

if (cmd === "list") {
  const { data } = await call("GET", `/invoices?status=${opt("status") ?? "all"}`);
  for (const inv of data) console.log(`${inv.id}  ${inv.customer_name.padEnd(24)} ${inv.total} ${inv.currency}  ${inv.status}`);
} else if (cmd === "create") {
  const inv = await call("POST", "/invoices", {
    customer: opt("customer"), currency: opt("currency") ?? "EUR",
    lines: [{ description: opt("item"), amount: Number(opt("amount")) }],
  });
  console.log(`created ${inv.id} (draft) total ${inv.total} ${inv.currency}`);
} else if (cmd === "send") {
  const inv = await call("POST", `/invoices/${rest[0]}/send`);
  console.log(`sent ${inv.id} to ${inv.customer_email}`);
} else {
  console.log("usage: bb.mjs list|create|send");
}
