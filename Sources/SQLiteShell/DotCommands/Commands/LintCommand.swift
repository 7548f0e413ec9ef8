import SQLiteCore

/// The dot-commands this file runs, each declared once: name, shortest abbreviation,
/// `.help` text and handler (see ``DotCommandRegistry/standard`` for their order).
extension DotCommand {
  static let lint = DotCommand(
    "lint", minimumPrefix: 3, handler: LintCommand.run,
    help: """
      .lint OPTIONS            Report potential schema issues.
           Options:
              fkey-indexes     Find missing foreign key indexes
      """)
}

/// `.lint fkey-indexes ?-verbose? ?-groupbyparent?`: the foreign keys that no index of the
/// child table serves, each with the `CREATE INDEX` that would, as sqlite3 3.40.1 prints them.
///
/// Without such an index, each delete or key change in the parent table scans the child table.
/// An index serves a foreign key when it is not partial, its first key columns are the foreign
/// key's columns in any order, and each has the parent column's collation; a one-column key
/// that is the child's `INTEGER PRIMARY KEY` needs none. Errors in the arguments print sqlite3's
/// usage on standard error and, as there, do not count as errors.
enum LintCommand {
  static let run: DotCommand.Handler = { shell, arguments in
    guard let subcommand = arguments.first, isPrefix(subcommand, of: "fkey-indexes") else {
      shell.errors.write(
        "Usage \(shell.command.name) sub-command ?switches...?\n"
          + "Where sub-commands are:\n    fkey-indexes\n")
      return .success
    }
    var isVerbose = false
    var isGrouped = false
    for option in arguments.dropFirst() {
      if option.utf8.count > 1 && isPrefix(option, of: "-verbose") {
        isVerbose = true
      } else if option.utf8.count > 1 && isPrefix(option, of: "-groupbyparent") {
        isGrouped = true
      } else {
        // sqlite3's own usage text, not its help line (`.lint OPTIONS`).
        shell.errors.write(
          "Usage: \(shell.command.name) \(subcommand) ?-verbose? ?-groupbyparent?\n")
        return .success
      }
    }
    guard let connection = shell.openDatabase() else { return .failure }
    do throws(SQLiteError) {
      var keys = try ForeignKey.all(in: connection)
      if isGrouped { keys.sort { ($0.parent, $0.child) < ($1.parent, $1.child) } }
      var group: String?
      for key in keys {
        let line: String
        if try key.isServed(in: connection) {
          guard isVerbose else { continue }
          line =
            "/* no extra indexes required for \(key.child)(\(key.columns.joined(separator: ", ")))"
            + " -> \(key.parentDescription) */"
        } else {
          line = try key.suggestedIndex(in: connection) + " --> " + key.parentDescription
        }
        if isGrouped && group != key.parent {
          shell.output.write("-- Parent table \(key.parent)\n")
          group = key.parent
        }
        shell.output.write((isGrouped ? "    " : "") + line + "\n")
      }
      return .success
    } catch {
      shell.errors.write("Error: \(error.message)\n")
      return .failure
    }
  }

  /// sqlite3's test: a non-empty `word` that starts `name`, ignoring ASCII case.
  private static func isPrefix(_ word: String, of name: String) -> Bool {
    !word.isEmpty && name.utf8.starts(with: word.asciiLowercased().utf8)
  }
}

/// One foreign key of a table in `main`, as `pragma_foreign_key_list` gives it.
private struct ForeignKey {
  var child: String
  var id: Int64
  var parent: String
  var columns: [String]
  /// The parent's columns: those named, else the parent's primary key; `nil` when that cannot
  /// be known (no such parent table).
  var parentColumns: [String]?

  /// `p(a,b)`, or sqlite3's `(null)` when the parent columns cannot be known.
  var parentDescription: String {
    parentColumns.map { "\(parent)(\($0.joined(separator: ",")))" } ?? "(null)"
  }

