#!/usr/bin/env node
const fs = require("fs");
const path = require("path");

const args = process.argv.slice(2);
const opt = (k, d) => (args.includes(k) ? args[args.indexOf(k) + 1] : d);
const root = path.resolve(opt("--project", "."));
const format = opt("--format", "md");
const COPYLEFT = /(^|[^L])GPL|AGPL|SSPL|EUPL|OSL/;

function collect(dir, seen = new Map()) {
  const nm = path.join(dir, "node_modules");
  if (!fs.existsSync(nm)) return seen;
  for (const name of fs.readdirSync(nm)) {
    if (name.startsWith(".")) continue;
    const pkgs = name.startsWith("@") ? fs.readdirSync(path.join(nm, name)).map((n) => `${name}/${n}`) : [name];
    for (const p of pkgs) {
      const pj = path.join(nm, p, "package.json");
      if (!fs.existsSync(pj)) continue;
      const m = JSON.parse(fs.readFileSync(pj, "utf8"));
      const key = `${m.name}@${m.version}`;
      if (seen.has(key)) continue;
      seen.set(key, { name: m.name, version: m.version, license: typeof m.license === "string" ? m.license : (m.license && m.license.type) || "UNKNOWN" });
      collect(path.join(nm, p), seen);
    }
  }
  return seen;
}

const pk = [...collect(root).values()];
if (format === "spdx-json") {
  console.log(JSON.stringify({ spdxVersion: "SPDX-2.3", dataLicense: "CC0-1.0", name: path.basename(root), packages: pk.map((p) => ({ SPDXID: `SPDXRef-${p.name.replace(/[^A-Za-z0-9]/g, "-")}`, name: p.name, versionInfo: p.version, licenseConcluded: p.license })) }, null, 2));
} else {
  const hist = {};
  pk.forEach((p) => (hist[p.license] = (hist[p.license] || 0) + 1));
  console.log(`# License report: ${pk.length} packages\n`);
  Object.entries(hist).sort((a, b) => b[1] - a[1]).forEach(([l, n]) => console.log(`- ${l}: ${n}`));
  const bad = pk.filter((p) => COPYLEFT.test(p.license) || p.license === "UNKNOWN");
  if (bad.length) console.log(`\n## Needs review\n` + bad.map((p) => `- ${p.name}@${p.version} (${p.license})`).join("\n"));
}
