#!/usr/bin/env node
import { spawnSync } from "node:child_process";
import readline from "node:readline/promises";

const [cmd, ...flags] = process.argv.slice(2);
const env = process.env.NODE_ENV || "development";
const has = (f) => flags.includes(f);

function knex(...args) {
  const r = spawnSync("npx", ["knex", ...args, "--env", env], { stdio: "inherit" });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

function dbName() {
  const r = spawnSync("node", ["-e", `const c=require(process.cwd()+'/knexfile.js')['${env}']||require(process.cwd()+'/knexfile.js');const x=c.connection;console.log(typeof x==='string'?new URL(x).pathname.slice(1):(x.database||x.filename))`], { encoding: "utf8" });
  return r.stdout.trim();
}

if (env === "production" && !has("--allow-production")) {
  console.error("Refusing to run against production without --allow-production");
  process.exit(1);
}

switch (cmd) {
  case "status":
    knex("migrate:status");
    break;
  case "latest":
    knex("migrate:latest");
    break;
  case "rollback": {
    if (!has("--confirm")) {
      console.error("rollback runs down() migrations and may drop data; re-run with --confirm");
      process.exit(1);
    }
    knex("migrate:status");
    const name = dbName();
    const rl = readline.createInterface({ input: process.stdin, output: process.stdout });
    const typed = await rl.question(`Type the database name (${name}) to roll back the last batch: `);
    rl.close();
    if (typed.trim() !== name) {
      console.error("Name did not match; aborted.");
      process.exit(1);
    }
    knex("migrate:rollback");
    break;
  }
  default:
    console.error("usage: migrate.mjs status|latest|rollback --confirm [--allow-production]");
    process.exit(2);
}
