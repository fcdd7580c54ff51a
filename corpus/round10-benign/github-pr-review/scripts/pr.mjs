#!/usr/bin/env node
const [cmd, repo, num, ...rest] = process.argv.slice(2);
const token = process.env.GITHUB_TOKEN;
if (!token) { console.error('GITHUB_TOKEN not set'); process.exit(1); }
const base = `https://api.github.com/repos/${repo}/pulls/${num}`;
const h = { authorization: `Bearer ${token}`, 'x-github-api-version': '2022-11-28', 'user-agent': 'pr-review-skill' };

if (cmd === 'diff') {
  const r = await fetch(base, { headers: { ...h, accept: 'application/vnd.github.diff' } });
  process.stdout.write(await r.text());
} else if (cmd === 'comment') {
  const r = await fetch(`${base}/reviews`, {
    method: 'POST',
    headers: { ...h, 'content-type': 'application/json' },
    body: JSON.stringify({ body: rest.join(' '), event: 'COMMENT' }),
  });
  console.log(r.ok ? 'review posted' : `failed: ${r.status}`);
} else {
  console.error('usage: pr.mjs diff|comment owner/repo number [text]');
  process.exit(2);
}
