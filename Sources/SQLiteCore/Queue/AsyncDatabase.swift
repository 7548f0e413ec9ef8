/// A database reached with `async` accesses that run on the connection's own thread: a
/// ``ConnectionPool`` (a WAL file, parallel readers) or a ``ConnectionQueue`` (one connection,
/// in memory or on a file).
///
/// Code written against `some AsyncDatabase` runs unchanged on both, so tests can use an
/// in-memory queue and the app a pool (<doc:TestingInMemory>).
///
/// ```swift
/// func addNote(_ text: String, to database: some AsyncDatabase) async throws {
///   try await database.write { db in try db.execute("INSERT INTO note(text) VALUES (?)", [text]) }
/// }
/// ```
public protocol AsyncDatabase: Sendable {
  /// Runs `body` in a read-only transaction that sees one committed state of the database.
  func read<T: Sendable>(_ body: @Sendable (Connection) throws -> T) async throws -> T

  /// Runs `body` inside a transaction of the given kind: commits when it returns, rolls back
  /// when it throws.
  func write<T: Sendable>(
    _ kind: TransactionKind, _ body: @Sendable (Connection) throws -> T
  ) async throws -> T

  /// Runs `body` on the writing connection outside any transaction; a transaction `body` leaves
  /// open is rolled back, and the access throws.
  func writeWithoutTransaction<T: Sendable>(
    _ body: @Sendable (Connection) throws -> T
  ) async throws -> T

  /// Closes the database; later accesses throw a `misuse` error.
  func close() async throws
}

extension AsyncDatabase {
  /// Runs `body` inside an `IMMEDIATE` transaction: commits when it returns, rolls back when it
  /// throws.
  public func write<T: Sendable>(
    _ body: @Sendable (Connection) throws -> T
  ) async throws -> T {
    try await write(.immediate, body)
  }
}

extension ConnectionPool: AsyncDatabase {}
