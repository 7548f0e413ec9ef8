package import SQLiteCore

/// The rows of one QUERY, read batch by batch as the node sends them (constant memory).
///
/// Values map to SQLite's storage classes: dqlite's ISO-8601 values (text in a DATETIME,
/// DATE or TIMESTAMP column) are the same text, its UNIXTIME values the same integer, and its
/// BOOLEAN values (a BOOLEAN column) the integer 0 or 1, which is what SQLite stored, so a
/// formatter prints the bytes sqlite3 prints. The rows must be read to the end (or
/// ``discard()``ed) before the connection is used again.
package final class DqliteRows: RowSource {
  package let sql: String
  package private(set) var columnNames: [String]
  package var columnCount: Int { columnNames.count }
  /// 1 for `EXPLAIN`, 2 for `EXPLAIN QUERY PLAN`, 0 otherwise (from the text, as SQLite
  /// decides it).
  package let explainKind: Int

  private let connection: NodeConnection
  private var decoder: MessageDecoder
  /// Whether the current batch ends in a failure's code and message (a failing step).
  private var endsInFailure: Bool
  private var row: [Value] = []
  private var isDone = false
  private let onFinish: (DqliteError?) -> Void

  init(
    sql: String, connection: NodeConnection, first: Response,
    onFinish: @escaping (DqliteError?) -> Void
  ) throws(DqliteError) {
    self.sql = sql
    explainKind = Self.explainKind(of: sql)
    self.connection = connection
    self.onFinish = onFinish
    decoder = first.decoder
    endsInFailure = first.endsInFailure
    columnNames = []
    columnNames = try readColumns()
  }

  private func readColumns() throws(DqliteError) -> [String] {
    let count = Int(clamping: try decoder.uint64())
    var names: [String] = []
    names.reserveCapacity(count)
    for _ in 0..<count { names.append(try decoder.text()) }
    return names
  }

  /// 1 for `EXPLAIN`, 2 for `EXPLAIN QUERY PLAN`, 0 for other statements.
  package static func explainKind(of sql: String) -> Int {
    let words = StatementKind(sql).words
    guard words.first == "EXPLAIN" else { return 0 }
    return words.dropFirst().starts(with: ["QUERY", "PLAN"]) ? 2 : 1
  }

  package func columnName(at index: Int) -> String { columnNames[index] }

  package func step() throws(SQLiteError) -> Bool {
    do {
      return try advance()
    } catch {
      isDone = true
      onFinish(error)
      throw error.sqliteError
    }
  }

  /// Reads the next row, fetching the next batch after a PART marker.
  private func advance() throws(DqliteError) -> Bool {
    if isDone { return false }
    while true {
      if endsInFailure, let failure = NodeConnection.trailingFailure(&decoder) { throw failure }
      let marker = try peekMarker()
      if marker == Self.done {
        isDone = true
        onFinish(nil)
        return false
      }
      if marker == Self.part {
        let next = try connection.readResponse()
        try next.expect(.rows)
        decoder = next.decoder
        endsInFailure = next.endsInFailure
        _ = try readColumns()
        continue
      }
      try readRow()
      return true
    }
  }

  private static let done: UInt64 = 0xFFFF_FFFF_FFFF_FFFF
  private static let part: UInt64 = 0xEEEE_EEEE_EEEE_EEEE

  private func peekMarker() throws(DqliteError) -> UInt64? {
    var probe = decoder
    let word = try probe.uint64()
    if word == Self.done || word == Self.part {
      decoder = probe
      return word
    }
    return nil
  }

  /// One row: a header of 4-bit type codes (two per byte, low nibble first), padded to a
  /// word, then the values.
  private func readRow() throws(DqliteError) {
    let count = columnNames.count
    var types: [UInt8] = []
    types.reserveCapacity(count)
    var index = 0
    while index < count {
      let byte = try decoder.uint8()
      types.append(byte & 0x0F)
      if index + 1 < count { types.append(byte >> 4) }
      index += 2
    }
    decoder.alignToWord()
    row.removeAll(keepingCapacity: true)
    for code in types {
      switch WireType(rawValue: code) {
      case .integer, .unixTime: row.append(.integer(try decoder.int64()))
      case .float: row.append(.real(try decoder.double()))
      case .text, .iso8601: row.append(.text(try decoder.text()))
      case .blob: row.append(.blob(Array(try decoder.blob())))
      case .null:
        _ = try decoder.uint64()
        row.append(.null)
      case .boolean: row.append(.integer(try decoder.uint64() == 0 ? 0 : 1))
      case nil: throw DqliteError.protocolError("unknown value type \(code)")
      }
    }
  }

  /// Reads and drops the remaining rows, so the connection is ready for the next request.
  package func discard() throws(SQLiteError) {
    while try step() {}
  }

  package func run() throws(SQLiteError) { try discard() }

  /// The current row's value in column `index`.
  package func value(at index: Int) -> Value { row[index] }

  package func storageClass(at index: Int) -> StorageClass { row[index].storageClass }

  package func int64(at index: Int) -> Int64 {
    switch row[index] {
    case .integer(let value): value
    case .real(let value): Int64(exactly: value.rounded(.towardZero)) ?? (value < 0 ? .min : .max)
    case .text(let text): Int64(text) ?? 0
    case .null, .blob: 0
    }
  }

  package func double(at index: Int) -> Double {
    switch row[index] {
    case .integer(let value): Double(value)
    case .real(let value): value
    case .text(let text): Double(text) ?? 0
    case .null, .blob: 0
    }
  }

  package func string(at index: Int) -> String {
    withUnsafeText(at: index) { String(decoding: $0, as: UTF8.self) }
  }

  package func withUnsafeText<R>(at index: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> R)
    rethrows -> R
  {
    switch row[index] {
    case .null: return try body(UnsafeBufferPointer(start: nil, count: 0))
    case .integer(let value): return try Array(String(value).utf8).withUnsafeBufferPointer(body)
    case .real(let value):
      var bytes: [UInt8] = []
      SQLiteFormatting.appendReal(value, significantDigits: 15, to: &bytes)
      return try bytes.withUnsafeBufferPointer(body)
    case .text(var text): return try text.withUTF8(body)
    case .blob(let bytes): return try bytes.withUnsafeBufferPointer(body)
    }
  }

  package func withUnsafeBlob<R>(at index: Int, _ body: (UnsafeRawBufferPointer) throws -> R)
    rethrows -> R
  {
    switch row[index] {
    case .blob(let bytes): return try bytes.withUnsafeBytes(body)
    case .null: return try body(UnsafeRawBufferPointer(start: nil, count: 0))
    default: return try withUnsafeText(at: index) { try body(UnsafeRawBufferPointer($0)) }
    }
  }
}
