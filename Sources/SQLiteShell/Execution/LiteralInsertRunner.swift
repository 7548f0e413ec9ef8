import CSQLite

/// Runs literal INSERT statements (``LiteralInsert``) through one prepared statement per shape,
/// binding the literals as the values SQLite's parser would have coded for them.
///
/// Each literal becomes the value its VDBE constant would hold: `NULL`, a 64-bit integer, the
/// string's bytes, the blob's bytes, or for a REAL literal the double SQLite itself makes of
/// the literal's text: the shape has `CAST(? AS REAL)` there, and casting text to REAL runs
/// `sqlite3AtoF`, the function the parser calls on the literal (negated afterwards by `*-1`
/// when a `-` came before it, as the parser negates it). Column affinity, constraints,
/// triggers and foreign keys then act on those values inside SQLite, as on the constants.
///
/// The statements belong to one connection handle; ``removeAll()`` finalizes them, and a call
/// on another handle starts afresh.
final class LiteralInsertRunner {
  /// What ``run(_:on:shouldStop:)`` did.
  enum Outcome {
    /// The text is not a literal INSERT, or its shape did not prepare: run it the normal way.
    case notHandled
    /// Inserted.
    case ran
    /// The check before stepping said stop; nothing ran.
    case stopped
    /// Stepping failed with this result code; `message` is SQLite's error message.
    case failed(code: Int32, message: [UInt8])
  }

  private var parsed = LiteralInsert()
  private var database: OpaquePointer?
  private var statements: [[UInt8]: OpaquePointer] = [:]
  /// The shapes used last, most used first (see ``statement(for:on:)``).
  private var recent: [(shape: [UInt8], statement: OpaquePointer)] = []
  private static let recentCount = 8
  private var scratch: [UInt8] = []
  /// Prepared shapes kept at most (a script of many tables has one per table and column list).
  private static let capacity = 256

  deinit { removeAll() }

  /// Finalizes every statement (before the connection closes, or when it changes).
  func removeAll() {
    guard database != nil else { return }
    for statement in statements.values { sqlite3_finalize(statement) }
    statements.removeAll()
    recent.removeAll()
    database = nil
  }

  /// Runs `sql` if it is one literal INSERT, on the connection handle `db`.
  ///
  /// - Parameters:
  ///   - sql: the chunk's bytes.
  ///   - db: the connection handle.
  ///   - shouldStop: asked before stepping, as the normal way asks after preparing.
  /// - Returns: what was done.
  func run(
    _ sql: UnsafeBufferPointer<UInt8>, on db: OpaquePointer, shouldStop: () -> Bool
  ) -> Outcome {
    guard let base = sql.baseAddress, sqlite3_limit(db, SQLITE_LIMIT_SQL_LENGTH, -1) >= sql.count,
      memchr(base, 0, sql.count) == nil, parsed.parse(sql)
    else { return .notHandled }
    if database != db {
      removeAll()
      database = db
    }
    guard parsed.literals.count <= sqlite3_limit(db, SQLITE_LIMIT_VARIABLE_NUMBER, -1),
      let statement = statement(for: parsed.shape, on: db)
    else { return .notHandled }
    let maximumLength = Int(sqlite3_limit(db, SQLITE_LIMIT_LENGTH, -1))
    guard bind(parsed.literals, of: sql, to: statement, maximumLength: maximumLength) else {
      sqlite3_clear_bindings(statement)
      return .notHandled
    }
    if shouldStop() { return .stopped }
    let rc = sqlite3_step(statement)
    if rc == SQLITE_DONE {
      sqlite3_reset(statement)
      return .ran
    }
    var message: [UInt8] = []
    if let raw = sqlite3_errmsg(db) {
      message = Array(
        UnsafeBufferPointer(start: raw, count: strlen(raw)).map { UInt8(bitPattern: $0) })
    }
    sqlite3_reset(statement)
    // A failure may be a shape SQLite could not prepare again after the schema changed: the
    // caller checks, and the statement is not kept.
    forget(statement)
    return .failed(code: rc, message: message)
  }

  /// The prepared statement for `shape`, preparing it the first time.
  ///
  /// The few shapes used last are compared byte for byte first: a table's rows alternate
  /// between a handful of shapes (a `-` before a REAL literal makes another one), and hashing
  /// the shape for the dictionary costs more than comparing it.
  private func statement(for shape: [UInt8], on db: OpaquePointer) -> OpaquePointer? {
    for (position, entry) in recent.enumerated() where entry.shape.count == shape.count {
      let same = entry.shape.withUnsafeBytes { old in
        shape.withUnsafeBytes { new in
          guard let old = old.baseAddress, let new = new.baseAddress else { return true }
          return memcmp(old, new, shape.count) == 0
        }
      }
      if same {
        if position > 0 { recent.swapAt(position, position - 1) }
        return entry.statement
      }
    }
    var statement = statements[shape]
    if statement == nil {
      if statements.count >= Self.capacity {
        for old in statements.values { sqlite3_finalize(old) }
        statements.removeAll()
        recent.removeAll()
      }
      var prepared: OpaquePointer?
      let rc = shape.withUnsafeBufferPointer { bytes in
        bytes.withMemoryRebound(to: CChar.self) {
          sqlite3_prepare_v3(
            db, $0.baseAddress, Int32($0.count), UInt32(SQLITE_PREPARE_PERSISTENT), &prepared,
            nil)
        }
      }
      guard rc == SQLITE_OK, let prepared else {
        sqlite3_finalize(prepared)
        return nil
      }
      statements[shape] = prepared
      statement = prepared
    }
    guard let statement else { return nil }
    if recent.count == Self.recentCount { recent.removeLast() }
    recent.append((shape, statement))
    return statement
  }

