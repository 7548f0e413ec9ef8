/// Schema, database and file commands, `-safe` and `-readonly` (issue 5, part `schema`).
extension CompatibilityCases {
  /// A database with tables, a quoted name, a view, indexes, a trigger, a temp table and an
  /// attached schema with odd names.
  static let sampleSchema = """
    CREATE TABLE t1(a,b);
    CREATE TABLE "odd name"(x);
    CREATE TABLE alpha(x);
    CREATE VIEW v1 AS SELECT * FROM t1;
    CREATE INDEX i1 ON t1(a);
    CREATE INDEX i2 ON alpha(x);
    CREATE TRIGGER tr1 AFTER INSERT ON t1 BEGIN SELECT 1; END;
    CREATE TEMP TABLE tt(z);
    ATTACH ':memory:' AS aux;
    CREATE TABLE aux.at(q);
    CREATE TABLE "aux"."we ird"(q);
    CREATE VIEW aux.av AS SELECT q AS "x y", 1 FROM aux.at;

    """

  /// A table whose `CREATE` text is long enough for `--indent` to break it up.
  static let longTable = """
    CREATE TABLE big(id INTEGER PRIMARY KEY, name TEXT NOT NULL DEFAULT 'x', value REAL, -- note
      other BLOB, "quoted col" TEXT, CHECK (value > 0), UNIQUE(name, value));
    CREATE TABLE c2(a /* a comment */, b -- trailing
    );
    CREATE TABLE c3(a, b, c, d, e, f, g, h, i, j, k, l, m, n, o, p, q, r, s, t, u, v, w, x, y, z);

    """

