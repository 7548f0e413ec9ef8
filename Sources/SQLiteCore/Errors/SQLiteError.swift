/// The one error SQLiteCore throws: an SQLite result code with its message, and where it happened.
///
/// It prints the code's name and number, the message and the SQL:
/// `SQLITE_CONSTRAINT_UNIQUE (2067): UNIQUE constraint failed: t.a - while executing …`.
///
/// Match with a ``ResultCode`` pattern: a primary code also matches its extended codes. To bind
/// the error, cast it and test its code with ``matches(_:)``; where the call throws
/// `SQLiteError` itself (typed throws), `error` in the `catch` is already one.
///
/// ```swift
/// do { try db.execute("INSERT INTO t VALUES (1)") }
/// catch ResultCode.constraint { … }
/// catch let error as SQLiteError where error.matches(.busy) { print(error.message) }
/// ```
public struct SQLiteError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The extended result code.
  public var code: ResultCode
  /// The message, as `sqlite3_errmsg` gave it when the error happened.
  public var message: String
  /// The SQL of the failing statement, when there is one.
  public var sql: String?
  /// The byte offset of the error in ``sql`` (`sqlite3_error_offset`), when SQLite knows it.
  public var offset: Int?
  /// The message's bytes exactly as SQLite wrote them, when they are not valid UTF-8 (a message
  /// that quotes such SQL); ``message`` then shows U+FFFD in their place.
  public var messageBytes: [UInt8]?

  /// Creates an error.
  public init(code: ResultCode, message: String, sql: String? = nil, offset: Int? = nil) {
    self.code = code
    self.message = message
    self.sql = sql
    self.offset = offset
  }

  /// The primary result code.
  public var primaryCode: ResultCode { code.primary }

  /// Whether ``code`` matches `pattern`: equal, or `pattern` is its primary code.
  public func matches(_ pattern: ResultCode) -> Bool { pattern ~= code }

  /// `SQLITE_CONSTRAINT_UNIQUE (2067): UNIQUE constraint failed: t.a - while executing `INSERT …``.
  public var description: String {
    var text = "\(code): \(message)"
    if let sql { text += " - while executing `\(sql)`" }
    return text
  }

  /// A library-misuse error raised before SQLite is called (wrong parameters, closed connection).
  static func misuse(_ message: String, sql: String? = nil) -> SQLiteError {
    SQLiteError(code: .misuse, message: message, sql: sql)
  }
}
