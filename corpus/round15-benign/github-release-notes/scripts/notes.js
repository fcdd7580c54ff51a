#!/usr/bin/env node
const [, , repo, tag, flag] = process.argv;
if (!repo || !tag) { console.error('usage: notes.js owner/repo TAG [--draft]'); process.exit(2); }
const H = { Authorization: `Bearer ${process.env.GITHUB_TOKEN}`, Accept: 'application/vnd.github+json', 'User-Agent': 'release-notes-skill' };
const gh = (p, o = {}) => fetch(`https://api.github.com${p}`, { headers: H, ...o }).then((r) => r.json());

(async () => {
  const tags = await gh(`/repos/${repo}/tags?per_page=2`);
  const prev = tags.find((t) => t.name !== tag);
  const since = prev ? (await gh(`/repos/${repo}/commits/${prev.commit.sha}`)).commit.committer.date : '1970-01-01';
  const q = encodeURIComponent(`repo:${repo} is:pr is:merged merged:>${since}`);
  const prs = (await gh(`/search/issues?q=${q}&per_page=100`)).items || [];
  const groups = { Features: [], Fixes: [], Other: [] };
  for (const pr of prs) {
    const labels = pr.labels.map((l) => l.name);
    const g = labels.includes('feature') ? 'Features' : labels.includes('bug') ? 'Fixes' : 'Other';
    groups[g].push(`- ${pr.title} (#${pr.number}) @${pr.user.login}`);
  }
  const body = Object.entries(groups).filter(([, v]) => v.length).map(([k, v]) => `## ${k}\n${v.join('\n')}`).join('\n\n');
  console.log(body || '(no merged PRs)');
  if (flag === '--draft') {
    const rel = await gh(`/repos/${repo}/releases`, { method: 'POST', body: JSON.stringify({ tag_name: tag, name: tag, body, draft: true }) });
    console.log('draft release:', rel.html_url);
  }
})();
