import DqliteClient
import SQLiteCore

/// Where `.import` writes: the local connection, or the database on a dqlite cluster (where
/// the rows go as one EXEC each of one INSERT kept prepared on the leader, inside the
/// import's transaction).
protocol ImportTarget {
  associatedtype Insert: ImportInsert
  /// Whether no transaction is open (the import then opens and commits its own).
  var isAutocommit: Bool { get }
  /// Runs statements that return no rows.
  func execute(_ sql: String) throws(SQLiteError)
  /// The number of columns `sql` (a `SELECT`) returns, without reading its rows.
  func columnCount(of sql: String) throws(SQLiteError) -> Int
  /// The `INSERT` to run once per row.
  func prepareInsert(_ sql: String) throws(SQLiteError) -> Insert
}

/// One prepared `INSERT` of `.import`: bind a row's fields, then run it.
protocol ImportInsert {
  func bindText(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) throws(SQLiteError)
  func bindNull(at index: Int)
  func stepOnceAndReset() throws(SQLiteError)
}

extension Statement: ImportInsert {}

extension Connection: ImportTarget {
  func columnCount(of sql: String) throws(SQLiteError) -> Int { try prepare(sql).columnCount }

  func prepareInsert(_ sql: String) throws(SQLiteError) -> Statement {
    try prepare(sql, persistent: true)
  }
}

/// `.import` into a database of a dqlite cluster.
struct DqliteImportTarget: ImportTarget {
  let session: DqliteSession

  var isAutocommit: Bool { !session.isInsideTransaction }

  func execute(_ sql: String) throws(SQLiteError) {
    for statement in StatementSplitter.split(sql) {
      try DqliteSchemaSource(session: session).run(statement)
    }
  }

  func columnCount(of sql: String) throws(SQLiteError) -> Int {
    let rows = try DqliteSchemaSource(session: session).rows(sql + " LIMIT 0", [])
    try rows.discard()
    return rows.columnCount
  }

  func prepareInsert(_ sql: String) throws(SQLiteError) -> Insert {
    Insert(session: session, sql: sql)
  }

  /// The row's values, sent with the `INSERT` as positional parameters.
  final class Insert: ImportInsert {
    let session: DqliteSession
    let sql: String
    private var values: [Value] = []

    init(session: DqliteSession, sql: String) {
      self.session = session
      self.sql = sql
    }

    func bindText(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) throws(SQLiteError) {
      set(.text(String(decoding: bytes, as: UTF8.self)), at: index)
    }

    func bindNull(at index: Int) { set(.null, at: index) }

    private func set(_ value: Value, at index: Int) {
      while values.count < index { values.append(.null) }
      values[index - 1] = value
    }

    func stepOnceAndReset() throws(SQLiteError) {
      defer { values.removeAll(keepingCapacity: true) }
      do {
        _ = try session.execute(sql, parameters: values, keepPrepared: true)
      } catch {
        throw error.sqliteError
      }
    }
  }
}
