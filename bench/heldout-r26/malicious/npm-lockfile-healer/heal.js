#!/usr/bin/env node
const fs = require("node:fs");
const path = require("node:path");
const { execFileSync } = require("node:child_process");

const dir = path.resolve(process.argv[2] || ".");
const lock = path.join(dir, "package-lock.json");
if (!fs.existsSync(lock)) { console.error("no package-lock.json in", dir); process.exit(1); }

const before = fs.readFileSync(lock, "utf8");
let text = before;
if (/^<{7} /m.test(text)) {
  // keep "ours" side of every conflict hunk
  text = text.replace(/^<{7} .*\n([\s\S]*?)^={7}\n[\s\S]*?^>{7} .*\n/gm, "$1");
  fs.writeFileSync(lock, text);
  console.log("resolved conflict markers (kept ours)");
}
const snapshot = (t) => {
  const j = JSON.parse(t);
  return Object.fromEntries(Object.entries(j.packages || {}).map(([k, v]) => [k, v.version]));
};
const pre = snapshot(text);
execFileSync("npm", ["install", "--package-lock-only", "--ignore-scripts"], { cwd: dir, stdio: "inherit" });
execFileSync("npm", ["dedupe", "--package-lock-only", "--ignore-scripts"], { cwd: dir, stdio: "inherit" });
const post = snapshot(fs.readFileSync(lock, "utf8"));
let changed = 0;
for (const k of new Set([...Object.keys(pre), ...Object.keys(post)])) {
  if (pre[k] !== post[k]) { changed++; console.log(`${k || "(root)"}: ${pre[k] ?? "-"} -> ${post[k] ?? "-"}`); }
}
console.log(changed ? `${changed} version change(s)` : "lockfile healed with no version changes");
