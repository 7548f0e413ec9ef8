import Glibc
import SQLiteCore

/// The dot-commands this file runs, each declared once: name, shortest abbreviation,
/// `.help` text and handler (see ``DotCommandRegistry/standard`` for their order).
extension DotCommand {
  static let databases = DotCommand(
    "databases", minimumPrefix: 2, handler: DatabaseCommands.databases,
    help: """
      .databases               List names and files of attached databases
      """)
  static let dbinfo = DotCommand(
    "dbinfo", minimumPrefix: 3, handler: DatabaseCommands.dbinfo,
    help: """
      .dbinfo ?DB?             Show status information about the database
      """)
  static let open = DotCommand(
    "open", minimumPrefix: 2, handler: DatabaseCommands.open,
    help: """
      .open ?OPTIONS? ?FILE?   Close existing database and reopen FILE
           Options:
              --append        Use appendvfs to append database to the end of FILE
              --deserialize   Load into memory using sqlite3_deserialize()
              --hexdb         Load the output of "dbtotxt" as an in-memory db
              --maxsize N     Maximum size for --hexdb or --deserialized database
              --new           Initialize FILE to an empty database
              --nofollow      Do not follow symbolic links
              --readonly      Open FILE readonly
              --zip           FILE is a ZIP archive
      """)
  static let vfsname = DotCommand(
    "vfsname", minimumPrefix: 4, handler: DatabaseCommands.vfsname,
    help: """
      .vfsname ?AUX?           Print the name of the VFS stack
      """)
}

/// `.databases`, `.dbinfo`, `.vfsname` and `.open`: the attached databases and which file the
/// shell works on.
enum DatabaseCommands {
  static let databases: DotCommand.Handler = { shell, _ in
    guard let connection = shell.openDatabase() else { return .failure }
    // Schema names and file names as bytes: a file name need not be UTF-8.
    var entries: [(schema: String, file: SQLText)] = []
    do {
      try connection.withStatement("PRAGMA database_list") { statement in
        while try statement.step() {
          guard statement.storageClass(at: 1) == .text, statement.storageClass(at: 2) == .text
          else { continue }
          entries.append(
            (statement.string(at: 1), statement.withUnsafeText(at: 2) { SQLText(copying: $0) }))
        }
      }
    } catch {
      shell.errors.write("Error: \((error as? SQLiteError)?.message ?? "\(error)")\n")
      return .failure
    }
    for (schema, file) in entries {
      let readOnly = connection.isReadOnly(database: schema) ?? false
      let transaction: String =
        switch connection.transactionState(database: schema) {
        case .read: " read-txn"
        case .write: " write-txn"
        default: ""
        }
      shell.output.write(schema + ": ")
      shell.output.write(file.isEmpty ? SQLText("\"\"") : file)
      shell.output.write(" \(readOnly ? "r/o" : "r/w")\(transaction)\n")
    }
    return .success
  }

  /// The header fields `.dbinfo` prints, with their offsets in the database header.
  private static let headerFields: [(String, Int)] = [
    ("file change counter:", 24), ("database page count:", 28), ("freelist page count:", 36),
    ("schema cookie:", 40), ("schema format:", 44), ("default cache size:", 48),
    ("autovacuum top root:", 52), ("incremental vacuum:", 64), ("text encoding:", 56),
    ("user version:", 60), ("application id:", 68), ("software version:", 96),
  ]

  private static let schemaQueries: [(String, String)] = [
    ("number of tables:", "SELECT count(*) FROM %s WHERE type='table'"),
    ("number of indexes:", "SELECT count(*) FROM %s WHERE type='index'"),
    ("number of triggers:", "SELECT count(*) FROM %s WHERE type='trigger'"),
    ("number of views:", "SELECT count(*) FROM %s WHERE type='view'"),
    ("schema size:", "SELECT total(length(sql)) FROM %s"),
  ]

