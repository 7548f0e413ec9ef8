import Glibc
import SQLiteCore

/// One run of `.import`: creates the table if needed, then inserts every row in one
/// transaction (a savepoint inside an open transaction), rolled back if the input is damaged.
struct ImportJob<Target: ImportTarget> {
  let shell: Shell
  let connection: Target
  let request: ImportCommand.Request
  /// The name in messages: the file, or `<pipe>`.
  let displayName: String
  /// The input size, for the progress line; `nil` for pipes.
  let totalBytes: Int?
  var rowCount = 0
  var errorCount = 0

  init(
    shell: Shell, connection: Target, request: ImportCommand.Request, displayName: String,
    totalBytes: Int?
  ) {
    self.shell = shell
    self.connection = connection
    self.request = request
    self.displayName = displayName
    self.totalBytes = totalBytes
  }

  /// The table as SQL: `"schema"."table"` or `"table"`.
  private var qualifiedName: String {
    let table = request.table.sqlQuoted()
    guard let schema = request.schema else { return table }
    return schema.sqlQuoted() + "." + table
  }

  mutating func run(_ reader: inout ImportReader) -> DotCommand.Outcome {
    for _ in 0..<max(request.skip, 0) {
      while reader.readField() && reader.endedWithColumnSeparator {}
    }
    let ownsTransaction = connection.isAutocommit
    let begin = ownsTransaction ? "BEGIN" : "SAVEPOINT litesh_import"
    do { try connection.execute(begin) } catch {
      return report("Error: \(error.message)\n")
    }
    let outcome = load(&reader)
    if let problem = reader.problem {
      rollBack(ownsTransaction)
      return report(
        "Error: \(displayName):\(problem.line):\(problem.column): \(problem.message);"
          + " nothing was imported\n")
    }
    guard let outcome else {
      rollBack(ownsTransaction)
      if !ownsTransaction && connection.isAutocommit {
        shell.reconcileTransaction()
        shell.noteTransactionRolledBack(cause: "an INSERT in it is interrupted or fails this way")
      }
      return .failure
    }
    do {
      try connection.execute(ownsTransaction ? "COMMIT" : "RELEASE litesh_import")
    } catch {
      // A deferred constraint can fail the COMMIT: never leave the import's transaction open.
      rollBack(ownsTransaction)
      return report("Error: \(error.message); nothing was imported\n")
    }
    if request.verbosity > 0 {
      shell.output.write(
        "Added \(rowCount) rows with \(errorCount) errors using \(reader.line - 1) lines of input\n"
      )
    }
    return outcome
  }

  private func rollBack(_ ownsTransaction: Bool) {
    try? connection.execute(
      ownsTransaction ? "ROLLBACK" : "ROLLBACK TO litesh_import; RELEASE litesh_import")
  }

  private func report(_ message: String) -> DotCommand.Outcome {
    shell.output.flush()
    shell.errors.write(message)
    return .failure
  }

  /// Creates the table when missing and inserts the rows; `nil` after a reported error.
  private mutating func load(_ reader: inout ImportReader) -> DotCommand.Outcome? {
    let select = "SELECT * FROM \(qualifiedName)"
    var columnCount: Int
    do {
      columnCount = try connection.columnCount(of: select)
    } catch  where Glob.matches("no such table: *", error.message) {
      guard createTable(&reader) else { return nil }
      do {
        columnCount = try connection.columnCount(of: select)
      } catch {
        _ = report("Error: \(error.message)\n")
        return nil
      }
    } catch {
      _ = report("Error: \(error.message)\n")
      return nil
    }
    if reader.problem != nil { return nil }
    guard columnCount > 0 else { return .success }
    let placeholders = Array(repeating: "?", count: columnCount).joined(separator: ",")
    let insertSQL = "INSERT INTO \(qualifiedName) VALUES(\(placeholders))"
    if request.verbosity >= 2 { shell.output.write("Insert using: \(insertSQL)\n") }
    let insert: Target.Insert
    do {
      insert = try connection.prepareInsert(insertSQL)
    } catch {
      _ = report("Error: \(error.message)\n")
      return nil
    }
    return insertRows(&reader, into: insert, columnCount: columnCount)
  }

  /// Reads the header row and creates the table from it (all columns TEXT).
  private func createTable(_ reader: inout ImportReader) -> Bool {
    var header: [String] = []
    while reader.readField() {
      header.append(String(decoding: reader.field, as: UTF8.self))
      if !reader.endedWithColumnSeparator { break }
    }
    if reader.problem != nil { return false }
    let columns = ImportColumns(header: header)
    if !columns.renames.isEmpty {
      let sink = shell.state.isInteractive && shell.input.depth == 0 ? shell.output : shell.errors
      shell.output.flush()
      sink.write(
        "Columns renamed during .import \(displayName) due to duplicates:\n"
          + columns.renames.joined(separator: ",\n") + "\n")
    }
    guard !header.isEmpty else {
      _ = report("\(displayName): empty file\n")
      return false
    }
    let create = "CREATE TABLE \(qualifiedName)\(columns.definition)\n"
    if request.verbosity >= 1 { shell.output.write(create + "\n") }
    do {
      try connection.execute(create)
    } catch {
      _ = report("\(create) failed:\n\(error.message)\n")
      return false
    }
    return true
  }
}
