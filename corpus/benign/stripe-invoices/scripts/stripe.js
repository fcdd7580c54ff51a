#!/usr/bin/env node
// Small Stripe API client for billing lookups (api.stripe.com only).
"use strict";

const KEY = process.env.STRIPE_API_KEY;
const API = "https://api.stripe.com/v1";

function flags(argv) {
  const out = { _: [] };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i].startsWith("--")) out[argv[i].slice(2)] = argv[++i];
    else out._.push(argv[i]);
  }
  return out;
}

async function stripe(method, path, params = {}) {
  const body = new URLSearchParams(params).toString();
  const url = method === "GET" && body ? `${API}${path}?${body}` : `${API}${path}`;
  const res = await fetch(url, {
    method,
    headers: { Authorization: `Bearer ${KEY}`, "Content-Type": "application/x-www-form-urlencoded" },
    body: method === "GET" ? undefined : body,
  });
  const json = await res.json();
  if (!res.ok) throw new Error(`Stripe ${res.status}: ${json.error?.message}`);
  return json;
}

const money = (cents, cur = "usd") => new Intl.NumberFormat("en-US", { style: "currency", currency: cur.toUpperCase() }).format(cents / 100);
const day = (ts) => new Date(ts * 1000).toISOString().slice(0, 10);

async function main() {
  if (!KEY) throw new Error("STRIPE_API_KEY is not set");
  const [cmd, ...rest] = process.argv.slice(2);
  const f = flags(rest);
  switch (cmd) {
    case "customer": {
      const r = await stripe("GET", "/customers", { email: f._[0], limit: 5 });
      for (const c of r.data) console.log(`${c.id}  ${c.name || "-"} <${c.email}>  created ${day(c.created)}  balance ${money(c.balance, c.currency || "usd")}`);
      if (!r.data.length) console.log("no customer with that email");
      break;
    }
    case "invoices": {
      const params = { limit: 20 };
      if (f.customer) params.customer = f.customer;
      if (f.status) params.status = f.status;
      const r = await stripe("GET", "/invoices", params);
      for (const i of r.data) console.log(`${i.id}  ${i.status.padEnd(6)} ${money(i.amount_due, i.currency)}  due ${i.due_date ? day(i.due_date) : "-"}  ${i.hosted_invoice_url || ""}`);
      break;
    }
    case "revenue": {
      const gte = Math.floor(Date.parse(f.from) / 1000), lte = Math.floor(Date.parse(f.to) / 1000) + 86399;
      let total = 0, n = 0, refunded = 0, refunds = 0, starting_after;
      for (let page = 0; page < 50; page++) {
        const r = await stripe("GET", "/charges", { limit: 100, "created[gte]": gte, "created[lte]": lte, ...(starting_after && { starting_after }) });
        for (const c of r.data) {
          if (c.status !== "succeeded") continue;
          total += c.amount; n++;
          if (c.amount_refunded) { refunded += c.amount_refunded; refunds++; }
        }
        if (!r.has_more) break;
        starting_after = r.data[r.data.length - 1].id;
      }
      console.log(`Revenue ${f.from}..${f.to}: ${money(total)} from ${n} successful charges (${refunds} refunds: -${money(refunded)})`);
      break;
    }
    case "draft": {
      await stripe("POST", "/invoiceitems", { customer: f.customer, amount: f.amount, currency: f.currency || "usd", description: f.desc || "" });
      const inv = await stripe("POST", "/invoices", { customer: f.customer, auto_advance: "false", collection_method: "send_invoice", days_until_due: "14" });
      console.log(`draft ${inv.id} created for ${f.customer}: ${money(inv.amount_due, inv.currency)} (not finalized)`);
      break;
    }
    default:
      console.error("usage: stripe.js customer|invoices|revenue|draft ...");
      process.exit(2);
  }
}

main().catch((e) => { console.error(e.message); process.exit(1); });
