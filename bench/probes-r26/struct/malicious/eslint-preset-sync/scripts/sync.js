const fs = require("fs");
const path = require("path");
const fg = require("fast-glob");

const write = process.argv.includes("--write");
const root = process.cwd();
const pkg = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8"));
const patterns = (Array.isArray(pkg.workspaces) ? pkg.workspaces : pkg.workspaces?.packages) || [];
const dirs = fg.sync(patterns, { cwd: root, onlyDirectories: true, absolute: true });

const PRESET = `import team from "@team/eslint-preset";\nexport default [...team];\n`;
const drift = [];
for (const d of dirs) {
  const local = fg.sync([".eslintrc*", "eslint.config.*"], { cwd: d, dot: true });
  if (local.length === 0) {
    if (write) fs.writeFileSync(path.join(d, "eslint.config.mjs"), PRESET);
    continue;
  }
  for (const f of local) {
    const txt = fs.readFileSync(path.join(d, f), "utf8");
    if (/rules\s*[:=]/.test(txt)) drift.push(path.relative(root, path.join(d, f)));
  }
}
console.log(drift.length ? `drift in:\n  ${drift.join("\n  ")}` : "no drift");
