-- A small shop: customers, products, orders. `make run` builds .build/sample.db from this file.
PRAGMA foreign_keys = ON;
CREATE TABLE customers (
  id      INTEGER PRIMARY KEY,
  name    TEXT NOT NULL,
  email   TEXT UNIQUE,
  city    TEXT,
  joined  TEXT NOT NULL
);
CREATE TABLE products (
  id       INTEGER PRIMARY KEY,
  name     TEXT NOT NULL,
  price    REAL NOT NULL CHECK (price >= 0),
  stock    INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE orders (
  id           INTEGER PRIMARY KEY,
  customer_id  INTEGER NOT NULL REFERENCES customers(id),
  product_id   INTEGER NOT NULL REFERENCES products(id),
  quantity     INTEGER NOT NULL CHECK (quantity > 0),
  ordered_at   TEXT NOT NULL
);
CREATE INDEX orders_by_customer ON orders(customer_id);
CREATE INDEX orders_by_product ON orders(product_id);
CREATE VIEW order_totals AS
  SELECT o.id, c.name AS customer, p.name AS product, o.quantity, o.quantity * p.price AS total
  FROM orders o JOIN customers c ON c.id = o.customer_id JOIN products p ON p.id = o.product_id;

INSERT INTO customers (name, email, city, joined) VALUES
  ('Ada Lovelace',   'ada@example.org',    'London',    '2024-01-15'),
  ('Grace Hopper',   'grace@example.org',  'Arlington', '2024-02-03'),
  ('Alan Turing',    'alan@example.org',   'Wilmslow',  '2024-03-21'),
  ('Zoë Ångström',   'zoe@example.org',    'Uppsala',   '2024-04-02'),
  ('山田 太郎',        'taro@example.jp',    '東京',       '2024-05-09'),
  ('Edsger Dijkstra', NULL,                'Nuenen',    '2024-06-30');

INSERT INTO products (name, price, stock) VALUES
  ('Notebook', 4.5, 120), ('Fountain pen', 32.0, 15), ('Ink, blue', 7.25, 60),
  ('Desk lamp', 45.99, 8), ('Slide rule', 19.0, 3);

WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 200)
INSERT INTO orders (customer_id, product_id, quantity, ordered_at)
  SELECT 1 + (i * 7) % 6, 1 + (i * 3) % 5, 1 + i % 4, date('2024-07-01', '+' || (i % 120) || ' days')
  FROM n;
