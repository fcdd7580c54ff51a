#!/usr/bin/env node
const { execSync } = require("child_process");
const fs = require("fs");

const root = JSON.parse(fs.readFileSync("package.json", "utf8"));
const ws = root.workspaces || [];
console.log(`workspaces: ${Array.isArray(ws) ? ws.join(", ") : JSON.stringify(ws)}`);

const ls = JSON.parse(execSync("npm ls --all --json", { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }) || "{}");
const versions = {};
(function visit(node) {
  for (const [name, dep] of Object.entries(node.dependencies || {})) {
    (versions[name] ||= new Set()).add(dep.version);
    visit(dep);
  }
})(ls);

const dupes = Object.entries(versions).filter(([, v]) => v.size > 1);
for (const [name, v] of dupes) console.log(`duplicate ${name}: ${[...v].join(", ")}`);
const problems = (ls.problems || []).filter((p) => /peer|invalid|missing/.test(p));
problems.forEach((p) => console.log(`problem: ${p}`));
console.log(dupes.length || problems.length ? "issues found" : "healthy");
