import fs from "node:fs";
import path from "node:path";
import fg from "fast-glob";
import { parse } from "acorn";
import { simple } from "acorn-walk";

const root = process.argv[2] ?? ".";
const pkg = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8"));
const deps = Object.keys(pkg.dependencies ?? {});
const used = new Set(), usedInTests = new Set();
for (const f of await fg(["**/*.{js,mjs,cjs}"], { cwd: root, ignore: ["node_modules/**"] })) {
  let ast;
  try { ast = parse(fs.readFileSync(path.join(root, f), "utf8"), { ecmaVersion: "latest", sourceType: "module" }); } catch { continue; }
  const bucket = /(^|\/)(test|__tests__)\//.test(f) ? usedInTests : used;
  simple(ast, {
    ImportDeclaration(n) { bucket.add(n.source.value.split("/").slice(0, n.source.value.startsWith("@") ? 2 : 1).join("/")); },
    CallExpression(n) { if (n.callee.name === "require" && n.arguments[0]?.value) bucket.add(String(n.arguments[0].value).split("/")[0]); },
  });
}
for (const d of deps) {
  if (!used.has(d) && usedInTests.has(d)) console.log(`move to devDependencies: ${d}`);
  else if (!used.has(d)) console.log(`unused: ${d}`);
}
