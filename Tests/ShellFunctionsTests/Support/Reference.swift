import Foundation
import SQLiteCore
import ShellFunctions
import TestSupport
import Testing

/// Runs the same SQL through the `sqlite3` 3.40.1 binary and through a `Connection` with the
/// shell functions registered, rendering both as sqlite3's list mode does (`|` between columns,
/// `Error: message` for the first failure, which stops the run).
enum Reference {
  /// What `sqlite3 -batch :memory: SQL` prints (stdout, then the error line without its
  /// "stepping"/"in prepare" prefix).
  static func sqlite3(
    _ sql: String, database: String = ":memory:", environment: [String: String] = [:],
    safe: Bool = false
  ) throws -> String {
    let run = try ProgramRun.run(
      Binary.sqlite3, ["-batch"] + (safe ? ["-safe"] : []) + [database, sql],
      environment: environment)
    var text = run.outputText
    let message = run.errors
    // Only the first line: sqlite3 follows a prepare error with the SQL and a caret.
    for line in message.split(separator: "\n", omittingEmptySubsequences: true).prefix(1) {
      var line = String(line)
      for prefix in ["Error: stepping, ", "Error: in prepare, ", "Error: "]
      where line.hasPrefix(prefix) {
        line = String(line.dropFirst(prefix.count))
        break
      }
      text += "Error: \(line)\n"
    }
    return text
  }

  /// Runs a program with extra environment variables and returns its standard output.
  static func run(
    _ program: String, _ arguments: [String], environment: [String: String]
  ) throws -> String {
    try ProgramRun.run(program, arguments, environment: environment).outputText
  }

  /// The same rendering, from SQLiteCore with ``ShellFunctions`` registered.
  static func litesh(
    _ sql: String, database: String = ":memory:", safe: Bool = false
  ) throws -> String {
    let db = try Connection(path: database)
    defer { try? db.close() }
    try ShellFunctions.register(on: db, safeMode: safe)
    var text = ""
    do {
      var statements = db.statements(in: sql)
      while let statement = try statements.next() {
        while try statement.step() {
          text +=
            (0..<statement.columnCount).map { render(statement.value(at: $0)) }
            .joined(separator: "|") + "\n"
        }
      }
    } catch {
      text += "Error: \(error.message)\n"
    }
    return text
  }

  private static func render(_ value: Value) -> String {
    switch value {
    case .null: ""
    case .integer(let integer): String(integer)
    case .real(let real): SQLiteFormatting.real(real)
    case .text(let text): text
    case .blob(let bytes): String(decoding: bytes, as: UTF8.self)
    }
  }
}

/// Expects litesh's rendering of `sql` to equal sqlite3's, byte for byte.
func expectSameAsSQLite3(
  _ sql: String, database: String = ":memory:", sourceLocation: SourceLocation = #_sourceLocation
) throws {
  let litesh = try Reference.litesh(sql, database: database)
  let sqlite3 = try Reference.sqlite3(sql, database: database)
  #expect(litesh == sqlite3, sourceLocation: sourceLocation)
}
