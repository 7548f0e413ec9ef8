import SQLiteCore

/// The dot-commands this file runs, each declared once: name, shortest abbreviation,
/// `.help` text and handler (see ``DotCommandRegistry/standard`` for their order).
extension DotCommand {
  static let imposter = DotCommand(
    "imposter", minimumPrefix: 5, handler: ImposterCommand.run,
    help: """
      .imposter INDEX TABLE    Create imposter table TABLE on index INDEX
      """)
}

/// `.imposter INDEX IMPOSTER` and `.imposter off`, as sqlite3 3.40.1 runs them.
///
/// The imposter is a `WITHOUT ROWID` table whose columns are the index's, in storage order
/// (`_ROWID_` last for an index on a rowid table), laid over the index's b-tree. sqlite3 also
/// takes a `WITHOUT ROWID` table for INDEX (undocumented): the imposter then has its columns
/// in storage order, primary key first.
enum ImposterCommand {
  static let run: DotCommand.Handler = { shell, arguments in
    guard arguments.count == 2 || (arguments.count == 1 && arguments[0].lowercased() == "off")
    else {
      // sqlite3's own usage text, not its help line (`.imposter INDEX TABLE`).
      shell.errors.write("Usage: .imposter INDEX IMPOSTER\n       .imposter off\n")
      return .failure
    }
    guard let connection = shell.openDatabase() else { return .failure }
    if arguments.count == 1 {
      connection.removeImposters()
      return .success
    }
    let (index, imposter) = (arguments[0], arguments[1])
    let (rootPage, isTable) = root(of: index, on: connection)
    let columns = storageColumns(of: index, isTable: isTable, on: connection)
    guard rootPage != 0, let columns else {
      shell.errors.write("no such index: \"\(index)\"\n")
      return .failure
    }
    let list = columns.names.map { $0.sqlQuoted() }.joined(separator: ",")
    let key = columns.names.prefix(columns.keyCount).map { $0.sqlQuoted() }.joined(separator: ",")
    let sql = "CREATE TABLE \(imposter.sqlQuoted())(\(list),PRIMARY KEY(\(key)))WITHOUT ROWID"
    do throws(SQLiteError) {
      try connection.beginImposterCreation(rootPage: rootPage)
    } catch {
      shell.errors.write("SQLITE_TESTCTRL_IMPOSTER returns \(error.code.rawValue)\n")
      return .failure
    }
    defer { connection.endImposterCreation() }
    do throws(SQLiteError) {
      try connection.execute(sql)
    } catch {
      shell.errors.write("Error in [\(sql)]: \(error.message)\n")
      return .failure
    }
    // sqlite3 writes these to stdout itself, not to the `.output` file.
    shell.standardOutput.write(
      sql + ";\nWARNING: writing to an imposter table will corrupt the \"\(index)\" "
        + (isTable ? "table" : "index") + "!\n")
    return .success
  }

  /// The b-tree root page of the index (or `WITHOUT ROWID` table) `name`, 0 when there is none,
  /// and whether it is a table.
  private static func root(of name: String, on connection: Connection) -> (Int32, Bool) {
    let literal = name.sqlQuoted("'")
    let sql =
      "SELECT rootpage, 0 FROM sqlite_schema WHERE name=\(literal) AND type='index'"
      + "UNION ALL SELECT rootpage, 1 FROM sqlite_schema WHERE name=\(literal) AND type='table'"
      + "   AND sql LIKE '%without%rowid%'"
    guard let row = (try? connection.query(sql))?.first else { return (0, false) }
    return (Int32(truncatingIfNeeded: integer(row[0])), integer(row[1]) != 0)
  }

  /// The imposter's column names (`PRAGMA index_xinfo`) and how many make its primary key;
  /// `nil` when the pragma gives none.
  private static func storageColumns(of name: String, isTable: Bool, on connection: Connection)
    -> (names: [String], keyCount: Int)?
  {
    guard let rows = try? connection.query("PRAGMA index_xinfo=\(name.sqlQuoted("'"))"),
      !rows.isEmpty
    else { return nil }
    var names: [String] = []
    var keyCount: Int?
    for (position, row) in rows.enumerated() {
      if isTable, keyCount == nil, integer(row[5]) == 0, !names.isEmpty { keyCount = names.count }
      switch row[2] {
      case .null: names.append(integer(row[1]) == -1 ? "_ROWID_" : "expr\(position + 1)")
      case .text(let column): names.append(column)
      default: names.append(row[2].description)
      }
    }
    return (names, keyCount ?? names.count)
  }

  private static func integer(_ value: Value) -> Int64 {
    if case .integer(let number) = value { return number }
    return 0
  }
}
