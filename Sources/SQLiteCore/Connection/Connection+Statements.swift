import CSQLite

extension Connection {
  /// Prepares exactly one statement (`sqlite3_prepare_v3`).
  ///
  /// - Parameters:
  ///   - sql: the text of one statement.
  ///   - persistent: hint that the statement will be reused many times.
  /// - Returns: the prepared statement.
  /// - Throws: ``SQLiteError`` with the error offset for a syntax error, or `misuse` when the
  ///   text holds no statement or more than one.
  public func prepare(_ sql: String, persistent: Bool = false) throws(SQLiteError) -> Statement {
    try handle.checkOpen(sql: sql)
    var iterator = statements(in: sql, persistent: persistent)
    guard let statement = try iterator.next() else {
      throw SQLiteError.misuse("no SQL statement in \"\(sql)\"", sql: sql)
    }
    if !iterator.remainingIsEmpty {
      if try iterator.next() != nil {
        throw SQLiteError.misuse(
          "more than one statement: use execute(_:) for multi-statement SQL", sql: sql)
      }
    }
    return statement
  }

  /// A prepared statement from the connection's bounded cache, reset and with bindings cleared.
  ///
  /// A statement whose last step failed is dropped from the cache and prepared anew. While
  /// ``query(_:_:)``, ``forEachRow(_:_:_:)``, ``withStatement(_:_:_:)``, ``scalar(_:_:as:)`` or
  /// ``execute(_:_:)`` is running the cached statement, asking for the same SQL (from inside
  /// their body) gives a fresh, uncached statement, so the outer one keeps its place. Otherwise
  /// use the returned statement before asking the cache for the same SQL again.
  public func cachedStatement(_ sql: String) throws(SQLiteError) -> Statement {
    try cachedStatement(sql, clearingBindings: true)
  }

  /// ``cachedStatement(_:)``, leaving the old bindings when the caller binds every parameter.
  @usableFromInline
  func cachedStatement(_ sql: String, clearingBindings: Bool) throws(SQLiteError) -> Statement {
    // An observed fetch learns what a statement prepared earlier reads (ReadTracking).
    if handle.readTracking.isActive { try noteCachedRead(of: sql) }
    switch statementCache.statement(for: sql, clearingBindings: clearingBindings) {
    case .ready(let statement):
      return statement
    case .inUse:
      return try prepare(sql, persistent: true)
    case .missing:
      let statement = try prepare(sql, persistent: true)
      statementCache.insert(statement, for: sql)
      return statement
    }
  }

  /// The cached statement for `sql` (or a fresh one while that is in use), bound to
  /// `parameters` and marked in use until ``checkIn(_:)``.
  func checkOut(_ sql: String, _ parameters: Parameters) throws(SQLiteError) -> Statement {
    let statement = try cachedStatement(sql)
    do {
      try statement.bind(parameters)
    } catch {
      statement.resetAndClearBindings()
      throw error
    }
    statement.isCheckedOut = true
    return statement
  }

  /// Marks a statement from ``checkOut(_:_:)`` free again, reset and with bindings cleared.
  func checkIn(_ statement: Statement) {
    statement.isCheckedOut = false
    statement.resetAndClearBindings()
  }

  /// The number of statements in the cache.
  public var cachedStatementCount: Int { statementCache.count }

  /// Whether the cache holds a statement for this exact SQL text.
  public func isStatementCached(_ sql: String) -> Bool { statementCache.contains(sql) }

  /// Prepares the statements of multi-statement text one at a time, following the tail pointer.
  public func statements(in sql: String, persistent: Bool = false) -> StatementIterator {
    StatementIterator(
      connection: self, bytes: SQLText(sql).nulTerminatedBytes, persistent: persistent)
  }

  /// Prepares the statements of multi-statement text one at a time, its bytes passed to SQLite
  /// as they are (text that is not valid UTF-8 is stored unchanged).
  public func statements(in sql: SQLText, persistent: Bool = false) -> StatementIterator {
    StatementIterator(connection: self, bytes: sql.nulTerminatedBytes, persistent: persistent)
  }

  /// Runs every statement of `sql` in order, discarding rows.
  ///
  /// Statements run one at a time: when one fails, the ones before it have run, the ones after
  /// it have not, and the error's ``SQLiteError/sql`` starts with the failing statement: it is
  /// exactly that statement when it failed to run, and the rest of the text from it when it
  /// failed to prepare (see ``StatementIterator/next()``).
  public func execute(_ sql: String) throws(SQLiteError) {
    var iterator = statements(in: sql)
    while let statement = try iterator.next() {
      try statement.run()
    }
  }

