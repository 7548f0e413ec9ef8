import CSQLite

extension Statement {
  /// The number of parameters: the largest index used (`?NNN` counts up to NNN).
  public var parameterCount: Int { Int(sqlite3_bind_parameter_count(live)) }

  /// The name of each parameter by index from 1 (`":a"`, `"@a"`, `"$a"`, `"?3"`), `nil` for `?`.
  public var parameterNames: [String?] {
    (0..<parameterCount).map { offset in
      sqlite3_bind_parameter_name(live, Int32(offset + 1)).map { String(cString: $0) }
    }
  }

  /// The index (from 1) of a named parameter, spelled with its prefix; `nil` when unknown.
  public func parameterIndex(named name: String) -> Int? {
    let index = Int(sqlite3_bind_parameter_index(live, name))
    return index > 0 ? index : nil
  }

  /// Binds one value to the parameter at `index` (from 1).
  public func bind(_ value: Value, at index: Int) throws(SQLiteError) {
    try checkOpen()
    let position = Int32(index)
    let rc: Int32
    switch value {
    case .null:
      rc = sqlite3_bind_null(handle, position)
    case .integer(let integer):
      rc = sqlite3_bind_int64(handle, position, integer)
    case .real(let real):
      rc = sqlite3_bind_double(handle, position, real)
    case .text(var text):
      rc = Self.bindText(&text, handle, position)
    case .blob(let bytes):
      if bytes.isEmpty {
        rc = sqlite3_bind_zeroblob(handle, position, 0)
      } else {
        rc = bytes.withUnsafeBytes { raw in
          sqlite3_bind_blob(
            handle, position, raw.baseAddress, Int32(raw.count), csqlite_transient())
        }
      }
    }
    try checkBind(rc, at: index)
  }

  /// Binds through one `sqlite3_bind_*` call given the handle and position: checks that the
  /// statement is open, then the call's result.
  @inline(__always)
  func bind(at index: Int, _ call: (OpaquePointer, Int32) -> Int32) throws(SQLiteError) {
    try checkOpen()
    try checkBind(call(handle, Int32(index)), at: index)
  }

  /// `sqlite3_bind_text` of the string's UTF-8 read in place (SQLite copies it).
  @inline(__always)
  static func bindText(_ text: inout String, _ handle: OpaquePointer, _ position: Int32) -> Int32 {
    text.withUTF8 { bytes in
      // An empty buffer may have no base address: bind a real empty string, not NULL.
      guard let base = bytes.baseAddress else {
        return sqlite3_bind_text(handle, position, "", 0, csqlite_static())
      }
      return base.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
        sqlite3_bind_text(handle, position, $0, Int32(bytes.count), csqlite_transient())
      }
    }
  }

  /// Throws the error for a failed `sqlite3_bind_*` call, naming the index when out of range.
  @inline(__always)
  func checkBind(_ rc: Int32, at index: Int) throws(SQLiteError) {
    guard rc == SQLITE_OK else { throw bindError(rc, at: index) }
  }

  private func bindError(_ rc: Int32, at index: Int) -> SQLiteError {
    if rc == SQLITE_RANGE {
      return SQLiteError(
        code: .range,
        message: "parameter index \(index) out of range: the statement has \(parameterCount)",
        sql: sql)
    }
    return owner.error(rc, sql: sql)
  }

  /// Binds one value to a named parameter; the name may omit its prefix (`a` for `:a`).
  public func bind(_ value: Value, named name: String) throws(SQLiteError) {
    try checkOpen()
    guard let index = resolveParameter(name) else {
      throw SQLiteError.misuse("unknown parameter name \"\(name)\"", sql: sql)
    }
    try bind(value, at: index)
  }

  /// Binds all parameters at once, after checking them against the statement.
  ///
  /// - Throws: ``SQLiteError`` with code `misuse` when the number of positional values differs
  ///   from ``parameterCount``, a named parameter has no value, or a name is unknown. Nothing
  ///   has been stepped then.
  public func bind(_ parameters: Parameters) throws(SQLiteError) {
    try checkOpen()
    switch parameters.storage {
    case .positional(let values):
      try checkParameterCount(values.count)
      for (offset, value) in values.enumerated() { try bind(value, at: offset + 1) }
    case .named(let values):
      var used = Set<String>()
      for index in stride(from: 1, through: parameterCount, by: 1) {
        guard
          let name = sqlite3_bind_parameter_name(handle, Int32(index)).map({ String(cString: $0) })
        else {
          throw SQLiteError.misuse(
            "parameter \(index) is an anonymous \"?\": bind it with positional values", sql: sql)
        }
        let bare = String(name.dropFirst())
        if let value = values[name] {
          used.insert(name)
          try bind(value, at: index)
        } else if let value = values[bare] {
          used.insert(bare)
          try bind(value, at: index)
        } else {
          throw SQLiteError.misuse("missing value for parameter \(name)", sql: sql)
        }
      }
      if let unknown = values.keys.filter({ !used.contains($0) }).sorted().first {
        throw SQLiteError.misuse("unknown parameter name \"\(unknown)\"", sql: sql)
      }
    }
  }

  /// Binds Swift values to the parameters in order, without building ``Parameters``.
  ///
  /// The fast path for a statement run many times: `try insert.bind(id, name, score)`.
  /// Each value is converted straight to its SQLite value; nothing is boxed.
  ///
  /// - Throws: ``SQLiteError`` with code `misuse` when the number of values differs from
  ///   ``parameterCount``.
  @inlinable @_disfavoredOverload  // an array literal stays ``Parameters``, not a blob
  public func bind<each T: ValueConvertible>(_ values: repeat each T) throws(SQLiteError) {
    var count = 0
    for _ in repeat each values { count += 1 }
    try checkParameterCount(count)
    var index = 0
    for value in repeat each values {
      index += 1
      try value.bind(to: self, at: index)
    }
  }

  /// Throws a misuse error unless the statement has exactly `count` parameters.
  @usableFromInline
  func checkParameterCount(_ count: Int) throws(SQLiteError) {
    let expected = parameterCount
    guard count == expected else {
      throw SQLiteError.misuse(
        "wrong number of parameters: the statement has \(expected), \(count) given", sql: sql)
    }
  }

  func resolveParameter(_ name: String) -> Int? {
    if let index = parameterIndex(named: name) { return index }
    for prefix in [":", "@", "$"] {
      if let index = parameterIndex(named: prefix + name) { return index }
    }
    return nil
  }
}
