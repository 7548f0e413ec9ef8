import SQLiteCore

/// One `.selftest`: the tests it ran and failed, and sqlite3's `rc` after the last step.
struct SelftestRun {
  let shell: Shell
  let connection: Connection
  let isVerbose: Bool
  private(set) var testCount = 0
  private(set) var errorCount = 0
  /// Whether the last test (or the last step) failed: sqlite3 sets its `rc` at each test.
  private(set) var lastFailed = false

  private static let tableQuery = "SELECT tno,op,cmd,ans FROM selftest ORDER BY tno"
  private static let defaultTests =
    "VALUES(0,'memo','Missing SELFTEST table - default checks only',''),"
    + "      (1,'run','PRAGMA integrity_check','ok')"

  /// Runs the table's tests or the default ones; `false` when the query cannot be prepared.
  ///
  /// `pass` becomes 0 when a row counts (all of `op`, `cmd` and `ans` given), as sqlite3's
  /// `k = 0`, so the defaults do not run after the table's tests.
  mutating func runTests(fromTable: Bool, countsRows pass: inout Int) -> Bool {
    guard let statement = try? connection.prepare(fromTable ? Self.tableQuery : Self.defaultTests)
    else {
      lastFailed = true
      return false
    }
    lastFailed = false
    while (try? statement.step()) == true {
      let number = Int32(truncatingIfNeeded: statement.int64(at: 0))
      guard let operation = Self.text(statement, 1), let command = Self.text(statement, 2),
        let answer = Self.text(statement, 3)
      else { continue }
      pass = 0
      if isVerbose {
        shell.standardOutput.write("\(number): ")
        shell.standardOutput.write(SQLText(bytes: operation + [0x20] + command + [0x0A]))
      }
      if operation == Array("memo".utf8) {
        shell.output.write(SQLText(bytes: command + [0x0A]))
      } else if operation == Array("run".utf8) {
        runTest(number, command: command, answer: answer)
      } else {
        shell.errors.write("Unknown operation \"")
        shell.errors.write(SQLText(bytes: operation))
        shell.errors.write("\" on selftest line \(number)\n")
        lastFailed = true
        break
      }
    }
    return true
  }

  /// Runs one `run` test and reports an error or a wrong answer on the output.
  private mutating func runTest(_ number: Int32, command: [UInt8], answer: [UInt8]) {
    testCount += 1
    let (result, error) = Self.capture(command, on: connection)
    if isVerbose { shell.output.write(SQLText(bytes: Array("Result: ".utf8) + result + [0x0A])) }
    if let error {
      errorCount += 1
      lastFailed = true
      shell.output.write("\(number): error-code-1: \(error)\n")
    } else if result != answer {
      errorCount += 1
      lastFailed = true
      shell.output.write(
        SQLText(bytes: Array("\(number): Expected: [".utf8) + answer + [0x5D, 0x0A]))
      shell.output.write(
        SQLText(bytes: Array("\(number):      Got: [".utf8) + result + [0x5D, 0x0A]))
    } else {
      lastFailed = false
    }
  }

  /// What `sqlite3_exec` of `sql` gives sqlite3's `captureOutputCallback`, and its error.
  private static func capture(_ sql: [UInt8], on connection: Connection) -> ([UInt8], String?) {
    var result: [UInt8] = []
    var statements = connection.statements(in: SQLText(bytes: sql))
    do throws(SQLiteError) {
      while let statement = try statements.next() {
        while try statement.step() {
          if !result.isEmpty { result.append(UInt8(ascii: "|")) }
          for column in 0..<statement.columnCount {
            if column > 0 { result.append(UInt8(ascii: ",")) }
            if let text = text(statement, column) { result += text }
          }
        }
      }
    } catch {
      return (result, error.message)
    }
    return (result, nil)
  }

  /// A column as the C string `sqlite3_column_text` gives: `nil` for NULL, cut at a NUL.
  private static func text(_ statement: Statement, _ column: Int) -> [UInt8]? {
    if case .null = statement.value(at: column) { return nil }
    return statement.withUnsafeText(at: column) { Array($0.prefix { $0 != 0 }) }
  }
}
