/// `.dump`, `.import` and `.parameter`: the `data` part of issue 5.
extension CompatibilityCases {
  /// A schema with every storage class, odd names, a WITHOUT ROWID table, AUTOINCREMENT,
  /// indexes, a view, a trigger, a generated column and statistics.
  static let richSchema = """
    CREATE TABLE t(id INTEGER PRIMARY KEY, i INT, r REAL, s TEXT, b BLOB, n);
    INSERT INTO t VALUES(1, 42, 3.14159265358979, 'hello', x'00ff10', NULL);
    INSERT INTO t VALUES(2, -9223372036854775808, 1e300*1e300, 'it''s'||char(10)||'two', x'', 'x');
    INSERT INTO t VALUES(3, 9223372036854775807, -0.0, 'cr'||char(13)||'lf'||char(10), NULL, 0.1);
    INSERT INTO t VALUES(4, 1, 2.0, '\\n literal', NULL, -1e999);
    INSERT INTO t VALUES(5, 1, 123456789012345678.0, 'a', 1e-300, 9223372036854775808.0);
    CREATE TABLE "odd name"("the col" TEXT, "select" INT, [x"y] TEXT);
    INSERT INTO "odd name" VALUES('a', 1, 'q');
    CREATE TABLE wr(k TEXT PRIMARY KEY, v) WITHOUT ROWID;
    INSERT INTO wr VALUES('b', 2), ('a', 1);
    CREATE TABLE seq(id INTEGER PRIMARY KEY AUTOINCREMENT, v);
    INSERT INTO seq(v) VALUES('x'),('y');
    CREATE TABLE plain(a, b); -- trailing comment
    INSERT INTO plain VALUES(1,2);
    INSERT INTO plain(rowid,a,b) VALUES(10,3,4);
    CREATE TABLE pk(a INTEGER PRIMARY KEY DESC, b);
    INSERT INTO pk VALUES(5,'five');
    CREATE TABLE hasrowid(rowid, b);
    INSERT INTO hasrowid VALUES(7, 8);
    CREATE INDEX ti ON t(i);
    CREATE VIEW v AS SELECT * FROM t -- comment
    ;
    CREATE TRIGGER tr AFTER INSERT ON plain BEGIN INSERT INTO seq(v) VALUES(new.a); END;
    CREATE TABLE g(a, b AS (a*2));
    INSERT INTO g(a) VALUES(3);
    ANALYZE;

    """

  static let csvFiles: [String: String] = [
    "r.csv": "a,b\n1,2\n3\n4,5,6\n\"x,\"\"y\"\"\nz\",7\n",
    "d.csv": "a,a,b,,A,\"x y\",a_1\n1,2,3,4,5,6,7\n",
    "w.csv": "a,A,c,d,e,f,g,h,i,j,k,l\n1,2,3,4,5,6,7,8,9,10,11,12\n",
    "e.csv": "",
    "nl.csv": "\n",
    "crlf.csv": "a,b\r\n1,2\r\n\"3\r\n\",4\r\n",
    "bom.csv": "\u{FEFF}a,b\n1,2\n",
    "s.csv": "a,b\n1,2\n",
    "p.csv": "x|y\n1|2\n",
    "ok.csv": "a,b\n1,2\n3,4\n",
    "ints.csv": "a\n1\nx\n 7\n",
    "t.tsv": "a\tb\n1\t2\n",
    "u.txt": "a\u{1F}b\u{1E}1\u{1F}2\u{1E}",
  ]

  static let data: [CompatibilityCase] = dumps + imports + parameters + hashes

  static let dumps: [CompatibilityCase] = [
    CompatibilityCase(".dump of an empty database", input: ".dump\n"),
    CompatibilityCase(".dump of every kind of object", input: richSchema + ".dump\n"),
    CompatibilityCase(".dump --data-only", input: richSchema + ".dump --data-only\n"),
    CompatibilityCase(".dump --newlines", input: richSchema + ".dump --newlines\n"),
    CompatibilityCase(".dump --nosys", input: richSchema + ".dump --nosys\n"),
    CompatibilityCase(".dump -nosys single dash", input: richSchema + ".dump -nosys\n"),
    CompatibilityCase(".dump --preserve-rowids", input: richSchema + ".dump --preserve-rowids\n"),
    CompatibilityCase(
      ".dump --data-only --preserve-rowids",
      input: richSchema + ".dump --data-only --preserve-rowids\n"),
    CompatibilityCase(".dump one table", input: richSchema + ".dump t\n"),
    CompatibilityCase(".dump LIKE patterns", input: richSchema + ".dump pl% odd%\n"),
    CompatibilityCase(".dump a pattern matching nothing", input: richSchema + ".dump nomatch\n"),
    CompatibilityCase(
      ".dump an unknown option", input: richSchema + ".dump --bogus\n.print after\n"),
    CompatibilityCase(
      ".dump abbreviated and to a file",
      input: richSchema + ".once d.sql\n.du wr\n.read d.sql\n.print done\n"),
    CompatibilityCase(
      ".dump ignores .mode and .headers",
      input: richSchema + ".mode json\n.headers on\n.dump wr\nSELECT 1 AS x;\n"),
    CompatibilityCase(
      ".dump of reals at full precision",
      input: "CREATE TABLE f(x);\nINSERT INTO f VALUES(0.1),(1.0/3),(1e15),(1e16),(1.5e-7),"
        + "(-2.5),(4503599627370497.0),(1e308);\n.dump\n"),
    CompatibilityCase(
      ".dump text with many newlines and stand-ins",
      input: "CREATE TABLE n(x);\n"
        + "INSERT INTO n VALUES('a\\n'||char(10)||'\\012'||char(13));\n.dump\n"),
  ]