  /// `.dbinfo ?DB?`: the database header (read through `sqlite_dbpage`) and schema counts.
  static let dbinfo: DotCommand.Handler = { shell, arguments in
    guard let connection = shell.openDatabase() else { return .failure }
    let database = arguments.first ?? "main"
    let header: [UInt8]
    do throws(SQLiteError) {
      let statement = try connection.prepare("SELECT data FROM sqlite_dbpage(?1) WHERE pgno=1")
      try statement.bind(.text(database), at: 1)
      guard try statement.step(), case .blob(let page) = statement.value(at: 0), page.count > 100
      else {
        shell.errors.write("unable to read database header\n")
        return .failure
      }
      header = Array(page.prefix(100))
    } catch  where error.message == "no such table: sqlite_dbpage" {
      // The system library lacks `sqlite_dbpage` (sqlite3 3.40.1 stops here): read the header
      // from the pages, as `.recover` does.
      guard let page = headerFromPages(connection, database) else {
        shell.errors.write("unable to read database header\n")
        return .failure
      }
      header = page
    } catch {
      shell.errors.write("error: \(error.message)\n")
      return .failure
    }
    func field(_ label: String, _ value: String) {
      shell.output.write(label + String(repeating: " ", count: max(0, 20 - label.utf8.count)))
      shell.output.write(" " + value + "\n")
    }
    let pageSize = Int(header[16]) << 8 | Int(header[17])
    field("database page size:", String(pageSize == 1 ? 65536 : pageSize))
    field("write format:", String(header[18]))
    field("read format:", String(header[19]))
    field("reserved bytes:", String(header[20]))
    for (label, offset) in headerFields {
      let value = header[offset..<offset + 4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
      let encodings: [UInt32: String] = [1: " (utf8)", 2: " (utf16le)", 3: " (utf16be)"]
      field(label, String(value) + (offset == 56 ? encodings[value] ?? "" : ""))
    }
    let table =
      database == "temp"
      ? "sqlite_temp_schema" : "\"" + database.replacing("\"", with: "\"\"") + "\".sqlite_schema"
    for (label, query) in schemaQueries {
      let sql = query.replacing("%s", with: table)
      let value = (try? connection.query(sql))?.first?[0] ?? .null
      let number: Int64 =
        switch value {
        case .integer(let integer): integer
        case .real(let real): Int64(real)
        default: 0
        }
      field(label, String(Int32(truncatingIfNeeded: number)))
    }
    field("data version", String(connection.dataVersion(database: database) ?? 0))
    return .success
  }

  /// `.vfsname ?AUX?`: the VFS under the main (or named) database; nothing for `:memory:`.
  static let vfsname: DotCommand.Handler = { shell, arguments in
    guard let connection = shell.connection else { return .success }
    let database = arguments.count == 1 ? arguments[0] : "main"
    if let name = connection.vfsName(database: database) { shell.output.write(name + "\n") }
    return .success
  }

  /// `.open ?OPTIONS? ?FILE?`: closes the database and opens FILE, or a temporary database
  /// without one; on failure an in-memory database takes its place.
  ///
  /// The options: `--new`, `--readonly`, `--nofollow`, `--deserialize`, `--hexdb` (without
  /// FILE it reads the lines that follow) and `--maxsize N`.
  ///
  /// As in sqlite3, `--readonly`, `--append`, `--deserialize` and `--hexdb` each replace the
  /// others (the last given holds), and none outlives this `.open`.
  static let open: DotCommand.Handler = { shell, arguments in
    var file: String?
    var fileName = SQLText()
    var new = false
    var options = OpenOptions.default
    var deserializes = false
    var readsHex = false
    var zip = false
    var sizeLimit: Int64 = 0
    var words = arguments[...]
    while let word = words.popFirst() {
      if ModeCommand.isOption(word, "new") {
        new = true
      } else if ModeCommand.isOption(word, "readonly") {
        options.mode = .readOnly
        options.vfs = nil
        (deserializes, readsHex) = (false, false)
        zip = false
      } else if ModeCommand.isOption(word, "append") {
        options.mode = .readWriteCreate
        options.vfs = AppendedDatabase.vfsName
        (deserializes, readsHex) = (false, false)
        zip = false
      } else if ModeCommand.isOption(word, "nofollow") {
        options.noFollow = true
      } else if ModeCommand.isOption(word, "deserialize") {
        (deserializes, readsHex) = (true, false)
        zip = false
        options.mode = .readWriteCreate
        options.vfs = nil
      } else if ModeCommand.isOption(word, "hexdb") {
        (deserializes, readsHex) = (true, true)
        zip = false
        options.mode = .readWriteCreate
        options.vfs = nil
      } else if ModeCommand.isOption(word, "zip") {
        (deserializes, readsHex, zip) = (false, false, true)
        options.mode = .readWriteCreate
        options.vfs = nil
      } else if ModeCommand.isOption(word, "maxsize"), let size = words.popFirst() {
        sizeLimit = DotCommandArguments.integer(size)
      } else if word.hasPrefix("-") {
        shell.errors.write("unknown option: \(word)\n")
        return .failure
      } else if file != nil {
        shell.errors.write("extra argument: \"\(word)\"\n")
        return .failure
      } else {
        fileName = shell.argumentText(words.startIndex - 1, of: arguments)
        file = DatabaseFileName.openable(fileName)
      }
    }
    if shell.rollBackLeftTransaction(.reopen) && !shell.state.isInteractive {
      shell.control.hadError = true
    }
    shell.closeConnection()
    shell.state.zipArchivePath = nil
    shell.state.openOptions = options
    shell.state.deserializesDatabase = deserializes
    shell.state.deserializedSizeLimit = sizeLimit
    shell.state.readsHexDatabase = readsHex
    shell.state.opensZipArchive = zip
    if let file {
      if new && !shell.state.isSafe { _ = fileName.withCString { unlink($0) } }
      // sqlite3 lets `--hexdb` read its file in safe mode.
      if file != ":memory:" && !readsHex
        && !shell.allowedInSafeMode("cannot open disk-based database files in safe mode")
      {
        return .failure
      }
    }
    shell.state.databasePath = file ?? ""
    shell.connections.slots.isActiveUnnamed = file == nil
    if shell.openPreferredReadPool() != nil { return .success }
    let connection: Connection
    do throws(SQLiteError) {
      connection = try shell.openConnection(path: file ?? "", options: options)
    } catch {
      shell.output.flush()
      shell.errors.write("Error: unable to open database \"")
      shell.errors.write(fileName)
      shell.errors.write("\": \(error.message)\n")
      guard let memory = try? Connection(path: ":memory:") else { return .failure }
      connection = memory
    }
    try? shell.prepareConnection(connection)
    shell.connection = connection
    if readsHex && file == nil { shell.startHexDatabaseInput() }
    return .success
  }
}
