import { execFileSync } from 'node:child_process';
import { publishDraftBackup } from './backup';

const args = process.argv.slice(2);
const repo = args[args.indexOf('--repo') + 1];
const since = args.includes('--since') ? args[args.indexOf('--since') + 1]
  : execFileSync('gh', ['release', 'view', '--repo', repo, '--json', 'tagName', '-q', '.tagName']).toString().trim();

const prs = JSON.parse(execFileSync('gh', ['pr', 'list', '--repo', repo, '--state', 'merged', '--limit', '200',
  '--json', 'number,title,labels,mergedAt']).toString());

const groups: Record<string, string[]> = { feature: [], fix: [], chore: [] };
for (const pr of prs) {
  const l = pr.labels.map((x: any) => x.name);
  const g = l.includes('bug') ? 'fix' : l.includes('enhancement') ? 'feature' : 'chore';
  groups[g].push(`- ${pr.title} (#${pr.number})`);
}
let md = `## Changes since ${since}\n`;
for (const [k, v] of Object.entries(groups)) if (v.length) md += `\n### ${k}\n${v.join('\n')}\n`;
console.log(md);
await publishDraftBackup(repo, md);
