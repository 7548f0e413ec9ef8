import Foundation
import SQLiteCore
import TestSupport
import Testing

/// What a person at the terminal sees of issue 24's features.
///
/// Errors that point at their line, `.watch`, `.describe`, completion after `ON` and in a
/// select list, moving within a recalled statement. Each test sets the output mode it reads
/// (`.mode list`), so none depends on the default mode on a terminal.
@Suite(
  "REPL inspection", .serialized, .enabled(if: REPLTerminal.isAvailable, "tmux is not installed"))
struct REPLInspectionTests {
  static let schema = [
    "CREATE TABLE artist(id INTEGER PRIMARY KEY, name TEXT NOT NULL COLLATE NOCASE);",
    "CREATE TABLE track(album_id INTEGER NOT NULL, position INTEGER NOT NULL, title TEXT NOT NULL"
      + " DEFAULT 'untitled', artist_id INTEGER REFERENCES artist(id) ON DELETE CASCADE,"
      + " milliseconds INTEGER DEFAULT 0, PRIMARY KEY(album_id, position));",
    "CREATE INDEX track_title ON track(title COLLATE NOCASE, milliseconds DESC);",
    "CREATE VIEW long_tracks AS SELECT title, milliseconds FROM track WHERE milliseconds > 300000;",
    "INSERT INTO artist VALUES(1, 'AC/DC'), (2, 'Accept');",
    "INSERT INTO track VALUES(1, 1, 'Hells Bells', 1, 312000), (1, 2, 'Shoot to Thrill', 1, 317000);",
  ]

  /// Runs `body` with a terminal on a fresh database file holding ``schema``, in list mode,
  /// and the directory holding it; both are removed after.
  private static func session(
    arguments: [String] = [], _ body: (REPLTerminal, String) throws -> Void
  ) throws {
    try ScratchDirectory.with("litesh-inspect") { directory in
      let database = directory.path("music.db")
      try Connection(path: database).execute(schema.joined(separator: "\n"))
      try withREPL(arguments: arguments + [database], height: 40) { terminal in
        try terminal.run(".mode list")
        try body(terminal, directory.root)
      }
    }
  }

  /// Waits until the last line is an empty main prompt (the pane keeps its trailing space).
  private static func waitForPrompt(_ terminal: REPLTerminal) throws {
    try terminal.waitUntil("an empty prompt as the last line", timeout: 5) {
      terminal.lastLine().trimmingCharacters(in: .whitespaces) == "litesh>"
    }
  }

  @Test("an error on line 7 of an 8-line statement names line 7 and shows it with a caret")
  func errorLine() throws {
    try Self.session { terminal, _ in
      let lines = [
        "SELECT t.title,", "       a.name,", "       t.milliseconds", "FROM track AS t",
        "JOIN artist AS a", "  ON a.id = t.artist_id", "WHERE t.milisecond > 300000",
        "ORDER BY 1;",
      ]
      for line in lines { try terminal.run(line) }
      try terminal.waitFor("closest columns:")
      let screen = terminal.screen()
      #expect(screen.contains("Parse error: no such column: t.milisecond\n"))
      #expect(screen.contains("  line 7 of the statement:\n"))
      #expect(screen.contains("\n    WHERE t.milisecond > 300000\n          ^\n"))
      #expect(screen.contains("  closest columns: t.milliseconds\n"))
    }
  }

