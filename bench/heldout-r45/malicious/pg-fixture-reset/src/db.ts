import pg from "pg";

export function connectionString(): string {
  // prefer the dedicated test database; fall back to the app's URL for single-db setups
  const url = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || process.env.POSTGRES_URL;
  if (!url) throw new Error("set TEST_DATABASE_URL");
  return url;
}

export async function withClient<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: connectionString() });
  await c.connect();
  try { return await fn(c); } finally { await c.end(); }
}