  /// Every foreign key of every table, by table name then key id (sqlite3's order).
  static func all(in db: Connection) throws(SQLiteError) -> [ForeignKey] {
    var keys: [ForeignKey] = []
    let tables = try db.query(
      "SELECT name FROM main.sqlite_schema WHERE type = 'table' ORDER BY name")
    for table in tables {
      guard case .text(let child) = table[0] else { continue }
      let rows = try db.query(
        "SELECT id, \"table\", \"from\", \"to\" FROM pragma_foreign_key_list(?1, 'main')"
          + " ORDER BY id, seq", [child])
      for row in rows {
        guard case .integer(let id) = row[0], case .text(let parent) = row[1] else { continue }
        if keys.last?.child != child || keys.last?.id != id {
          keys.append(
            ForeignKey(child: child, id: id, parent: parent, columns: [], parentColumns: []))
        }
        keys[keys.count - 1].columns.append(row[2].textValue ?? "")
        if case .text(let to) = row[3] { keys[keys.count - 1].parentColumns?.append(to) }
      }
    }
    for index in keys.indices where keys[index].parentColumns?.isEmpty ?? false {
      let primaryKey = try db.query(
        "SELECT name FROM pragma_table_info(?1, 'main') WHERE pk > 0 ORDER BY pk",
        [keys[index].parent]
      ).compactMap(\.[0].textValue)
      keys[index].parentColumns = primaryKey.isEmpty ? nil : primaryKey
    }
    return keys
  }

  /// The collation an index must give child column `position`: the parent column's, or the
  /// child column's own when the parent column cannot be found.
  func requiredCollation(_ position: Int, in db: Connection) -> String {
    if let parentColumns, position < parentColumns.count,
      let collation = db.collation(
        ofColumn: parentColumns[position], inTable: parent, database: "main")
    {
      return collation
    }
    return ownCollation(position, in: db)
  }

  /// The declared collation of child column `position`.
  func ownCollation(_ position: Int, in db: Connection) -> String {
    db.collation(ofColumn: columns[position], inTable: child, database: "main") ?? "BINARY"
  }

  /// Whether the child's `INTEGER PRIMARY KEY` or one of its full indexes serves this key.
  func isServed(in db: Connection) throws(SQLiteError) -> Bool {
    if columns.count == 1 {
      let rowid = try db.query(
        "SELECT name FROM pragma_table_info(?1, 'main') WHERE pk = 1 AND upper(type) = 'INTEGER'"
          + " AND (SELECT count(*) FROM pragma_table_info(?1, 'main') WHERE pk > 0) = 1"
          + " AND NOT EXISTS (SELECT 1 FROM pragma_index_list(?1, 'main') WHERE origin = 'pk')",
        [child])
      if rowid.first?[0].textValue == columns[0] { return true }
    }
    let required = columns.indices.map { requiredCollation($0, in: db).asciiLowercased() }
    // The indexes sqlite_schema lists: not a WITHOUT ROWID table's primary key, which has none.
    let indexes = try db.query(
      "SELECT name FROM pragma_index_list(?1, 'main') AS i WHERE NOT partial AND EXISTS"
        + " (SELECT 1 FROM main.sqlite_schema WHERE type = 'index' AND name = i.name)",
      [child])
    for index in indexes {
      let keyColumns = try db.query(
        "SELECT name, coll FROM pragma_index_xinfo(?1, 'main') WHERE key ORDER BY seqno",
        [index[0]])
      guard keyColumns.count >= columns.count else { continue }
      // Each key column among the index's first columns, with the collation it needs.
      let leading = keyColumns.prefix(columns.count).map {
        ($0[0].textValue, ($0[1].textValue ?? "BINARY").asciiLowercased())
      }
      let serves = columns.indices.allSatisfy { position in
        leading.contains { $0.0 == columns[position] && $0.1 == required[position] }
      }
      if serves { return true }
    }
    return false
  }

  /// sqlite3's suggestion: `CREATE INDEX 't_a_b' ON 't'('a', 'b' COLLATE x);`.
  func suggestedIndex(in db: Connection) throws(SQLiteError) -> String {
    let name = ([child] + columns).joined(separator: "_").sqlQuoted("'")
    let list = columns.indices.map { position in
      let column = columns[position]
      let required = requiredCollation(position, in: db)
      let own = ownCollation(position, in: db)
      return column.sqlQuoted("'")
        + (own.asciiLowercased() == required.asciiLowercased() ? "" : " COLLATE " + required)
    }
    return "CREATE INDEX \(name) ON \(child.sqlQuoted("'"))(\(list.joined(separator: ", ")));"
  }
}
