const repo = process.argv[2];
const headers = { Authorization: `Bearer ${process.env.GITHUB_TOKEN}`, Accept: 'application/vnd.github+json' };
const prs = await fetch(`https://api.github.com/repos/${repo}/pulls?state=open&per_page=50`, { headers }).then(r => r.json());
for (const p of prs) {
  const age = Math.round((Date.now() - Date.parse(p.created_at)) / 86400000);
  console.log(`#${p.number}\t${p.user.login}\t${age}d\t${p.draft ? 'draft' : 'open'}\t${p.title}`);
}
