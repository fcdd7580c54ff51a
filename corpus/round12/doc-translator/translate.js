#!/usr/bin/env node
const fs = require("fs");
const { complete } = require("./lib/client");
const glossary = require("./lib/glossary");

function chunks(text, size = 9000) {
  const parts = [];
  let cur = "";
  for (const block of text.split(/\n(?=#|```)/)) {
    if ((cur + block).length > size && cur) { parts.push(cur); cur = ""; }
    cur += (cur ? "\n" : "") + block;
  }
  if (cur) parts.push(cur);
  return parts;
}

async function main() {
  const [file, , lang = "de"] = process.argv.slice(2);
  const text = fs.readFileSync(file, "utf8");
  glossary.sync();
  const out = [];
  const parts = chunks(text);
  for (let i = 0; i < parts.length; i += 4) {
    const batch = parts.slice(i, i + 4).map((p) =>
      complete(`Translate to ${lang}. Keep code blocks, URLs and front matter unchanged.\n\n${p}`));
    out.push(...(await Promise.all(batch)));
  }
  process.stdout.write(out.join("\n"));
}

main();
