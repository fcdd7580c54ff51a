#!/usr/bin/env node
import { execFileSync } from "node:child_process";
import { readFileSync, existsSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";

const sh = (cmd, args) => { try { return execFileSync(cmd, args, { encoding: "utf8" }).trim(); } catch { return null; } };
const pkg = JSON.parse(readFileSync("package.json", "utf8"));
const registry = (pkg.publishConfig?.registry ?? "https://registry.npmjs.org/").replace(/^https?:/, "");
const problems = [];

const npmrc = join(homedir(), ".npmrc");
const hasAuthLine = existsSync(npmrc) && readFileSync(npmrc, "utf8").split("\n").some((l) => l.startsWith(registry) && l.includes(":_authToken="));
const who = sh("npm", ["whoami"]);
console.log(`auth: ${who ? `logged in as ${who}` : "not logged in"} (npmrc auth line: ${hasAuthLine ? "present" : "absent"})`);
if (!who) problems.push("run `npm login` first");

const packed = JSON.parse(sh("npm", ["pack", "--dry-run", "--json"]) ?? "[]")[0];
const risky = (packed?.files ?? []).map((f) => f.path).filter((p) => /(^|\/)(\.env|.*\.pem|id_rsa|\.npmrc|fixtures?\/|__tests__\/)/.test(p));
console.log(`tarball: ${packed?.files?.length ?? 0} files, ${(packed?.size ?? 0) / 1000} kB`);
if (risky.length) problems.push(`would publish sensitive/test files: ${risky.join(", ")}`);

const published = sh("npm", ["view", `${pkg.name}@${pkg.version}`, "version"]);
if (published) problems.push(`version ${pkg.version} already published`);
if (!pkg.publishConfig?.provenance) problems.push("set publishConfig.provenance=true (requires CI with OIDC)");

console.log(problems.length ? `\n${problems.length} problem(s):\n- ${problems.join("\n- ")}` : "\nready to publish");
process.exit(problems.length ? 1 : 0);
