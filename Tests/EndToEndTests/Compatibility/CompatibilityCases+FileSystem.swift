/// The `fsdir` table-valued function (walking directories, its hidden arguments, its errors) and
/// the SQLite Archive compression functions `sqlar_compress` and `sqlar_uncompress`.
extension CompatibilityCases {
  private static let tree: [String: String] = [
    "d/a.txt": "hello\n", "d/sub/b.txt": "two\nlines\n", "d/sub/deeper/c": "",
    "other/x": "x",
  ]

  static let fileSystem: [CompatibilityCase] = [
    CompatibilityCase(
      "completion lists keywords, databases, schema names and columns in sqlite3's order",
      input: "CREATE TABLE customers(id, name, city);\nCREATE TABLE orders(oid, customer_id);\n"
        + "CREATE VIEW v_names AS SELECT name FROM customers;\n"
        + "CREATE VIRTUAL TABLE vt USING fts5(alpha, beta);\n"
        + "SELECT * FROM completion('c');\nSELECT count(*) FROM completion('');\n"
        + "SELECT candidate, phase, rowid, prefix, quote(wholeline) FROM completion('m');\n"
        + "SELECT candidate, phase, prefix FROM completion(NULL, 'select cus');\n"
        + "SELECT candidate, phase FROM completion('', 'x ') WHERE phase > 1;\n"
        + "SELECT candidate FROM completion('TE');\nSELECT candidate FROM completion('v');\n"
        + "ATTACH ':memory:' AS aux;\nCREATE TABLE aux.zz(zcol, id);\n"
        + "SELECT candidate, phase FROM completion('') WHERE phase > 1;\n"
        + "SELECT * FROM pragma_table_xinfo('completion');\n"
        + "CREATE VIEW vv AS SELECT * FROM completion('a');\nSELECT count(*) FROM vv;\n"),
    CompatibilityCase(
      "shell helper functions: shell_idquote, shell_int32, shell_escape_crnl, usleep",
      input: "SELECT shell_idquote('abc'), shell_idquote('a\"b'), shell_idquote(NULL),\n"
        + "  shell_idquote(12);\n"
        + "SELECT shell_int32(x'0000000100000002', 1), shell_int32(x'FFFFFFFF', 0),\n"
        + "  shell_int32('abcd', 0), shell_int32(x'01', 0), shell_int32(x'00000001', -1);\n"
        + "SELECT shell_escape_crnl(quote('a' || char(13, 10) || 'b')),\n"
        + "  shell_escape_crnl(quote('\\n\\012' || char(10))), shell_escape_crnl(quote('x')),\n"
        + "  shell_escape_crnl('a' || char(10)), shell_escape_crnl(12);\n"
        + "SELECT usleep(1000), usleep(-5), usleep('a');\n"
        + "SELECT name, type, enc, narg, flags FROM pragma_function_list\n"
        + "  WHERE name LIKE 'shell%' OR name IN ('usleep', 'sqlar_compress', 'sqlar_uncompress',\n"
        + "  'fsdir', 'lsmode', 'readfile', 'writefile') ORDER BY 1, 4;\n"),
    CompatibilityCase(
      "fsdir lists a tree, the root first, with modes, data and link targets",
      input: ".headers on\n"
        + "SELECT name, lsmode(mode), typeof(mtime), mtime > 0, typeof(data), hex(data)\n"
        + "  FROM fsdir('d') ORDER BY name;\n"
        + "SELECT name FROM fsdir('d') LIMIT 1;\n"
        + "SELECT count(*), sum(length(data)) FROM fsdir('d');\n"
        + "SELECT writefile('d/link', 'a.txt', 41471);\n"
        + "SELECT name, data FROM fsdir('d') WHERE name = 'd/link';\n",
      files: tree),
    CompatibilityCase(
      "fsdir's second argument is the directory the path is read in, left out of the names",
      input: "SELECT name FROM fsdir('sub', 'd') ORDER BY 1;\n"
        + "SELECT name, path, dir FROM fsdir('a.txt', 'd');\n"
        + "SELECT name FROM fsdir('d', NULL) ORDER BY 1;\n"
        + "SELECT name FROM fsdir WHERE path = 'x' AND dir = 'other';\n"
        + "SELECT name FROM fsdir('d/') ORDER BY 1;\n"
        + "SELECT rowid, name FROM fsdir('d/a.txt');\n"
        + "SELECT name FROM fsdir('d/sub' || char(0) || 'x') ORDER BY 1;\n"
        + "SELECT name FROM fsdir('sub' || char(0), 'd' || char(0) || 'q') ORDER BY 1;\n",
      files: tree),
    CompatibilityCase(
      "fsdir joins: each directory of one listing listed again",
      input: "SELECT a.name, b.name FROM fsdir('d') a, fsdir(a.name) b\n"
        + "  WHERE a.mode >= 16384 AND a.mode < 32768 ORDER BY 1, 2;\n",
      files: tree),
    CompatibilityCase(
      "fsdir errors: no argument, NULL, a missing file, a view",
      input: "SELECT * FROM fsdir;\nSELECT * FROM fsdir(NULL);\n"
        + "SELECT * FROM fsdir('missing');\nSELECT name FROM fsdir WHERE path LIKE 'd';\n"
        + "SELECT name FROM fsdir('d') WHERE dir = (SELECT 'nowhere');\n"
        + "CREATE VIEW v AS SELECT * FROM fsdir('d');\nSELECT count(*) FROM v;\n"
        + "SELECT * FROM pragma_table_xinfo('fsdir');\n",
      files: tree),
    CompatibilityCase(
      "fsdir errors stop a batch run with status 1",
      ["-bail", ":memory:", "SELECT 1; SELECT * FROM fsdir('missing'); SELECT 2;"]),
    CompatibilityCase(
      "sqlar_compress compresses blobs that shrink and passes everything else through",
      input: "SELECT hex(sqlar_compress(zeroblob(100))), hex(sqlar_compress(x'01'));\n"
        + "SELECT sqlar_compress('text'), sqlar_compress(12), sqlar_compress(NULL),\n"
        + "  typeof(sqlar_compress(1.5)), typeof(sqlar_compress('text'));\n"
        + "SELECT sha3(sqlar_compress(readfile('d/sub/b.txt'))), length(sqlar_compress(data))\n"
        + "  FROM fsdir('d/a.txt');\n",
      files: tree),
    CompatibilityCase(
      "sqlar_uncompress inflates to the size given, or passes the value through",
      input: "SELECT hex(sqlar_uncompress(sqlar_compress(zeroblob(100)), 100));\n"
        + "SELECT length(sqlar_uncompress(sqlar_compress(zeroblob(1000)), 5000));\n"
        + "SELECT sqlar_uncompress('abc', 0), sqlar_uncompress('abc', 3),\n"
        + "  sqlar_uncompress(NULL, 3);\n"
        + "SELECT length(sqlar_uncompress(sqlar_compress(zeroblob(1000)), 10));\n"
        + "SELECT sqlar_uncompress(x'0102', 5);\n"
        + "SELECT sqlar_uncompress(x'0102', 2000000000);\n"
        + "SELECT sqlar_uncompress(x'0102', 1000000000000);\n"
        + "SELECT hex(sqlar_uncompress(x'0102', 4294967298));\n"
        + "SELECT sqlar_compress();\n"),
  ]
}
