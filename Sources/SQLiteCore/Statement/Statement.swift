// Public only for the inlinable stepping and column reads below, which a client's row loop
// calls once per row or column: as calls across the module boundary they cost more than the
// C calls they wrap (callgrind, W2). No CSQLite type appears in the public API.
public import CSQLite

/// One prepared SQL statement, bound to the connection that prepared it.
///
/// A statement is not `Sendable`: use it on the thread (or in the closure) where its
/// connection lives. Step it with ``step()``; read the current row with ``value(at:)``,
/// the typed accessors or ``row()``; ``reset()`` to run it again.
///
/// Related SQLite documentation: <https://www.sqlite.org/c3ref/stmt.html>
public final class Statement {
  @usableFromInline let handle: OpaquePointer
  @usableFromInline let owner: ConnectionHandle
  /// The SQL text of this one statement.
  ///
  /// Made on first use: a script's one-shot statements only need it for an error message.
  public var sql: String {
    if let cachedSQL { return cachedSQL }
    let text = sqlite3_sql(handle).map { String(cString: $0) } ?? ""
    cachedSQL = text
    return text
  }
  private var cachedSQL: String?

  /// Copies the SQL text before the connection finalizes the statement.
  func keepSQL() { _ = sql }
  /// The number of result columns (0 for statements that return no data).
  public let columnCount: Int
  /// Set when a step failed: a cached statement is then prepared anew.
  @usableFromInline var hasFailed = false
  /// Set while a connection's query method is running this statement: the cache then hands
  /// out a fresh statement for the same SQL instead of resetting this one.
  var isCheckedOut = false
  private var cachedColumns: ColumnNames?
  /// The neighbours in the connection's list of live statements (``ConnectionHandle/link(_:)``).
  var previousLive: Unmanaged<Statement>?
  var nextLive: Unmanaged<Statement>?

  init(handle: OpaquePointer, owner: ConnectionHandle) {
    self.handle = handle
    self.owner = owner
    self.columnCount = Int(sqlite3_column_count(handle))
    owner.link(self)
  }

  deinit {
    if !owner.isClosed {
      owner.unlink(self)
      sqlite3_finalize(handle)
    }
  }

  /// The statement handle for calls that cannot throw: reading a statement whose connection
  /// closed is a programmer error and traps instead of touching freed memory.
  @inlinable @inline(__always)
  var live: OpaquePointer {
    precondition(!owner.isClosed, "SQLiteCore: statement used after its connection closed")
    return handle
  }

  // MARK: Running

  /// Advances to the next row: `true` when a row is available, `false` when done.
  ///
  /// - Throws: ``SQLiteError`` with the statement's SQL when the step fails.
  @discardableResult
  @inlinable
  public func step() throws(SQLiteError) -> Bool {
    if owner.isClosed { throw closedError() }
    let rc = sqlite3_step(handle)
    if rc == SQLITE_ROW { return true }
    if rc == SQLITE_DONE { return false }
    throw stepFailed(rc)
  }

  /// Marks the statement failed, resets it and returns the error for `rc`.
  @usableFromInline
  func stepFailed(_ rc: Int32) -> SQLiteError {
    hasFailed = true
    let error = owner.stepError(rc, of: handle, sql: sql)
    sqlite3_reset(handle)
    return error
  }

  /// The misuse error for a statement whose connection is closed, with the statement's SQL.
  @usableFromInline
  func closedError() -> SQLiteError { SQLiteError.misuse("the connection is closed", sql: sql) }

  /// Throws misuse (with the statement's SQL) when the connection is closed.
  @inline(__always)
  func checkOpen() throws(SQLiteError) {
    if owner.isClosed { throw closedError() }
  }

  /// Steps until the statement is done, discarding rows.
  public func run() throws(SQLiteError) {
    while try step() {}
  }

  /// Resets the statement so it can run again; bindings are kept.
  public func reset() {
    guard !owner.isClosed else { return }
    sqlite3_reset(handle)
  }

  /// Resets the statement only when it has been stepped since its last reset.
  func resetIfBusy() {
    guard !owner.isClosed, sqlite3_stmt_busy(handle) != 0 else { return }
    sqlite3_reset(handle)
  }

  /// Sets every parameter back to `NULL`.
  public func clearBindings() {
    guard !owner.isClosed else { return }
    sqlite3_clear_bindings(handle)
  }

  /// Resets and clears bindings, so a cached statement holds no lock and no bound copy.
  func resetAndClearBindings() {
    guard !owner.isClosed else { return }
    sqlite3_reset(handle)
    sqlite3_clear_bindings(handle)
  }

  // MARK: Properties

  /// Whether the statement makes no direct change to the database file.
  ///
  /// Related SQLite documentation: <https://www.sqlite.org/c3ref/stmt_readonly.html>
  public var isReadOnly: Bool { sqlite3_stmt_readonly(live) != 0 }

