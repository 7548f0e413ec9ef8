@preconcurrency import Glibc

/// The generated inputs, made once per size and cached in the work directory.
///
/// The populated database comes from `bench-c w1`; the INSERT script and the CSV file are
/// dumped from it by sqlite3 itself, so they hold exactly the rows of the table.
struct Inputs {
  let directory: String
  let binDirectory: String
  let sqlite3: String
  let sizes: Sizes

  init(directory: String, binDirectory: String, sqlite3: String, sizes: Sizes) {
    self.directory = directory
    self.binDirectory = binDirectory
    self.sqlite3 = sqlite3
    self.sizes = sizes
    mkdir(directory, 0o755)
  }

  /// A WAL database with table t of `rows` rows.
  func database(rows: Int) -> String {
    let path = "\(directory)/base-\(rows).db"
    if fileExists(path) { return path }
    log("generating \(path)")
    let partial = path + ".partial"
    removeDatabase(partial)
    let child = spawn(["\(binDirectory)/bench-c", "w1", "db=\(partial)", "rows=\(rows)"])
    guard child.status == 0 else { fatal("cannot generate \(path)") }
    // The worker closed cleanly, so the -wal file is checkpointed and empty if left at all.
    unlink(partial + "-wal")
    unlink(partial + "-shm")
    rename(partial, path)
    return path
  }

  /// `CREATE TABLE`, `BEGIN`, one INSERT per row, `COMMIT`.
  func insertScript(rows: Int) -> String {
    dump(
      "\(directory)/inserts-\(rows).sql", rows: rows,
      commands:
        ".print 'CREATE TABLE t(id INTEGER PRIMARY KEY, a INTEGER, b REAL, c TEXT);'\n"
        + ".print BEGIN;\n.mode insert t\nSELECT * FROM t;\n.print COMMIT;\n")
  }

  /// The table as sqlite3's `.dump` writes it (a dump to restore).
  func dumpScript(rows: Int) -> String {
    dump("\(directory)/dump-\(rows).sql", rows: rows, commands: ".dump\n")
  }

  /// The table as CSV with a header line.
  func csv(rows: Int) -> String {
    dump(
      "\(directory)/data-\(rows).csv", rows: rows,
      commands: ".headers on\n.mode csv\nSELECT * FROM t;\n")
  }

  /// A small text file (a shell's stdin script), written every time.
  func script(_ name: String, _ text: String) -> String {
    let path = "\(directory)/\(name)"
    writeText(path, text)
    return path
  }

  private func dump(_ path: String, rows: Int, commands: String) -> String {
    if fileExists(path) { return path }
    log("generating \(path)")
    let commandFile = script("dump-commands.txt", commands)
    let partial = path + ".partial"
    let child = spawn(
      [sqlite3, database(rows: rows)], input: .file(commandFile), output: .file(partial))
    guard child.status == 0 else { fatal("cannot generate \(path)") }
    rename(partial, path)
    return path
  }
}

/// Writes `text` to a file, replacing it.
func writeText(_ path: String, _ text: String) {
  guard let file = fopen(path, "wb") else { fatal("cannot write \(path)") }
  fputs(text, file)
  fclose(file)
}
