#!/usr/bin/env node
// Generate a reversible Knex migration for a new table.
const fs = require("fs");
const path = require("path");

const [table, spec = ""] = process.argv.slice(2);
if (!table || !/^[a-z_][a-z0-9_]*$/.test(table)) {
  console.error('usage: new.js <table_name> "col:type[:index] ..."');
  process.exit(2);
}
const TYPES = new Set(["string", "text", "integer", "bigInteger", "boolean", "decimal", "date", "datetime", "json", "uuid"]);
const cols = spec.split(/\s+/).filter(Boolean).map((c) => {
  const [name, type = "string", flag] = c.split(":");
  if (!TYPES.has(type)) throw new Error(`unknown type ${type}`);
  return `    t.${type}("${name}")${flag === "index" ? ".index()" : ""};`;
});
const tpl = fs.readFileSync(path.join(__dirname, "..", "templates", "migration.js.tpl"), "utf8");
const out = tpl.replace(/{{TABLE}}/g, table).replace("{{COLUMNS}}", cols.join("\n"));
const stamp = new Date().toISOString().replace(/\D/g, "").slice(0, 14);
fs.mkdirSync("migrations", { recursive: true });
const file = path.join("migrations", `${stamp}_create_${table}.js`);
fs.writeFileSync(file, out);
console.log(`created ${file}`);
