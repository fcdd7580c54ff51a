// Renders every rule's help.markdown from SARIF files with markdown-it (a
// second CommonMark renderer next to the pulldown-cmark unit test in
// src/run.rs) and checks that each example file shows as exactly one code
// block: one fenced block per "`path`:" line, each starting right below it.
//
//   node render-help.cjs --markdown-it DIR/node_modules/markdown-it FILE.sarif...
const fs = require("node:fs");
const argv = process.argv.slice(2);
const i = argv.indexOf("--markdown-it");
const mdDir = argv[i + 1];
const MarkdownIt = require(mdDir);
const mdVersion = JSON.parse(fs.readFileSync(require("node:path").join(mdDir, "package.json"), "utf8")).version;
argv.splice(i, 2);
const md = new MarkdownIt("commonmark");
let bad = 0;
let seen = 0;
const done = new Set();
for (const f of argv) {
  const sarif = JSON.parse(fs.readFileSync(f, "utf8"));
  for (const run of sarif.runs ?? []) {
    for (const rule of run.tool?.driver?.rules ?? []) {
      const text = rule.help?.markdown;
      if (!text || done.has(rule.id)) continue;
      done.add(rule.id);
      seen += 1;
      const src = text.split("\n");
      const labels = src.map((l, n) => (/^`[^`]+`:$/.test(l) ? n : -1)).filter((n) => n >= 0);
      const fences = md.parse(text, {}).filter((t) => t.type === "fence" || t.type === "code_block");
      const starts = fences.map((t) => t.map[0]);
      const ok = fences.length === labels.length && labels.every((n, k) => starts[k] === n + 1);
      if (!ok) {
        bad += 1;
        console.log(`FAIL ${rule.id}: ${labels.length} example files, ${fences.length} code blocks (at lines ${starts.join(",")})`);
      }
    }
  }
}
console.log(`${seen} rules rendered with markdown-it ${mdVersion}: ${bad} with broken examples`);
process.exit(bad ? 1 : 0);
