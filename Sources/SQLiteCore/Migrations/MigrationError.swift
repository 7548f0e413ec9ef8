/// Why ``Migrator`` refused or stopped migrating a database.
///
/// ```swift
/// do { try migrator.migrate(db) }
/// catch MigrationError.unknownMigrations(let identifiers) { … }  // written by a newer app
/// catch let error as MigrationError { print(error) }
/// ```
///
/// A ``ResultCode`` pattern sees through ``migrationFailed(_:underlying:)``:
/// `catch ResultCode.constraint` also catches a migration that failed on a constraint.
public enum MigrationError: Error, CustomStringConvertible {
  /// The database recorded migrations this migrator does not know, so a newer version of the
  /// app migrated it; nothing was run.
  case unknownMigrations([String])
  /// The named migration threw `underlying`; it was rolled back, and the migrations before it
  /// stay applied.
  case migrationFailed(String, underlying: any Error)
  /// The named migration left rows whose foreign keys refer to no row; it was rolled back.
  case foreignKeyViolations(String, [ForeignKeyViolation])
  /// ``Migrator/migrate(_:upTo:)-(Connection,_)`` named no registered migration.
  case unregisteredTarget(String)

  /// What went wrong, naming the migration.
  public var description: String {
    switch self {
    case .unknownMigrations(let identifiers):
      let list = identifiers.map { "\"\($0)\"" }.joined(separator: ", ")
      return "the database was migrated by a newer version of the app: it holds migrations "
        + "this app does not know (\(list))"
    case .migrationFailed(let identifier, let underlying):
      return "migration \"\(identifier)\" failed and was rolled back: \(underlying)"
    case .foreignKeyViolations(let identifier, let violations):
      let shown = violations.prefix(3).map(\.description).joined(separator: "; ")
      let more = violations.count > 3 ? "; and \(violations.count - 3) more" : ""
      return "migration \"\(identifier)\" left foreign key violations and was rolled back: "
        + shown + more
    case .unregisteredTarget(let identifier):
      return "no migration \"\(identifier)\" is registered"
    }
  }
}

/// A row whose foreign key refers to no row of its parent table (`PRAGMA foreign_key_check`).
public struct ForeignKeyViolation: Sendable, Hashable, CustomStringConvertible {
  /// The table holding the row.
  public var table: String
  /// The row's rowid; `nil` for a `WITHOUT ROWID` table.
  public var rowid: Int64?
  /// The table the foreign key refers to.
  public var parent: String

  /// A violation in `table`'s row `rowid`, whose foreign key refers to `parent`.
  public init(table: String, rowid: Int64?, parent: String) {
    self.table = table
    self.rowid = rowid
    self.parent = parent
  }

  /// `row 3 of book refers to no row of author`.
  public var description: String {
    let row = rowid.map { "row \($0)" } ?? "a row"
    return "\(row) of \(table) refers to no row of \(parent)"
  }

  /// Every violation in the database's main schema.
  static func all(in db: Connection) throws -> [ForeignKeyViolation] {
    try db.query("PRAGMA main.foreign_key_check").map { row in
      ForeignKeyViolation(
        table: try row.get(0, as: String.self), rowid: try row.get(1, as: Int64?.self),
        parent: try row.get(2, as: String.self))
    }
  }
}