  static let imports: [CompatibilityCase] = [
    CompatibilityCase(
      ".import creates a table and warns on ragged rows",
      input: ".import --csv -v r.csv r\n.mode quote\nSELECT * FROM r;\n", files: csvFiles),
    CompatibilityCase(
      ".import into an existing table reads the header as data",
      input: ".import --csv r.csv r\n.import --csv -v r.csv r\nSELECT count(*) FROM r;\n",
      files: csvFiles),
    CompatibilityCase(
      ".import renames duplicate columns",
      input: ".import --csv -v d.csv d\n.import --csv w.csv w\n.mode quote\nSELECT * FROM d;\n"
        + "SELECT * FROM w;\n", files: csvFiles),
    CompatibilityCase(
      ".import of an empty file and a blank line",
      input: ".import --csv e.csv e\n.import --csv nl.csv nl\n.mode quote\nSELECT * FROM nl;\n",
      files: csvFiles),
    CompatibilityCase(
      ".import of CRLF lines and quoted CRLF",
      input: ".import --csv crlf.csv c\n.mode quote\nSELECT * FROM c;\n", files: csvFiles),
    CompatibilityCase(
      ".import skips a byte order mark",
      input: ".import --csv bom.csv b\n.mode quote\nSELECT * FROM b;\n", files: csvFiles),
    CompatibilityCase(
      ".import a missing file", input: ".import --csv nosuch.csv q\n.print next\n",
      files: csvFiles),
    CompatibilityCase(
      ".import argument errors",
      input: ".import\n.import a\n.import a b c\n.import --foo a b\n.import --skip\n",
      files: csvFiles),
    CompatibilityCase(
      ".import --skip and -v", input: ".import --csv --skip 1 -v s.csv s2\n", files: csvFiles),
    CompatibilityCase(
      ".import in list mode splits on the bar",
      input: ".import -v s.csv s3\n.import -v -v p.csv p3\n.mode quote\nSELECT * FROM p3;\n",
      files: csvFiles),
    CompatibilityCase(
      ".import in csv mode changes the row separator for good",
      input: ".mode csv\n.import -v s.csv s4\n.show\nSELECT 1, 2;\n", files: csvFiles),
    CompatibilityCase(
      ".import rejects multi-byte and empty separators",
      input: ".separator ab\n.import s.csv s5\n.separator , \"\"\n.import s.csv s6\n",
      files: csvFiles),
    CompatibilityCase(
      ".import in tabs mode", input: ".mode tabs\n.import t.tsv t\nSELECT * FROM t;\n",
      files: csvFiles),
    CompatibilityCase(
      ".import --ascii and ascii mode",
      input: ".import --ascii -v u.txt u\n.mode ascii\n.import -v s.csv s7\n.mode quote\n"
        + "SELECT * FROM u;\n", files: csvFiles),
    CompatibilityCase(
      ".import into another schema",
      input: "ATTACH ':memory:' AS aux;\n.import --csv --schema aux ok.csv t4\n"
        + ".import --csv --schema nosuch s.csv s\nSELECT * FROM aux.t4;\n", files: csvFiles),
    CompatibilityCase(
      ".import applies column affinity",
      input: "CREATE TABLE m(a INTEGER);\n.import --csv ints.csv m\n.mode quote\n"
        + "SELECT a, typeof(a) FROM m;\n", files: csvFiles),
    CompatibilityCase(
      ".import reports failed inserts",
      input: "CREATE TABLE n(a INTEGER NOT NULL, b TEXT CHECK(b<>'4'));\n.import --csv ok.csv n\n"
        + "SELECT * FROM n;\n", files: csvFiles),
    CompatibilityCase(
      ".import into a narrower table ignores extras",
      input: "CREATE TABLE one(a);\n.import --csv ok.csv one\nSELECT * FROM one;\n",
      files: csvFiles),
    CompatibilityCase(
      ".import of a reserved name fails",
      input: ".import --csv ok.csv sqlite_x\n.print after\n", files: csvFiles),
    CompatibilityCase(
      ".import inside a transaction",
      input: "BEGIN;\n.import --csv ok.csv tx\nROLLBACK;\n"
        + "SELECT count(*) FROM sqlite_schema WHERE name='tx';\n", files: csvFiles),
    CompatibilityCase(
      ".import from a command",
      input: ".import '|cat s.csv' pipe\n.import '|printf \"a,b\\\\n1\"' pipe2\n"
        + ".mode quote\nSELECT * FROM pipe;\nSELECT * FROM pipe2;\n", files: csvFiles),
    CompatibilityCase(
      ".import then .dump", input: ".import --csv r.csv r\n.dump\n", files: csvFiles),
  ]

