/// The commands sqlite3 keeps for testing SQLite itself: `.open --hexdb`, `.testcase`,
/// `.check`, `.imposter`, `.selftest` and `.testctrl`; and the memory options `-lookaside` and `-pagecache`.
extension CompatibilityCases {
  /// A two-page database (page size 512) as `dbtotxt` prints it: table t, rows hello and world.
  static let hexDatabase = """
    | size 1024 pagesize 512 filename s.db
    | page 1 offset 0
    |      0: 53 51 4c 69 74 65 20 66 6f 72 6d 61 74 20 33 00   SQLite format 3.
    |     16: 02 00 01 01 00 40 20 20 00 00 00 02 00 00 00 02   .....@  ........
    |     32: 00 00 00 00 00 00 00 00 00 00 00 01 00 00 00 04   ................
    |     48: 00 00 00 00 00 00 00 00 00 00 00 01 00 00 00 00   ................
    |     80: 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 02   ................
    |     96: 00 2e 63 01 0d 00 00 00 01 01 dd 00 01 dd 00 00   ..c.............
    |    464: 00 00 00 00 00 00 00 00 00 00 00 00 00 21 01 06   .............!..
    |    480: 17 0f 0f 01 33 74 61 62 6c 65 74 74 02 43 52 45   ....3tablett.CRE
    |    496: 41 54 45 20 54 41 42 4c 45 20 74 28 61 2c 62 29   ATE TABLE t(a,b)
    | page 2 offset 512
    |      0: 0d 00 00 00 02 01 eb 00 01 f6 01 eb 00 00 00 00   ................
    |    480: 00 00 00 00 00 00 00 00 00 00 00 09 02 03 01 17   ................
    |    496: 02 77 6f 72 6c 64 08 01 03 09 17 68 65 6c 6c 6f   .world.....hello
    | end s.db

    """

