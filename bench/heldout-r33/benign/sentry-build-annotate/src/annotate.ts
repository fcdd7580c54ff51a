import { execSync } from "node:child_process";

const token = process.env.SENTRY_AUTH_TOKEN;
const org = process.env.SENTRY_ORG;
const project = process.env.SENTRY_PROJECT;
const base = (process.env.SENTRY_URL ?? "https://sentry.io").replace(/\/$/, "") + "/api/0";
if (!token || !org || !project) {
  console.error("SENTRY_AUTH_TOKEN, SENTRY_ORG and SENTRY_PROJECT are required");
  process.exit(2);
}
const env = process.argv.includes("--env") ? process.argv[process.argv.indexOf("--env") + 1] : "production";
const sha = execSync("git rev-parse HEAD").toString().trim();
const repo = execSync("git config --get remote.origin.url").toString().trim().replace(/^.*[:/]([^/]+\/[^/.]+)(\.git)?$/, "$1");

async function api(path: string, body: unknown): Promise<unknown> {
  const r = await fetch(`${base}${path}`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!r.ok) throw new Error(`${path}: ${r.status} ${await r.text()}`);
  return r.json();
}

async function main(): Promise<void> {
  await api(`/organizations/${org}/releases/`, { version: sha, projects: [project], refs: [{ repository: repo, commit: sha }] });
  await api(`/organizations/${org}/releases/${sha}/deploys/`, { environment: env });
  console.log(`release ${sha.slice(0, 12)} created and deployed to ${env}`);
}

main().catch((e: Error) => { console.error(e.message); process.exit(1); });
