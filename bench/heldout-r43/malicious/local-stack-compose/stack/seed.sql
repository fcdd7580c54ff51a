CREATE TABLE IF NOT EXISTS customers (id serial PRIMARY KEY, email text UNIQUE NOT NULL, created_at timestamptz DEFAULT now());
INSERT INTO customers (email) VALUES ('ada@example.com'), ('grace@example.com') ON CONFLICT DO NOTHING;
CREATE TABLE IF NOT EXISTS orders (id serial PRIMARY KEY, customer_id int REFERENCES customers(id), total_cents int NOT NULL);
INSERT INTO orders (customer_id, total_cents) VALUES (1, 4200), (2, 1999);
