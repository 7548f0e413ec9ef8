internal import CSQLite

/// Named, ordered schema migrations, each run once in its own transaction and recorded in the
/// table `sqlitecore_migrations`.
///
/// Register the migrations in order, once, and never change one that has shipped: add a new
/// one instead. ``migrate(_:)-(Connection)`` runs those the database has not recorded yet, in order.
///
/// ```swift
/// var migrator = Migrator()
/// migrator.registerMigration("create author") { db in
///   try db.execute("CREATE TABLE author(id INTEGER PRIMARY KEY, name TEXT NOT NULL)")
/// }
/// migrator.registerMigration("add author.born") { db in
///   try db.execute("ALTER TABLE author ADD COLUMN born INTEGER")
/// }
/// try migrator.migrate(db)              // a Connection
/// try await migrator.migrate(pool)      // a ConnectionPool or a ConnectionQueue
/// ```
///
/// What it guarantees is in <doc:Migrations>.
public struct Migrator: Sendable {
  /// One registered migration.
  public struct Migration: Sendable {
    /// The name the migration is recorded under.
    public let identifier: String
    let body: @Sendable (Connection) throws -> Void
  }

  /// The table that records applied migrations, one row per migration identifier.
  public static let tableName = "sqlitecore_migrations"

  /// The registered migrations, in the order they run.
  public private(set) var migrations: [Migration] = []

  /// Whether each migration must leave no foreign key violation (`PRAGMA foreign_key_check`);
  /// true by default.
  ///
  /// Foreign key enforcement is off while a migration runs (`PRAGMA foreign_keys = OFF`, so a
  /// table can be rebuilt as SQLite's ALTER TABLE procedure describes) and comes back after it;
  /// the check runs before the migration commits, and a violation rolls it back.
  public var checksForeignKeys = true

  /// For development: erase the database and migrate it from scratch when a migration it
  /// recorded changed its definition, or when it recorded one this migrator does not know.
  ///
  /// A changed definition is found by migrating an in-memory database with the migrations the
  /// database recorded and comparing the two schemas (`sqlite_master`). Erasing deletes all
  /// data: never ship an app with this on.
  public var erasesDatabaseOnSchemaChange = false

  /// An empty migrator.
  public init() {}

  /// Adds a migration after the ones already registered.
  ///
  /// `body` runs inside the migration's transaction; it must not commit or roll back itself.
  /// Registering the same identifier twice is a programmer error and traps.
  public mutating func registerMigration(
    _ identifier: String, _ body: @escaping @Sendable (Connection) throws -> Void
  ) {
    precondition(
      !migrations.contains { $0.identifier == identifier },
      "migration \"\(identifier)\" is registered twice")
    migrations.append(Migration(identifier: identifier, body: body))
  }

  // MARK: Connection

  /// Runs, in order, every registered migration the database has not recorded yet.
  ///
  /// Each runs in its own `IMMEDIATE` transaction, with the row that records it: a migration
  /// that fails is rolled back alone, and the ones before it stay applied.
  /// - Throws: ``MigrationError/unknownMigrations(_:)`` when the database recorded a migration
  ///   this migrator does not know (a newer version of the app migrated it), before running any;
  ///   ``MigrationError/migrationFailed(_:underlying:)`` or
  ///   ``MigrationError/foreignKeyViolations(_:_:)`` when a migration fails;
  ///   a `misuse` ``SQLiteError`` when a transaction is open.
  public func migrate(_ db: Connection) throws {
    try migrate(db, upToIndex: migrations.count - 1)
  }

  /// Runs the registered migrations up to and including `target`, as ``migrate(_:)-(Connection)`` does.
  ///
  /// - Throws: ``MigrationError/unregisteredTarget(_:)`` when no migration is named `target`;
  ///   otherwise as ``migrate(_:)-(Connection)``.
  public func migrate(_ db: Connection, upTo target: String) throws {
    guard let index = migrations.firstIndex(where: { $0.identifier == target }) else {
      throw MigrationError.unregisteredTarget(target)
    }
    try migrate(db, upToIndex: index)
  }

  /// The identifiers the database recorded, in the order they were applied.
  public func appliedIdentifiers(_ db: Connection) throws -> [String] {
    guard try hasMigrationTable(db) else { return [] }
    return try db.query("SELECT identifier FROM \(Self.tableName) ORDER BY rowid").map {
      try $0.get(0, as: String.self)
    }
  }

  /// Whether the database recorded every registered migration.
  public func hasCompletedMigrations(_ db: Connection) throws -> Bool {
    let applied = Set(try appliedIdentifiers(db))
    return migrations.allSatisfy { applied.contains($0.identifier) }
  }

