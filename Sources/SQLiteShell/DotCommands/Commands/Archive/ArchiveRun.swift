import SQLiteCore

/// One `.archive` command on its database, as sqlite3 3.40.1's `ar*Command` functions run it.
///
/// Listings, `-v` names and `-n`'s SQL go to the current output; `ERROR: …` from a failed
/// statement goes to standard output and the other messages to standard error, as in sqlite3.
/// Each method returns SQLite's result code (0 when it worked), which is the exit status
/// sqlite3 gives a failing `.archive` on its command line.
struct ArchiveRun {
  var request: ArchiveRequest
  let connection: Connection
  let shell: Shell
  /// Set for a ZIP archive: `-f`'s file, or the database opened as one (no file).
  var zip: ZipArchive?

  /// A ZIP archive `.archive` works on, through the `zipfile` table.
  struct ZipArchive {
    let file: [UInt8]?
  }

  /// Where members are read: `sqlar`, `zip` or `zipfile('FILE')`.
  private var source: [UInt8] {
    zip.map { ArchiveStatements.zipSource($0.file) } ?? ArchiveStatements.sqlar
  }

  /// `-c`, `-u` and `-i`: in one savepoint, (re)creates the table and adds each file named.
  func createOrUpdate(update: Bool, onlyIfChanged: Bool) -> Int32 {
    if let zip { return createOrUpdate(zip, onlyIfChanged: onlyIfChanged) }
    _ = execute(ArchiveStatements.pageSize)
    var code = execute("SAVEPOINT ar;")
    guard code == 0 else { return code }
    if !update { code = execute(ArchiveStatements.drop) }
    if code == 0 { code = execute(ArchiveStatements.create) }
    for name in request.names where code == 0 {
      code = execute(
        ArchiveStatements.insert(
          name, directory: request.directory, verbose: request.isVerbose,
          onlyIfChanged: onlyIfChanged))
    }
    guard code == 0 else {
      try? connection.execute("ROLLBACK TO ar; RELEASE ar;")
      return code
    }
    return execute("RELEASE ar;")
  }

  /// `-t`: the members named (all without names), with `-v` as `ls -l` shows files.
  mutating func list() -> Int32 {
    var code = checkEntries()
    guard code == 0 else { return code }
    let sql = ArchiveStatements.list(
      where: ArchiveStatements.whereClause(request.names, glob: request.usesGlob),
      verbose: request.isVerbose, from: source)
    guard !request.isDryRun else { return printSQL(sql) }
    code = query(sql) { statement in
      if request.isVerbose {
        shell.output.write(text(statement, 0))
        shell.output.write(" " + Self.sizeColumn(statement.int64(at: 1)) + "  ")
        shell.output.write(text(statement, 2))
        shell.output.write("  ")
      }
      shell.output.write(text(statement, request.isVerbose ? 3 : 0))
      shell.output.write("\n")
    }
    return code
  }

  /// `-x`: writes the members named under `-C`'s directory, then sets the directories' times.
  ///
  /// sqlite3 3.40.1 runs its statement twice: every member, then the directories again (the
  /// files written into them changed their times). litesh also restores symbolic links, which
  /// 3.40.1 fails on, so it runs three passes: members that are not links, then the links, then
  /// the directories. Links come after everything else so that no member is ever written through
  /// a link the archive itself made (`evil -> /etc` then `evil/passwd`); `-n` prints sqlite3's
  /// statement for each of its two passes.
  mutating func extract() -> Int32 {
    let code = checkEntries()
    guard code == 0 else { return code }
    let clause = ArchiveStatements.whereClause(request.names, glob: request.usesGlob)
    if request.isDryRun {
      let sql = ArchiveStatements.extract(where: clause, from: source)
      return printSQL(sql) + printSQL(sql)
    }
    let directory = request.directory.map { $0 + [UInt8(ascii: "/")] } ?? []
    let passes: [(links: Bool, directoriesOnly: Bool)] = [
      (false, false), (true, false), (false, true),
    ]
    for pass in passes {
      let sql = ArchiveStatements.extract(where: clause, links: pass.links, from: source)
      let code = query(sql) { statement in
        if !pass.directoriesOnly && request.isVerbose {
          shell.output.write(text(statement, 0))
          shell.output.write("\n")
        }
      } bind: { statement throws(SQLiteError) in
        if let index = statement.parameterIndex(named: "$dir") {
          try Self.bindText(directory, to: statement, at: index)
        }
        if let index = statement.parameterIndex(named: "$dirOnly") {
          try statement.bind(.integer(pass.directoriesOnly ? 1 : 0), at: index)
        }
      }
      guard code == 0 else { return code }
    }
    return 0
  }

