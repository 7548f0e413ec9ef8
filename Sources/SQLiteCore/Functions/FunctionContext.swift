import CSQLite

/// The `sqlite3_context` of one function call (or one virtual-table column).
///
/// Where the call's result or error goes: results are set directly on SQLite's context, with no
/// ``Value`` in between. Valid only during the call that received it.
package struct FunctionContext {
  package let raw: OpaquePointer

  package init(raw: OpaquePointer) { self.raw = raw }

  /// The connection the function runs on.
  package var database: OpaquePointer? { sqlite3_context_db_handle(raw) }

  /// Sets an integer result.
  package func result(_ value: Int64) { sqlite3_result_int64(raw, value) }

  /// Sets a floating-point result.
  package func result(_ value: Double) { sqlite3_result_double(raw, value) }

  /// Sets a text result from UTF-8 bytes.
  package func result(text bytes: [UInt8]) {
    bytes.withUnsafeBufferPointer { buffer in
      buffer.withMemoryRebound(to: CChar.self) { chars in
        guard let base = chars.baseAddress, !chars.isEmpty else {
          sqlite3_result_text(raw, "", 0, csqlite_static())
          return
        }
        sqlite3_result_text64(
          raw, base, UInt64(chars.count), csqlite_transient(), UInt8(SQLITE_UTF8))
      }
    }
  }

  /// Sets a text result.
  package func result(text: String) { result(text: Array(text.utf8)) }

  /// Sets a blob result.
  package func result(blob bytes: [UInt8]) {
    bytes.withUnsafeBytes { buffer in
      guard let base = buffer.baseAddress, !buffer.isEmpty else {
        sqlite3_result_zeroblob(raw, 0)
        return
      }
      sqlite3_result_blob64(raw, base, UInt64(buffer.count), csqlite_transient())
    }
  }

  /// Sets a `NULL` result.
  package func resultNull() { sqlite3_result_null(raw) }

  /// Makes the call fail with `message`.
  package func error(_ message: String) { sqlite3_result_error(raw, message, -1) }

  /// Makes the call fail with a result code and SQLite's default message for it.
  package func error(code: Int32) { sqlite3_result_error_code(raw, code) }
}
