/// `-append`, `.open --append`, `.backup --append`: databases appended to other files.
///
/// Every case has arguments, so none runs on the dqlite cluster. The files themselves are
/// compared by `AppendedDatabaseTests`.
extension CompatibilityCases {
  static let appended: [CompatibilityCase] = [
    CompatibilityCase(
      "-append to a text file, then reopened without options and read-only",
      ["-append", "f.txt"],
      input: "CREATE TABLE t(x);\nINSERT INTO t VALUES (1), ('two');\n.vfsname\n.open f.txt\n"
        + "SELECT * FROM t;\n.vfsname\n.open --readonly f.txt\nSELECT * FROM t;\n",
      files: ["f.txt": "not a database\n"]),
    CompatibilityCase(
      "-append with SQL arguments",
      ["-append", "f.txt", "CREATE TABLE t(x)", "INSERT INTO t VALUES (42)"],
      input: "", files: ["f.txt": "prefix\n"]),
    CompatibilityCase(
      "-append then -readonly opens read-only without the VFS, and the reverse",
      ["-append", "-readonly", "f.txt"], input: "SELECT 1;\n.vfsname\nCREATE TABLE t(x);\n",
      files: ["f.txt": "prefix\n"]),
    CompatibilityCase(
      "-readonly then -append appends", ["-readonly", "-append", "f.txt"],
      input: "CREATE TABLE t(x);\n.vfsname\n", files: ["f.txt": "prefix\n"]),
    CompatibilityCase(
      "-append to an empty file and to a missing one", ["-append", "empty"],
      input: "CREATE TABLE t(x);\n.vfsname\n.open --append new.db\nCREATE TABLE u(y);\n"
        + ".vfsname\n.open new.db\n.tables\n.vfsname\n",
      files: ["empty": ""]),
    CompatibilityCase(
      "-append to an ordinary database passes through", ["-append", "d.db"],
      input: "CREATE TABLE t(x);\n.vfsname\n.open --append d.db\n.tables\n.vfsname\n"),
    CompatibilityCase(
      "-append errors: a missing directory, a directory", ["-append", "missing/x.db"],
      input: "SELECT 1;\n.open --append .\nSELECT 2;\nCREATE TABLE t(x);\n"),
    CompatibilityCase(
      ".open --append grows and shrinks the database", [":memory:"],
      input: ".open --append f.txt\nCREATE TABLE t(x);\n"
        + "INSERT INTO t SELECT value FROM generate_series(1, 3000);\n"
        + "DELETE FROM t WHERE x > 10;\nVACUUM;\nSELECT count(*), sum(x) FROM t;\n"
        + "PRAGMA integrity_check;\n.open f.txt\nSELECT count(*) FROM t;\n",
      files: ["f.txt": String(repeating: "0123456789", count: 500)]),
    CompatibilityCase(
      "-append in WAL mode", ["-append", "f.txt"],
      input: "PRAGMA journal_mode=WAL;\nCREATE TABLE t(x);\nINSERT INTO t VALUES (1);\n"
        + "SELECT * FROM t;\n", files: ["f.txt": "prefix\n"]),
    CompatibilityCase(
      ".backup --append and .save --append", [":memory:"],
      input: "CREATE TABLE t(x);\nINSERT INTO t VALUES (7);\n.backup --append f.txt\n"
        + ".save --append g.txt\n.open f.txt\nSELECT * FROM t;\n.vfsname\n.open g.txt\n"
        + "SELECT * FROM t;\n", files: ["f.txt": "prefix\n"]),
    CompatibilityCase(
      ".vfslist lists apndvfs second; -vfs cannot choose it", ["-vfs", "apndvfs"],
      input: ".vfslist\n"),
    CompatibilityCase(".vfslist with the append VFS", [":memory:"], input: ".vfslist\n"),
    CompatibilityCase(
      "a file ending in a broken trailer gets a new database appended", ["f.txt"],
      input: ".tables\nCREATE TABLE t(x);\n.vfsname\n",
      files: ["f.txt": "junk Start-Of-SQLite3-12345678"]),
    CompatibilityCase(
      ".open --append usage", [":memory:"],
      input: ".help open\n.open --append --bogus f\n.open --append a b\n"),
  ]
}
