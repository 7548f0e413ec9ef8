import Foundation
import SQLiteCore
import TestSupport
import Testing

@testable import SQLiteShell

/// The display mode drawn in-process, as a person at a terminal of a given size would see it.
@Suite("Display mode")
struct DisplayModeTests {
  /// A shell whose results a person reads on a `columns` x `rows` window, in the display mode.
  static func screenShell(columns: Int = 80, rows: Int = 24) -> ShellHarness {
    var state = ShellState()
    state.audience = SessionAudience(kind: .person, readsResultsOnScreen: true)
    state.style.mode = .display
    let harness = ShellHarness(state: state)
    harness.shell.display.windowSize = { (rows, columns) }
    return harness
  }

  /// A table like Chinook's Track: 3,503 rows, 9 columns, long text, every fourth Composer NULL.
  static let trackTable = """
    CREATE TABLE Track(TrackId INTEGER PRIMARY KEY, Name TEXT, AlbumId INT, MediaTypeId INT,
      GenreId INT, Composer TEXT, Milliseconds INT, Bytes INT, UnitPrice REAL);
    WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 3503)
    INSERT INTO Track SELECT x, 'Track name number ' || x || ' with a rather long title',
      x % 347, x % 5, x % 25, CASE WHEN x % 4 = 0 THEN NULL ELSE 'Composer ' || x || ' and others' END,
      200000 + x, 4000000 + x * 101, 0.99 FROM c;

    """

  static func width(_ line: Substring) -> Int {
    var text = String(line)
    return text.withUTF8 { DisplayWidth.measure($0, displayWidth: true) }
  }

  @Test(
    "a 3,503-row SELECT fits an 80x24 window: bounded rows, footer, NULL, right-aligned numbers")
  func fitsTheWindow() throws {
    let harness = Self.screenShell()
    let (output, errors) = harness.run(Self.trackTable + "SELECT * FROM Track;\n")
    #expect(errors.isEmpty)
    let lines = output.split(separator: "\n")
    #expect(lines.count <= 24)
    #expect(lines.count >= 10)
    for line in lines { #expect(Self.width(line) <= 80, "\(line)") }
    let footer = try #require(lines.last)
    #expect(footer.contains("3,503 rows ("))
    #expect(footer.contains("shown)"))
    #expect(footer.contains("9 columns ("))
    #expect(footer.contains(".last shows all"))
    #expect(lines.contains { $0.contains("│       1 │") })
    #expect(lines.contains { $0.contains("│    3503 │") })
    #expect(lines.contains { $0.contains("⋮") })
  }

  @Test("NULL shows as NULL and integers are right-aligned under a right-aligned name")
  func nullsAndNumbers() {
    let harness = Self.screenShell()
    let (output, _) = harness.run(
      "SELECT 7 AS n, NULL AS c, 'ab' AS t UNION ALL SELECT 1234, 'x', 'abcdef';\n")
    #expect(
      output == """
        ┌──────┬──────┬────────┐
        │    n │ c    │ t      │
        ├──────┼──────┼────────┤
        │    7 │ NULL │ ab     │
        │ 1234 │ x    │ abcdef │
        └──────┴──────┴────────┘
        2 rows

        """)
  }

  @Test("wide and combining characters take their display width; control characters are shown")
  func displayWidths() {
    let harness = Self.screenShell()
    let (output, _) = harness.run(
      "SELECT '日本' AS a, 'e\u{301}' AS b, 'x' || char(10) || char(27) AS c, x'00ff' AS d;\n")
    let lines = output.split(separator: "\n")
    let widths = Set(lines.dropLast().map { Self.width($0) })
    #expect(widths.count == 1)
    #expect(output.contains("│ 日本 │ e\u{301} │ x↵^[ │ x'00ff' │"))
    #expect(!output.contains("\u{1B}"))
  }

