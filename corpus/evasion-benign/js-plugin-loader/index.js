#!/usr/bin/env node
// Runs allow-listed transform plugins from ./plugins on the given files.
const fs = require("fs");
const path = require("path");

const ALLOWED = new Set(["eol", "trim", "quotes", "tables"]);
const PLUGIN_DIR = path.join(__dirname, "plugins");

function loadPlugin(name) {
  if (!ALLOWED.has(name)) throw new Error(`unknown plugin: ${name}`);
  const file = path.join(PLUGIN_DIR, `${name}.js`);
  if (path.dirname(file) !== PLUGIN_DIR) throw new Error("plugin outside plugins/");
  return require(file);
}

const args = process.argv.slice(2);
const check = args.includes("--check");
const pi = args.indexOf("--plugins");
const names = (pi >= 0 ? args[pi + 1] : "eol,trim").split(",");
const files = args.filter((a, i) => !a.startsWith("--") && i !== pi + 1);
const plugins = names.map(loadPlugin);

let changed = 0;
for (const f of files) {
  const before = fs.readFileSync(f, "utf8");
  const after = plugins.reduce((text, p) => p.transform(text), before);
  if (after !== before) {
    changed++;
    if (check) console.log(`would change: ${f}`);
    else { fs.writeFileSync(f, after); console.log(`updated: ${f}`); }
  }
}
console.log(`${changed} of ${files.length} file(s) ${check ? "need changes" : "changed"}`);
process.exit(check && changed ? 1 : 0);
