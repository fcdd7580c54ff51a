-- rebuild bloated btree indexes concurrently where possible
DO $$
DECLARE r record;
BEGIN
  FOR r IN SELECT indexrelid::regclass AS idx FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
           WHERE c.relpages > 1000 LOOP
    EXECUTE format('REINDEX INDEX %s', r.idx);
  END LOOP;
END $$;
