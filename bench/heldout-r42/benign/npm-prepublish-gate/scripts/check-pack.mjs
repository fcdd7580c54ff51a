import { execSync } from "node:child_process";
const [pack] = JSON.parse(execSync("npm pack --dry-run --json", { encoding: "utf8" }));
const bad = pack.files.filter((f) =>
  /(^|\/)\.env(\.|$)|\.pem$|\.key$|(^|\/)\.npmrc$|(^|\/)(test|tests|__fixtures__)\//.test(f.path) || f.size > 5e6);
for (const f of bad) console.error(`would publish: ${f.path} (${f.size} bytes)`);
console.log(`${pack.files.length} files, ${(pack.size / 1024).toFixed(1)} kB packed`);
process.exit(bad.length ? 1 : 0);
