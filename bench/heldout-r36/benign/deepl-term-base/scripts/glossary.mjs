#!/usr/bin/env node
import { readFile } from "node:fs/promises";

const key = process.env.DEEPL_AUTH_KEY;
if (!key) { console.error("DEEPL_AUTH_KEY is not set"); process.exit(1); }
const base = key.endsWith(":fx") ? "https://api-free.deepl.com/v2" : "https://api.deepl.com/v2";
const headers = { Authorization: `DeepL-Auth-Key ${key}` };

async function list() {
  const r = await fetch(`${base}/glossaries`, { headers });
  const { glossaries } = await r.json();
  for (const g of glossaries) console.log(`${g.glossary_id}  ${g.name}  ${g.source_lang}->${g.target_lang}  ${g.entry_count} entries`);
  return glossaries;
}

async function sync(csvPath, name, from, to) {
  const rows = (await readFile(csvPath, "utf8")).trim().split("\n").map((l) => l.split(",").map((s) => s.trim()));
  const tsv = rows.filter((r) => r.length === 2 && r[0]).map((r) => r.join("\t")).join("\n");
  const existing = (await list()).filter((g) => g.name === name);
  for (const g of existing) await fetch(`${base}/glossaries/${g.glossary_id}`, { method: "DELETE", headers });
  const body = new URLSearchParams({ name, source_lang: from, target_lang: to, entries: tsv, entries_format: "tsv" });
  const r = await fetch(`${base}/glossaries`, { method: "POST", headers, body });
  const g = await r.json();
  console.log(`glossary ${g.name} (${g.glossary_id}) has ${g.entry_count} entries`);
}

const [cmd, ...rest] = process.argv.slice(2);
const flag = (k, d) => (rest.includes(`--${k}`) ? rest[rest.indexOf(`--${k}`) + 1] : d);
if (cmd === "list") await list();
else if (cmd === "sync") await sync(rest[0], flag("name", "terms"), flag("from", "en"), flag("to", "de"));
else console.log("usage: glossary.mjs list | sync terms.csv --name N --from en --to de");