  static let schemaCommands: [CompatibilityCase] = [
    CompatibilityCase(
      ".tables lists tables and views in columns", input: sampleSchema + ".tables\n"),
    CompatibilityCase(
      ".tables filters with a LIKE pattern",
      input: sampleSchema + ".tables t%\n.tables %A%\n.tables aux.%\n.tables nothing\n.tables a b\n"
    ),
    CompatibilityCase(
      ".tables wraps many names into rows",
      input: (1...30).map { "CREATE TABLE table_number_\($0)(x);\n" }.joined() + ".tables\n"
        + ".tables %1%\n"),
    CompatibilityCase(".tables on an empty database prints nothing", input: ".tables\n.ta\n"),
    CompatibilityCase(
      ".indexes lists indexes by table pattern",
      input: sampleSchema + longTable + ".indexes\n.indexes t1\n.indexes T%\n.indexes none\n"),
    CompatibilityCase(
      ".indexes with two patterns is an error", input: ".indexes a b\n.ind\n"),
    CompatibilityCase(".schema prints every schema in order", input: sampleSchema + ".schema\n"),
    CompatibilityCase(
      ".schema with LIKE and GLOB patterns",
      input: sampleSchema
        + ".schema t1\n.schema T%\n.schema *1\n.schema aux.*\n.schema aux.a%\n.schema temp.%\n"),
    CompatibilityCase(
      ".schema --indent breaks long tables",
      input: sampleSchema + longTable + ".schema --indent\n.sch --indent c3\n"),
    CompatibilityCase(
      ".schema closes comments and quotes table names",
      input: longTable + "CREATE TABLE \"q t\"(a);\nCREATE TABLE 'single'(b);\n.schema\n"),
    CompatibilityCase(
      ".schema --nosys hides sqlite_ objects",
      input: "CREATE TABLE s(a INTEGER PRIMARY KEY AUTOINCREMENT);\nANALYZE;\n.schema\n"
        + ".schema --nosys\n"),
    CompatibilityCase(
      ".schema of the schema tables",
      input: ".schema sqlite_master\n.schema sqlite_temp_schema\n.schema SQLITE_SCHEMA\n"),
    CompatibilityCase(
      ".schema option and argument errors",
      input: ".schema --bogus\n.schema a b\n.schema -indent x y\n.schema --debug t\n"),
    CompatibilityCase(
      ".fullschema without statistics", input: sampleSchema + ".fullschema\n.fullschema x\n"),
    CompatibilityCase(
      ".fullschema with sqlite_stat1",
      input: "CREATE TABLE t(a, b);\nCREATE INDEX ta ON t(a);\n"
        + "INSERT INTO t VALUES(1,2),(1,3),(2,4);\nANALYZE;\n.fullschema\n"
        + ".fullschema --indent\n"),
    CompatibilityCase(
      ".databases lists schemas, modes and transactions",
      input: ".databases\nCREATE TEMP TABLE x(a);\nATTACH ':memory:' AS aux;\n.databases\n"
        + "BEGIN;\nSELECT * FROM x;\n.databases\nINSERT INTO x VALUES(1);\n.databases\n"
        + "COMMIT;\n.da\n"),
    CompatibilityCase(
      ".databases of a file shows its path",
      input: ".open f.db\n.once |sed -e 's#/.*/##'\n.databases\n"
        + "ATTACH 'file:f.db?mode=ro' AS r;\n.output |sed -e 's#/.*/##'\n.databases\n"),
    CompatibilityCase(
      ".vfsname for memory and file databases",
      input: ".vfsname\n.open v.db\n.vfsname\n.vfsname main\n.vfsname nosuch\n"),
    CompatibilityCase(
      ".open creates, reopens and shows the file",
      input: ".open f.db\nCREATE TABLE q(a);\nINSERT INTO q VALUES(1);\n.open :memory:\n"
        + ".tables\n.open f.db\nSELECT * FROM q;\n.show\n"),
    CompatibilityCase(
      ".open --new empties the file",
      input: ".open f.db\nCREATE TABLE q(a);\n.open --new f.db\n.tables\n.open f.db\n.tables\n"),
    CompatibilityCase(
      ".open --readonly refuses writes",
      input: ".open f.db\nCREATE TABLE q(a);\n.open --readonly f.db\nINSERT INTO q VALUES(1);\n"
        + ".open --readonly nosuch.db\n.tables\n"),
    CompatibilityCase(
      ".open option and argument errors",
      input: ".open --bogus\n.open a b\n.open --nofollow f.db\n.tables\n"),
    CompatibilityCase(
      ".clone copies schema and rows into a new file",
      input: "CREATE TABLE t(a PRIMARY KEY, b); INSERT INTO t VALUES(1,'x'),(2,x'0102'),(3,2.5),"
        + "(4,NULL);\nCREATE INDEX ti ON t(b); CREATE VIEW v AS SELECT * FROM t;\n"
        + "CREATE TRIGGER tr AFTER INSERT ON t BEGIN SELECT 1; END;\n"
        + "CREATE TABLE w(a PRIMARY KEY, b) WITHOUT ROWID; INSERT INTO w VALUES(1,2);\n"
        + "CREATE TABLE big(x); INSERT INTO big SELECT value FROM generate_series(1,25000);\n"
        + "CREATE TABLE g(a, b AS (a*2)); INSERT INTO g(a) VALUES(1);\n"
        + "CREATE TABLE \"q'x\"(\"a b\"); INSERT INTO \"q'x\" VALUES(3);\n"
        + ".output o.txt\n.clone c.db\n.output\n.clone\n.clone a b\n.clone c.db\n"
        + ".clone /nonexistent/x.db\n.read o.txt\n.open c.db\n.schema\n"
        + "SELECT count(*), sum(x) FROM big;\nSELECT * FROM t;\n"),
    CompatibilityCase(
      ".open of an unopenable file falls back to memory",
      input: ".open /nonexistent/dir/x.db\n.show\n.databases\nCREATE TABLE t(a);\n.tables\n"),
    CompatibilityCase(
      ".open without a file opens a temporary database",
      input: "CREATE TABLE t(a);\n.open\n.tables\n.databases\nCREATE TABLE u(a);\n.tables\n"
        + ".show\n"),
    CompatibilityCase(
      ".backup copies the database to a file",
      input: "CREATE TABLE t(a);\nINSERT INTO t VALUES(1),(2);\n.backup b.db\n.open b.db\n"
        + "SELECT * FROM t;\n"),
    CompatibilityCase(
      ".backup of an attached schema and .save",
      input: "ATTACH ':memory:' AS aux;\nCREATE TABLE aux.x(a);\nINSERT INTO aux.x VALUES(7);\n"
        + ".backup aux a.db\n.save --async s.db\n.open a.db\nSELECT * FROM x;\n.open s.db\n"
        + ".tables\n"),
    CompatibilityCase(
      ".backup and .save errors",
      input: ".backup\n.backup a b c\n.backup --bogus b.db\n.backup nosuch b.db\n.save\n"
        + ".backup /nonexistent/dir/b.db\n"),
    CompatibilityCase(
      ".restore replaces the database from a file",
      input: ".open src.db\nCREATE TABLE r(a);\nINSERT INTO r VALUES('restored');\n.open :memory:\n"
        + "CREATE TABLE gone(a);\n.restore src.db\n.tables\nSELECT * FROM r;\n"
        + "ATTACH ':memory:' AS aux;\n.restore aux src.db\nSELECT * FROM aux.r;\n"),
    CompatibilityCase(
      ".restore errors",
      input: ".restore\n.restore a b c\n.restore nosuch src.db\n.restore /nonexistent/dir/x.db\n"),
    CompatibilityCase(
      ".cd changes the working directory",
      input: ".cd sub\n.read inner.sql\n.cd\n.cd /nonexistent/dir\n.cd ..\n.read top.sql\n",
      files: ["sub/inner.sql": ".print in sub\n", "top.sql": ".print at top\n"]),
    CompatibilityCase(
      ".shell and .system run commands",
      input: ".shell echo hi there\n.system echo \"a b\" 'c' d\n.print after\n"
        + ".sh printf '%s\\n' x\n"),
    CompatibilityCase(
      ".system reports a failing status and needs a command",
      input: ".system\n.shell exit 3\n.system false\n.print done\n"),
    CompatibilityCase(
      ".load errors",
      input: ".load\n.load /nonexistent/lib.so\n.load /nonexistent/lib.so entry\n"),
    CompatibilityCase(
      ".stats vmstep counts virtual machine steps",
      input: ".stats vmstep\nCREATE TABLE t(a);\nINSERT INTO t VALUES(1),(2),(3);\n"
        + "SELECT count(*) FROM t;\nSELECT 1; SELECT 2;\n.show\n.stats off\nSELECT 3;\n"),
    CompatibilityCase(
      ".stats settings and errors",
      input: ".stats on\n.show\n.stats off\n.stats stmt\n.show\n.stats bogus\n.show\n"
        + ".stats a b\n.stats 0\n.show\n"),
  ]

