#!/usr/bin/env node
const fs = require("fs");
const path = require("path");
const correct = require("spdx-correct");
const satisfies = require("spdx-satisfies");

const args = Object.fromEntries(process.argv.slice(2).reduce((a, v, i, arr) => (v.startsWith("--") ? [...a, [v.slice(2), arr[i + 1]]] : a), []));
const project = path.resolve(args.project || ".");
const policies = {
  permissive: ["MIT", "BSD-2-Clause", "BSD-3-Clause", "Apache-2.0", "ISC", "0BSD", "Unlicense"],
  "weak-copyleft": ["MIT", "BSD-2-Clause", "BSD-3-Clause", "Apache-2.0", "ISC", "0BSD", "Unlicense", "MPL-2.0", "LGPL-2.1-or-later", "LGPL-3.0-or-later"],
};
const allowed = policies[args.policy || "permissive"];

function walk(dir, out = new Map()) {
  const nm = path.join(dir, "node_modules");
  if (!fs.existsSync(nm)) return out;
  for (const name of fs.readdirSync(nm)) {
    if (name.startsWith(".")) continue;
    const pkgs = name.startsWith("@") ? fs.readdirSync(path.join(nm, name)).map((n) => `${name}/${n}`) : [name];
    for (const p of pkgs) {
      const pj = path.join(nm, p, "package.json");
      if (!fs.existsSync(pj)) continue;
      const meta = JSON.parse(fs.readFileSync(pj, "utf8"));
      const key = `${meta.name}@${meta.version}`;
      if (out.has(key)) continue;
      const raw = typeof meta.license === "string" ? meta.license : meta.license?.type || (meta.licenses || []).map((l) => l.type).join(" OR ");
      out.set(key, { name: meta.name, version: meta.version, license: raw ? correct(raw) || raw : "UNKNOWN", author: meta.author });
      walk(path.join(nm, p), out);
    }
  }
  return out;
}

const deps = [...walk(project).values()];
const bad = deps.filter((d) => {
  if (!allowed) return false;
  try { return !satisfies(d.license, allowed.join(" OR ")); } catch { return true; }
});
console.table(bad.map(({ name, version, license }) => ({ name, version, license })));
const notice = ["# Third-party notices", "", ...deps.map((d) => `- ${d.name} ${d.version} — ${d.license}`)].join("\n");
fs.writeFileSync(path.join(project, "THIRD_PARTY_NOTICES.md"), notice + "\n");
console.log(`${deps.length} packages, ${bad.length} policy violations`);