  static let testing: [CompatibilityCase] = [
    CompatibilityCase(
      ".open --hexdb reads the lines after it; line numbers go on after them",
      input: ".open --hexdb\n" + hexDatabase
        + "SELECT * FROM t;\n.databases\nINSERT INTO t VALUES(3,'x');\nSELECT count(*) FROM t;\n"
        + "SELECT json('x');\n"),
    CompatibilityCase(
      ".open --hexdb FILE, and a file that cannot be read",
      input: ".open --hexdb s.hex\nSELECT b FROM t;\n.open --hexdb nosuch.hex\nSELECT 1;\n"
        + ".databases\n.open --hexdb .\n.tables\n",
      files: ["s.hex": hexDatabase]),
    CompatibilityCase(
      ".open --hexdb with a bad header skips to the end line",
      input: ".open --hexdb\n| sizex 10\nSELECT 1;\n| end x\nSELECT 2;\n.open --hexdb\n"
        + "| size 100 pagesize 100\nSELECT 3;\n| end\n| end y\nSELECT 4;\nSELECT json('x');\n"
        + ".open --hexdb\n| size -1 pagesize 4096\nSELECT 5;\n"),
    CompatibilityCase(
      ".open --hexdb: no end line, nothing at all, a bad header in a file",
      ["-cmd", ".open --hexdb bad.hex", ":memory:"],
      input: ".open --hexdb\n| size 512 pagesize 512\n| page 1 offset 0\n|  0: 53 51\n",
      files: ["bad.hex": "| size 100 pagesize 1000\n| end x\n"]),
    CompatibilityCase(".open --hexdb at the end of input", input: "SELECT 1;\n.open --hexdb\n"),
    CompatibilityCase(
      ".open --hexdb: bytes outside the image, odd spacing, upper-case hex, 0x",
      input: ".open --hexdb\n|size 512 pagesize 512 x\n| page 1 offset 0\n"
        + "|0: 0x53 51 4C 69 74 65 20 66 6f 72 6d 61 74 20 33 00\n"
        + "|  16: 02 00 01 01 00 40 20 20 00 00 00 01 00 00 00 01 rest\n"
        + "|  505: 01 02 03 04 05 06 07 08 09 0a 0b 0c 0d 0e 0f 10\n"
        + "|  -16: 01 02 03 04 05 06 07 08 09 0a 0b 0c 0d 0e 0f 10\n"
        + "|  20: 01 02 03\n| end \nSELECT count(*) FROM sqlite_schema;\n"),
    CompatibilityCase(
      ".open --hexdb in a .read file reads that file's lines",
      input: ".read h.sql\nSELECT count(*) FROM t;\n",
      files: ["h.sql": ".open --hexdb\n" + hexDatabase + "SELECT 'in h.sql', b FROM t;\n"]),
    CompatibilityCase(
      ".open --hexdb as an argument reads stdin", [":memory:", ".open --hexdb", "SELECT b FROM t"],
      input: hexDatabase),
    CompatibilityCase(
      ".open --hexdb in -cmd reads stdin, which then ends",
      ["-cmd", ".open --hexdb", ":memory:"], input: hexDatabase + "SELECT 1;\n"),
    CompatibilityCase(
      ".open --hexdb with a size too large to allocate",
      input: ".open --hexdb\n| size 2147483000 pagesize 4096\n| end x\nSELECT 1;\n"),
    CompatibilityCase(
      ".open --hexdb and --readonly: the last one holds",
      input: ".open --hexdb --readonly s.hex\nSELECT 1;\n.open --readonly --hexdb s.hex\n"
        + "SELECT count(*) FROM t;\n", files: ["s.hex": hexDatabase]),
    CompatibilityCase(
      ".testcase captures output and .check compares it with a pattern",
      input: ".testcase abc\nSELECT 1, 2;\nSELECT 3;\n.check \"1|2 3\"\n.testcase t2\nSELECT 12;\n"
        + ".check #\n.check #\n.testcase 123456789012345678901234567890\nSELECT 1;\n.check 2\n"
        + ".testcase\n.print é [x]\n.check '[^a]?*[[]x]'\n.testcase w\n.show\n.check *stdout*\n"
        + "SELECT 'after';\n"),
    CompatibilityCase(
      ".check with no .testcase reads the file there",
      input: ".check x\n", files: ["testcase-out.txt": "x\n"]),
    CompatibilityCase(
      ".check of an empty capture ends the input", input: ".testcase e\n.check *\nSELECT 1;\n"),
    CompatibilityCase(".check without its pattern ends the input", input: ".check\nSELECT 1;\n"),
    CompatibilityCase(
      ".check with two patterns, in a .read file: only that file ends",
      input: ".testcase r\nSELECT 1;\n.read c.sql\nSELECT 2;\n.check '1*2'\n",
      files: ["c.sql": ".check a b\nSELECT 'not run';\n"]),
    CompatibilityCase(
      ".check as an argument ends the arguments with status 0",
      [":memory:", ".testcase", "SELECT 5", ".check 5", ".check", "SELECT 6"]),
    CompatibilityCase(
      ".check keeps the bytes of a capture with a NUL and of a failure",
      input: ".testcase nul\nSELECT 'a' || char(0) || 'b';\n.check a\n.testcase f\n"
        + "SELECT 'x';\n.check y\n.testc\n.testcas x\n.che x*\n"),
    CompatibilityCase(
      "-lookaside and -pagecache take two arguments each",
      ["-lookaside", "64", "10", "-pagecache", "5000", "10", ":memory:", "SELECT 1"]),
    CompatibilityCase(
      "-pagecache with odd sizes", ["-pagecache", "-5", "x", "-lookaside", "-1", "-1", "x.db"],
      input: "SELECT 2;\n"),
    CompatibilityCase("-pagecache with one argument", ["-pagecache", "100"]),
    CompatibilityCase("-lookaside with none", [":memory:", "-lookaside"]),
    CompatibilityCase(
      ".imposter over an index, an expression index and a WITHOUT ROWID table",
      input: imposterSchema + ".imposter i ti\nSELECT * FROM ti;\n.imposter ie tie\n"
        + "SELECT * FROM tie;\n.imposter w tw\nSELECT * FROM tw;\n.imposter w2 tw2\n"
        + "SELECT * FROM tw2;\n.imposter wi twi\nSELECT * FROM twi;\n.imposter OFF\n"
        + "SELECT * FROM ti;\n.imposter i ti\n.impos off\nSELECT * FROM ti;\n"),
    CompatibilityCase(
      ".imposter errors: usage, no such index, a name taken, output redirected",
      input: imposterSchema + ".imposter\n.imposter i\n.imposter off extra\n.imposter t x\n"
        + ".imposter nosuch x\n.imposter i t\n.output o.txt\n.imposter i \"a\"\"b\"\n"
        + ".output\nSELECT * FROM \"a\"\"b\";\n.impo\n"),
    CompatibilityCase(
      ".selftest without a table, verbose, and a bad option",
      input: ".selftest\n.selftest -v\n.self --v -x\nSELECT 1;\n"),
    CompatibilityCase(
      ".selftest --init writes checksums of the schema and each table, then runs them",
      input: imposterSchema + "CREATE TABLE \"q\"\"x\"(y); CREATE VIRTUAL TABLE v USING fts5(z);\n"
        + "INSERT INTO v VALUES('hi');\n.selftest --init\nSELECT * FROM selftest;\n.selftest -v\n"
        + ".selftest --init\nSELECT tno FROM selftest;\n"),
    CompatibilityCase(
      ".selftest failures, errors, memos, NULLs and an unknown operation",
      input: "CREATE TABLE selftest(tno INTEGER PRIMARY KEY, op, cmd, ans);\n"
        + "INSERT INTO selftest VALUES(200,'run','select 1,null; select 2','x'),"
        + "(210,'run','select nosuch',''),(220,'memo','hello',NULL),(225,'memo','hi',''),"
        + "(230,'bogus','x','y'),(240,'run','select 3','3');\n.selftest\n.output o.txt\n"
        + ".selftest -v\n.output\n.print ---\n.read o.txt\nDELETE FROM selftest WHERE tno>=230;\n"
        + ".selftest\nINSERT INTO selftest VALUES(300,'run','select 1','1');\n.selftest\n"),
    CompatibilityCase(
      ".selftest with no countable row runs the default checks too",
      input: "CREATE TABLE selftest(tno,op,cmd,ans);\n.selftest\n"
        + "INSERT INTO selftest VALUES(1,'run','select 1',NULL);\n.selftest -v\n"),
    CompatibilityCase(
      ".selftest takes only a table in main: a view or a temp table runs the defaults",
      input: "CREATE VIEW selftest AS SELECT 1 AS tno,'memo' AS op,'view' AS cmd,'' AS ans;\n"
        + ".selftest\nCREATE TEMP TABLE selftest(tno,op,cmd,ans);\n.selftest\n"),
    CompatibilityCase(
      ".testctrl lists its operations, matches prefixes, and prints usage and results",
      input: ".testctrl\nSELECT 1;\n.testctrl --help\n.testctrl bogus\n.testctrl always 5\n"
        + ".testctrl always\n.testctrl alw yes\n.testctrl always maybe\n.testctrl assert 1\n"
        + ".testctrl opt\n.testctrl byteorder\n.testctrl byteorder 1\n.testctrl prng_s\n"
        + ".testctrl p\n.testctrl extra_schema_checks 1\n.testctrl seek_count\n.testctrl tune\n"
        + ".testctrl imposter\n.testctrl -internal_functions\n.testctrl sorter_mmap 1\n"
        + ".testctrl localtime_fault 0\n.testctrl never_corrupt 1\n.help testctrl\n"),
    CompatibilityCase(
      ".testctrl prng_seed, prng_save and prng_restore make random() repeat",
      input: ".testctrl prng_seed 42\nSELECT random(), hex(randomblob(4));\n.testctrl prng_save\n"
        + "SELECT random();\n.testctrl prng_restore\nSELECT random();\n"
        + ".testctrl prng_seed 7 main\nSELECT random();\n.testctrl optimizations 0xffffffff\n"
        + "CREATE TABLE t(a); CREATE INDEX ta ON t(a); SELECT count(*) FROM t WHERE a=1;\n"
        + ".testctrl optimizations 0\n"),
    CompatibilityCase(
      "-safe allows .testcase, .check and .open --hexdb FILE, not .open FILE", ["-safe"],
      input: ".testcase s\nSELECT 1;\n.check 1\n.open --hexdb s.hex\nSELECT count(*) FROM t;\n"
        + ".open s.hex\nSELECT 2;\n", files: ["s.hex": hexDatabase]),
    CompatibilityCase(
      ".testctrl always in safe mode ends the shell", ["-safe"],
      input: ".testctrl byteorder\n.testctrl always 1\nSELECT 1;\n"),
  ]

  /// A table with two indexes, and two WITHOUT ROWID tables (one with an index).
  static let imposterSchema = """
    CREATE TABLE t(a,b,c); CREATE INDEX i ON t(b,c); CREATE INDEX ie ON t(a+1, c);
    INSERT INTO t VALUES(1,2,3),(4,5,6);
    CREATE TABLE w(x PRIMARY KEY, y, z) WITHOUT ROWID; INSERT INTO w VALUES('k',1,2);
    CREATE TABLE w2(a, b, c, d, PRIMARY KEY(c, a)) WITHOUT ROWID; CREATE INDEX wi ON w2(b);
    INSERT INTO w2 VALUES(1,2,3,4);

    """
}
