import SQLiteCore
import TestSupport
import Testing

/// A failure raised inside SQL functions when a rendezvous or gate times out.
struct GateTimedOut: Error, CustomStringConvertible {
  var description: String { "a gate or rendezvous timed out" }
}

extension ConnectionPool.Configuration {
  /// `readers` readers whose SQL function `rendezvous()` meets the other readers there.
  static func meeting(at rendezvous: Rendezvous, readers: Int) -> Self {
    Self(
      maximumReaderCount: readers,
      prepareConnection: { db in
        try db.createFunction("rendezvous", argumentCount: 0, isDeterministic: false) { _ in
          guard rendezvous.arrive() else { throw GateTimedOut() }
          return 1
        }
      })
  }

  /// Connections whose SQL function `hold()` counts itself in `entered`, then waits for
  /// `release` to open (and returns 1).
  static func holding(
    entered: Counter, until release: Gate,
    readers: Int = ConnectionPool.Configuration().maximumReaderCount,
    readerWaitTimeout: Duration? = nil
  ) -> Self {
    Self(
      maximumReaderCount: readers, readerWaitTimeout: readerWaitTimeout,
      prepareConnection: { db in
        try db.createFunction("hold", argumentCount: 0, isDeterministic: false) { _ in
          entered.increment()
          guard release.wait() else { throw GateTimedOut() }
          return 1
        }
      })
  }

  /// Connections whose SQL function `started()` opens `started` (and returns 1).
  static func signalling(
    _ started: Gate, readers: Int = 1, readerWaitTimeout: Duration? = nil
  ) -> Self {
    Self(
      maximumReaderCount: readers, readerWaitTimeout: readerWaitTimeout,
      prepareConnection: { db in
        try db.createFunction("started", argumentCount: 0, isDeterministic: false) { _ in
          started.open()
          return 1
        }
      })
  }
}

/// Records an issue unless `outcome` is an `SQLiteError` whose code matches `code`.
func expectFailure<T>(
  _ outcome: Result<T, any Error>, _ code: ResultCode,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  guard case .failure(let error as SQLiteError) = outcome, error.code ~= code else {
    Issue.record("expected \(code), got \(outcome)", sourceLocation: sourceLocation)
    return
  }
}

/// How a test opens its pool: the file in the scratch directory, the configuration, and the
/// schema the writer runs first.
struct PoolRecipe {
  var file: String
  var schema: String?
  var configuration: ConnectionPool.Configuration

  init(
    file: String = "test.db", schema: String? = nil,
    _ configuration: ConnectionPool.Configuration = .init()
  ) {
    self.file = file
    self.schema = schema
    self.configuration = configuration
  }

  /// Table `t(a)`, on connections whose SQL function `started()` opens `started`.
  static func table(started: Gate = Gate()) -> PoolRecipe {
    PoolRecipe(schema: "CREATE TABLE t(a)", .signalling(started))
  }

  /// Opens the pool on the recipe's file in `directory` and runs the schema.
  func open(in directory: ScratchDirectory) async throws -> ConnectionPool {
    let pool = try await ConnectionPool(path: directory.path(file), configuration: configuration)
    if let schema { try await pool.write { db in try db.execute(schema) } }
    return pool
  }
}

/// Runs `body` with a pool opened by `recipe` in a fresh scratch directory, then closes the
/// pool (a failure to close fails the test) and removes the directory.
///
/// ```swift
/// try await withPool(.table()) { pool in
///   …
/// }
/// ```
func withPool(
  _ recipe: PoolRecipe, isolation: isolated (any Actor)? = #isolation,
  _ body: (ConnectionPool) async throws -> Void
) async throws {
  try await ScratchDirectory.with("litesh-pool") { directory in
    let pool = try await recipe.open(in: directory)
    do {
      try await body(pool)
    } catch {
      try? await pool.close()
      throw error
    }
    try await pool.close()
  }
}

extension ConnectionPool {
  /// A pool in `directory` of `readers` readers whose SQL function `rendezvous()` meets the
  /// other readers at `rendezvous` (``Configuration/meeting(at:readers:)``).
  static func meeting(
    at rendezvous: Rendezvous, readers: Int, in directory: ScratchDirectory
  ) async throws -> ConnectionPool {
    try await ConnectionPool(
      path: directory.path(), configuration: .meeting(at: rendezvous, readers: readers))
  }

  /// A pool on a database in `directory` with an empty table `t(a)`, whose connections'
  /// `started()` opens `started`.
  static func withTable(
    in directory: ScratchDirectory, started: Gate = Gate()
  ) async throws -> ConnectionPool {
    try await PoolRecipe.table(started: started).open(in: directory)
  }

  /// Column `a` of table `t`, in insertion order.
  func tableValues() async throws -> [Int] {
    try await read { db in
      try db.query("SELECT a FROM t ORDER BY rowid").map { try $0.get(0, as: Int.self) }
    }
  }
}
