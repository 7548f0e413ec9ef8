import Foundation
import TestSupport
import Testing

/// The display mode as a person sees it in a real terminal (tmux): a first SELECT of a few
/// thousand rows that fits the screen, `.last` for the rest, `.mode list` back to sqlite3's
/// rows, and litesh's config file.
@Suite(
  "REPL display mode", .serialized,
  .enabled(if: REPLTerminal.isAvailable, "tmux is not installed"))
struct REPLDisplayTests {
  /// One line: a table like Chinook's Track, 3,503 rows, 9 columns, long text, NULL composers.
  static let createTrack =
    "CREATE TABLE Track(TrackId INTEGER PRIMARY KEY, Name TEXT, AlbumId INT, MediaTypeId INT, "
    + "GenreId INT, Composer TEXT, Milliseconds INT, Bytes INT, UnitPrice REAL); "
    + "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 3503) "
    + "INSERT INTO Track SELECT x, 'Track name number ' || x || ' with a rather long title', "
    + "x % 347, x % 5, x % 25, CASE WHEN x % 4 = 0 THEN NULL ELSE 'Composer ' || x "
    + "|| ' and several others, H. Frank, P. Baltes' END, 200000 + x, 4000000 + x, 0.99 FROM c;"

  /// The display width of a screen line (box characters are one column, CJK two).
  static func width(_ line: Substring) -> Int {
    line.unicodeScalars.reduce(0) { total, scalar in
      let value = scalar.value
      if (0x300...0x36F).contains(value) { return total }
      return total
        + ((0x1100...0x115F).contains(value) || (0x2E80...0xA4CF).contains(value) ? 2 : 1)
    }
  }

  /// The lines between the last line starting with `statement` and the prompt after it.
  static func lastResult(_ screen: String, after statement: String = "litesh> SELECT")
    -> [Substring]
  {
    let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
    guard let start = lines.lastIndex(where: { $0.hasPrefix(statement) }) else { return [] }
    let rest = lines[(start + 1)...]
    let end = rest.firstIndex(where: { $0.hasPrefix("litesh>") }) ?? rest.endIndex
    return Array(rest[..<end])
  }

