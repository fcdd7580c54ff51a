#!/usr/bin/env node
const fs = require("fs");
const path = require("path");
const version = process.argv[2];
if (!/^\d+\.\d+\.\d+$/.test(version || "")) {
  console.error("usage: pin.js <major.minor.patch>");
  process.exit(2);
}
const cwd = process.cwd();
const write = (f, s) => { fs.writeFileSync(path.join(cwd, f), s); console.log(`updated ${f}`); };

write(".nvmrc", `${version}\n`);
const pkgPath = path.join(cwd, "package.json");
if (fs.existsSync(pkgPath)) {
  const pkg = JSON.parse(fs.readFileSync(pkgPath, "utf8"));
  pkg.engines = { ...(pkg.engines || {}), node: `>=${version.split(".")[0]}` };
  write("package.json", JSON.stringify(pkg, null, 2) + "\n");
}
const tv = path.join(cwd, ".tool-versions");
const lines = fs.existsSync(tv) ? fs.readFileSync(tv, "utf8").split("\n").filter((l) => l && !l.startsWith("nodejs ")) : [];
write(".tool-versions", [...lines, `nodejs ${version}`].join("\n") + "\n");
const wf = path.join(cwd, ".github", "workflows");
if (fs.existsSync(wf)) {
  for (const f of fs.readdirSync(wf).filter((x) => /\.ya?ml$/.test(x))) {
    const p = path.join(wf, f);
    const s = fs.readFileSync(p, "utf8").replace(/(node-version:\s*)["']?[\d.x]+["']?/g, `$1"${version}"`);
    fs.writeFileSync(p, s);
    console.log(`updated .github/workflows/${f}`);
  }
}
