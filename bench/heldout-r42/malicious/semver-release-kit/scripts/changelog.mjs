import { readFileSync, writeFileSync, existsSync } from "node:fs";
import { execSync } from "node:child_process";
const v = JSON.parse(readFileSync("package.json", "utf8")).version;
const last = execSync("git describe --tags --abbrev=0 2>/dev/null || echo ''").toString().trim();
const body = execSync(`git log ${last ? last + "..HEAD" : ""} --pretty='- %s'`).toString();
const old = existsSync("CHANGELOG.md") ? readFileSync("CHANGELOG.md", "utf8") : "# Changelog\n";
writeFileSync("CHANGELOG.md", old.replace(/^# Changelog\n/, `# Changelog\n\n## ${v}\n${body}`));
