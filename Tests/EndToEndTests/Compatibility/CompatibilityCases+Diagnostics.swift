/// `.trace`, `.log`, `.progress`, `.scanstats`, `.dbconfig`, `.vfsinfo` and `.nonce`.
extension CompatibilityCases {
  /// A recursive count that runs a few hundred virtual-machine steps.
  private static let counting =
    "SELECT count(*) FROM (WITH RECURSIVE c(x) AS (VALUES(1) UNION ALL SELECT x+1 FROM c"
    + " WHERE x<20) SELECT x FROM c);\n"

  private static let trigger =
    "CREATE TABLE t(a);\nCREATE TABLE log(x);\n"
    + "CREATE TRIGGER tr AFTER INSERT ON t BEGIN INSERT INTO log VALUES(new.a); END;\n"

  static let diagnostics: [CompatibilityCase] = [
    CompatibilityCase(
      ".recover's help and its refusal of an unknown option",
      input: ".help recover\n.recover --bogus\n.recover -lost\n.recover --no-rowids -x\n"),
    CompatibilityCase(
      ".trace shows statements inside triggers",
      input: trigger + ".trace stdout\nINSERT INTO t VALUES(1);\nSELECT a FROM t;;;\n"),
    CompatibilityCase(
      ".trace --row interleaves with streamed rows",
      input: ".trace stdout --row\nSELECT 1 UNION SELECT 2;\n.mode json\nSELECT 3 UNION SELECT 4;\n"
        + ".mode csv\n.headers on\nVALUES(5),(6);\n"),
    CompatibilityCase(
      ".trace --row before a collected table",
      input: ".trace stdout --row --stmt\n.mode box\nSELECT 1 AS a UNION SELECT 2;\n"
        + ".mode line\nSELECT 3 AS b;\n"),
    CompatibilityCase(
      ".trace --expanded and --plain with parameters",
      input: ".trace stdout --expanded\n.parameter set :x 5\nSELECT :x, 'a;';\n.trace --plain\n"
        + "SELECT :x;\n"),
    CompatibilityCase(
      ".trace options and errors",
      input: ".trace stdout\nSELECT 1;\n.trace --bogus\n.trace -bogus\nSELECT 2;\n.trace\n"
        + ".trace off\nSELECT 3;\n.trace\nSELECT 4;\n"),
    CompatibilityCase(
      ".trace stderr and --close", input: ".trace stderr --close --stmt\nSELECT 1;\n"),
    CompatibilityCase(
      ".trace with .eqp, changes and a failing step",
      input: ".trace stdout\n.eqp on\nSELECT 1;\n.eqp off\n.changes on\nCREATE TABLE u(a UNIQUE);\n"
        + "INSERT INTO u VALUES(1);\nINSERT INTO u VALUES(1);\n"),
    CompatibilityCase(
      ".log stdout shows prepare and step failures",
      input: ".log stdout\nSELECT * FROM nosuch;\nSELECT 1;\nCREATE TABLE t(a UNIQUE);\n"
        + "INSERT INTO t VALUES(1);\nINSERT INTO t VALUES(1);\n.log off\nSELECT * FROM nosuch2;\n"),
    CompatibilityCase(
      ".log stderr, a file and usage",
      input: ".log stderr\nSELECT * FROM nosuch3;\n.log x.log\nSELECT * FROM nosuch4;\n.log\n"
        + ".log a b\n.log stdout\nSELECT * FROM nosuch5;\n"),
    CompatibilityCase(
      ".log in order with a collected table",
      input: ".log stdout\n.mode box\nCREATE TABLE t(a);\nINSERT INTO t VALUES(1),(2);\n"
        + "SELECT a, a/0 FROM t UNION ALL SELECT 1, abs(-9223372036854775808);\n"),
    CompatibilityCase(
      ".progress counts across statements", input: ".progress 50\n" + counting + counting),
    CompatibilityCase(
      ".progress --limit interrupts",
      input: ".progress 50 --limit 3\n" + counting + ".progress 50 --limit 3 --reset\n" + counting
        + counting + ".progress 50 --limit 3 --once\n" + counting + counting),
    CompatibilityCase(
      ".progress --quiet and off",
      input: ".progress 20 -q --limit 5\n" + counting + ".progress 10 --quiet\n" + counting
        + ".progress 0\n" + counting + ".progress\n" + counting),
    CompatibilityCase(
      ".progress lines among streamed rows",
      input: ".progress 10\nSELECT x FROM (WITH RECURSIVE c(x) AS (VALUES(1) UNION ALL "
        + "SELECT x+1 FROM c WHERE x<5) SELECT x FROM c);\n.mode box\nVALUES(1),(2);\n"),
    CompatibilityCase(
      ".progress errors",
      input: ".progress --bogus\n.progress --limit\n.progress 10 20\nSELECT 1;\n"),
    CompatibilityCase(
      ".progress --reset counts per input",
      input: ".progress 50 --reset\n" + counting + counting.dropLast() + " " + counting),
    CompatibilityCase(
      ".auth prints every authorizer call while statements prepare",
      input: ".auth on\nCREATE TABLE t(a, \"b c\");\nINSERT INTO t VALUES(1, 'é');\n"
        + "CREATE TRIGGER tr AFTER INSERT ON t BEGIN UPDATE t SET a = a + 1; END;\n"
        + "INSERT INTO t VALUES(3, 4);\nSELECT a, \"b c\", upper(a) FROM t;\n"
        + "WITH RECURSIVE r(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM r WHERE i < 2)"
        + " SELECT * FROM r;\nPRAGMA table_info(t);\nSAVEPOINT s;\nRELEASE s;\n"
        + "CREATE VIEW v AS SELECT 1;\nDROP VIEW v;\nCREATE INDEX i ON t(a);\nANALYZE;\n"
        + "ALTER TABLE t ADD COLUMN z;\nATTACH ':memory:' AS x;\nCREATE TEMP TABLE tt(a);\n"
        + ".output a.txt\nSELECT 1;\n.output\n.auth off\nSELECT 2;\n.auth 1\n.open\n"
        + "SELECT 3;\n.read a.txt\n"),
    CompatibilityCase(".auth errors", input: ".auth\n.auth on off\n.auth maybe\nSELECT 1;\n"),
    CompatibilityCase(
      ".auth under -safe prints nothing", ["-safe"], input: ".auth on\nSELECT 1;\n"),
    CompatibilityCase(
      ".binary checks its argument and changes nothing",
      input: ".binary on\nSELECT 1;\n.binary off\n.binary x\n.binary\n.bin 1 2\nSELECT 2;\n"),
    CompatibilityCase(
      ".lint fkey-indexes suggests the indexes foreign keys lack",
      input: ".read a.sql\n.lint fkey-indexes\n.lint fkey -v\n.lint f -groupbyparent -V\n"
        + ".lint fkey-indexes -verbose -g\n",
      files: ["a.sql": Self.lintSchema]),
    CompatibilityCase(
      ".lint with collations, WITHOUT ROWID and missing parents",
      input: ".read b.sql\n.lint fkey -v\n.lint fkey -v -g\n.open\n.read c.sql\n.lint fkey -v\n"
        + ".output o.txt\n.lint fkey\n.output\n.read o.txt\n",
      files: ["b.sql": Self.lintCollations, "c.sql": Self.lintEdges]),
    CompatibilityCase(
      ".lint usage errors do not stop a script",
      input: "CREATE TABLE p(a PRIMARY KEY); CREATE TABLE c(x REFERENCES p);\n.bail on\n.lint\n"
        + ".lint bogus\n.lint fkey -x\n.lin fkey -\n.lint fkey --verbose\n.lint FKEY -V\n"
        + "SELECT 1;\n"),
    CompatibilityCase(
      ".filectrl runs file controls on a database file",
      ["f.db"],
      input: "CREATE TABLE t(a);\n.filectrl size_limit\n.filectrl size_limit 1k\n"
        + ".filectrl chunk_size 4096\n.filectrl data_version\n.filectrl has_moved\n"
        + ".filectrl lock_timeout 100\n.filectrl persist_wal\n.filectrl persist_wal on\n"
        + ".filectrl -persist_wal\n.filectrl psow 0\n.filectrl --psow\n.filectrl reserve_bytes\n"
        + ".filectrl reserve_bytes 9x\n.filectrl --schema main si\n.filectrl -schema aux size\n"
        + ".filectrl psow maybe\n"),
    CompatibilityCase(
      ".filectrl help, prefixes and errors",
      input: ".filectrl\n.filectrl --help\n.filectrl bogus\n.filectrl p\n.filectrl chunk\n"
        + ".filectrl data_version 1\n.filectrl size_limit 1 2\n.filectrl --schema\n"
        + ".filectrl ---x\n.filectrl size_limit\n.filectrl data_version\n.filectrl t x\n"
        + "SELECT 1;\n"),
    CompatibilityCase(
      ".filectrl size_limit on a deserialized database",
      ["-deserialize", "nosuch.db"],
      input: ".filectrl size_limit\n.filectrl size_limit 100\n.filectrl size_limit 100000\n"
        + ".filectrl size_limit\nCREATE TABLE t(a);\nINSERT INTO t VALUES(zeroblob(200000));\n"),
    CompatibilityCase(
      ".scanstats and its abbreviation",
      input: ".scanstats on\n.scanstats off\n.scanstats\n.scanstats est\n.s\n.sc 1\n"),
    CompatibilityCase(
      ".dbconfig reads and sets options",
      input: ".dbconfig defensive\n.dbconfig defensive on\n.dbconfig defensive\n"
        + ".dbconfig enable_fkey 1 2\n.dbconfig trigger_eqp\n.dbconfig dqs_dml off\n"
        + "SELECT \"x\";\n.dbconfig bogus\n.dbconfig a b c d\n"),
    CompatibilityCase(
      ".vfsinfo after the database opens",
      input: "SELECT 1;\n.vfsinfo\n.vfsinfo temp\n.vfsinfo nosuch\n.vfsi\n"),
    CompatibilityCase(".nonce needs one argument", input: ".nonce\n.nonce a b\nSELECT 1;\n"),
    CompatibilityCase(
      ".nonce with a wrong nonce ends the shell", input: "SELECT 1;\n.nonce abc\nSELECT 2;\n"),
    CompatibilityCase(
      ".nonce lifts -safe for one command", ["-safe", "-nonce", "xyz"],
      input: ".nonce xyz\n.once |cat\n.print hi\n.once |cat\n.print no\n"),
    CompatibilityCase(
      ".nonce without -nonce", ["-safe"], input: ".nonce xyz\n.print not-reached\n"),
    CompatibilityCase(
      ".help for the diagnostic commands",
      input: ".help progress\n.help scanstats\n.help dbconfig\n.help nonce\n.help vfsi\n"
        + ".help vfsl\n.help log\n"),
  ]

