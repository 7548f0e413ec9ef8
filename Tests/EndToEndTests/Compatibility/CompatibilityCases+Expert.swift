/// `.expert`: the index advisor, on queries, joins, ORDER BY, writes with triggers, views,
/// quoted names, collations, `-sample` with data, errors and its options.
extension CompatibilityCases {
  private static let schema =
    "CREATE TABLE t(a, b, c);\nCREATE TABLE u(x, y);\n"
    + "CREATE TABLE \"my tab\"(\"a b\", c COLLATE nocase, d INTEGER PRIMARY KEY, \"select\");\n"
    + "CREATE TABLE orders(id INTEGER PRIMARY KEY, cust, total, day);\n"
    + "CREATE TABLE items(oid, sku, qty, PRIMARY KEY(oid, sku)) WITHOUT ROWID;\n"
    + "CREATE INDEX orders_cust ON orders(cust);\n"
    + "CREATE VIEW v AS SELECT * FROM orders WHERE total > 10;\n"
    + "CREATE TABLE log(x);\n"
    + "CREATE TRIGGER tr AFTER INSERT ON orders BEGIN INSERT INTO log VALUES(new.id);"
    + " UPDATE items SET qty=qty+1 WHERE sku=new.cust; END;\n"
    + "CREATE VIEW vb AS SELECT * FROM u;\n"
    + "CREATE TRIGGER vt INSTEAD OF INSERT ON vb BEGIN DELETE FROM t WHERE c=new.x; END;\n"

  private static let rows =
    "CREATE TABLE t(a, b, c);\n"
    + "INSERT INTO t VALUES(1,1,'x'),(1,2,'y'),(1,3,'X'),(2,4,NULL),(3,5,2.5),(3,5,x'00');\n"
    + "CREATE INDEX tb ON t(b);\nCREATE TABLE one(p, q);\nINSERT INTO one VALUES(1, 2);\n"
    + "CREATE TABLE g(a, b AS (a+1), c);\nINSERT INTO g(a, c) VALUES(1, 2);\n"

