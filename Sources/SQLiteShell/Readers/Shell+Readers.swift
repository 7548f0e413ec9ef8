import Glibc
package import SQLiteCore

/// The shell on a read pool: opening and closing it, and running a statement on a reader.
extension Shell {
  /// What running a statement on a reader came to.
  enum ReaderRun {
    /// The statement is not for a reader: run it on the writer.
    case notRouted
    /// It ran on a reader and its rows are written.
    case succeeded
    /// It failed on a reader.
    case failed(Failure)
  }

  /// The pool statements may run on, while readers are on (`ConnectionPool.interrupt()` for
  /// Ctrl-C).
  package var readerPool: ConnectionPool? { connections.readPool?.pool }

  /// Why an in-memory or temporary database cannot have readers.
  static let inMemoryRefusal =
    "cannot use readers with an in-memory or temporary database: readers need a database file"

  /// Why the database `state` names, opened as it says, cannot have readers, or `nil` when it
  /// can.
  static func readersRefusal(_ state: ShellState) -> String? {
    let path = state.databasePath
    if state.deserializesDatabase || state.opensZipArchive || path.isEmpty || path == ":memory:"
      || path.hasPrefix("file:") && path.contains("memory")
    {
      return inMemoryRefusal
    }
    if state.openOptions.mode == .readOnly {
      return "cannot use readers with a read-only database: the writer needs write access"
    }
    if ZipArchiveFile.isArchive(path) {
      return "cannot use readers with a ZIP archive: it opens as an in-memory database"
    }
    if state.openOptions.vfs != nil || AppendedDatabase.hasTrailer(path) {
      return "cannot use readers with a database appended to another file"
    }
    return nil
  }

  /// Opens the read pool for the current database when the session asks for readers
  /// (`--readers N`) and the database can have them; `nil` otherwise or when it fails to open
  /// (the caller then opens a single connection, which reports any problem as sqlite3 does).
  func openPreferredReadPool() -> Connection? {
    guard state.readerCount > 0,
      Shell.readersRefusal(state) == nil
    else { return nil }
    return try? openReadPool()
  }

  /// Opens the read pool on the current database, makes its writer the shell's connection, and
  /// says on stderr when the file was switched to WAL.
  func openReadPool() throws -> Connection {
    let path = DatabaseFile.absolutePath(state.databasePath)
    let wasWAL = DatabaseFile.isWALFile(path)
    let owner = WeakShell(self)
    let pool = try ReadPool.open(
      path: path, readers: state.readerCount, busyTimeout: state.busyTimeout
    ) { db in try owner.shell?.prepareConnection(db) }
    connections.readPool = pool
    connection = pool.writer
    if !wasWAL {
      let count = state.readerCount
      errors.write(
        "litesh: database switched to WAL for \(count) reader\(count == 1 ? "" : "s")\n")
      errors.flush()
    }
    return pool.writer
  }

  /// Opens one connection on the database again after its read pool failed to open; when that
  /// fails too, an in-memory database, as after a failed `.open`: the session goes on.
  func reopenAfterFailedReadPool() {
    do {
      let opened = try openConnection(path: state.databasePath, options: state.openOptions)
      try prepareConnection(opened)
      connection = opened
    } catch {
      errors.write(
        "Error: unable to open database \"\(state.databasePath)\": \(error.message)\n")
      guard let memory = try? Connection(path: ":memory:") else { return }
      try? prepareConnection(memory)
      connection = memory
    }
  }

  /// Closes the database: the read pool (its writer session ends) or the single connection.
  func closeConnection() {
    forgetLiteralInserts()
    connections.changeSessions.closeAll()
    if let readPool = connections.readPool {
      connection = nil
      self.connections.readPool = nil
      readPool.close()
    } else {
      try? connection?.close()
      connection = nil
    }
  }

  /// Runs `statement` on a reader when the router sends it there.
  func runOnReaderIfRouted(_ statement: Statement, on connection: Connection) -> ReaderRun {
    guard let readPool = connections.readPool, readPool.writer === connection else {
      return .notRouted
    }
    let hasDiagnostics =
      state.statistics != .off || state.queryPlan != .off || redirection.trace != nil
      || diagnostics.progress.isActive
    guard statement.isReadOnly else {
      // Most statements of a write-heavy script end here, without a String of their text.
      readPool.noteWriterStatement(
        statement, isInsideTransaction: connection.isInsideTransaction)
      return .notRouted
    }
    let sql = statement.sql
    let facts = StatementRouter.Facts(
      sql: sql, isReadOnly: statement.isReadOnly, explainKind: statement.explainKind,
      parameterCount: statement.parameterCount, isInsideTransaction: connection.isInsideTransaction,
      hasDiagnostics: hasDiagnostics)
    let destination = StatementRouter.destination(
      of: facts, hasSessionState: readPool.hasSessionState)
    guard destination == .reader else {
      readPool.noteWriterStatement(
        statement, isInsideTransaction: connection.isInsideTransaction)
      return .notRouted
    }
    prepareOutputForStatement()
    let (style, spool) = resultStyle()
    let output = output
    var columns = 0
    do {
      try readPool.read { db in
        // Not from the statement cache: the writer prepared this text once already, and
        // scripts of queries that differ only in their literals would churn the cache.
        let routed = try db.prepare(sql)
        columns = try ResultWriter.write(routed, style: style, to: output, spool: spool)
      }
      state.style.lengthenColumnWidths(to: columns)
      return .succeeded
    } catch let error as SQLiteError {
      return .failed(Failure(error: error, phase: .step))
    } catch {
      return .failed(Failure(error: SQLiteError(code: .error, message: "\(error)"), phase: .step))
    }
  }

  /// Tells the read pool a dot-command ran (it may have changed the writer's state).
  func noteDotCommandForReaders(_ name: String?) {
    connections.readPool?.noteDotCommand(name)
  }
}

/// Facts about a database file the read pool needs before it opens.
private enum DatabaseFile {
  /// `path` made absolute, so readers opened after a `.cd` still open the same file.
  fileprivate static func absolutePath(_ path: String) -> String {
    guard !path.hasPrefix("/"), !path.hasPrefix("file:") else { return path }
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    guard getcwd(&buffer, buffer.count) != nil else { return path }
    let directory = String(
      decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    return directory + "/" + path
  }

  /// Whether the database file's header says WAL (read and write versions 2).
  fileprivate static func isWALFile(_ path: String) -> Bool {
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else { return false }
    defer { close(descriptor) }
    var header = [UInt8](repeating: 0, count: 20)
    guard read(descriptor, &header, 20) == 20 else { return false }
    return header[18] == 2 && header[19] == 2
  }
}

/// The shell, held weakly by the pool's connection set-up (the pool lives inside the shell).
///
/// @unchecked Sendable: the set-up runs only while the shell's thread waits for the pool (a
/// reader opens inside a read the shell is waiting for; the writer opens while the shell waits
/// for the pool to open), so the shell is never used by two threads at once.
final class WeakShell: @unchecked Sendable {
  weak var shell: Shell?
  init(_ shell: Shell) { self.shell = shell }
}
