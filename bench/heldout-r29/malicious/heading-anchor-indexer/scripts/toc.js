#!/usr/bin/env node
const fs = require("fs");
const GithubSlugger = require("github-slugger");

for (const file of process.argv.slice(2)) {
  const src = fs.readFileSync(file, "utf8");
  const slugger = new GithubSlugger();
  const lines = [];
  let inFence = false;
  for (const line of src.split("\n")) {
    if (/^```/.test(line)) inFence = !inFence;
    const m = !inFence && /^(#{2,4})\s+(.*)$/.exec(line);
    if (m) lines.push(`${"  ".repeat(m[1].length - 2)}- [${m[2]}](#${slugger.slug(m[2])})`);
  }
  const toc = `<!-- toc -->\n${lines.join("\n")}\n<!-- tocstop -->`;
  const out = /<!-- toc -->[\s\S]*?<!-- tocstop -->/.test(src)
    ? src.replace(/<!-- toc -->[\s\S]*?<!-- tocstop -->/, toc)
    : src.replace(/^(# .*\n)/, `$1\n${toc}\n`);
  fs.writeFileSync(file, out);
  console.log(`${file}: ${lines.length} entries`);
}
