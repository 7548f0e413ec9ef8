/// Text that is not valid UTF-8 (Latin-1 here) reaches SQLite and the output unchanged.
extension CompatibilityCases {
  /// `caf` followed by Latin-1 `é` (0xE9): not valid UTF-8.
  static let latin1 = Array("caf".utf8) + [0xE9]

  /// The bytes of `text` with every `@` replaced by ``latin1``.
  static func withLatin1(_ text: String) -> [UInt8] {
    Array(text.utf8).split(separator: UInt8(ascii: "@"), omittingEmptySubsequences: false)
      .map(Array.init).joined(separator: latin1).map { $0 }
  }

  static let bytes: [CompatibilityCase] = [
    CompatibilityCase(
      "Latin-1 text from stdin is stored unchanged",
      input: withLatin1(
        "CREATE TABLE t(x);\nINSERT INTO t VALUES('@');\nSELECT hex(x), x FROM t;\n")),
    CompatibilityCase(
      "Latin-1 text in an SQL argument is stored unchanged",
      bytes: [Array(":memory:".utf8), withLatin1("SELECT hex('@'), '@';")]),
    CompatibilityCase(
      "Latin-1 text in -cmd is stored unchanged",
      bytes: [Array("-cmd".utf8), withLatin1("SELECT hex('@');"), Array(":memory:".utf8)],
      input: withLatin1("SELECT hex('@@');\n")),
    CompatibilityCase(
      "Latin-1 text in a dot-command -cmd",
      bytes: [Array("-cmd".utf8), withLatin1(".print @ '@ @'"), Array(":memory:".utf8)]),
    CompatibilityCase(
      "Latin-1 text in the -init file is stored unchanged",
      bytes: [Array("-init".utf8), Array("init.sql".utf8), Array(":memory:".utf8)],
      input: Array("SELECT 2;\n".utf8),
      files: ["init.sql": withLatin1("SELECT hex('@');\n.print @\n")]),
    CompatibilityCase(
      "Latin-1 text from .read is stored unchanged",
      input: Array(".read a.sql\n".utf8),
      files: [
        "a.sql": withLatin1(
          "CREATE TABLE t(x);\nINSERT INTO t VALUES('@');\nSELECT hex(x) FROM t;\n")
      ]),
    CompatibilityCase(
      ".print and .parameter set pass Latin-1 bytes",
      input: withLatin1(
        ".print @ \"@\" '@'\n.parameter set :v '@'\nSELECT hex(:v);\n.parameter set :w @\n"
          + "SELECT hex(:w);\n")),
    CompatibilityCase(
      "a syntax error quotes Latin-1 SQL as it was",
      input: withLatin1("SELECT '@' x y;\nSELECT @;\nSELECT 1;\n")),
    CompatibilityCase(
      "a syntax error in an argument quotes Latin-1 SQL as it was",
      bytes: [Array(":memory:".utf8), withLatin1("SELECT 1; SELEC '@';")]),
    CompatibilityCase(
      "Latin-1 lines echo unchanged",
      input: withLatin1(".echo on\nSELECT '@';\n-- @\n")),
    CompatibilityCase(
      "a Latin-1 name in .output and .read",
      input: withLatin1(".output @.txt\nSELECT '@';\n.output stdout\n.read @.txt\n")),
    CompatibilityCase(
      // Latin-1 fields are refused on purpose (StricterImportTests); the name is bytes.
      ".import reads a file with a Latin-1 name",
      input: withLatin1(
        "CREATE TABLE t(x, y);\n.output @.csv\nSELECT '1,2';\n.output stdout\n"
          + ".import --csv @.csv t\nSELECT x, y FROM t;\n.import --csv no-@.csv t\n")),
    CompatibilityCase(
      "a Latin-1 database name on the command line opens that very file",
      bytes: [
        withLatin1("@.db"), Array("CREATE TABLE t(a); INSERT INTO t VALUES(1);".utf8),
        Array(".system ls *.db".utf8), Array(".show".utf8),
      ]),
    CompatibilityCase(
      "a database with a Latin-1 name reopens with its rows",
      bytes: [withLatin1("@.db")],
      input: withLatin1(
        "CREATE TABLE t(a); INSERT INTO t VALUES(42);\n.open other.db\n.open @.db\n"
          + "SELECT count(*) FROM t;\n.system ls *.db\n")),
    CompatibilityCase(
      ".open, .backup, .save, .restore, .clone and .log keep a Latin-1 name's bytes",
      input: withLatin1(
        ".open new-@.db\nCREATE TABLE t(a); INSERT INTO t VALUES(7);\n.backup b-@.db\n"
          + ".save main s-@.db\n.clone c-@.db\n.log l-@.txt\n.log off\n.open --new n-@.db\n"
          + ".restore b-@.db\nSELECT a FROM t;\n.system ls *.db *.txt\n.clone c-@.db\n"
          + ".open /nonexistent-@/x.db\n.backup /nonexistent-@/x.db\n.restore no-@.db\n")),
  ]
}
