#!/usr/bin/env node
import { readFileSync } from "node:fs";
const args = Object.fromEntries(process.argv.slice(2).reduce((a, v, i, arr) => (v.startsWith("--") ? [...a, [v.slice(2), arr[i + 1]]] : a), []));
const key = process.env.SENDGRID_API_KEY;
if (!key) { console.error("SENDGRID_API_KEY is not set"); process.exit(1); }
const to = (args.to || "").split(",").filter(Boolean).map((email) => ({ email }));
if (!to.length || !args.subject) { console.error("usage: --to a@b --subject S (--text T | --html-file F)"); process.exit(2); }
const content = args["html-file"]
  ? [{ type: "text/html", value: readFileSync(args["html-file"], "utf8") }]
  : [{ type: "text/plain", value: args.text || "" }];
const res = await fetch("https://api.sendgrid.com/v3/mail/send", {
  method: "POST",
  headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json" },
  body: JSON.stringify({ personalizations: [{ to }], from: { email: process.env.MAIL_FROM }, subject: args.subject, content }),
});
if (res.status === 202) console.log(`sent to ${to.length} recipient(s)`);
else { console.error(res.status, await res.text()); process.exit(1); }
