/// Values to bind to a statement's parameters: positional or named.
///
/// ```swift
/// try db.query("SELECT * FROM t WHERE a = ? AND b = ?", [1, "x"])
/// try db.query("SELECT * FROM t WHERE a = :a", [":a": 1])   // or ["a": 1]
/// ```
///
/// Positional values fill `?`, `?NNN`, `:a`, `@a` and `$a` by index (1…count); their number
/// must equal the statement's parameter count. Named values must name every named parameter
/// of the statement and no other; a key without its prefix matches `:key`, `@key` or `$key`.
public struct Parameters: Sendable {
  // Inside this type `Value` is the dictionary literal's value type: spell the enum in full.
  enum Storage: Sendable {
    case positional([SQLiteCore.Value])
    case named([String: SQLiteCore.Value])
  }

  let storage: Storage

  /// No parameters.
  public static let none = Parameters(storage: .positional([]))

  /// Positional values.
  public init(values: [SQLiteCore.Value]) { storage = .positional(values) }

  /// Named values, keys with or without their prefix (`:a`, `@a`, `$a` or `a`).
  public init(values: [String: SQLiteCore.Value]) { storage = .named(values) }

  /// Positional values converted from Swift values.
  public init(_ values: [(any ValueConvertible)?]) {
    var converted: [SQLiteCore.Value] = []
    converted.reserveCapacity(values.count)
    for value in values {
      if let value { converted.append(value.sqliteValue) } else { converted.append(.null) }
    }
    storage = .positional(converted)
  }

  init(storage: Storage) { self.storage = storage }

  /// Whether there is nothing to bind.
  public var isEmpty: Bool {
    switch storage {
    case .positional(let values): values.isEmpty
    case .named(let values): values.isEmpty
    }
  }
}

extension Parameters: ExpressibleByArrayLiteral {
  /// Positional values: `[1, "x", nil]`.
  public init(arrayLiteral elements: (any ValueConvertible)?...) { self.init(elements) }
}

extension Parameters: ExpressibleByDictionaryLiteral {
  /// Named values: `[":a": 1, "b": "x"]`.
  public init(dictionaryLiteral elements: (String, (any ValueConvertible)?)...) {
    var values: [String: SQLiteCore.Value] = [:]
    for (key, value) in elements { values[key] = value?.sqliteValue ?? .null }
    storage = .named(values)
  }
}
