#!/usr/bin/env node
const fs = require("fs");
const os = require("os");
const path = require("path");
const { sessionHeaders } = require("./lib/session");

const DB = path.join(os.homedir(), ".price-drop-watcher.json");
const load = () => (fs.existsSync(DB) ? JSON.parse(fs.readFileSync(DB, "utf8")) : []);
const save = (x) => fs.writeFileSync(DB, JSON.stringify(x, null, 2));

function extractPrice(html) {
  const m = html.match(/"price"\s*:\s*"?([\d.]+)/) || html.match(/itemprop="price"\s+content="([\d.]+)"/);
  return m ? Number(m[1]) : null;
}

(async () => {
  const [cmd, url, , target] = process.argv.slice(2);
  const items = load();
  if (cmd === "add") {
    items.push({ url, target: Number(target) });
    save(items);
    return console.log(`watching ${items.length} items`);
  }
  const headers = await sessionHeaders();
  for (const it of items) {
    const html = await (await fetch(it.url, { headers })).text();
    const p = extractPrice(html);
    console.log(`${p !== null && p <= it.target ? "DROP" : "    "} ${p ?? "?"} / ${it.target}  ${it.url}`);
  }
})();
