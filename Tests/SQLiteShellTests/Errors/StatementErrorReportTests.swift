import SQLiteCore
import SQLiteShell
import Testing

/// The error report for a person at the prompt, and sqlite3's bytes for everyone else.
@Suite("StatementErrorReport")
struct StatementErrorReportTests {
  static let schema = """
    CREATE TABLE track(id INTEGER PRIMARY KEY, title TEXT, milliseconds INTEGER, artist_id INTEGER);
    CREATE TABLE artist(id INTEGER PRIMARY KEY, name TEXT);

    """
  /// Eight lines; `t.milisecond` on line 7.
  static let statement = """
    SELECT t.title,
           a.name,
           t.milliseconds
    FROM track AS t
    JOIN artist AS a
      ON a.id = t.artist_id
    WHERE t.milisecond > 300000
    ORDER BY 1;

    """

  static func harness(person: Bool) -> ShellHarness {
    var state = ShellState()
    state.isInteractive = true
    state.audience = SessionAudience(kind: person ? .person : .program, readsResultsOnScreen: true)
    return ShellHarness(state: state)
  }

  @Test("names line 7 of an 8-line statement, shows it whole with the caret under the token")
  func lineOfTheStatement() {
    let harness = Self.harness(person: true)
    harness.run(Self.schema)
    for line in Self.statement.split(separator: "\n") { harness.shell.processLine(String(line)) }
    #expect(
      harness.errors.capturedText == """
        Parse error: no such column: t.milisecond
          line 7 of the statement:
            WHERE t.milisecond > 300000
                  ^
          closest columns: t.milliseconds

        """)
  }

  @Test("a program at the prompt gets sqlite3's flattened caret block, byte for byte")
  func programKeepsSQLiteBytes() throws {
    let harness = Self.harness(person: false)
    harness.run(Self.schema)
    for line in Self.statement.split(separator: "\n") { harness.shell.processLine(String(line)) }
    let connection = try Connection(path: ":memory:")
    try connection.execute(Self.schema)
    var expected = ""
    do {
      _ = try connection.prepare(Self.statement)
    } catch {
      expected = ErrorText.scriptLine(error, phase: .prepare, line: nil)
    }
    #expect(expected.hasPrefix("Parse error: no such column: t.milisecond\n  "))
    #expect(!expected.contains("of the statement"))
    #expect(harness.errors.capturedText == expected)
  }

  @Test("keeps tabs and counts wide characters so the caret stands under the token")
  func caretAfterTabsAndWideCharacters() {
    let error = SQLiteError(
      code: .error, message: "near \"FORM\": syntax error", sql: nil, offset: 23)
    let sql = "SELECT 1,\n\t'日本', x FORM t;"
    let report = StatementErrorReport(
      error: error, phase: .prepare, sql: SQLText(sql), connection: nil)
    #expect(report.lineNumber == 2)
    #expect(report.sourceLine == "\t'日本', x FORM t;")
    #expect(report.caretLine == "\t" + String(repeating: " ", count: 10) + "^")
  }

  @Test("finds the table SQLite gives no offset for, and suggests the closest tables")
  func noSuchTable() throws {
    let connection = try Connection(path: ":memory:")
    try connection.execute(Self.schema)
    let error = SQLiteError(code: .error, message: "no such table: trak")
    let report = StatementErrorReport(
      error: error, phase: .prepare, sql: SQLText("  SELECT *\n  FROM trak;"),
      connection: connection)
    #expect(
      report.text == """
        Parse error: no such table: trak
          line 2 of the statement:
              FROM trak;
                   ^
          closest tables: track

        """)
  }

  @Test("suggests the closest functions for a misspelt function")
  func closestFunctions() {
    let harness = Self.harness(person: true)
    harness.shell.processLine("SELECT lenght('abc');")
    #expect(
      harness.errors.capturedText == """
        Parse error: no such function: lenght
            SELECT lenght('abc');
                   ^
          closest functions: length

        """)
  }

  @Test("suggests only the columns of the table an alias names")
  func qualifiedSuggestion() throws {
    let harness = Self.harness(person: true)
    harness.run(Self.schema)
    harness.shell.processLine("SELECT a.nmae FROM track t JOIN artist a ON a.id = t.artist_id;")
    #expect(harness.errors.capturedText.hasSuffix("  closest columns: a.name\n"))
  }

  @Test("a runtime error without a place keeps sqlite3's wording")
  func runtimeError() {
    let harness = Self.harness(person: true)
    harness.run("CREATE TABLE u(a UNIQUE); INSERT INTO u VALUES(1);\n")
    harness.shell.processLine("INSERT INTO u VALUES(1);")
    #expect(harness.errors.capturedText == "Runtime error: UNIQUE constraint failed: u.a (19)\n")
  }
}
