import SQLiteCore

/// The shell's read pool (`.readers N`): a ``ConnectionPool``, the ``WriterSession`` the shell
/// holds for as long as the pool is open, and the writer's connection.
///
/// The shell runs its statements and dot-commands on ``writer`` directly, on the shell's own
/// thread, exactly as it does with a single connection: only statements the
/// ``StatementRouter`` sends to a reader use a reader's connection, on the same thread
/// (``read(_:)``). That is safe because the
/// session gives the shell the writer exclusively: the pool touches the writer's connection
/// only when the session ends or the pool closes, and the shell does both from ``close()``
/// after it is done with the connection. The connection is opened `NOMUTEX`, and SQLite allows
/// such a connection on any thread as long as no two threads use it at once.
final class ReadPool {
  /// The pool.
  let pool: ConnectionPool
  /// The writer's connection, the one the shell's statements and dot-commands run on.
  let writer: Connection
  private let session: WriterSession
  /// Set for good once the writer has state a reader cannot see that the shell cannot check
  /// cheaply (a `PRAGMA` setting, a loaded extension, a connection option).
  private(set) var hasPermanentSessionState = false
  /// Whether the writer has attached databases or temporary objects, when known.
  private var cachedSessionState: Bool?
  /// Statements that ran on a reader since the pool opened.
  private(set) var readerStatementCount = 0
  /// The busy timeout the readers opened with.
  private let openingBusyTimeout: Int32
  /// `.timeout`'s value for the readers too (the writer's connection is set directly).
  var busyTimeout: Int32

  private init(
    pool: ConnectionPool, session: WriterSession, writer: Connection, busyTimeout: Int32
  ) {
    self.pool = pool
    self.session = session
    self.writer = writer
    openingBusyTimeout = busyTimeout
    self.busyTimeout = busyTimeout
  }

  /// Opens the pool on `path` (switching the file to WAL), takes the writer session and hands
  /// back the writer's connection.
  static func open(
    path: String, readers: Int, busyTimeout: Int32,
    prepare: @escaping @Sendable (Connection) throws -> Void
  ) throws -> ReadPool {
    let configuration = ConnectionPool.Configuration(
      maximumReaderCount: readers, busyTimeout: busyTimeout, journalSizeLimit: -1,
      usesNormalSynchronous: false, prepareConnection: prepare)
    let (pool, session, writer) = try CallerThreadBridge.run {
      let pool = try await ConnectionPool(path: path, configuration: configuration)
      do {
        let session = try await pool.beginWriterSession()
        let writer = try await session.execute { db in ShellThreadBound(db) }
        return (pool, session, writer)
      } catch {
        try? await pool.close()
        throw error
      }
    }
    return ReadPool(
      pool: pool, session: session, writer: writer.value, busyTimeout: busyTimeout)
  }

  /// Runs `body` with a reader, in a snapshot of the last committed state.
  ///
  /// The reader's connection is used on the shell's own thread (no hop to the reader's
  /// thread and back); `ConnectionPool.interrupt()` still interrupts it.
  func read(_ body: (Connection) throws -> Void) throws {
    if busyTimeout == openingBusyTimeout {
      try pool.readSynchronously(body)
    } else {
      // After `.timeout`: each reader waits as long as the writer does (a cheap call).
      try pool.readSynchronously { reader in
        reader.setBusyTimeout(milliseconds: busyTimeout)
        try body(reader)
      }
    }
    readerStatementCount += 1
  }

  /// Changes how many readers may be open.
  func resize(to count: Int) {
    let pool = pool
    _ = try? CallerThreadBridge.run { await pool.setMaximumReaderCount(count) }
  }

  /// Ends the writer session (an open transaction is rolled back) and closes the pool.
  func close() {
    let (pool, session) = (pool, session)
    _ = try? CallerThreadBridge.run {
      try? await session.end()
      try await pool.close()
    }
  }

  // MARK: State a reader cannot see

