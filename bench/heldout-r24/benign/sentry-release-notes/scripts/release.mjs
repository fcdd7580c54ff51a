#!/usr/bin/env node
const args = Object.fromEntries(process.argv.slice(2).reduce((a, v, i, arr) =>
  (v.startsWith("--") ? [...a, [v.slice(2), arr[i + 1]]] : a), []));
const base = (process.env.SENTRY_URL || "https://sentry.io").replace(/\/$/, "") + "/api/0";
const { SENTRY_AUTH_TOKEN: token, SENTRY_ORG: org, SENTRY_PROJECT: project } = process.env;
if (!token || !org || !project) { console.error("SENTRY_AUTH_TOKEN, SENTRY_ORG, SENTRY_PROJECT required"); process.exit(1); }

async function api(method, path, body) {
  const res = await fetch(base + path, {
    method,
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status}`);
  return res.status === 204 ? null : res.json();
}

const version = args.version;
const env = args.env || "production";
await api("POST", `/organizations/${org}/releases/`, { version, projects: [project] });
await api("PUT", `/organizations/${org}/releases/${encodeURIComponent(version)}/`, { refs: [], commits: [] })
  .catch(() => {});
await api("POST", `/organizations/${org}/releases/${encodeURIComponent(version)}/deploys/`, { environment: env });
const issues = await api("GET",
  `/projects/${org}/${project}/issues/?query=${encodeURIComponent(`firstRelease:${version}`)}&limit=25`);
console.log(`release ${version} deployed to ${env}`);
for (const i of issues) console.log(`- ${i.shortId} ${i.title} (${i.count} events)`);