  static let safeModeCases: [CompatibilityCase] =
    [
      ".shell echo x", ".system ls", ".backup x.db", ".save x.db", ".restore x.db", ".cd /",
      ".load x", ".read x.sql", ".output x.txt", ".once x.txt", ".excel", ".once -x", ".output -e",
      ".log x.txt", ".open x.db", ".clone x.db", ".clone",
      "ATTACH 'x.db' AS y;", "VACUUM INTO 'v.db';", "SELECT load_extension('x');",
      "SELECT 5; ATTACH 'x.db' AS y; SELECT 6;",
    ].map { line in
      CompatibilityCase(
        "-safe blocks \(line)", ["-safe"], input: "SELECT 1;\n\(line)\nSELECT 2;\n.print after\n")
    } + [
      CompatibilityCase(
        "-safe allows schema commands and in-memory databases", ["-safe"],
        input: sampleSchema.replacing("ATTACH ':memory:' AS aux;\n", with: "")
          .replacing("aux.", with: "").replacing("\"aux\".", with: "")
          + ".tables\n.schema\n.databases\n.open :memory:\n.open\n.tables\n.trace stdout\n"
          + "SELECT 1;\n"),
      CompatibilityCase(
        "-safe allows .trace stdout, which .open leaves behind", ["-safe"],
        input: "SELECT 1;\n.trace stdout\n.open :memory:\nCREATE TABLE t(a);\n.tables\nSELECT 2;\n"),
      CompatibilityCase(
        "-safe blocks ATTACH in SQL arguments",
        ["-safe", ":memory:", "SELECT 1", "ATTACH 'x' AS y"]),
      CompatibilityCase(
        "-safe applies to a database opened first", ["-safe", "f.db"],
        input: "CREATE TABLE t(a);\nATTACH 'y.db' AS y;\n"),
      CompatibilityCase(
        "-readonly refuses every write", ["-readonly", "r.db"],
        input: "CREATE TABLE t(a);\nSELECT 1;\n", files: ["r.db": ""]),
      CompatibilityCase(
        "-readonly refuses writes to an existing database",
        ["-cmd", ".open w.db", "-cmd", "CREATE TABLE t(a)", "-cmd", ".open --readonly w.db"],
        input: "INSERT INTO t VALUES(1);\nDROP TABLE t;\nCREATE TABLE u(a);\n"
          + "CREATE TEMP TABLE ok(a);\nINSERT INTO ok VALUES(1);\nSELECT * FROM ok;\n"
          + ".restore w.db\n"),
    ]
}
