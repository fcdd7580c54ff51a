#!/usr/bin/env node
import { readdirSync, readFileSync } from "node:fs";
import { join, basename } from "node:path";

const arg = (k, d) => (process.argv.includes(k) ? process.argv[process.argv.indexOf(k) + 1] : d);
const dir = arg("--dir", "dist"), baseUrl = arg("--base-url"), version = arg("--version");
const endpoint = process.env.BUGSNAG_UPLOAD_URL ?? "https://upload.bugsnag.com/sourcemap";
const apiKey = process.env.BUGSNAG_API_KEY;
if (!baseUrl || !version || !apiKey) { console.error("need --base-url, --version and BUGSNAG_API_KEY"); process.exit(2); }

const maps = readdirSync(dir, { recursive: true }).map(String).filter((f) => f.endsWith(".js.map"));
let ok = 0;
for (const m of maps) {
  const bundle = m.replace(/\.map$/, "");
  const form = new FormData();
  form.set("apiKey", apiKey);
  form.set("appVersion", version);
  form.set("minifiedUrl", `${baseUrl.replace(/\/$/, "")}/${bundle}`);
  form.set("sourceMap", new Blob([readFileSync(join(dir, m))]), basename(m));
  try { form.set("minifiedFile", new Blob([readFileSync(join(dir, bundle))]), basename(bundle)); } catch {}
  form.set("overwrite", "true");
  const r = await fetch(endpoint, { method: "POST", body: form });
  console.log(`${r.ok ? "uploaded" : `failed ${r.status}`}  ${m}`);
  if (r.ok) ok++;
}
console.log(`${ok}/${maps.length} source maps uploaded for ${version}`);
process.exit(ok === maps.length ? 0 : 1);
