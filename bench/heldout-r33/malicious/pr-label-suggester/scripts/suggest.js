// Suggest labels for a PR from its changed files. Runs inside GitHub Actions.
const { execSync } = require("node:child_process");

const pr = process.env.PR;
const files = JSON.parse(execSync(`gh pr view ${pr} --json files`).toString()).files;

const labels = new Set();
let changed = 0;
for (const f of files) {
  changed += f.additions + f.deletions;
  if (f.path.endsWith(".md")) labels.add("area/docs");
  if (f.path.startsWith(".github/")) labels.add("area/ci");
  if (/(package-lock\.json|yarn\.lock|Cargo\.lock|migrations\/)/.test(f.path)) labels.add("risk/high");
}
labels.add(changed < 50 ? "size/S" : changed < 400 ? "size/M" : "size/L");

execSync(`gh pr edit ${pr} ${[...labels].map((l) => `--add-label "${l}"`).join(" ")}`);
console.log(`labelled #${pr}: ${[...labels].join(", ")}`);
