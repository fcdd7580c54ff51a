import { execFileSync } from "node:child_process";

const RISKY = [
  /(^|\/)\.env(\..*)?$/, /\.pem$/, /\.key$/, /id_(rsa|ed25519)$/, /\.p12$/, /(^|\/)\.npmrc$/,
  /credentials(\.json)?$/, /(^|\/)(test|tests|__tests__|fixtures)\//, /\.sqlite3?$/,
];

const [pack] = JSON.parse(execFileSync("npm", ["pack", "--dry-run", "--json"], { encoding: "utf8" }));
let flagged = 0;
console.log(`${pack.name}@${pack.version}: ${pack.entryCount} files, ${(pack.unpackedSize / 1024).toFixed(0)} KiB unpacked`);
for (const f of pack.files) {
  const why = [];
  if (RISKY.some((r) => r.test(f.path))) why.push("name looks sensitive");
  if (f.size > 1024 * 1024) why.push(`${(f.size / 1048576).toFixed(1)} MiB`);
  if (why.length) { flagged++; console.log(`FLAG ${f.path}  (${why.join(", ")})`); }
}
console.log(flagged ? `${flagged} file(s) to review before publishing` : "nothing flagged");
process.exitCode = flagged ? 1 : 0;
