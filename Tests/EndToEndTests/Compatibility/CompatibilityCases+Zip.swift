/// ZIP archives: `-zip`, `.open --zip`, a file that is one, the `zipfile` table and aggregate,
/// and `.archive`/`-A` on ZIP files, each compared with sqlite3 3.40.1 (output, status, and
/// the archive's own bytes through `hex(readfile(...))`).
extension CompatibilityCases {
  /// An archive sqlite3 3.40.1's `zipfile()` aggregate made: `a.txt` (stored), `d/`, and
  /// `d/b.bin` (300 zero bytes, deflated), all at 2020-01-01.
  private static let smallZip: [UInt8] = hexBytes(
    "504B03041400000800000000215086A61036050000000500000005000900612E747874555405000100E10B5E"
      + "68656C6C6F504B03041400000800000000215000000000000000000000000002000900642F55540500"
      + "0100E10B5E504B030414000008080000002150D28F34B5070000002C01000007000900642F622E6269"
      + "6E555405000100E10B5E63601805C40200504B01021E031400000800000000215086A6103605000000"
      + "05000000050009000000000000000000A48100000000612E747874555405000100E10B5E504B01021E"
      + "0314000008000000002150000000000000000000000000020009000000000000000000ED4131000000"
      + "642F555405000100E10B5E504B01021E0314000008080000002150D28F34B5070000002C0100000700"
      + "09000000000000000000ED815A000000642F622E62696E555405000100E10B5E504B05060000000003"
      + "000300B30000008F0000000000")

  /// The same files on disk, with fixed times, for `.archive -c`.
  private static let tree =
    "SELECT writefile('d/sub/c.txt', printf('%.*c', 3000, 'x'), 33188, 1577836800),"
    + " writefile('d/sub', NULL, 16877, 1577836800), writefile('d/a.txt', 'hello', 33188,"
    + " 1577836800), writefile('d', NULL, 16877, 1577836800);\n"

  private static let listing =
    "SELECT name, mode, mtime, sz, method, hex(data) FROM zipfile('a.zip');\n"
    + "SELECT hex(readfile('a.zip'));\n"