  static let parameters: [CompatibilityCase] = [
    CompatibilityCase(
      ".parameter set, list and bind",
      input: ".parameter set :a 'x y'\n.parameter set @b 2+3\n.parameter set $longername abc\n"
        + ".parameter set :d \"date('2020-01-01','+1 day')\"\n.parameter set ?2 x'00ff'\n"
        + ".parameter list\nSELECT :a, @b, $longername, ?3, :zz, :d, ?2;\n"),
    CompatibilityCase(
      ".parameter binds anonymous parameters by position",
      input: ".parameter set ?1 10\n.parameter set ?2 20\nSELECT ?, ?, ?;\n"),
    CompatibilityCase(
      ".parameter unset and clear",
      input: ".parameter set :a 1\n.parameter set :b 2\n.parameter unset :a\n.parameter list\n"
        + ".parameter clear\n.parameter list\nSELECT :b;\n"),
    CompatibilityCase(
      ".parameter usage", input: ".parameter\n.parameter bogus\n.parameter set a\n.par list x\n"),
    CompatibilityCase(
      ".parameter init creates the table",
      input: ".parameter init\nSELECT name FROM sqlite_temp_master;\n.parameter list\n"),
    CompatibilityCase(
      ".parameter values used by DML",
      input: "CREATE TABLE t(a, b);\n.parameter set :x 7\n.parameter set :y 'seven'\n"
        + "INSERT INTO t VALUES(:x, :y);\nINSERT INTO t VALUES(:x * 2, :missing);\n"
        + ".mode quote\nSELECT * FROM t;\n"),
    CompatibilityCase(
      ".parameter set with odd values",
      input: ".parameter set :n NULL\n.parameter set :q '\"quoted\"'\n.parameter set :e 1/0\n"
        + ".parameter set :f 1.5e3\n.parameter set :s \"abc def\"\n.parameter set :c abc(\n"
        + ".parameter list\n"),
    CompatibilityCase(
      ".parameter list pads non-ASCII keys by bytes",
      input: ".parameter set :é 1\n.parameter set :abc 2\n.parameter list\n"),
    CompatibilityCase(
      ".parameter keeps values across statements",
      input: ".parameter set @v 3\nSELECT @v; SELECT @v + 1;\n.mode json\nSELECT @v AS v;\n"),
  ]

  static let hashes: [CompatibilityCase] = [
    CompatibilityCase(".sha3sum of every table", input: richSchema + ".sha3sum\n"),
    CompatibilityCase(".sha3sum --schema", input: richSchema + ".sha3sum --schema\n"),
    CompatibilityCase(
      ".sha3sum per table with a LIKE pattern and another size",
      input: richSchema + ".sha3sum --sha3-256 p%\n.sha3sum --sha3-384 wr\n"),
    CompatibilityCase(
      ".sha3sum --sha3-512 in json mode", input: richSchema + ".mode json\n.sha3sum --sha3-512\n"),
    CompatibilityCase(
      ".sha3sum of the schema tables by pattern",
      input: richSchema + ".sha3sum sqlite_s%\n.sha3sum sqlite%\n"),
    CompatibilityCase(
      ".sha3sum of an empty database prints nothing", input: ".sha3sum\n.print ok\n"),
    CompatibilityCase(
      ".sha3sum --debug shows the query", input: richSchema + ".sha3sum --debug t\n"),
    CompatibilityCase(
      ".sha3sum with an unknown option or two patterns",
      input: ".sha3sum --bogus\n.sha3sum a b\n.print after\n"),
  ]
}