  /// Drops `statement` from the cache and finalizes it.
  private func forget(_ statement: OpaquePointer) {
    recent.removeAll { $0.statement == statement }
    if let entry = statements.first(where: { $0.value == statement }) {
      statements.removeValue(forKey: entry.key)
    }
    sqlite3_finalize(statement)
  }

  /// Binds every literal to its parameter; `false` when one is longer than SQLite allows.
  private func bind(
    _ literals: [LiteralInsert.Literal], of sql: UnsafeBufferPointer<UInt8>,
    to statement: OpaquePointer, maximumLength: Int
  ) -> Bool {
    var rc = SQLITE_OK
    for (offset, literal) in literals.enumerated() {
      let index = Int32(offset + 1)
      switch literal {
      case .null:
        rc = sqlite3_bind_null(statement, index)
      case .integer(let value):
        rc = sqlite3_bind_int64(statement, index, value)
      case .real(let digits, _):
        rc = bindText(UnsafeBufferPointer(rebasing: sql[digits]), to: statement, at: index)
      case .text(let range, let hasDoubledQuotes):
        guard range.count <= maximumLength else { return false }
        let text = UnsafeBufferPointer(rebasing: sql[range])
        if hasDoubledQuotes {
          undoubleQuotes(text)
          rc = scratch.withUnsafeBufferPointer {
            bindText($0, to: statement, at: index, copying: true)
          }
        } else {
          rc = bindText(text, to: statement, at: index)
        }
      case .blob(let digits):
        guard digits.count / 2 <= maximumLength else { return false }
        decodeHex(UnsafeBufferPointer(rebasing: sql[digits]))
        rc = scratch.withUnsafeBufferPointer { bindBlob($0, to: statement, at: index) }
      }
      guard rc == SQLITE_OK else { return false }
    }
    return true
  }

  /// Puts the string's bytes with each `''` made `'` in ``scratch``.
  private func undoubleQuotes(_ text: UnsafeBufferPointer<UInt8>) {
    scratch.removeAll(keepingCapacity: true)
    var index = 0
    while index < text.count {
      let byte = text[index]
      scratch.append(byte)
      index += byte == UInt8(ascii: "'") ? 2 : 1
    }
  }

  /// Puts the bytes the hexadecimal digits spell in ``scratch``.
  private func decodeHex(_ digits: UnsafeBufferPointer<UInt8>) {
    scratch.removeAll(keepingCapacity: true)
    var index = 0
    while index + 1 < digits.count {
      scratch.append(hexValue(digits[index]) << 4 | hexValue(digits[index + 1]))
      index += 2
    }
  }
}

/// The value of one hexadecimal digit.
@inline(__always)
private func hexValue(_ digit: UInt8) -> UInt8 {
  digit <= UInt8(ascii: "9") ? digit &- 0x30 : (digit | 0x20) &- UInt8(ascii: "a") &+ 10
}

/// Binds text bytes; empty bytes bind the empty string, not `NULL`.
///
/// Unless `copying`, SQLite keeps a pointer to the bytes (the statement's text, alive until
/// the step is done); the statement is stepped and reset before the caller returns, and every
/// parameter is bound again before the next step, so the pointer is never read after that.
private func bindText(
  _ bytes: UnsafeBufferPointer<UInt8>, to statement: OpaquePointer, at index: Int32,
  copying: Bool = false
) -> Int32 {
  guard let base = bytes.baseAddress, !bytes.isEmpty else {
    return sqlite3_bind_text(statement, index, "", 0, csqlite_static())
  }
  return base.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
    sqlite3_bind_text(
      statement, index, $0, Int32(bytes.count), copying ? csqlite_transient() : csqlite_static())
  }
}

/// Binds blob bytes (SQLite copies them); empty bytes bind the empty blob, not `NULL`.
private func bindBlob(
  _ bytes: UnsafeBufferPointer<UInt8>, to statement: OpaquePointer, at index: Int32
) -> Int32 {
  guard let base = bytes.baseAddress, !bytes.isEmpty else {
    var empty: UInt8 = 0
    return withUnsafeBytes(of: &empty) {
      sqlite3_bind_blob(statement, index, $0.baseAddress, 0, csqlite_transient())
    }
  }
  return sqlite3_bind_blob(statement, index, base, Int32(bytes.count), csqlite_transient())
}