  static let zip: [CompatibilityCase] = [
    CompatibilityCase(
      ".open --zip shows the archive as table zip, and writes to it rewrite the archive",
      bytes: [Array(":memory:".utf8)],
      input: Array(
        (".open --zip a.zip\n.tables\n.schema\n.databases\n"
          + "SELECT name, mode, mtime, sz, method, hex(rawdata), hex(data) FROM zip;\n"
          + "INSERT INTO zip(name, mtime, data) VALUES('new.txt', 1600000000, 'new new new new');\n"
          + "INSERT INTO zip(name, mode, mtime, data, method) VALUES('s', '-rwx------', 1, 'x', 8);\n"
          + "UPDATE zip SET mtime = 1600000001 WHERE name = 'a.txt';\n"
          + "UPDATE zip SET name = 'e/' WHERE name = 'd/';\n"
          + "DELETE FROM zip WHERE name = 'd/b.bin';\n"
          + "INSERT INTO zip(name, mtime, data) VALUES('a.txt', 1, 'dup');\n"
          + ".open :memory:\n.tables\n" + listing).utf8),
      files: ["a.zip": smallZip]),
    CompatibilityCase(
      "-zip FILE, and a FILE that is a ZIP archive, open as table zip",
      bytes: [
        Array("-zip".utf8), Array("a.zip".utf8), Array(".tables".utf8),
        Array("SELECT name, sz, method, length(data) FROM zip".utf8), Array(".dump".utf8),
      ], files: ["a.zip": smallZip]),
    CompatibilityCase(
      "a file ending with a ZIP directory opens as one without -zip, but not -readonly",
      bytes: [Array("archive".utf8), Array(".tables".utf8), Array("SELECT name FROM zip".utf8)],
      files: ["archive": smallZip]),
    CompatibilityCase(
      "-readonly opens a ZIP archive as a database file",
      bytes: [Array("-readonly".utf8), Array("archive".utf8), Array(".tables".utf8)],
      files: ["archive": smallZip]),
    CompatibilityCase(
      "a ZIP archive named in Latin-1: .open --zip writes it, .open finds it is one",
      bytes: [Array(":memory:".utf8)],
      input: withLatin1(
        ".open --zip @.zip\nINSERT INTO zip(name, mtime, data) VALUES('a', 1, 'x');\n"
          + ".open @.zip\n.tables\nSELECT name, data FROM zip;\n"
          + ".open :memory:\nSELECT hex(name) FROM fsdir('.') WHERE name GLOB '*.zip';\n")),
    CompatibilityCase(
      "-zip on a file that does not exist: the table is there, reading it fails",
      ["-zip", "none.zip", ".tables", "SELECT * FROM zip"]),
    CompatibilityCase(
      "zipfile() the aggregate, and zipfile(BLOB) reading what it makes",
      input: "SELECT length(zipfile(column1, column2)) FROM (VALUES('a', 'b'), ('c', NULL));\n"
        + "SELECT name, mode, sz, method, hex(data) FROM zipfile((SELECT zipfile(column1,"
        + " column2) FROM (VALUES('a', 'b'), ('c', NULL))));\n"
        + "SELECT hex(zipfile(column1, column2, column3, column4, column5)) FROM (VALUES"
        + " ('x', '-rw-r-----', 1577836800, 'data data data data data', NULL),"
        + " ('y', 420, 0, zeroblob(10), 0), ('z/', NULL, 1600000000, NULL, 8));\n"
        + "SELECT name, mode, mtime, sz, method, hex(data) FROM zipfile((SELECT"
        + " zipfile(column1, 420, 1577836800, column2) FROM (VALUES('p', 'qqqqqqqqqqqqqqqq'),"
        + " ('r', x'00ff'))));\n"
        + "SELECT zipfile(1, 2, 3);\nSELECT zipfile(NULL, 'x');\nSELECT zipfile('a/', 'x');\n"
        + "SELECT zipfile('a', 1, 2, 'x', 9);\nSELECT zipfile('a', 'lrwx', 2, 'x');\n"
        + "SELECT zipfile('a', 16877, 2, 'x');\nSELECT typeof(zipfile(1, 2)) WHERE 0;\n"),
    CompatibilityCase(
      "zipfile errors: no argument, no file, not an archive, bad rows",
      input: "SELECT * FROM zipfile();\nSELECT * FROM zipfile('none.zip');\n"
        + "SELECT * FROM zipfile('text.zip');\nSELECT count(*) FROM zipfile('empty.zip');\n"
        + "SELECT * FROM zipfile(x'');\nSELECT * FROM zipfile(NULL);\n"
        + "CREATE VIRTUAL TABLE temp.t USING zipfile();\n"
        + "CREATE VIRTUAL TABLE temp.t USING zipfile('w.zip');\n"
        + "INSERT INTO t(name, data, sz) VALUES('a', 'b', 1);\n"
        + "INSERT INTO t(name, data, rawdata) VALUES('a', 'b', 'c');\n"
        + "INSERT INTO t(name, data, method) VALUES('a', 'b', 7);\n"
        + "INSERT INTO t(name, mode, data) VALUES('a', 'drwxr-xr-x', 'b');\n"
        + "INSERT INTO t(name, mode, data) VALUES('a', 'nonsense', 'b');\n"
        + "CREATE VIRTUAL TABLE temp.u USING zipfile('no/dir/u.zip');\n"
        + "INSERT INTO u(name, data) VALUES('a', 'b');\n"
        + "CREATE VIRTUAL TABLE temp.v USING zipfile('');\nINSERT INTO v(name) VALUES('a');\n"
        + "CREATE VIEW w AS SELECT * FROM zipfile('x.zip');\nSELECT * FROM w;\n",
      files: ["text.zip": "not an archive at all, just some text\n", "empty.zip": ""]),
    CompatibilityCase(
      "zipfile writes: OR IGNORE, OR REPLACE, a rollback (which writes, as in sqlite3)",
      input: "CREATE VIRTUAL TABLE temp.t USING zipfile('a.zip');\n"
        + "INSERT INTO t(name, mtime, data) VALUES('one', 1577836800, 'first');\n"
        + "INSERT OR IGNORE INTO t(name, mtime, data) VALUES('one', 1, 'ignored');\n"
        + "INSERT OR REPLACE INTO t(name, mtime, data) VALUES('one/', 2, NULL);\n"
        + "BEGIN;\nINSERT INTO t(name, mtime, data) VALUES('two', 3, 'rolled back');\n"
        + "SELECT name FROM t;\nROLLBACK;\nSELECT name, mode, mtime, zipfile_cds(z) FROM t;\n"
        + listing),
    CompatibilityCase(
      ".archive makes, lists, updates and extracts ZIP files",
      input: tree + ".ar -cvf a.zip d\n.ar -tvf a.zip\n.ar -tf a.zip d/sub\n"
        + ".ar -tgf a.zip 'd/*.txt'\n.ar -tnf a.zip d/a.txt\n.ar -xnf a.zip\n"
        + ".ar -xvf a.zip -C out\n"
        + "SELECT name, mode, mtime, hex(data) FROM fsdir('d', 'out') ORDER BY 1;\n"
        + "SELECT writefile('d/a.txt', 'changed', 33188, 1609459200),"
        + " writefile('d', NULL, 16877, 1577836800);\n"
        + ".ar -uvf a.zip d\n.ar -ivf a.zip d/a.txt\n" + listing
        + ".ar -tf a.zip nothere\n.ar -xf a.zip nothere\n.ar -cf no/dir/x.zip d\n"
        + ".ar -tf none.zip\n.ar -cf b.zip d missing\n.ar -tf b.zip\n"),
    CompatibilityCase(
      ".archive on the database opened with --zip uses the table zip",
      input: tree + ".open --zip a.zip\n.ar -cv d/a.txt\n.ar -t\n.ar -tvn\n.ar -xv -C out\n"
        + ".ar -u d\n.ar -tv\n.open :memory:\n" + listing),
    CompatibilityCase(
      ".open --zip without a file, and .open after it",
      input: ".open --zip\n.tables\nSELECT * FROM zip;\n.open --zip --new n.zip\n"
        + "INSERT INTO zip(name, mtime, data) VALUES('a', 1, 'b');\n.open n.zip\n"
        + "SELECT name, mtime, data FROM zip;\n.open :memory:\n.tables\n"),
    CompatibilityCase(
      "-safe with -zip: the archive's table is not made, zipfile is not there",
      bytes: [
        Array("-safe".utf8), Array("-zip".utf8), Array("a.zip".utf8), Array(".tables".utf8),
        Array("SELECT name FROM zip".utf8), Array("SELECT zipfile('a', 'b')".utf8),
      ], files: ["a.zip": smallZip]),
    CompatibilityCase("-A lists a ZIP file", ["-A", "-tvf", "a.zip"], files: ["a.zip": ""]),
    CompatibilityCase(
      "-A on the ZIP archive -zip opened",
      bytes: [Array("-zip".utf8), Array("a.zip".utf8), Array("-A".utf8), Array("-tv".utf8)],
      files: ["a.zip": smallZip]),
  ]

  /// The bytes a string of hex digits spells.
  private static func hexBytes(_ hex: String) -> [UInt8] {
    let digits = Array(hex.utf8)
    return stride(from: 0, to: digits.count - 1, by: 2).compactMap {
      UInt8(String(decoding: digits[$0...$0 + 1], as: UTF8.self), radix: 16)
    }
  }
}
