package import SQLiteCore
package import ShellFunctions

/// `.recover`'s options, as sqlite3 3.40.1 takes them.
struct RecoverOptions {
  /// `--ignore-freelist`: pages on the freelist are not searched for lost rows.
  var ignoresFreelist = false
  /// `--lost-and-found TABLE`: the table for rows no recovered table owns.
  var lostAndFound = "lost_and_found"
  /// `--no-rowids` clears it: rowids that are no `INTEGER PRIMARY KEY` are not kept.
  var keepsRowids = true
}

/// The SQL script that rebuilds what can be read of a database, following the design of
/// sqlite3's recover extension (ext/recover/sqlite3recover.c) on pages parsed by litesh.
///
/// The schema is every record of the tree at page 1; its statements are run in a scratch
/// in-memory database first, so those SQLite rejects are left out and each table's columns
/// are known. Tables (and UNIQUE indexes) come first, then each table's rows from its tree,
/// then the rows of pages no tree reaches in the lost-and-found table, then views, triggers
/// and other indexes.
package struct DatabaseRecovery {
  let image: DatabaseImage
  let options: RecoverOptions
  /// Receives each statement, without its `;`.
  let emit: ([UInt8]) -> Void

  private struct SchemaRow {
    var type: String?
    var name: String?
    var tableName: String?
    var root: Int
    var sql: String?
    var isTable: Bool { type == "table" }
    var isVirtual: Bool { sql?.lowercased().hasPrefix("create virtual") ?? false }
    var isUniqueIndex: Bool { type == "index" && sql?.lowercased().contains("unique") == true }
  }

  func run() throws(SQLiteError) {
    let scratch = try Connection(path: ":memory:")
    try scratch.execute("PRAGMA writable_schema = 1")
    emit(Array("BEGIN".utf8))
    emit(Array("PRAGMA writable_schema = on".utf8))
    for (name, value) in settings() { emit(Array("PRAGMA \(name) = \(value.sqlQuoted("'"))".utf8)) }
    var used = Set<Int>()
    let schema = readSchema(used: &used)
    var tables: [Int: RecoveredTable] = [:]
    let first = schema.filter { $0.isTable || $0.isUniqueIndex }.enumerated()
      .sorted {
        ($0.element.isTable ? 0 : 1, $0.element.name == "sqlite_sequence" ? 0 : 1, $0.offset)
          < ($1.element.isTable ? 0 : 1, $1.element.name == "sqlite_sequence" ? 0 : 1, $1.offset)
      }
      .map(\.element)
    for row in first {
      let statement: String
      if row.isVirtual {
        let name = row.name.map { $0.sqlQuoted("'") } ?? "NULL"
        let sql = row.sql.map { $0.sqlQuoted("'") } ?? "NULL"
        statement = "INSERT INTO sqlite_schema VALUES('table', \(name), \(name), 0, \(sql))"
      } else {
        guard let sql = row.sql else { continue }
        statement = sql
      }
      guard scratch.runIfSingleStatement(statement) else { continue }
      emit(Array(statement.utf8))
      if row.isTable && !row.isVirtual,
        let name = try scratch.query(
          "SELECT name FROM sqlite_schema WHERE type='table' ORDER BY rowid DESC LIMIT 1"
        ).first.flatMap({ if case .text(let text) = $0[0] { text } else { nil } })
      {
        tables[row.root] = try RecoveredTable(name: name, root: row.root, scratch: scratch)
      }
    }
    for row in schema where row.isTable && !row.isVirtual && row.tableName != "sqlite_sequence" {
      writeRows(of: row.root, tables: tables)
    }
    for row in schema where row.isTable && !row.isVirtual && row.tableName == "sqlite_sequence" {
      writeRows(of: row.root, tables: tables)
    }
    // A table whose statement could not be re-created leaves its rows to lost_and_found.
    for row in schema where row.root > 0 && (!row.isTable || tables[row.root] != nil) {
      image.forEachTreePage(root: row.root, visited: &used) { _ in }
    }
    try LostAndFound(image: image, options: options, emit: emit).write(used: used, scratch: scratch)
    for row in schema where row.type != nil && !row.isTable && !row.isUniqueIndex {
      guard let sql = row.sql, scratch.runIfSingleStatement(sql) else { continue }
      emit(Array(sql.utf8))
    }
    emit(Array("PRAGMA writable_schema = off".utf8))
    emit(Array("COMMIT".utf8))
  }

  /// The whole script for `image` with the default options (for tests and the fuzzer).
  package static func script(for image: DatabaseImage) throws(SQLiteError) -> [UInt8] {
    var script: [UInt8] = []
    try DatabaseRecovery(image: image, options: RecoverOptions()) { script += $0 + ";\n".utf8 }
      .run()
    return script
  }

  /// The rows of the tree at `root` as INSERTs into the table recovered for it.
  private func writeRows(of root: Int, tables: [Int: RecoveredTable]) {
    guard let table = tables[root] else { return }
    if table.name.lowercased() == "sqlite_sequence" {
      emit(Array("DELETE FROM sqlite_sequence".utf8))
    }
    var visited = Set<Int>()
    image.forEachTreePage(root: root, visited: &visited) { page in
      var overflow: [Int] = []
      for row in image.rows(of: page, overflowPages: &overflow) {
        if let insert = table.insert(row, keepsRowids: options.keepsRowids) { emit(insert) }
      }
    }
  }

  /// Every record of the tree at page 1, by page then cell, as sqlite_schema's five columns.
  private func readSchema(used: inout Set<Int>) -> [SchemaRow] {
    var rows: [(Int, Int, SchemaRow)] = []
    for page in image.treePages(root: 1, visited: &used) {
      var overflow: [Int] = []
      for row in image.rows(of: page, overflowPages: &overflow) {
        func text(_ index: Int) -> String? {
          guard index < row.fields.count, case .text(let bytes) = row.fields[index] else {
            return nil
          }
          return String(decoding: bytes, as: UTF8.self)
        }
        var root = 0
        if row.fields.count > 3, case .integer(let value) = row.fields[3] {
          root = Int(clamping: value)
        }
        rows.append(
          (
            page.number, row.cell,
            SchemaRow(type: text(0), name: text(1), tableName: text(2), root: root, sql: text(4))
          ))
      }
    }
    return rows.sorted { ($0.0, $0.1) < ($1.0, $1.1) }.map(\.2)
  }

  /// The settings sqlite3 copies first, from the header (defaults when it is unreadable).
  private func settings() -> [(String, String)] {
    let header = image.header
    let isReadable = image.hasValidHeader && header.count == 100
    func field(_ offset: Int) -> Int32 {
      isReadable
        ? Int32(bitPattern: header[offset..<offset + 4].reduce(0) { $0 << 8 | UInt32($1) }) : 0
    }
    let encodings = [1: "UTF-8", 2: "UTF-16le", 3: "UTF-16be"]
    let autoVacuum = field(52) == 0 ? 0 : field(64) != 0 ? 2 : 1
    return [
      ("encoding", encodings[image.textEncoding] ?? "UTF-8"),
      ("page_size", String(image.pageSize)),
      ("auto_vacuum", String(autoVacuum)),
      ("user_version", String(field(60))),
      ("application_id", String(field(68))),
    ]
  }
}
