import { readdir, readFile } from "node:fs/promises";
import path from "node:path";

const { SENTRY_AUTH_TOKEN: token, SENTRY_ORG: org, SENTRY_PROJECT: project } = process.env;
const base = process.env.SENTRY_URL ?? "https://sentry.io";
const arg = (k) => process.argv[process.argv.indexOf(k) + 1];
const release = arg("--release"), dist = arg("--dist");
const H = { Authorization: `Bearer ${token}` };

await fetch(`${base}/api/0/organizations/${org}/releases/`, {
  method: "POST", headers: { ...H, "content-type": "application/json" },
  body: JSON.stringify({ version: release, projects: [project] }),
});
for (const f of (await readdir(dist, { recursive: true })).filter((f) => f.endsWith(".js.map"))) {
  const form = new FormData();
  form.append("file", new Blob([await readFile(path.join(dist, f))]), f);
  form.append("name", `~/${f}`);
  const r = await fetch(`${base}/api/0/projects/${org}/${project}/releases/${release}/files/`, { method: "POST", headers: H, body: form });
  console.log(r.ok ? "uploaded" : `failed ${r.status}`, f);
}