  /// `-r`: deletes the members named, in a savepoint.
  mutating func remove() -> Int32 {
    if let zip { return remove(zip) }
    var clause: [UInt8] = []
    if !request.names.isEmpty {
      let code = checkEntries()
      guard code == 0 else { return code }
      clause = ArchiveStatements.whereClause(request.names, glob: request.usesGlob)
    }
    let sql = ArchiveStatements.remove(where: clause)
    guard !request.isDryRun else { return printSQL(sql) }
    do throws(SQLiteError) {
      try connection.execute("SAVEPOINT ar;")
    } catch {
      return error.primaryCode.rawValue
    }
    let code = execute(sql, dryRun: false)
    if code == 0 {
      try? connection.execute("RELEASE ar;")
    } else {
      try? connection.execute("ROLLBACK TO ar; RELEASE ar;")
    }
    return code
  }

  /// Every name given must be in the archive (trailing slashes dropped); the first missing
  /// one is reported.
  mutating func checkEntries() -> Int32 {
    guard !request.names.isEmpty else { return 0 }
    request.names = request.names.map { name in
      var name = name
      while name.last == UInt8(ascii: "/") { name.removeLast() }
      return name
    }
    for name in request.names {
      var found = false
      let code = query(
        ArchiveStatements.check(glob: request.usesGlob, from: source), { _ in found = true },
        bind: { statement throws(SQLiteError) in
          try Self.bindText(name, to: statement, at: 1)
        })
      guard code == 0 else { return code }
      guard found else {
        shell.output.flush()
        shell.errors.write("not found in archive: ")
        shell.errors.write(SQLText(bytes: name))
        shell.errors.write("\n")
        return 1
      }
    }
    return 0
  }

  /// Runs `sql` whole, as `sqlite3_exec` does; with `-n` prints it instead.
  func execute(_ sql: String) -> Int32 { execute(Array(sql.utf8)) }

  func execute(_ sql: [UInt8], dryRun: Bool? = nil) -> Int32 {
    if dryRun ?? request.isDryRun { return printSQL(sql) }
    do throws(SQLiteError) {
      var statements = connection.statements(in: SQLText(bytes: sql))
      while let statement = try statements.next() {
        while try statement.step() {}
      }
      return 0
    } catch {
      shell.output.flush()
      shell.standardOutput.write("ERROR: \(error.message)\n")
      return error.primaryCode.rawValue
    }
  }

  /// Prepares `sql`, lets `bind` set its parameters, and calls `row` for each row.
  private func query(
    _ sql: [UInt8], _ row: (Statement) -> Void,
    bind: (Statement) throws(SQLiteError) -> Void = { _ in }
  ) -> Int32 {
    var statements = connection.statements(in: SQLText(bytes: sql))
    let statement: Statement
    do throws(SQLiteError) {
      guard let prepared = try statements.next() else { return 0 }
      statement = prepared
    } catch {
      shell.errors.write("sql error: \(error.message) (\(error.primaryCode.rawValue))\n")
      return error.primaryCode.rawValue
    }
    do throws(SQLiteError) {
      try bind(statement)
      while try statement.step() { row(statement) }
      return 0
    } catch {
      shell.output.flush()
      shell.errors.write("SQL error: \(error.message)\n")
      return error.primaryCode.rawValue
    }
  }

  /// Binds `bytes` as text, whatever they are.
  private static func bindText(_ bytes: [UInt8], to statement: Statement, at index: Int)
    throws(SQLiteError)
  {
    var failure: SQLiteError?
    bytes.withUnsafeBufferPointer { buffer in
      do throws(SQLiteError) {
        try statement.bindText(buffer, at: index)
      } catch {
        failure = error
      }
    }
    if let failure { throw failure }
  }

  func printSQL(_ sql: [UInt8]) -> Int32 {
    shell.output.write(SQLText(bytes: sql))
    shell.output.write("\n")
    return 0
  }

  private func text(_ statement: Statement, _ column: Int) -> SQLText {
    statement.withUnsafeText(at: column) { SQLText(bytes: $0) }
  }

  /// `% 10d` of the size as a C `int`: right-aligned in 10, a space before a positive value.
  static func sizeColumn(_ size: Int64) -> String {
    let value = Int32(truncatingIfNeeded: size)
    let digits = value < 0 ? String(value) : " " + String(value)
    return String(repeating: " ", count: max(0, 10 - digits.count)) + digits
  }
}