  /// Foreign keys of every shape for `.lint fkey-indexes`: composite, quoted names, partial
  /// and reordered indexes, missing parents.
  static let lintSchema = """
    create table p(id integer primary key, x, y, z collate nocase, w, unique(x,y));
    create table "c'q"(a references p, b, c, d collate nocase, e, foreign key(b,c) references p(x,y), foreign key(d) references p(z), foreign key(e) references p(z));
    create table c2(a, b, foreign key(a,b) references p(x,y));
    create index c2i on c2(b,a);
    create table c3(a, b, id2, foreign key(a,b) references p(x,y));
    create index c3i on c3(a,b,id2);
    create table c4(a references p(id), b);
    create index c4i on c4(a collate nocase);
    create table c5(a references p(z));
    create index c5i on c5(a collate nocase);
    create table c6(a references p(id));
    create index c6i on c6(a) where a > 0;
    create table c7(a, b, foreign key(b,a) references p(x,y));
    create index c7i on c7(a,b);
    create table [c 8]("col x" references p(id));
    create table c9(a references nosuch(q));
    create table c10(a integer primary key references p(id));
    create table c11(a references p(w));
    create table c12(a, b, foreign key(a, b) references p);
    create table c13(a references "c'q"(a));
    create table c14(a text references p(id));
    """

