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

  /// Sets a text result, from the string's own UTF-8 storage.
  package func result(text: String) {
    var text = text
    text.withUTF8 { bytes in
      guard let base = bytes.baseAddress, !bytes.isEmpty else {
        sqlite3_result_text(raw, "", 0, csqlite_static())
        return
      }
      base.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
        sqlite3_result_text64(
          raw, $0, UInt64(bytes.count), csqlite_transient(), UInt8(SQLITE_UTF8))
      }
    }
  }

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

  /// Sets a copy of `value` (an argument's `sqlite3_value *`, kept as it is) as the result.
  package func result(copying value: OpaquePointer?) { sqlite3_result_value(raw, value) }

  /// Sets a `NULL` result.
  package func resultNull() { sqlite3_result_null(raw) }

  /// The object ``keep(_:for:)`` left on argument `argument` earlier in the same statement
  /// (`sqlite3_get_auxdata`), while SQLite still has it.
  package func kept<Object: AnyObject>(_ type: Object.Type, for argument: Int32) -> Object? {
    sqlite3_get_auxdata(raw, argument).map {
      Unmanaged<Object>.fromOpaque($0).takeUnretainedValue()
    }
  }

  /// Keeps `object`, such as a compiled pattern, with argument `argument` (`sqlite3_set_auxdata`).
  ///
  /// The next calls of the same statement get it back while the argument stays the same.
  /// Retained here, released by SQLite when it lets the object go.
  package func keep<Object: AnyObject>(_ object: Object, for argument: Int32) {
    sqlite3_set_auxdata(
      raw, argument, Unmanaged.passRetained(object).toOpaque(),
      { pointer in
        guard let pointer else { return }
        Unmanaged<AnyObject>.fromOpaque(pointer).release()
      })
  }

  /// Makes the call fail with `message`.
  package func error(_ message: String) { sqlite3_result_error(raw, message, -1) }

  /// Makes the call fail with a result code and SQLite's default message for it.
  package func error(code: Int32) { sqlite3_result_error_code(raw, code) }

  /// Sets `value` as the result.
  package func result(_ value: Value) {
    switch value {
    case .null: resultNull()
    case .integer(let integer): result(integer)
    case .real(let real): result(real)
    case .text(let text): result(text: text)
    case .blob(let bytes): result(blob: bytes)
    }
  }

  /// Makes the call fail with `error`'s text, and its code when it is an ``SQLiteError``.
  package func error(_ error: any Error) {
    if let error = error as? SQLiteError {
      self.error(error.message)
      self.error(code: error.code.rawValue)
    } else {
      self.error(String(describing: error))
    }
  }
}
