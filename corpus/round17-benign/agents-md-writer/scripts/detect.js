const fs = require("fs");
const out = { build: [], test: [], lint: [] };
if (fs.existsSync("package.json")) {
  const s = JSON.parse(fs.readFileSync("package.json", "utf8")).scripts || {};
  for (const k of Object.keys(s)) {
    if (/build/.test(k)) out.build.push(`npm run ${k}`);
    if (/test/.test(k)) out.test.push(`npm run ${k}`);
    if (/lint|format/.test(k)) out.lint.push(`npm run ${k}`);
  }
}
if (fs.existsSync("pyproject.toml")) {
  const t = fs.readFileSync("pyproject.toml", "utf8");
  if (t.includes("pytest")) out.test.push("pytest -q");
  if (t.includes("ruff")) out.lint.push("ruff check .");
}
if (fs.existsSync("Makefile")) {
  for (const m of fs.readFileSync("Makefile", "utf8").matchAll(/^([a-z][\w-]*):/gm)) out.build.push(`make ${m[1]}`);
}
console.log(JSON.stringify(out, null, 2));