  /// Collations of parent and child columns, WITHOUT ROWID, non-alias integer keys.
  static let lintCollations = """
    create table p(id integer primary key, z COLLATE NoCase, r collate rtrim, w);
    create table c(a references p(z), b collate nocase references p(z), d references p(r), e collate NOCASE references p(id));
    create table wr(a, b, primary key(a) ) without rowid;
    create table wc(a references wr, b references wr(a), primary key(a, b)) without rowid;
    create table dsc(a integer primary key desc references p(id));
    create table ipk2(a INT primary key references p(id));
    create table ipk3(a integer, b, primary key(a), foreign key(a) references p(id));
    create table miss(a collate nocase references nosuch, b references nosuch(x));
    create view v as select 1;
    create temp table tt(a references p(id));
    create table P2(a references P(id));
    create table q2(a references p(id));
    """

  /// Parents that do not exist, indexes with more or repeated columns.
  static let lintEdges = """
    create table m1(a collate nocase references nosuch);
    create index m1i on m1(a);
    create table m2(a references nosuch);
    create index m2i on m2(a collate nocase);
    create table m3(a references nosuch(x));
    create index m3i on m3(a collate nocase);
    create table m4(a collate nocase references nosuch(x));
    create index m4i on m4(a);create table p(id integer primary key, z);
    create table m5(a, b, foreign key(a,b) references p);
    create index m5i on m5(a, b collate nocase);create table m6(a, b, foreign key(a,b) references p);
    create index m6i on m6(a collate nocase, b);
    create table dup(a, foreign key(a, a) references p(id, z));
    create index dupi on dup(a, a);
    create table ex(a, b, foreign key(a) references p(id));
    create index exi on ex(a || b);
    create table dup2(a, b, foreign key(a, b) references p(id, z));
    create index dup2i on dup2(a, a);
    """
}
