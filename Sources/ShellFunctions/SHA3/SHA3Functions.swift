import CSQLite
import SQLiteCore

/// `sha3(X[,SIZE])` and `sha3_query(SQL[,SIZE])`, as sqlite3's shathree extension defines them.
enum SHA3Functions {
  static func register(_ registration: FunctionRegistration) throws(SQLiteError) {
    for count: Int32 in [1, 2] {
      try registration.scalar("sha3", count, .pure, hashValue)
      try registration.scalar("sha3_query", count, .directOnly, hashQuery)
    }
  }

  /// The digest size named by the optional second argument, or `nil` after reporting an error.
  private static func size(_ context: FunctionContext, _ arguments: FunctionArguments) -> Int? {
    guard arguments.count == 2 else { return 256 }
    let size = Int64(arguments.int32(1))
    guard SHA3.validSizes.contains(size) else {
      context.error("SHA3 size should be one of: 224 256 384 512")
      return nil
    }
    return Int(size)
  }

  /// `sha3(X)`: blobs are hashed as they are, anything else as its UTF-8 text; `NULL` gives `NULL`.
  private static func hashValue(_ context: FunctionContext, _ arguments: FunctionArguments) {
    guard let size = size(context, arguments) else { return }
    let type = arguments.type(0)
    guard type != SQLITE_NULL else { return }
    var hash = SHA3(bitCount: size)
    let bytes = type == SQLITE_BLOB ? arguments.blobBytes(0) : arguments.textBytes(0)
    hash.update(bytes ?? [])
    context.result(blob: hash.finalize())
  }

  /// `sha3_query(SQL)`: hashes each statement's text and every value of every row it returns.
  ///
  /// The stream is `S<n>:<sql>` per statement, `R` per row, then per column `N`, `I<8 bytes>`,
  /// `F<8 bytes>` (big-endian), `B<n>:<bytes>` or `T<n>:<text>`, as sqlite3 defines it.
  private static func hashQuery(_ context: FunctionContext, _ arguments: FunctionArguments) {
    guard let size = size(context, arguments) else { return }
    guard let sql = arguments.textBytes(0), let db = context.database else { return }
    var hash = SHA3(bitCount: size)
    let failure: String? = (sql + [0]).withUnsafeBufferPointer { buffer in
      buffer.withMemoryRebound(to: CChar.self) { chars in
        guard var cursor = chars.baseAddress else { return nil }
        while cursor.pointee != 0 {
          var statement: OpaquePointer?
          var tail: UnsafePointer<CChar>?
          let rc = sqlite3_prepare_v2(db, cursor, -1, &statement, &tail)
          defer { sqlite3_finalize(statement) }
          if rc != SQLITE_OK {
            let rest = tail.map { String(cString: $0) } ?? ""
            return "error SQL statement [\(rest)]: \(String(cString: sqlite3_errmsg(db)))"
          }
          guard let next = tail else { break }
          cursor = next
          if sqlite3_stmt_readonly(statement) == 0 {
            let text = sqlite3_sql(statement).map { String(cString: $0) } ?? ""
            return "non-query: [\(text)]"
          }
          guard let statement else { continue }
          hashStatement(statement, into: &hash)
        }
        return nil
      }
    }
    if let failure {
      context.error(failure)
    } else {
      context.result(blob: hash.finalize())
    }
  }

  private static func hashStatement(_ statement: OpaquePointer, into hash: inout SHA3) {
    if let text = sqlite3_sql(statement) {
      let length = strlen(text)
      hash.update("S\(length):")
      hash.update(UnsafeRawBufferPointer(start: text, count: length))
    }
    let columns = sqlite3_column_count(statement)
    while sqlite3_step(statement) == SQLITE_ROW {
      hash.update(CollectionOfOne(UInt8(ascii: "R")))
      for column in 0..<columns {
        hashColumn(statement, column, into: &hash)
      }
    }
  }

  private static func hashColumn(_ statement: OpaquePointer, _ column: Int32, into hash: inout SHA3)
  {
    switch sqlite3_column_type(statement, column) {
    case SQLITE_INTEGER:
      hash.update(CollectionOfOne(UInt8(ascii: "I")))
      hash.update(bigEndianBytes(UInt64(bitPattern: sqlite3_column_int64(statement, column))))
    case SQLITE_FLOAT:
      hash.update(CollectionOfOne(UInt8(ascii: "F")))
      hash.update(bigEndianBytes(sqlite3_column_double(statement, column).bitPattern))
    case SQLITE_TEXT:
      let text = sqlite3_column_text(statement, column)
      let length = Int(sqlite3_column_bytes(statement, column))
      hash.update("T\(length):")
      hash.update(UnsafeBufferPointer(start: text, count: length))
    case SQLITE_BLOB:
      let blob = sqlite3_column_blob(statement, column)
      let length = Int(sqlite3_column_bytes(statement, column))
      hash.update("B\(length):")
      hash.update(UnsafeRawBufferPointer(start: blob, count: length))
    default:
      hash.update(CollectionOfOne(UInt8(ascii: "N")))
    }
  }

  /// The eight bytes of `value`, most significant first.
  static func bigEndianBytes(_ value: UInt64) -> [UInt8] {
    (0..<8).map { UInt8(truncatingIfNeeded: value >> UInt64(56 - 8 * $0)) }
  }
}
