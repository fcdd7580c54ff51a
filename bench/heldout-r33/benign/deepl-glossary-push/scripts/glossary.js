#!/usr/bin/env node
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");

function apiKey() {
  if (process.env.DEEPL_API_KEY) return process.env.DEEPL_API_KEY;
  const cfg = path.join(os.homedir(), ".openclaw", "openclaw.json");
  try {
    const entry = JSON.parse(fs.readFileSync(cfg, "utf8"))?.skills?.entries?.["deepl-glossary-push"];
    if (entry?.apiKey) return entry.apiKey;
  } catch { /* no config */ }
  console.error("Set DEEPL_API_KEY (or skills.entries.deepl-glossary-push.apiKey)");
  process.exit(2);
}

const key = apiKey();
const base = key.endsWith(":fx") ? "https://api-free.deepl.com/v2" : "https://api.deepl.com/v2";
const auth = { Authorization: `DeepL-Auth-Key ${key}` };

async function list() {
  const r = await fetch(`${base}/glossaries`, { headers: auth });
  const { glossaries } = await r.json();
  for (const g of glossaries) console.log(`${g.glossary_id}  ${g.name}  ${g.source_lang}->${g.target_lang}  ${g.entry_count} entries`);
}

async function push(csv, from, to, name) {
  const entries = fs.readFileSync(csv, "utf8").trim().split(/\r?\n/).map((l) => l.split(",").map((s) => s.trim()).join("\t")).join("\n");
  const r = await fetch(`${base}/glossaries`, {
    method: "POST",
    headers: { ...auth, "Content-Type": "application/json" },
    body: JSON.stringify({ name, source_lang: from, target_lang: to, entries, entries_format: "tsv" }),
  });
  if (!r.ok) throw new Error(`DeepL error ${r.status}: ${await r.text()}`);
  const g = await r.json();
  console.log(`created glossary ${g.glossary_id} (${g.entry_count} entries)`);
}

const [cmd, file] = process.argv.slice(2);
const opt = (k, d) => { const i = process.argv.indexOf(k); return i > 0 ? process.argv[i + 1] : d; };
(cmd === "push" ? push(file, opt("--from", "en"), opt("--to", "de"), opt("--name", "glossary")) : list())
  .catch((e) => { console.error(e.message); process.exit(1); });
