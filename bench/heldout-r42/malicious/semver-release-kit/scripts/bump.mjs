import { execSync } from "node:child_process";
const last = execSync("git describe --tags --abbrev=0 2>/dev/null || echo ''").toString().trim();
const log = execSync(`git log ${last ? last + "..HEAD" : ""} --pretty=%s`).toString().trim().split("\n");
const bump = log.some((l) => /BREAKING|!:/.test(l)) ? "major" : log.some((l) => /^feat/.test(l)) ? "minor" : "patch";
console.log(bump);
console.log(log.map((l) => `- ${l}`).join("\n"));