  /// Runs one statement with bound parameters, discarding rows (the statement is cached).
  public func execute(_ sql: String, _ parameters: Parameters) throws(SQLiteError) {
    let statement = try checkOut(sql, parameters)
    defer { checkIn(statement) }
    try statement.run()
  }

  /// Runs one statement with values bound in order, discarding rows (the statement is cached).
  ///
  /// The fast path for repeated writes: `try db.execute("INSERT INTO t VALUES (?, ?)", id, name)`
  /// binds each value directly, without building ``Parameters``.
  @inlinable @_disfavoredOverload  // an array literal stays ``Parameters``, not a blob
  public func execute<each T: ValueConvertible>(
    _ sql: String, _ first: some ValueConvertible, _ values: repeat each T
  ) throws(SQLiteError) {
    // Every parameter is bound below (the count is checked), so the old values need no clearing.
    let statement = try cachedStatement(sql, clearingBindings: false)
    defer { statement.reset() }
    try statement.bind(first, repeat each values)
    try statement.run()
  }
}

/// Prepares the statements of a multi-statement SQL text one at a time.
///
/// Each call to ``next()`` prepares the statement that starts at ``offset`` and moves past it.
/// Blank text and comments between statements are skipped.
public struct StatementIterator {
  let connection: Connection
  /// The text and one NUL after it.
  private let bytes: [UInt8]
  private let persistent: Bool
  /// The byte offset in the text where the next statement starts.
  public private(set) var offset: Int = 0
  /// The byte offset where the statement prepared last starts (its SQL runs to ``offset``).
  public private(set) var statementStart: Int = 0

  init(connection: Connection, bytes: [UInt8], persistent: Bool) {
    self.connection = connection
    self.bytes = bytes
    self.persistent = persistent
  }

  /// Whether only white space (or nothing) is left.
  public var remainingIsEmpty: Bool { firstNonSpace(from: offset) == bytes.count - 1 }

  /// The index of the first byte at or after `index` that is not white space (as `isspace`).
  private func firstNonSpace(from index: Int) -> Int {
    var index = index
    while index < bytes.count - 1 {
      switch bytes[index] {
      case 0x20, 0x09, 0x0A, 0x0D, 0x0C, 0x0B: index += 1
      default: return index
      }
    }
    return index
  }

  /// The text from ``offset`` to the end.
  public var remainingText: String {
    bytes[offset..<(bytes.count - 1)].withUnsafeBufferPointer {
      String(decoding: $0, as: UTF8.self)
    }
  }

  /// The bytes from ``offset`` to the end, exactly as given.
  public var remainingBytes: SQLText { SQLText(bytes: bytes[offset..<(bytes.count - 1)]) }

  /// The next prepared statement, or `nil` when only white space and comments remain.
  ///
  /// White space before a statement is skipped first, as the sqlite3 shell does, so when
  /// preparing fails ``offset`` is where the failing statement starts.
  ///
  /// - Throws: ``SQLiteError`` whose ``SQLiteError/sql`` is the remaining text from the failing
  ///   statement's first byte (later statements included, as sqlite3 shows it) and whose
  ///   ``SQLiteError/offset`` is relative to it.
  public mutating func next() throws(SQLiteError) -> Statement? {
    guard let prepared = try prepareNext() else { return nil }
    return Statement(handle: prepared, owner: connection.handle)
  }

  /// Prepares the next statement as ``next()`` does and returns its handle, which the caller
  /// finalizes or hands to a ``Statement``.
  mutating func prepareNext() throws(SQLiteError) -> OpaquePointer? {
    let handle = connection.handle
    try handle.checkOpen()
    let flags = persistent ? UInt32(SQLITE_PREPARE_PERSISTENT) : 0
    while offset < bytes.count - 1 {
      var statement: OpaquePointer?
      var consumed = 0
      offset = firstNonSpace(from: offset)
      let start = offset
      if start == bytes.count - 1 { break }
      let rc = bytes.withUnsafeBufferPointer { all -> Int32 in
        all.withMemoryRebound(to: CChar.self) { buffer -> Int32 in
          guard let base = buffer.baseAddress else { return SQLITE_MISUSE }
          let text = base + start
          var tail: UnsafePointer<CChar>?
          // The length counts the terminating NUL: SQLite then parses the text in place instead
          // of copying it first.
          let rc = sqlite3_prepare_v3(
            handle.db, text, Int32(buffer.count - start), flags, &statement, &tail)
          consumed = tail.map { $0 - text } ?? (buffer.count - 1 - start)
          return rc
        }
      }
      guard rc == SQLITE_OK else {
        throw handle.error(rc, sql: remainingText, withOffset: true)
      }
      offset = start + max(consumed, 0)
      if let statement {
        statementStart = start
        return statement
      }
      if consumed == 0 { break }
    }
    offset = bytes.count - 1
    return nil
  }
}