  @Test("C1 controls and bytes that are not UTF-8 never reach the terminal raw")
  func c1Controls() {
    let harness = Self.screenShell()
    // U+009B is CSI and U+009D OSC to a terminal that reads UTF-8's C1 controls; a lone 0x9B
    // byte is CSI to an 8-bit terminal.
    let (output, _) = harness.run(
      "SELECT char(155) || '31m' AS a, char(157) || '0;t' AS b, CAST(x'9b33316d' AS TEXT) AS c;\n")
    #expect(output.contains("│ <9B>31m │ <9D>0;t │ <9B>31m │"))
    for forbidden in ["\u{9B}", "\u{9D}"] { #expect(!output.contains(forbidden)) }
    #expect(!output.contains("\u{FFFD}"))
    let widths = Set(output.split(separator: "\n").dropLast().map { Self.width($0) })
    #expect(widths.count == 1)
  }

  @Test(".maxrows sets the rows drawn; 0 draws every row")
  func maxRows() {
    let harness = Self.screenShell()
    let (output, _) = harness.run(
      Self.trackTable + ".maxrows 4\nSELECT TrackId FROM Track;\n.maxrows 0\n"
        + "SELECT TrackId FROM Track WHERE TrackId <= 300;\n.maxrows\n")
    #expect(output.contains("3,503 rows (4 shown)"))
    #expect(output.contains("│     300 │"))
    #expect(output.contains("300 rows\n"))
    #expect(output.hasSuffix("maxrows: 0 (all)\n"))
  }

  @Test(".maxrows 0 draws every row when the spool for .last cannot be made")
  func maxRowsWithoutSpool() {
    let harness = Self.screenShell()
    // As with $TMPDIR naming a directory that does not exist, or a full /tmp.
    harness.shell.display.lastResult.directory = "/nonexistent-litesh-spool"
    let (output, _) = harness.run(".maxrows 0\nSELECT value FROM generate_series(1, 3);\n")
    #expect(output.contains("│     2 │"))
    #expect(output.hasSuffix("3 rows\n"))
  }

  @Test(".last shows every row as the statement returned them, even after the table changed")
  func lastShowsAll() {
    let harness = Self.screenShell()
    let (first, _) = harness.run(Self.trackTable + "SELECT TrackId, Name, Composer FROM Track;\n")
    #expect(!first.contains("Track name number 1750 "))
    let before = harness.output.capturedText.count
    let (all, errors) = harness.run("DELETE FROM Track;\n.last\n")
    #expect(errors.isEmpty)
    let last = String(all.dropFirst(before))
    #expect(last.contains("│       1 │ Track name number 1 with a rather long title "))
    #expect(
      last.contains(
        "│    1750 │ Track name number 1750 with a rather long title │ Composer 1750 and others"))
    #expect(
      last.contains(
        "│    3503 │ Track name number 3503 with a rather long title │ Composer 3503 and others"))
    #expect(last.hasSuffix("3,503 rows\n"))
    let lines = last.split(separator: "\n")
    #expect(lines.count == 3503 + 5)
    // Widths decided in a first pass over the kept rows: every line of the box is as wide.
    #expect(Set(lines.dropLast().map { Self.width($0) }).count == 1)
  }

  @Test("a result past the spool's limit is drawn, but .last says it was not kept and why")
  func lastPastLimit() {
    let harness = Self.screenShell()
    harness.shell.display.lastResult.byteLimit = 200_000
    let (output, _) = harness.run(Self.trackTable + "SELECT * FROM Track;\n")
    #expect(output.contains("3,503 rows (16 shown)"))
    #expect(!output.contains(".last shows all"))
    let (_, errors) = harness.run(".last\n")
    #expect(errors.contains("the last result was not kept: it passed 195 KiB"))

    // A smaller result fits again and .last shows it.
    let (small, _) = harness.run("SELECT TrackId FROM Track WHERE TrackId <= 20;\n.last\n")
    #expect(small.contains("│      20 │"))
  }

  @Test("under the default limit (half the free space) a result of a few hundred KiB is kept")
  func spoolDefaultLimit() throws {
    let harness = Self.screenShell()
    let (output, errors) = harness.run(Self.trackTable + "SELECT * FROM Track;\n.last\n")
    #expect(errors.isEmpty)
    #expect(output.hasSuffix("3,503 rows\n"))
  }

  @Test(".last without a display-mode result says so")
  func lastWithoutResult() {
    let harness = Self.screenShell()
    let (_, errors) = harness.run(".last\n")
    #expect(errors.contains("no result to show"))
  }

  @Test("columns that do not fit are dropped from the middle and the footer counts them")
  func dropsMiddleColumns() {
    let harness = Self.screenShell(columns: 40)
    let columns = (1...12).map { "\($0 * 1_000_000) AS column\($0)" }.joined(separator: ", ")
    let (output, _) = harness.run("SELECT \(columns);\n")
    let lines = output.split(separator: "\n")
    for line in lines { #expect(Self.width(line) <= 40, "\(line)") }
    #expect(lines[1].hasPrefix("│ column1 │"))
    #expect(lines[1].hasSuffix("│ column12 │"))
    #expect(lines[1].contains("│ … │"))
    #expect(output.contains("12 columns ("))
    // The footer is wider than the window: it goes on two lines rather than lose a part.
    #expect(output.hasSuffix("1 row · 12 columns (3 shown)\n.last shows all\n"))
  }

  @Test("a runtime error mid-result: the footer counts the rows before the error")
  func errorMidResult() {
    let harness = Self.screenShell()
    let (output, errors) = harness.run(
      """
      CREATE TABLE wide(id INTEGER PRIMARY KEY);
      INSERT INTO wide SELECT value FROM generate_series(1, 9);
      SELECT id, CASE WHEN id = 3 THEN abs(-9223372036854775807 - 1) ELSE id END AS v
        FROM wide WHERE id < 6;
      SELECT id FROM wide WHERE id < 3;

      """)
    #expect(errors.contains("integer overflow"))
    #expect(output.contains("└────┴───┘\n2 rows before the error\n"))
    #expect(output.hasSuffix("└────┘\n2 rows\n"))
  }

  @Test("an explicit .headers off hides the names, as sqlite3 3.53's box does; on shows them")
  func headersOff() {
    let harness = Self.screenShell()
    let (output, _) = harness.run(
      ".headers off\nSELECT 1 AS n, 'ab' AS t;\nSELECT 1 AS n WHERE 0;\n.last\n"
        + ".headers on\nSELECT 1 AS n;\n")
    #expect(
      output == """
        ┌───┬────┐
        │ 1 │ ab │
        └───┴────┘
        1 row
        0 rows
        0 rows
        ┌───┐
        │ n │
        ├───┤
        │ 1 │
        └───┘
        1 row

        """)
  }

  @Test(".show says headers are on where the display mode draws them, off after .headers off")
  func showHeaders() {
    let (output, _) = Self.screenShell().run(".show\n.headers off\n.show\n")
    let headers = output.split(separator: "\n").filter {
      $0.hasSuffix("headers: on") || $0.hasSuffix("headers: off")
    }
    #expect(headers == ["     headers: on", "     headers: off"])
    var state = ShellState()
    state.style.mode = .display
    #expect(ShellHarness(state: state).run(".show\n").0.contains("     headers: off\n"))
  }

  @Test("off the screen (a program, .output, .once) the display mode prints sqlite3's list rows")
  func listOffScreen() throws {
    var state = ShellState()
    state.style.mode = .display
    let program = ShellHarness(state: state)
    let (output, _) = program.run("SELECT 1, NULL, 'a';\n")
    #expect(output == "1||a\n")
    try ScratchDirectory.with("litesh-display") { directory in
      let person = Self.screenShell()
      _ = person.run(".once \(directory.root)/out.txt\nSELECT 1, NULL, 'a';\n")
      let file = try String(contentsOfFile: directory.path("out.txt"), encoding: .utf8)
      #expect(file == "1||a\n")
    }
  }

  @Test(
    ".mode display after another mode resets the separators as sqlite3's .mode list does",
    arguments: ["csv", "tabs", "ascii", "tcl", "quote", "column"])
  func displayResetsSeparators(_ previous: String) throws {
    let script = ".mode \(previous)\n.mode MODE\nSELECT 1, 'a';\n.show\n"
    let sqlite3 = try ProgramRun.run(
      Binary.sqlite3, [":memory:"],
      input: Array(script.replacingOccurrences(of: "MODE", with: "list").utf8))
    let (output, errors) = ShellHarness().run(
      script.replacingOccurrences(of: "MODE", with: "display"))
    #expect(errors.isEmpty)
    // The same rows and separators; `.show` names the mode and the database file differently.
    let differing = ["        mode:", "    filename:"]
    func kept(_ text: String) -> [Substring] {
      text.split(separator: "\n", omittingEmptySubsequences: false).filter { line in
        !differing.contains { line.hasPrefix($0) }
      }
    }
    #expect(kept(output) == kept(sqlite3.outputText))
  }

  @Test("the display mode is chosen back by its whole name only; sqlite3's prefixes are unchanged")
  func modeName() {
    var style = OutputStyle()
    #expect(!style.applyModeCommand(["display"]).failed)
    #expect(style.mode == .display)
    #expect(style.applyModeCommand([]).output == "current output mode: display\n")
    #expect(style.applyModeCommand(["disp"]).failed)
    #expect(style.applyModeCommand(["l"]).failed == false)
    #expect(style.mode == .line)
  }
}