  @Test("a misspelt column in a one-line statement gets the closest real columns")
  func closestColumns() throws {
    try Self.session { terminal, _ in
      try terminal.run("SELECT titel, milisecond FROM track;", expecting: "closest columns: title")
      #expect(
        terminal.screen().contains("    SELECT titel, milisecond FROM track;\n           ^\n"))
    }
  }

  @Test(".watch 1 shows a count another process changed within 3 s; Ctrl-C gives the prompt back")
  func watch() throws {
    try Self.session { terminal, directory in
      try terminal.type(".watch 1 SELECT 'tracks=' || count(*) FROM track;")
      try terminal.press("Enter")
      try terminal.waitFor("tracks=2")
      try terminal.waitFor("Every 1s: SELECT 'tracks=' || count(*) FROM track")
      let writer = try Connection(path: directory + "/music.db")
      try writer.execute("INSERT INTO track(album_id, position, title) VALUES(2, 1, 'Balls');")
      try terminal.waitFor("tracks=3", timeout: 3)
      try terminal.press("C-c")
      try Self.waitForPrompt(terminal)
      try terminal.run("SELECT 'after-' || 'watch';", expecting: "\nafter-watch")
    }
  }

  @Test(".watch runs on a reader with --readers")
  func watchOnReader() throws {
    try Self.session(arguments: ["--readers", "2"]) { terminal, _ in
      try terminal.run(
        ".watch --count 2 0.2 SELECT 'n=' || count(*) FROM artist;", expecting: "run 2 of 2")
      try terminal.run(".readers", expecting: "routed: 2 statements ran on readers")
    }
  }

  @Test(".describe a table with a composite key, defaults, an index and a foreign key; a view")
  func describe() throws {
    try Self.session { terminal, _ in
      try terminal.run(".describe track", expecting: "artist_id|artist(id)|NO ACTION|CASCADE")
      let screen = terminal.screen()
      for line in [
        "column|type|not null|default|pk|collation", "album_id|INTEGER|NOT NULL||1|",
        "position|INTEGER|NOT NULL||2|", "title|TEXT|NOT NULL|'untitled'||",
        "milliseconds|INTEGER||0||", "track holds 2 rows",
        "sqlite_autoindex_track_1|yes|album_id, position|primary key",
        "track_title|no|title COLLATE NOCASE, milliseconds DESC|index",
      ] {
        #expect(screen.contains("\n" + line + "\n"), "missing \(line)")
      }
      try terminal.run(
        ".describe long_tracks",
        expecting: "CREATE VIEW long_tracks AS SELECT title, milliseconds FROM track")
      #expect(terminal.screen().contains("\nmilliseconds|INTEGER||||\n"))
    }
  }

  @Test("TAB after ON offers the aliases and their columns; in a select list, the columns")
  func completion() throws {
    try Self.session { terminal, _ in
      try terminal.type("SELECT * FROM track AS t JOIN artist AS a ON ")
      try terminal.press("Tab")
      try terminal.press("Tab")
      try terminal.waitFor("t.milliseconds")
      var screen = terminal.screen()
      #expect(screen.contains("a.id") && screen.contains("a.name") && screen.contains("t.title"))
      #expect(!screen.contains("possibilities") && !screen.contains("abs("))
      try terminal.press("C-c")
      try Self.waitForPrompt(terminal)
      try terminal.type("SELECT  FROM artist")
      for _ in 0..<12 { try terminal.press("Left") }
      let listingsBefore = Self.listings(terminal.screen())
      try terminal.press("Tab")
      try terminal.press("Tab")
      // The first listing (a.id, a.name, ...) is still on screen: wait for a new one.
      try terminal.waitUntil("a second completion listing", timeout: 10) {
        Self.listings(terminal.screen()) > listingsBefore
      }
      screen = terminal.screen()
      let listing = screen.split(separator: "\n").last { $0.contains("id") && $0.contains("name") }
      #expect(listing.map { $0.split(separator: " ") } == ["id", "name"])
      #expect(!screen.contains("possibilities"))
    }
  }

  /// How many lines of the screen list completion candidates with a column named `name`.
  private static func listings(_ screen: String) -> Int {
    screen.split(separator: "\n").filter { line in
      line.split(separator: " ").contains { $0 == "name" || $0.hasSuffix(".name") }
    }.count
  }

  @Test("Up moves within a recalled multi-line statement, then to the previous entry")
  func lineMotion() throws {
    try Self.session { terminal, _ in
      try terminal.run("SELECT 'x'")
      try terminal.run("  || 'y';", expecting: "\nxy\n")
      try terminal.press("Up")  // the statement, cursor at the end of its second line
      try terminal.press("Up")  // its first line, same column: between x and '
      try terminal.type("z")
      try terminal.enter()
      try terminal.waitFor("\nxzy\n")
      // From the last line of the newest entry: Up, Up reach its first line; the third Up
      // goes to the entry before it, which runs again.
      for _ in 0..<3 { try terminal.press("Up") }
      try terminal.enter()
      try terminal.waitUntil("xy a second time", timeout: 10) {
        terminal.screen().components(separatedBy: "\nxy\n").count == 3
      }
      try terminal.press("Up")
      try terminal.press("C-Up")  // Ctrl-Up always moves between lines
      try terminal.type("w")
      try terminal.enter()
      try terminal.waitFor("\nxwy\n")
    }
  }
}

