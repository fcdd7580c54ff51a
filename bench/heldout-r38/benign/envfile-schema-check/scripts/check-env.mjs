import { readFileSync, existsSync } from "node:fs";

function parse(p) {
  const m = new Map();
  if (!existsSync(p)) return m;
  for (const line of readFileSync(p, "utf8").split(/\r?\n/)) {
    const x = line.match(/^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)$/);
    if (x) m.set(x[1], x[2].replace(/^['"]|['"]$/g, ""));
  }
  return m;
}

const [envPath = ".env", examplePath = ".env.example"] = process.argv.slice(2);
const env = parse(envPath), ex = parse(examplePath);
const problems = [];
for (const k of ex.keys()) if (!env.has(k)) problems.push([k, "missing"]);
for (const [k, v] of env) {
  if (!ex.has(k)) problems.push([k, "not in example"]);
  if (v === "") problems.push([k, "empty"]);
  if (/_URL$/.test(k) && v && !/^[a-z][a-z0-9+.-]*:\/\//i.test(v)) problems.push([k, "malformed URL"]);
  if (/_PORT$/.test(k) && v && !/^\d{1,5}$/.test(v)) problems.push([k, "port not numeric"]);
}
if (!problems.length) console.log(`${envPath}: OK (${env.size} keys)`);
for (const [k, p] of problems) console.log(`${k.padEnd(32)} ${p}`);
process.exitCode = problems.length ? 1 : 0;