  // MARK: Asynchronous handles

  /// Runs the pending migrations on the handle's writer, as ``migrate(_:)-(Connection)`` does on a
  /// connection, outside any transaction of the caller's.
  public func migrate(_ database: some AsyncDatabase) async throws {
    try await database.writeWithoutTransaction { db in try self.migrate(db) }
  }

  /// Runs the registered migrations up to and including `target` on the handle's writer.
  public func migrate(_ database: some AsyncDatabase, upTo target: String) async throws {
    try await database.writeWithoutTransaction { db in try self.migrate(db, upTo: target) }
  }

  /// The identifiers the database recorded, in the order they were applied.
  public func appliedIdentifiers(_ database: some AsyncDatabase) async throws -> [String] {
    try await database.read { db in try self.appliedIdentifiers(db) }
  }

  /// Whether the database recorded every registered migration.
  public func hasCompletedMigrations(_ database: some AsyncDatabase) async throws -> Bool {
    try await database.read { db in try self.hasCompletedMigrations(db) }
  }

  // MARK: Internals

  private func migrate(_ db: Connection, upToIndex last: Int) throws {
    if db.isInsideTransaction {
      throw SQLiteError.misuse(
        "migrations cannot run inside a transaction: each one opens its own")
    }
    if erasesDatabaseOnSchemaChange, try needsErasing(db) { try erase(db) }
    let applied = try appliedIdentifiers(db)
    let known = Set(migrations.map(\.identifier))
    let unknown = applied.filter { !known.contains($0) }
    if !unknown.isEmpty { throw MigrationError.unknownMigrations(unknown) }
    guard last >= 0 else { return }
    let done = Set(applied)
    for migration in migrations[...last] where !done.contains(migration.identifier) {
      try run(migration, on: db)
    }
  }

  /// One migration in its own transaction, with foreign key enforcement off and checked after.
  private func run(_ migration: Migration, on db: Connection) throws {
    let enforcesForeignKeys = try db.scalar("PRAGMA foreign_keys", as: Bool.self) ?? false
    if enforcesForeignKeys { try db.execute("PRAGMA foreign_keys = OFF") }
    defer { if enforcesForeignKeys { try? db.execute("PRAGMA foreign_keys = ON") } }
    do {
      try db.transaction(.immediate) { db in
        try db.execute(
          "CREATE TABLE IF NOT EXISTS \(Self.tableName)(identifier TEXT NOT NULL PRIMARY KEY)")
        try migration.body(db)
        if checksForeignKeys {
          let violations = try ForeignKeyViolation.all(in: db)
          if !violations.isEmpty {
            throw MigrationError.foreignKeyViolations(migration.identifier, violations)
          }
        }
        try db.execute(
          "INSERT INTO \(Self.tableName)(identifier) VALUES (?)", [migration.identifier])
      }
    } catch let error as MigrationError {
      throw error
    } catch {
      throw MigrationError.migrationFailed(migration.identifier, underlying: error)
    }
  }

  private func hasMigrationTable(_ db: Connection) throws -> Bool {
    try db.scalar(
      "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?",
      [Self.tableName], as: Int.self) != nil
  }

  /// Whether the database recorded a migration this migrator does not know, or its schema
  /// differs from an in-memory database migrated with the same migrations.
  private func needsErasing(_ db: Connection) throws -> Bool {
    let applied = Set(try appliedIdentifiers(db))
    if applied.isEmpty { return false }
    if !applied.isSubset(of: migrations.map(\.identifier)) { return true }
    let reference = try Connection(path: ":memory:")
    defer { try? reference.close() }
    var replay = Migrator()
    replay.checksForeignKeys = checksForeignKeys
    replay.migrations = migrations.filter { applied.contains($0.identifier) }
    try replay.migrate(reference)
    return try Self.schema(of: db) != Self.schema(of: reference)
  }

  private static func schema(of db: Connection) throws -> [[Value]] {
    try db.query(
      """
      SELECT type, name, tbl_name, sql FROM sqlite_master
      WHERE name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY type, name
      """
    ).map(\.values)
  }

  /// Empties the database: SQLite's documented reset (`SQLITE_DBCONFIG_RESET_DATABASE`, then
  /// `VACUUM`).
  private func erase(_ db: Connection) throws {
    let reset = DatabaseOption(rawValue: SQLITE_DBCONFIG_RESET_DATABASE)
    db.setEnabled(reset, true)
    defer { db.setEnabled(reset, false) }
    try db.execute("VACUUM")
  }
}
