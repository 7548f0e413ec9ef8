/// An SQLite result code, primary or extended.
///
/// It prints as SQLite names it, with its number: `SQLITE_CONSTRAINT_UNIQUE (2067)`.
///
/// As a pattern (`~=`, `case`, `catch`), a primary code matches itself and every extended code
/// built on it; an extended code matches only itself. The pattern goes on the left:
///
/// ```swift
/// do { try db.execute("INSERT INTO t VALUES (1)") }
/// catch ResultCode.constraint { … }              // also catches .constraintUnique
/// catch let error as SQLiteError where error.matches(.busy) { print(error.message) }
///
/// switch error.code {
/// case .constraintUnique: …                       // the extended case first
/// case .constraint: …
/// default: …
/// }
/// ```
///
/// Related SQLite documentation: <https://www.sqlite.org/rescode.html>
public struct ResultCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
  /// The numeric code, as SQLite returns it.
  public let rawValue: Int32

  /// Creates a result code from its numeric value.
  public init(rawValue: Int32) { self.rawValue = rawValue }

  /// The primary code: the low 8 bits of an extended code.
  public var primary: ResultCode { ResultCode(rawValue: rawValue & 0xFF) }

  /// Whether this is a primary code (no extended bits).
  public var isPrimary: Bool { rawValue & ~0xFF == 0 }

  /// The code's name and number: `SQLITE_CONSTRAINT_UNIQUE (2067)`.
  ///
  /// An extended code SQLite 3.40.1 does not define shows its primary code's name with its own
  /// number; an unknown primary code, `SQLite result code 42`.
  public var description: String {
    if let name = name ?? primary.name { return "\(name) (\(rawValue))" }
    return "SQLite result code \(rawValue)"
  }

  /// A primary code matches all its extended codes; an extended code only itself.
  public static func ~= (pattern: ResultCode, code: ResultCode) -> Bool {
    pattern.isPrimary ? pattern == code.primary : pattern == code
  }

  /// Whether `error` is an ``SQLiteError`` whose code this pattern matches, for
  /// `catch ResultCode.busy { … }`; it also sees the SQLite error under a
  /// ``MigrationError/migrationFailed(_:underlying:)``.
  public static func ~= (pattern: ResultCode, error: any Error) -> Bool {
    switch error {
    case let error as SQLiteError: pattern ~= error.code
    case MigrationError.migrationFailed(_, let underlying): pattern ~= underlying
    default: false
    }
  }

  /// Successful result.
  public static let ok = ResultCode(rawValue: 0)
  /// Generic error.
  public static let error = ResultCode(rawValue: 1)
  /// Internal logic error in SQLite.
  public static let `internal` = ResultCode(rawValue: 2)
  /// Access permission denied.
  public static let perm = ResultCode(rawValue: 3)
  /// A callback requested an abort, or a transaction was rolled back.
  public static let abort = ResultCode(rawValue: 4)
  /// The database file is locked.
  public static let busy = ResultCode(rawValue: 5)
  /// A table in the database is locked.
  public static let locked = ResultCode(rawValue: 6)
  /// A memory allocation failed.
  public static let nomem = ResultCode(rawValue: 7)
  /// Attempt to write a readonly database.
  public static let readonly = ResultCode(rawValue: 8)
  /// The operation was interrupted by `sqlite3_interrupt()`.
  public static let interrupt = ResultCode(rawValue: 9)
  /// Some kind of disk I/O error occurred.
  public static let ioerr = ResultCode(rawValue: 10)
  /// The database disk image is malformed.
  public static let corrupt = ResultCode(rawValue: 11)
  /// Unknown opcode or file control.
  public static let notfound = ResultCode(rawValue: 12)
  /// The database or disk is full.
  public static let full = ResultCode(rawValue: 13)
  /// Unable to open the database file.
  public static let cantopen = ResultCode(rawValue: 14)
  /// The database schema changed.
  public static let schema = ResultCode(rawValue: 17)
  /// String or blob exceeds the size limit.
  public static let toobig = ResultCode(rawValue: 18)
  /// Abort due to constraint violation.
  public static let constraint = ResultCode(rawValue: 19)
  /// Data type mismatch.
  public static let mismatch = ResultCode(rawValue: 20)
  /// Library used incorrectly.
  public static let misuse = ResultCode(rawValue: 21)
  /// Authorization denied.
  public static let auth = ResultCode(rawValue: 23)
  /// Parameter or column index out of range.
  public static let range = ResultCode(rawValue: 25)
  /// File opened that is not a database file.
  public static let notadb = ResultCode(rawValue: 26)

  /// A `CHECK` constraint failed.
  public static let constraintCheck = ResultCode(rawValue: 19 | (1 << 8))
  /// A commit hook (``Connection/onCommit(_:)``) turned a commit into a rollback.
  public static let constraintCommitHook = ResultCode(rawValue: 19 | (2 << 8))
  /// A foreign key constraint failed.
  public static let constraintForeignKey = ResultCode(rawValue: 19 | (3 << 8))
  /// A `NOT NULL` constraint failed.
  public static let constraintNotNull = ResultCode(rawValue: 19 | (5 << 8))
  /// A `PRIMARY KEY` constraint failed.
  public static let constraintPrimaryKey = ResultCode(rawValue: 19 | (6 << 8))
  /// A `UNIQUE` constraint failed.
  public static let constraintUnique = ResultCode(rawValue: 19 | (8 << 8))
  /// A busy timeout expired while waiting for a lock held by another connection.
  public static let busyTimeout = ResultCode(rawValue: 5 | (3 << 8))
  /// A read transaction cannot be upgraded because its snapshot is stale.
  public static let busySnapshot = ResultCode(rawValue: 5 | (2 << 8))
  /// The database was opened read-only and a write was attempted.
  public static let readonlyDatabase = ResultCode(rawValue: 8)
}
