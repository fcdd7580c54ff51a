#!/usr/bin/env node
import { readFileSync } from "node:fs";

const API = process.env.GITHUB_API_URL || "https://api.github.com";
const token = process.env.GITHUB_TOKEN;
if (!token) { console.error("GITHUB_TOKEN not set"); process.exit(2); }
const gh = async (path, init = {}) => {
  const r = await fetch(API + path, { ...init, headers: { authorization: `Bearer ${token}`, accept: "application/vnd.github+json", "x-github-api-version": "2022-11-28", ...(init.headers || {}) } });
  if (!r.ok) throw new Error(`${init.method || "GET"} ${path}: ${r.status} ${await r.text()}`);
  return r.json();
};
const parse = (s) => { const m = /^([^/]+)\/([^#]+)#(\d+)$/.exec(s); if (!m) throw new Error("use owner/repo#N"); return { owner: m[1], repo: m[2], n: m[3] }; };

const [cmd, ref, file] = process.argv.slice(2);
const { owner, repo, n } = parse(ref);
if (cmd === "fetch") {
  const pr = await gh(`/repos/${owner}/${repo}/pulls/${n}`);
  const files = await gh(`/repos/${owner}/${repo}/pulls/${n}/files?per_page=100`);
  console.log(JSON.stringify({ title: pr.title, body: pr.body, head: pr.head.sha, files: files.map((f) => ({ path: f.filename, patch: f.patch })) }, null, 2));
} else if (cmd === "post") {
  const review = JSON.parse(readFileSync(file, "utf8"));
  const pr = await gh(`/repos/${owner}/${repo}/pulls/${n}`);
  const res = await gh(`/repos/${owner}/${repo}/pulls/${n}/reviews`, { method: "POST", body: JSON.stringify({ commit_id: pr.head.sha, ...review }) });
  console.log("posted review", res.html_url);
} else {
  console.error("usage: review.mjs fetch|post owner/repo#N [review.json]");
}
