import CSQLite

/// Why index advice failed: SQLite's message and result code, as `sqlite3_expert_*` report them.
package struct AdvisorError: Error {
  /// The message sqlite3 prints after `Error:`, as SQLite's bytes (not always UTF-8).
  package var message: [UInt8]
  /// The primary or extended result code (sqlite3's exit status for command-line SQL).
  package var code: Int32

  /// An error from a message made by `String(rawBytes:)` or of ASCII.
  init(message: String, code: Int32) {
    self.message = message.rawBytes
    self.code = code
  }
}

/// The few C calls the index advisor makes on raw handles: its two scratch databases and the
/// user's connection, which it reads through the same calls.
enum RawDatabase {
  /// Opens an empty in-memory database.
  static func openScratch() throws(AdvisorError) -> OpaquePointer {
    var db: OpaquePointer?
    let rc = sqlite3_open_v2(":memory:", &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nil)
    guard rc == SQLITE_OK, let db else {
      sqlite3_close_v2(db)
      throw AdvisorError(message: "out of memory", code: rc)
    }
    return db
  }

  /// Runs `sql` (any number of statements); the error is `sqlite3_exec`'s message.
  static func execute(_ db: OpaquePointer, _ sql: String) throws(AdvisorError) {
    var message: UnsafeMutablePointer<CChar>?
    let rc = sqlite3_exec(db, sql.cBytes, nil, nil, &message)
    guard rc != SQLITE_OK else { return }
    let text = String(rawCString: message.map { UnsafePointer($0) } ?? sqlite3_errmsg(db))
    sqlite3_free(message)
    throw AdvisorError(message: text, code: rc)
  }

  /// Prepares the first statement of `sql`; the error is the handle's message.
  static func prepare(_ db: OpaquePointer, _ sql: String) throws(AdvisorError) -> OpaquePointer? {
    var statement: OpaquePointer?
    let rc = sqlite3_prepare_v2(db, sql.cBytes, -1, &statement, nil)
    guard rc == SQLITE_OK else { throw error(db, rc) }
    return statement
  }

  /// Every row of `sql` as text (`nil` for NULL), the parameters bound as text from 1.
  static func rows(
    _ db: OpaquePointer, _ sql: String, _ parameters: [String] = []
  ) throws(AdvisorError) -> [[String?]] {
    guard let statement = try prepare(db, sql) else { return [] }
    defer { sqlite3_finalize(statement) }
    for (index, parameter) in parameters.enumerated() {
      sqlite3_bind_text(statement, Int32(index + 1), parameter.cBytes, -1, csqlite_transient())
    }
    var rows: [[String?]] = []
    let count = sqlite3_column_count(statement)
    while true {
      let rc = sqlite3_step(statement)
      guard rc == SQLITE_ROW else {
        if rc == SQLITE_DONE { return rows }
        throw error(db, rc)
      }
      rows.append((0..<count).map { text(statement, $0) })
    }
  }

  /// Column `index` of the current row as text, or `nil` for NULL.
  static func text(_ statement: OpaquePointer, _ index: Int32) -> String? {
    sqlite3_column_text(statement, index).map {
      String(
        rawBytes: UnsafeBufferPointer(start: $0, count: Int(sqlite3_column_bytes(statement, index)))
      )
    }
  }

  /// The handle's current error.
  static func error(_ db: OpaquePointer, _ rc: Int32) -> AdvisorError {
    AdvisorError(message: String(rawCString: sqlite3_errmsg(db)), code: rc)
  }
}

extension String {
  /// Text from SQLite with one Unicode scalar per byte (U+0000 to U+00FF), so that names and
  /// SQL that are not UTF-8 go through the advisor unchanged; ASCII stays ASCII.
  init(rawBytes: some Sequence<UInt8>) {
    var scalars = String.UnicodeScalarView()
    scalars.append(contentsOf: rawBytes.map { Unicode.Scalar($0) })
    self.init(scalars)
  }

  /// ``init(rawBytes:)`` from a NUL-terminated C string.
  init(rawCString pointer: UnsafePointer<CChar>) {
    let count = strlen(pointer)
    self = pointer.withMemoryRebound(to: UInt8.self, capacity: count) {
      String(rawBytes: UnsafeBufferPointer(start: $0, count: count))
    }
  }

  /// The bytes of a string made by ``init(rawBytes:)`` (one byte per scalar).
  var rawBytes: [UInt8] { unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) } }

  /// ``rawBytes`` NUL-terminated, for C.
  var cBytes: [CChar] { rawBytes.map { CChar(bitPattern: $0) } + [0] }

  /// sqlite3's `%Q`: the text in single quotes, each quote doubled.
  var singleQuoted: String { "'" + replacing("'", with: "''") + "'" }

  /// sqlite3's `"%w"`: the text in double quotes, each double quote doubled.
  var doubleQuoted: String { "\"" + replacing("\"", with: "\"\"") + "\"" }

  /// Whether two names are equal ignoring ASCII case (`sqlite3_stricmp`).
  func equalsIgnoringCase(_ other: String) -> Bool {
    sqlite3_stricmp(cBytes, other.cBytes) == 0
  }
}