  /// Whether the writer may have state that a reader lacks: then reads stay on the writer.
  func hasSessionState() -> Bool {
    if hasPermanentSessionState { return true }
    if let cachedSessionState { return cachedSessionState }
    let attachedOrTemporary = Self.hasAttachedOrTemporaryObjects(writer) ?? true
    cachedSessionState = attachedOrTemporary
    return attachedOrTemporary
  }

  /// Whether `connection` has attached databases or temporary objects (besides the
  /// `.parameter` table); `nil` when it cannot tell.
  ///
  /// The temp schema is read only when the connection already has one: reading it would
  /// create it, and `.databases` would then list `temp`.
  private static func hasAttachedOrTemporaryObjects(_ connection: Connection) -> Bool? {
    guard let rows = try? connection.query("PRAGMA database_list") else { return nil }
    var hasTemp = false
    for row in rows {
      guard case .text(let name) = row[1] else { return nil }
      if name == "temp" {
        hasTemp = true
      } else if name != "main" {
        return true
      }
    }
    guard hasTemp else { return false }
    let sql = "SELECT count(*) FROM temp.sqlite_schema WHERE name <> 'sqlite_parameters'"
    return (try? connection.scalar(sql, as: Int64.self)).map { $0 > 0 }
  }

  /// Records that `statement` runs on the writer: it may attach, create or set something.
  ///
  /// Only statements that can add or remove attached databases or temporary objects (or undo
  /// such a change) forget what ``hasSessionState()`` found, so a script of writes and reads
  /// does not read the schema again before every query; inside a transaction everything does,
  /// since an error may roll the transaction back.
  func noteWriterStatement(_ statement: Statement, isInsideTransaction: Bool) {
    let (isPragma, changesObjects) =
      StatementRouter.withFirstWord(of: statement) { word in
        (
          StatementRouter.isKeyword(word, "PRAGMA"),
          Self.objectChangingKeywords.contains { StatementRouter.isKeyword(word, $0) }
        )
      } ?? (false, true)
    if isPragma { hasPermanentSessionState = true }
    if changesObjects || isInsideTransaction { cachedSessionState = nil }
  }

  /// The statements that can change the attached databases or temporary objects.
  static let objectChangingKeywords = ["CREATE", "DROP", "ATTACH", "DETACH", "ROLLBACK"]

  /// Records that a dot-command ran: one that may change the connection itself keeps every
  /// later statement on the writer.
  func noteDotCommand(_ name: String?) {
    cachedSessionState = nil
    guard let name, Self.commandsWithoutConnectionState.contains(name) else {
      hasPermanentSessionState = true
      return
    }
  }

  /// Dot-commands that change nothing a reader would need (connection options, extensions,
  /// trace or progress hooks are the ones left out).
  static let commandsWithoutConnectionState: Set<String> = [
    "backup", "bail", "begin", "bench", "cd", "changes", "check", "color", "commit", "databases",
    "dbinfo", "describe",
    "dump", "echo", "edit", "eqp", "exit", "explain", "fullschema", "headers", "help", "import",
    "indexes", "last", "log", "maxrows", "mode", "nonce", "nullvalue", "once", "open", "output",
    "pager",
    "parameter", "print", "prompt", "quit", "read", "readers", "release", "restore", "rollback",
    "save", "savepoint", "schema", "separator", "sha3sum", "shell", "show", "stats", "system",
    "selecttrace", "tables", "testcase", "timeout", "timer", "treetrace", "version", "vfsinfo",
    "vfslist", "vfsname", "wheretrace", "width",
  ]
}

/// A value that is not `Sendable`, carried across a hop the shell's thread waits for.
///
/// @unchecked Sendable: the shell's thread hands the value over and stays blocked (in
/// ``CallerThreadBridge``) until the other thread is done with it, or, for the writer's connection,
/// the pool's thread does not use it again until the shell closes the pool; so no two threads
/// ever use the value at once.
struct ShellThreadBound<Value>: @unchecked Sendable {
  let value: Value
  init(_ value: Value) { self.value = value }
}