  @Test(
    "a 3,503-row SELECT fits the screen with its footer, NULL and right-aligned integers",
    arguments: [(120, 40), (80, 24)])
  func firstSelect(width: Int, height: Int) throws {
    try withREPL(width: width, height: height) { terminal in
      try terminal.run(Self.createTrack)
      try terminal.run("SELECT * FROM Track;", expecting: "3,503 rows (")
      let result = Self.lastResult(terminal.screen())
      #expect(result.count <= 50)
      #expect(result.count >= 10)
      // At 120 columns every column fits; at 80 the middle ones (Composer among them) go.
      #expect(result.contains { $0.contains("│ NULL ") } == (width == 120))
      // Integers right-aligned under a right-aligned name: `TrackId` is 7 wide.
      #expect(result.contains { $0.hasPrefix("│ TrackId │") })
      #expect(result.contains { $0.hasPrefix("│       1 │") })
      #expect(result.contains { $0.hasPrefix("│    3503 │") })
      let footer = try #require(result.last(where: { !$0.isEmpty }))
      #expect(footer.contains("3,503 rows ("))
      #expect(footer.contains(".last shows all"))
      for line in result { #expect(Self.width(line) <= width, "\(line)") }
      #expect(footer.contains("9 columns (") == (width == 80))
      // Fewer columns: the NULL composers show at any width.
      try terminal.run("SELECT TrackId, Composer FROM Track;", expecting: "3,503 rows (")
      let narrow = Self.lastResult(terminal.screen())
      #expect(narrow.contains { $0.hasPrefix("│       4 │ NULL ") })
      for line in narrow { #expect(Self.width(line) <= width, "\(line)") }
    }
  }

  @Test(
    ".last pages every row (first, middle, last) as the statement returned them",
    .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/less")))
  func last() throws {
    try withREPL(environment: ["PAGER": "", "LITESH_PAGER": ""], width: 100, height: 30) {
      terminal in
      try terminal.run(Self.createTrack)
      try terminal.run("SELECT TrackId, Name, Composer FROM Track;", expecting: "3,503 rows (")
      // The rows shown stay the rows returned, whatever happens to the table afterwards.
      try terminal.run("DELETE FROM Track;")
      try terminal.type(".last")
      try terminal.press("Enter")
      try terminal.waitFor("│       1 │ Track name number 1 with a rather long title ")
      try terminal.type("/number 1750 ")
      try terminal.press("Enter")
      try terminal.waitFor("│    1750 │ Track name number 1750 with a rather long title │")
      try terminal.press("G")
      try terminal.waitFor("│    3503 │ Track name number 3503 with a rather long title │")
      try terminal.waitFor("3,503 rows\n")
      let prompts = terminal.promptCount()
      try terminal.press("q")
      try terminal.waitUntil("the prompt after the pager", timeout: 10) {
        terminal.promptCount() > prompts
      }
    }
  }

  /// `.last` keeps the display mode's results only: after results in another mode it says it
  /// shows an older one (it showed it as if it were the latest).
  @Test(".last says when results in other modes came after the one it shows")
  func lastIsOlder() throws {
    try withREPL(environment: ["LITESH_PAGER": "cat"]) { terminal in
      try terminal.run("SELECT 'kept' || '-result' AS r;", expecting: "kept-result")
      try terminal.run(".last", expecting: "kept-result")
      #expect(terminal.occurrences(of: "not the latest result") == 0)
      try terminal.run(".mode list")
      try terminal.run("SELECT 'listed' || '-result';", expecting: "\nlisted-result")
      try terminal.run(".mode display")
      try terminal.run(".last", expecting: "not the latest result")
      #expect(terminal.screen().contains("1 result in other modes came after it"))
    }
  }

  /// Results a reader ran count too (they skipped the counters, so the note came wrongly).
  @Test(".last counts the results readers ran")
  func lastWithReaders() throws {
    let directory = NSTemporaryDirectory() + "litesh-last-\(UUID().uuidString.prefix(8))"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let path = directory + "/r.db"
    try withREPL(arguments: [path, "--readers", "2"], environment: ["LITESH_PAGER": "cat"]) {
      terminal in
      try terminal.run("CREATE TABLE t(x); INSERT INTO t VALUES ('on-' || 'reader');")
      try terminal.run(".mode list")
      try terminal.run("SELECT 'listed' || '-first';", expecting: "\nlisted-first")
      try terminal.run(".mode display")
      try terminal.run("SELECT x FROM t;", expecting: "on-reader")
      try terminal.run(".last", expecting: "on-reader")
      #expect(terminal.occurrences(of: "not the latest result") == 0)
      try terminal.run(".mode list")
      try terminal.run("SELECT x || '-listed' FROM t;", expecting: "\non-reader-listed")
      try terminal.run(".mode display")
      try terminal.run(".last", expecting: "not the latest result")
    }
  }

  @Test("Ctrl-C stops an endless SELECT: the rows so far are drawn, the shell goes on")
  func interrupt() throws {
    try withREPL { terminal in
      let prompts = try terminal.interrupt(
        "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM c) SELECT x FROM c;", timeout: 2
      )
      try terminal.waitFor("rows (")
      try terminal.waitFor("shown) before the interrupt")
      try terminal.waitUntil("the next prompt", timeout: 5) { terminal.promptCount() > prompts }
      let result = Self.lastResult(terminal.screen(), after: "litesh> WITH")
      #expect(result.contains { $0.hasPrefix("│ ") && $0.hasSuffix(" 1 │") })
      try terminal.run("SELECT 40 + 2 AS answer;", expecting: "│     42 │")
    }
  }

  @Test(".mode list then prints sqlite3's list rows")
  func modeList() throws {
    try withREPL { terminal in
      try terminal.run(".mode list")
      try terminal.run("SELECT 23, NULL, 215386;", expecting: "\n23||215386\n")
      try terminal.run(".mode display")
      try terminal.run("SELECT 23 AS a, NULL AS b;", expecting: "│ 23 │ NULL │")
    }
  }

  @Test("the config file's settings apply, and a bad line is reported with its file and line")
  func configFile() throws {
    let home = NSTemporaryDirectory() + "litesh-display-\(UUID().uuidString.prefix(8))"
    let directory = home + "/.config/litesh"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    try ".maxrows 6\n.colr on\n".write(
      toFile: directory + "/config", atomically: true, encoding: .utf8)
    try withREPL(home: home) { terminal in
      try terminal.waitFor("\(directory)/config:2: Error: unknown command or invalid arguments:")
      try terminal.run(
        "SELECT value FROM generate_series(1, 100);", expecting: "100 rows (6 shown)")
    }
  }
}