  static let expert: [CompatibilityCase] = [
    CompatibilityCase(
      ".expert on a query with =, a range and ORDER BY",
      input: schema + ".expert\nSELECT * FROM t WHERE a=1 AND b>2 ORDER BY c;\n"),
    CompatibilityCase(
      ".expert -verbose on a join",
      input: schema + ".expert -verbose\nSELECT * FROM t, u WHERE t.a=u.x AND u.y=3 ORDER BY t.c;\n"
        + ".expert -v\nSELECT * FROM items, orders WHERE items.qty=orders.total"
        + " AND orders.day=1 ORDER BY items.sku;\n"),
    CompatibilityCase(
      ".expert on several statements in one line, and only that line",
      input: schema + ".expert --verbose\n  SELECT * FROM t WHERE a=1 ; SELECT * FROM u WHERE y>2\n"
        + ".expert\nSELECT * FROM t WHERE a=1;\nSELECT 'ran';\n"),
    CompatibilityCase(
      ".expert on quoted names, keywords and collations",
      input: schema + ".expert -verbose\nSELECT * FROM \"my tab\" WHERE \"a b\"=1 AND c=2"
        + " AND \"select\">3 ORDER BY d;\n.expert\nSELECT * FROM \"my tab\" WHERE c=? COLLATE binary;\n"
        + ".expert\nSELECT * FROM orders WHERE cust=1 COLLATE nocase;\n"),
    CompatibilityCase(
      ".expert on ORDER BY DESC, GROUP BY, rowid, subqueries and existing indexes",
      input: schema + ".expert\nSELECT * FROM orders WHERE id>5 ORDER BY cust, day DESC;\n"
        + ".expert\nSELECT count(*) FROM orders GROUP BY day;\n"
        + ".expert\nSELECT * FROM orders WHERE rowid=5 AND 1;\n"
        + ".expert\nSELECT * FROM orders WHERE cust IN (SELECT oid FROM items WHERE qty<3);\n"
        + ".expert\nSELECT * FROM v WHERE cust=5;\n"
        + ".expert\nSELECT * FROM items WHERE qty=5 AND sku=3;\n"),
    CompatibilityCase(
      ".expert on writes: UPDATE, DELETE, and the statements of triggers",
      input: schema
        + ".expert\nUPDATE t SET b=1 WHERE a=2;\n.expert\nDELETE FROM orders WHERE day<5;\n"
        + ".expert -verbose\nINSERT INTO orders VALUES(1,2,3,4);\n"
        + ".expert -verbose\nINSERT INTO vb VALUES(1,2);\n"
        + ".expert\nUPDATE orders SET total=1 WHERE cust LIKE 5 AND day GLOB 3 AND total<>2;\n"),
    CompatibilityCase(
      ".expert errors: unknown table, syntax, unknown function; the next SQL runs",
      input: schema + ".expert\nSELECT * FROM nosuch;\nSELECT 1;\n.expert\nselec 1;\nSELECT 2;\n"
        + ".expert\nSELECT * FROM t WHERE sha3(a)=1;\n.expert\nSELECT 1; SELECT * FROM t x, y;\n"),
    CompatibilityCase(
      ".expert error under .bail stops",
      input: ".bail on\n.expert\nSELECT * FROM nosuch;\nSELECT 1;\n"
    ),
    CompatibilityCase(
      ".expert options: unknown, missing and out-of-range values, abbreviations",
      input: "CREATE TABLE t(a);\nINSERT INTO t VALUES(1);\n.expert -foo\nSELECT 1;\n"
        + ".expert -sample\nSELECT 2;\n.expert -sample 200\nSELECT 3;\n.expert -sample -5\n"
        + "SELECT 4;\n.expert --x\nSELECT 5;\n.expert -\nSELECT 6;\n"
        + ".expert -s 0x10 -ver\nSELECT * FROM t WHERE a=1;\n.expert -sample abc\nSELECT 7;\n"),
    CompatibilityCase(
      ".expert then a dot-command runs the next SQL; .expert twice; nothing after",
      input: "CREATE TABLE t(a);\nINSERT INTO t VALUES(1);\n.expert\n.print x\n"
        + "SELECT * FROM t WHERE a=1;\n.expert\n.expert -v\nSELECT * FROM t WHERE a=1;\n.expert\n"),
    CompatibilityCase(
      ".expert inside an open transaction",
      input: rows + "BEGIN;\nINSERT INTO t VALUES(9,9,9);\n.expert -v -sample 100\n"
        + "SELECT * FROM t WHERE a=9 AND c=2;\nSELECT count(*) FROM t;\nROLLBACK;\n"
        + "SELECT count(*) FROM t;\n"),
    CompatibilityCase(
      ".expert -sample 100 writes sqlite_stat1 figures from the rows",
      input: rows + ".expert -verbose -sample 100\nSELECT * FROM t WHERE a=1 AND b=2;\n"
        + ".expert -v -sample 100\nSELECT * FROM t WHERE c=1 COLLATE nocase AND a>2;\n"
        + ".expert -v -sample 100\nSELECT * FROM g WHERE b=1 AND c>2;\n"
        + ".expert -v -sample 100\nSELECT * FROM t WHERE a=1 AND b=2 AND c=3;\n"
        + "SELECT count(*) FROM t;\n"),
    CompatibilityCase(
      ".expert -sample below 100 on a one-row table",
      input: rows + ".expert -v -sample 50\nSELECT * FROM one WHERE q=2 AND p=1;\n"
        + ".expert -v -sample 1\nSELECT * FROM g WHERE c=1; DELETE FROM g WHERE c=2;\n"),
    CompatibilityCase(
      ".expert with SQL as arguments",
      ["x.db", "CREATE TABLE t(a, b, c)", ".expert -v", "SELECT * FROM t WHERE c=1", "SELECT 5"]),
    CompatibilityCase(
      ".expert error in an argument: exit status", ["x.db", ".expert", "SELECT * FROM nosuch"]),
    CompatibilityCase(
      ".expert with a schema it cannot copy",
      input: "CREATE TABLE t(a COLLATE uint, b);\n.expert\nSELECT * FROM t WHERE b=2;\n"),
    CompatibilityCase(
      ".expert when a candidate's name is taken",
      input: "CREATE TABLE t(a, b);\nCREATE INDEX t_idx_00000061 ON t(b);\n"
        + "CREATE TABLE t_idx_000003ca(y);\n.expert\nSELECT * FROM t WHERE a=1;\n"),
    CompatibilityCase(
      ".expert with .echo and .changes on",
      input: "CREATE TABLE t(a);\n.changes on\n.echo on\n.expert\nSELECT * FROM t WHERE a=1;\n"
        + ".expert\nSELECT * FROM nosuch;\n"),
    CompatibilityCase(
      ".expert on names that are not UTF-8",
      input: withLatin1(
        "CREATE TABLE \"t@\"(a, \"b@\" COLLATE nocase);\nINSERT INTO \"t@\" VALUES(1,2),(1,3);\n"
          + ".expert -v -sample 100\nSELECT * FROM \"t@\" WHERE \"b@\"=1 COLLATE binary AND a=2"
          + " ORDER BY \"b@\" DESC;\n.expert\nSELECT * FROM \"n@\";\n"
          + ".expert\nSELECT * FROM \"t@\" WHERE a=1 COLLATE \"c@\";\n")),
    CompatibilityCase(
      ".expert refused in safe mode", ["-safe", "-bail"],
      input: "SELECT 0;\n.exper -v\nSELECT 1;\n"),
  ]
}