  /// 1 for `EXPLAIN`, 2 for `EXPLAIN QUERY PLAN`, 0 otherwise.
  public var explainKind: Int { Int(sqlite3_stmt_isexplain(live)) }

  /// Whether the statement has been stepped and not reset since.
  public var isBusy: Bool { sqlite3_stmt_busy(live) != 0 }

  /// The SQL with bound parameters expanded as literals, as tracing shows it.
  public var expandedSQL: String? {
    guard let text = sqlite3_expanded_sql(live) else { return nil }
    defer { sqlite3_free(text) }
    return String(cString: text)
  }

  /// The number of virtual-machine steps run so far (`SQLITE_STMTSTATUS_VM_STEP`).
  public var virtualMachineSteps: Int {
    Int(sqlite3_stmt_status(live, SQLITE_STMTSTATUS_VM_STEP, 0))
  }

  // MARK: Columns

  /// The names of the result columns, duplicates kept in order.
  public var columnNames: [String] { columns.names }

  /// The result columns with a name index, shared by every row this statement produces.
  public var columns: ColumnNames {
    if let cachedColumns { return cachedColumns }
    let names = (0..<columnCount).map { index in
      sqlite3_column_name(live, Int32(index)).map { String(cString: $0) } ?? ""
    }
    let made = ColumnNames(names)
    cachedColumns = made
    return made
  }

  /// The name of one result column.
  public func columnName(at index: Int) -> String {
    sqlite3_column_name(live, Int32(index)).map { String(cString: $0) } ?? ""
  }

  /// The declared type of each result column; `nil` for expressions and untyped columns.
  public var declaredTypes: [String?] {
    (0..<columnCount).map { index in
      sqlite3_column_decltype(live, Int32(index)).map { String(cString: $0) }
    }
  }

  /// The storage class of a column in the current row.
  @inlinable @inline(__always)
  public func storageClass(at index: Int) -> StorageClass {
    switch sqlite3_column_type(live, Int32(index)) {
    case SQLITE_INTEGER: .integer
    case SQLITE_FLOAT: .real
    case SQLITE_TEXT: .text
    case SQLITE_BLOB: .blob
    default: .null
    }
  }

  /// The value of a column in the current row (index from 0).
  ///
  /// An index outside `0..<columnCount` is a programmer error and traps.
  public func value(at index: Int) -> Value {
    precondition(index >= 0 && index < columnCount, "column index \(index) out of range")
    return Value(sqliteValue: sqlite3_column_value(live, Int32(index)))
  }

  /// The integer value of a column (SQLite converts other storage classes).
  @inlinable @inline(__always)
  public func int64(at index: Int) -> Int64 { sqlite3_column_int64(live, Int32(index)) }

  /// The real value of a column (SQLite converts other storage classes).
  @inlinable @inline(__always)
  public func double(at index: Int) -> Double { sqlite3_column_double(live, Int32(index)) }

  /// The text of a column as a `String` (SQLite converts other storage classes; `NULL` is "").
  @inlinable
  public func string(at index: Int) -> String {
    withUnsafeText(at: index) { String(textBytes: $0) }
  }

  /// Calls `body` with the column's bytes as text (`sqlite3_column_text`), valid only inside.
  @inlinable @inline(__always)
  public func withUnsafeText<R>(at index: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> R)
    rethrows -> R
  {
    // One `sqlite3_column_value`, then the text and its length from the value: the same
    // bytes as `sqlite3_column_text` + `sqlite3_column_bytes`, one column lookup (with its
    // mutex and error bookkeeping) fewer. The value is unprotected, which is safe here: the
    // statement is confined to its connection's thread.
    let value = sqlite3_column_value(live, Int32(index))
    let bytes = sqlite3_value_text(value)
    let count = Int(sqlite3_value_bytes(value))
    return try body(UnsafeBufferPointer(start: bytes, count: count))
  }

  /// Calls `body` with the column's bytes as a blob (`sqlite3_column_blob`), valid only inside.
  @inlinable @inline(__always)
  public func withUnsafeBlob<R>(at index: Int, _ body: (UnsafeRawBufferPointer) throws -> R)
    rethrows -> R
  {
    // One column lookup, as in `withUnsafeText(at:_:)`.
    let value = sqlite3_column_value(live, Int32(index))
    let bytes = sqlite3_value_blob(value)
    let count = Int(sqlite3_value_bytes(value))
    return try body(UnsafeRawBufferPointer(start: bytes, count: count))
  }

  /// The current row, materialized.
  public func row() -> Row {
    var values: [Value] = []
    values.reserveCapacity(columnCount)
    for index in 0..<columnCount { values.append(value(at: index)) }
    return Row(columns: columns, values: values)
  }
}