/// How the display mode fits columns into a window (``DisplayLayout``).
@Suite("Display layout")
struct DisplayLayoutTests {
  @Test("columns that fit keep their natural widths")
  func fits() {
    let layout = DisplayLayout.fit(natural: [3, 10], isNumber: [true, false], available: 80)
    #expect(layout == DisplayLayout(shown: [0, 1], widths: [3, 10], gapBefore: nil))
  }

  @Test("the widest text column is narrowed first; numbers are never narrowed")
  func narrowsText() {
    let layout = DisplayLayout.fit(
      natural: [10, 60, 20, 12], isNumber: [true, false, false, true], available: 80)
    #expect(layout.gapBefore == nil)
    #expect(layout.widths[0] == 10 && layout.widths[3] == 12)
    #expect(DisplayLayout.boxWidth(layout.widths, gap: false) == 80)
    #expect(layout.widths[1] > layout.widths[2])
  }

  @Test("when even the floors do not fit, middle columns go and the box still fits")
  func dropsMiddle() {
    let natural = Array(repeating: 30, count: 9)
    let layout = DisplayLayout.fit(
      natural: natural, isNumber: Array(repeating: false, count: 9), available: 80)
    #expect(layout.shown.first == 0 && layout.shown.last == 8)
    #expect(layout.shown.count < 9)
    #expect(layout.gapBefore != nil)
    #expect(DisplayLayout.boxWidth(layout.widths, gap: true) <= 80)
  }

  @Test("one column wider than the window is cut to fit")
  func oneWideColumn() {
    let layout = DisplayLayout.fit(natural: [500], isNumber: [false], available: 80)
    #expect(layout.widths == [76])
  }

  @Test("the footer groups thousands")
  func grouped() {
    #expect(DisplayFormatter.grouped(3503) == "3,503")
    #expect(DisplayFormatter.grouped(1_000_000) == "1,000,000")
    #expect(DisplayFormatter.grouped(999) == "999")
  }
}
