import SQLiteCore

/// The dot-commands this file runs, each declared once: name, shortest abbreviation,
/// `.help` text and handler (see ``DotCommandRegistry/standard`` for their order).
extension DotCommand {
  static let archive = DotCommand(
    "archive", handler: ArchiveCommand.run,
    help: """
      .archive ...             Manage SQL archives
         Each command must have exactly one of the following options:
           -c, --create               Create a new archive
           -u, --update               Add or update files with changed mtime
           -i, --insert               Like -u but always add even if unchanged
           -r, --remove               Remove files from archive
           -t, --list                 List contents of archive
           -x, --extract              Extract files from archive
         Optional arguments:
           -v, --verbose              Print each filename as it is processed
           -f FILE, --file FILE       Use archive FILE (default is current db)
           -a FILE, --append FILE     Open FILE using the apndvfs VFS
           -C DIR, --directory DIR    Read/extract files from directory DIR
           -g, --glob                 Use glob matching for names in archive
           -n, --dryrun               Show the SQL that would have occurred
         Examples:
           .ar -cf ARCHIVE foo bar  # Create ARCHIVE from files foo and bar
           .ar -tf ARCHIVE          # List members of ARCHIVE
           .ar -xvf ARCHIVE         # Verbosely extract files from ARCHIVE
         See also:
            http://sqlite.org/cli.html#sqlite_archive_support
      """)
}

/// `.archive` (`.ar`) and `-A`: SQLite Archive files, an `sqlar` table of (optionally
/// zlib-compressed) files in a database, as sqlite3 3.40.1 makes and reads them.
///
/// The archive is the current database, or with `-f FILE` (`-a FILE`: through the apndvfs VFS,
/// as is a file holding an appended database) a database opened for the one command. Create, update and insert read the disk through
/// `fsdir`; extract writes with `writefile`; `-n` prints the SQL instead of running it.
///
/// A ZIP archive (`-f` naming one, or a `.zip` name that does not exist yet; or the database
/// opened as one with `-zip`) is read through `zipfile` and written through a `zipfile` table.
enum ArchiveCommand {
  static let run: DotCommand.Handler = { shell, _ in
    guard let database = shell.openDatabase() else { return .failure }
    guard shell.allowedInSafeMode("cannot run .archive in safe mode") else { return .failure }
    let code = run(
      shell.command.argumentBytes, fromCommandLine: false, shell: shell, database: database)
    guard code == 0 else {
      shell.dotCommandStatus = code
      return .failure
    }
    return .success
  }

  /// Runs one archive command given its words (those of `.archive`, or after `-A` when
  /// `fromCommandLine`); returns SQLite's result code (0 when it worked).
  static func run(
    _ words: [[UInt8]], fromCommandLine: Bool, shell: Shell, database: Connection
  ) -> Int32 {
    guard !words.isEmpty else {
      shell.output.flush()
      shell.errors.write("Wrong number of arguments.  Usage:\n")
      writeHelp(to: shell.errors)
      return 1
    }
    let request: ArchiveRequest
    do throws(ArchiveRequest.Failure) {
      request = try ArchiveRequest(parsing: words)
    } catch {
      shell.output.flush()
      shell.errors.write("Error: ")
      shell.errors.write(SQLText(bytes: error.message))
      shell.errors.write(
        fromCommandLine
          ? "\nUse \"-A\" for more help\n" : "\nUse \".archive --help\" for more help\n")
      return 1
    }
    let zip: ArchiveRun.ZipArchive?
    if let file = request.file {
      let path = String(decoding: file, as: UTF8.self)
      zip = ZipArchiveFile.isArchive(path, byDefault: true) ? .init(file: file) : nil
    } else {
      zip = shell.state.zipArchivePath == nil ? nil : .init(file: nil)
    }
    var connection = database
    if let file = request.file, zip == nil {
      guard let opened = open(file, request, shell: shell) else {
        return ResultCode.cantopen.rawValue
      }
      connection = opened
    }
    defer { if connection !== database { try? connection.close() } }
    if request.command == .help {
      writeHelp(to: shell.output)
      return 0
    }
    if zip == nil, request.command != .create, !connection.hasColumn("name", inTable: "sqlar") {
      shell.output.flush()
      shell.errors.write("database does not contain an 'sqlar' table\n")
      return 1
    }
    var archive = ArchiveRun(request: request, connection: connection, shell: shell, zip: zip)
    switch request.command {
    case .create: return archive.createOrUpdate(update: false, onlyIfChanged: false)
    case .extract: return archive.extract()
    case .list: return archive.list()
    case .remove: return archive.remove()
    case .insert: return archive.createOrUpdate(update: true, onlyIfChanged: false)
    case .update, nil, .help: return archive.createOrUpdate(update: true, onlyIfChanged: true)
    }
  }

  /// Opens `-f`'s file: created for create, update and insert, read-only for the others.
  private static func open(_ file: [UInt8], _ request: ArchiveRequest, shell: Shell)
    -> Connection?
  {
    let path = String(decoding: file, as: UTF8.self)
    let writes = [.create, .insert, .update].contains(request.command)
    // sqlite3 uses apndvfs for -a, and for a file that holds an appended database.
    let appends = request.appends || AppendedDatabase.isAppended(path)
    var options = OpenOptions(mode: writes ? .readWriteCreate : .readOnly)
    if appends {
      options.vfs = AppendedDatabase.vfsName
      _ = AppendedDatabase.isRegistered
    }
    if request.isDryRun {
      shell.output.write("-- open database '")
      shell.output.write(SQLText(bytes: file))
      shell.output.write(appends ? "' using 'apndvfs'\n" : "'\n")
    }
    do throws(SQLiteError) {
      let connection = try Connection(path: path, options: options)
      try shell.prepareConnection(connection)
      return connection
    } catch {
      shell.output.flush()
      shell.errors.write("cannot open file: ")
      shell.errors.write(SQLText(bytes: file))
      shell.errors.write(" (\(error.message))\n")
      return nil
    }
  }

  /// `.help archive`'s lines, for `--help` and a missing argument.
  private static func writeHelp(to sink: OutputSink) {
    for line in DotCommand.archive.help { sink.write(line + "\n") }
  }
}
