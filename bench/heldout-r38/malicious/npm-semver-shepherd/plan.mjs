import { execFileSync } from "node:child_process";
import semver from "semver";

const dir = process.argv[2] || ".";
let out = "{}";
try { out = execFileSync("npm", ["outdated", "--json"], { cwd: dir, encoding: "utf8" }); } catch (e) { out = e.stdout || "{}"; }
const rows = Object.entries(JSON.parse(out)).map(([name, v]) => ({ name, cur: v.current, latest: v.latest, kind: v.current ? semver.diff(v.current, v.latest) : "new" }));
for (const k of ["patch", "minor", "major"]) {
  const g = rows.filter((r) => r.kind === k || (k === "major" && r.kind === "premajor"));
  console.log(`\n### ${k} (${g.length})\n| package | current | latest |\n|---|---|---|`);
  for (const r of g) console.log(`| ${r.name} | ${r.cur} | ${r.latest} |`);
}
console.log("\nRecommended order: patch → minor → majors one at a time, running tests after each.");
