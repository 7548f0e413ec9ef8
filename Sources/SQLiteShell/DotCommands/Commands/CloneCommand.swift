import Glibc
import SQLiteCore

/// The dot-commands this file runs, each declared once: name, shortest abbreviation,
/// `.help` text and handler (see ``DotCommandRegistry/standard`` for their order).
extension DotCommand {
  static let clone = DotCommand(
    "clone", handler: CloneCommand.run,
    help: """
      .clone NEWDB             Clone data into NEWDB from the existing database
      """)
}

/// `.clone NEWDB`: a new database file with the current database's tables, rows, indexes,
/// views and triggers, as sqlite3 3.40.1's `tryToClone` makes it.
///
/// Each object's name is printed on standard output (whatever `.output` says) with
/// `... done` after it; a statement the new file refuses is reported on standard error and
/// the copy goes on. Rows go in with `INSERT OR IGNORE`, committed every 10,000 rows. An
/// existing file is never touched.
///
/// Two fixes over sqlite3 3.40.1: a table whose name holds a double quote keeps its rows
/// (sqlite3 copies none), and a table the new file refuses to create gets no rows (sqlite3
/// copies `sqlite_sequence`'s rows into the one the new file already made, doubling them).
enum CloneCommand {
  static let run: DotCommand.Handler = { shell, arguments in
    guard shell.allowedInSafeMode("cannot run .clone in safe mode") else { return .failure }
    // sqlite3's own usage text, not its help line (`.clone NEWDB`).
    guard arguments.count == 1 else { return shell.usageFailure(".clone FILENAME") }
    guard let source = shell.openDatabase() else { return .failure }
    let name = shell.argumentText(0, of: arguments)
    guard name.withCString({ access($0, F_OK) }) != 0 else {
      shell.errors.write("File \"")
      shell.errors.write(name)
      shell.errors.write("\" already exists.\n")
      return .success
    }
    let destination: Connection
    do throws(SQLiteError) {
      destination = try Connection(path: DatabaseFileName.openable(name))
    } catch {
      shell.errors.write("Cannot create output database: \(error.message)\n")
      return .success
    }
    let clone = Clone(source: source, destination: destination, shell: shell)
    try? source.execute("PRAGMA writable_schema=ON")
    try? destination.execute("BEGIN EXCLUSIVE")
    clone.copySchema(where: "type='table'", withRows: true)
    clone.copySchema(where: "type!='table'", withRows: false)
    try? destination.execute("COMMIT")
    try? source.execute("PRAGMA writable_schema=OFF")
    try? destination.close()
    return .success
  }
}

/// One `.clone` at work.
private struct Clone {
  let source: Connection
  let destination: Connection
  let shell: Shell

  /// Creates each schema object `condition` selects, in `sqlite_schema` order, and with
  /// `withRows` copies each table's rows after creating it.
  func copySchema(where condition: String, withRows: Bool) {
    let objects: [Row]
    do throws(SQLiteError) {
      objects = try source.query("SELECT name, sql FROM sqlite_schema WHERE " + condition)
    } catch {
      shell.errors.write("Error: \(error.message)\n")
      return
    }
    for object in objects {
      // A table's automatic indexes have no SQL: the CREATE TABLE makes them.
      guard case .text(let name) = object[0], case .text(let sql) = object[1] else { continue }
      shell.standardOutput.write(name + "... ")
      do throws(SQLiteError) {
        try destination.execute(sql)
        if withRows { copyRows(of: name) }
      } catch {
        shell.errors.write("Error: \(error.message)\nSQL: [\(sql)]\n")
      }
      shell.standardOutput.write("done\n")
    }
  }

  /// Copies every row of `table`; a failure is reported with the query it came from.
  private func copyRows(of table: String) {
    let query = "SELECT * FROM " + table.sqlQuoted()
    do throws(SQLiteError) {
      let rows = try source.prepare(query)
      let count = rows.columnNames.count
      let insert = try destination.prepare(
        "INSERT OR IGNORE INTO " + table.sqlQuoted() + " VALUES("
          + Array(repeating: "?", count: count).joined(separator: ",") + ")")
      var copied = 0
      while try rows.step() {
        for column in 0..<count { try insert.bind(rows.value(at: column), at: column + 1) }
        do throws(SQLiteError) {
          try insert.run()
        } catch {
          shell.errors.write("Error \(error.code.rawValue): \(error.message)\n")
        }
        insert.reset()
        copied += 1
        if copied % 10_000 == 0 {
          // sqlite3's spinner: a character and a backspace every 10,000 rows.
          let spinner = Array("|/-\\")[(copied / 10_000) % 4]
          shell.standardOutput.write("\(spinner)\u{8}")
          try? destination.execute("COMMIT; BEGIN")
        }
      }
    } catch {
      shell.errors.write("Error \(error.code.rawValue): \(error.message) on [\(query)]\n")
    }
  }
}