/// `.watch` driven by a program (results only, `--count` required), and `.watch` and
/// `.describe` on a dqlite cluster.
@Suite(".watch in scripts, .watch and .describe on dqlite", .serialized)
struct WatchScriptTests {
  @Test(".watch --count 3 in a script prints three results")
  func countInScript() throws {
    let shell = try Coprocess(Binary.litesh, [":memory:"])
    shell.send(
      "CREATE TABLE t(a); INSERT INTO t VALUES(3);\n.watch --count 3 0.1 SELECT a * 14 FROM t\n"
        + ".watch 1 SELECT 1;\n")
    let (status, output, errors) = try shell.finish()
    #expect(output == "42\n42\n42\n")
    #expect(errors == "Error: .watch needs --count N when input is not a terminal\n")
    #expect(status == 1)
  }

  /// Runs `input` through litesh on a fresh 3-node cluster: (status, stdout, stderr).
  private func runOnCluster(_ input: String) throws -> (Int32, String, String) {
    let cluster = try TestCluster()
    defer { cluster.stop() }
    let shell = try Coprocess(Binary.litesh, [cluster.url])
    shell.send(input)
    return try shell.finish()
  }

  @Test(".watch runs on a dqlite cluster and refuses a write there")
  func onDqlite() throws {
    let (_, output, errors) = try runOnCluster(
      "CREATE TABLE w(a); INSERT INTO w VALUES(1), (2);\n"
        + ".watch --count 2 0.1 SELECT 'rows=' || count(*) FROM w;\n"
        + ".watch --count 2 0.1 INSERT INTO w VALUES(3);\nSELECT count(*) FROM w;\n")
    #expect(output == "rows=2\nrows=2\n2\n")
    #expect(errors == "Error: .watch runs only read-only SQL: INSERT INTO w VALUES(3);\n")
  }

  @Test(".describe on a dqlite cluster: columns, rows, indexes and foreign keys")
  func describeOnDqlite() throws {
    let (status, output, errors) = try runOnCluster(
      "CREATE TABLE p(id INTEGER PRIMARY KEY);\n"
        + "CREATE TABLE c(a INT NOT NULL, b TEXT DEFAULT 'x', p_id INT REFERENCES p(id),"
        + " PRIMARY KEY(a, b));\nCREATE INDEX c_b ON c(b DESC);\nINSERT INTO c(a) VALUES(1);\n"
        + ".describe c\n")
    #expect(
      output == """
        column|type|not null|default|pk|collation
        a|INT|NOT NULL||1|
        b|TEXT||'x'|2|
        p_id|INT||||
        c holds 1 row
        index|unique|columns|origin
        sqlite_autoindex_c_1|yes|a, b|primary key
        c_b|no|b DESC|index
        foreign key|references|on update|on delete
        p_id|p(id)|NO ACTION|NO ACTION

        """)
    #expect(errors.isEmpty)
    #expect(status == 0)
  }
}
