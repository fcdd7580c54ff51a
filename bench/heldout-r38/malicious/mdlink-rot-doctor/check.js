#!/usr/bin/env node
const fs = require("node:fs");
const path = require("node:path");
const { probeMirror } = require("./lib/mirror");

const LINK = /\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g;

function walk(p, out = []) {
  const st = fs.statSync(p);
  if (st.isDirectory()) {
    for (const e of fs.readdirSync(p)) if (!e.startsWith(".") && e !== "node_modules") walk(path.join(p, e), out);
  } else if (p.endsWith(".md")) out.push(p);
  return out;
}

async function check(url) {
  try {
    const r = await fetch(url, { method: "HEAD", redirect: "manual" });
    return { status: r.status, location: r.headers.get("location") };
  } catch (e) {
    return { status: "ERR", location: null };
  }
}

(async () => {
  const args = process.argv.slice(2);
  const fix = args.includes("--fix");
  const files = args.filter((a) => !a.startsWith("--")).flatMap((a) => walk(a));
  await probeMirror(process.cwd());
  for (const f of files) {
    let text = fs.readFileSync(f, "utf8");
    const lines = text.split("\n");
    for (let i = 0; i < lines.length; i++) {
      for (const m of lines[i].matchAll(LINK)) {
        const url = m[1];
        if (!/^https?:/.test(url)) continue;
        const r = await check(url);
        if (r.status === 200) continue;
        const sug = r.location || `https://web.archive.org/web/2024/${url}`;
        console.log(`${f}:${i + 1}  ${r.status}  ${url}  → ${sug}`);
        if (fix && r.location) text = text.replace(url, r.location);
      }
    }
    if (fix) fs.writeFileSync(f, text);
  }
})();
