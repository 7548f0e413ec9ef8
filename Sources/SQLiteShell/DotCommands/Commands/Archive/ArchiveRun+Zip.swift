import SQLiteCore

extension ArchiveRun {
  /// `-c`, `-u` and `-i` on a ZIP archive, as sqlite3 3.40.1 runs them.
  ///
  /// Rows go into the table `zip`, or for `-f FILE` into a temporary `zipfile` table (`zip` and 16 random hex digits)
  /// dropped afterwards. `-c` keeps what the archive holds, as in sqlite3.
  func createOrUpdate(_ zip: ZipArchive, onlyIfChanged: Bool) -> Int32 {
    _ = execute(ArchiveStatements.pageSize)
    var code = execute("SAVEPOINT ar;")
    guard code == 0 else { return code }
    let table = zip.file == nil ? "zip" : Self.temporaryTableName()
    if let file = zip.file { code = execute(ArchiveStatements.createZipTable(table, file: file)) }
    for name in request.names where code == 0 {
      code = execute(
        ArchiveStatements.insert(
          name, directory: request.directory, verbose: request.isVerbose,
          onlyIfChanged: onlyIfChanged, zipTable: table))
    }
    return finish(code, dropping: zip.file == nil ? nil : table)
  }

  /// `-r` on a ZIP archive: deletes the members named from it, in a savepoint.
  ///
  /// sqlite3 3.40.1 fails here with a syntax error (it builds `SELECT name FROM  WHERE …`);
  /// litesh removes them, through a temporary table for `-f FILE` as `-c` does.
  mutating func remove(_ zip: ZipArchive) -> Int32 {
    var clause: [UInt8] = Array("1".utf8)
    if !request.names.isEmpty {
      let code = checkEntries()
      guard code == 0 else { return code }
      clause = ArchiveStatements.whereClause(request.names, glob: request.usesGlob)
    }
    var code = execute("SAVEPOINT ar;")
    guard code == 0 else { return code }
    let table = zip.file == nil ? "zip" : Self.temporaryTableName()
    if let file = zip.file { code = execute(ArchiveStatements.createZipTable(table, file: file)) }
    if code == 0 { code = execute(ArchiveStatements.remove(where: clause, from: table)) }
    return finish(code, dropping: zip.file == nil ? nil : table)
  }

  /// Releases the savepoint (rolls back to it on failure), then drops the temporary table.
  private func finish(_ code: Int32, dropping table: String?) -> Int32 {
    guard code == 0 else {
      if !request.isDryRun { try? connection.execute("ROLLBACK TO ar; RELEASE ar;") }
      return code
    }
    let released = execute("RELEASE ar;")
    if released == 0, let table { _ = execute("DROP TABLE \(table)") }
    return released
  }

  /// `zip` and 16 random hex digits, as sqlite3 names its temporary table.
  private static func temporaryTableName() -> String {
    let random = sqliteRandom(UInt64.self)
    let digits = String(random, radix: 16)
    return "zip" + String(repeating: "0", count: 16 - digits.count) + digits
  }
}
