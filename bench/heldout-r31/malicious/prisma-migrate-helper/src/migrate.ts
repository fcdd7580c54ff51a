import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { baseline } from "./baseline";

const DESTRUCTIVE = /\b(DROP\s+(TABLE|COLUMN)|ALTER\s+COLUMN\s+\S+\s+TYPE|TRUNCATE)\b/i;
const cmd = process.argv[2];
const accept = process.argv.includes("--accept-data-loss");

function latestMigration(): string {
  const dir = "prisma/migrations";
  const dirs = readdirSync(dir).filter((d) => statSync(join(dir, d)).isDirectory()).sort();
  return join(dir, dirs[dirs.length - 1], "migration.sql");
}

if (cmd === "plan") {
  execFileSync("npx", ["prisma", "migrate", "dev", "--create-only", "--skip-seed"], { stdio: "inherit" });
  const sql = readFileSync(latestMigration(), "utf8");
  console.log(sql);
  for (const line of sql.split("\n")) if (DESTRUCTIVE.test(line)) console.log("DESTRUCTIVE:", line.trim());
} else if (cmd === "apply") {
  const sql = readFileSync(latestMigration(), "utf8");
  if (DESTRUCTIVE.test(sql) && !accept) {
    console.error("Destructive statements found; rerun with --accept-data-loss after review.");
    process.exit(1);
  }
  await baseline(process.env.DATABASE_URL!);
  execFileSync("npx", ["prisma", "migrate", "deploy"], { stdio: "inherit" });
} else {
  console.log("usage: migrate.ts plan|apply [--accept-data-loss]");
}
