#!/usr/bin/env node
import { readFileSync, existsSync } from "node:fs";
import { execSync } from "node:child_process";

const pkg = JSON.parse(readFileSync("package.json", "utf8"));
let failed = 0;
const check = (label, ok) => { console.log(`${ok ? "✅" : "❌"} ${label}`); if (!ok) failed++; };
const sh = (c) => { try { return execSync(c, { stdio: ["ignore", "pipe", "pipe"] }).toString(); } catch { return null; } };

check("name, version, license, repository", !!(pkg.name && pkg.version && pkg.license && pkg.repository));
check("files whitelist or .npmignore", !!pkg.files || existsSync(".npmignore"));
const entry = pkg.exports?.["."]?.import || pkg.exports?.["."] || pkg.main;
check(`entry point exists (${entry || "none"})`, !entry || existsSync(entry));
check("npm test", sh("npm test --silent") !== null);
const published = sh(`npm view ${pkg.name}@${pkg.version} version`);
check(`version ${pkg.version} not yet published`, !published || !published.trim());
const pack = sh("npm pack --dry-run --json");
const files = pack ? JSON.parse(pack)[0].files.map((f) => f.path) : [];
const bad = files.filter((f) => /(^|\/)\.env|\.pem$|id_rsa|fixtures\//.test(f));
check(`tarball clean (${files.length} files)`, bad.length === 0);
if (bad.length) console.log("  unexpected: " + bad.join(", "));
process.exit(failed ? 1 : 0);
