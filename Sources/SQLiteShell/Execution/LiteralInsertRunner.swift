import Glibc
import SQLiteCore

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
  private var database: RawConnection?
  private var statements: [[UInt8]: RawStatement] = [:]
  /// The shapes used last, most used first (see ``statement(for:on:)``).
  private var recent: [(shape: [UInt8], statement: RawStatement)] = []
  private static let recentCount = 8
  private var scratch: [UInt8] = []
  /// Prepared shapes kept at most (a script of many tables has one per table and column list).
  private static let capacity = 256

  deinit { removeAll() }

  /// Finalizes every statement (before the connection closes, or when it changes).
  func removeAll() {
    guard database != nil else { return }
    for statement in statements.values { statement.finalize() }
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
    _ sql: UnsafeBufferPointer<UInt8>, on db: RawConnection, shouldStop: () -> Bool
  ) -> Outcome {
    guard let base = sql.baseAddress, db.maximumSQLLength >= sql.count,
      memchr(base, 0, sql.count) == nil, parsed.parse(sql)
    else { return .notHandled }
    if database != db {
      removeAll()
      database = db
    }
    guard parsed.literals.count <= db.maximumParameterCount,
      let statement = statement(for: parsed.shape, on: db)
    else { return .notHandled }
    guard bind(parsed.literals, of: sql, to: statement, maximumLength: db.maximumLength) else {
      statement.clearBindings()
      return .notHandled
    }
    if shouldStop() { return .stopped }
    let rc = statement.step()
    if rc == RawStatement.done {
      statement.reset()
      return .ran
    }
    let message = db.errorMessageBytes
    statement.reset()
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
  private func statement(for shape: [UInt8], on db: RawConnection) -> RawStatement? {
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
        for old in statements.values { old.finalize() }
        statements.removeAll()
        recent.removeAll()
      }
      guard let prepared = shape.withUnsafeBufferPointer({ db.preparePersistent($0) }) else {
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
  private func forget(_ statement: RawStatement) {
    recent.removeAll { $0.statement == statement }
    if let entry = statements.first(where: { $0.value == statement }) {
      statements.removeValue(forKey: entry.key)
    }
    statement.finalize()
  }

  /// Binds every literal to its parameter; `false` when one is longer than SQLite allows.
  private func bind(
    _ literals: [LiteralInsert.Literal], of sql: UnsafeBufferPointer<UInt8>,
    to statement: RawStatement, maximumLength: Int
  ) -> Bool {
    for (offset, literal) in literals.enumerated() {
      let index = Int32(offset + 1)
      let isBound: Bool
      switch literal {
      case .null:
        isBound = statement.bindNull(at: index)
      case .integer(let value):
        isBound = statement.bind(value, at: index)
      case .real(let digits, _):
        isBound = statement.bindText(UnsafeBufferPointer(rebasing: sql[digits]), at: index)
      case .text(let range, let hasDoubledQuotes):
        guard range.count <= maximumLength else { return false }
        let text = UnsafeBufferPointer(rebasing: sql[range])
        if hasDoubledQuotes {
          undoubleQuotes(text)
          isBound = scratch.withUnsafeBufferPointer {
            statement.bindText($0, at: index, copying: true)
          }
        } else {
          isBound = statement.bindText(text, at: index)
        }
      case .blob(let digits):
        guard digits.count / 2 <= maximumLength else { return false }
        decodeHex(UnsafeBufferPointer(rebasing: sql[digits]))
        isBound = scratch.withUnsafeBufferPointer { statement.bindBlob($0, at: index) }
      }
      guard isBound else { return false }
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
