import Glibc
import SQLiteCore

/// The dot-commands this file runs, each declared once: name, shortest abbreviation,
/// `.help` text and handler (see ``DotCommandRegistry/standard`` for their order).
extension DotCommand {
  static let `import` = DotCommand(
    "import", handler: ImportCommand.run,
    help: """
      .import FILE TABLE       Import data from FILE into TABLE
         Options:
           --ascii               Use \\037 and \\036 as column and row separators
           --csv                 Use , and \\n as column and row separators
           --skip N              Skip the first N rows of input
           --schema S            Target table to be S.TABLE
           -v                    "Verbose" - increase auxiliary output
         Notes:
           *  If TABLE does not exist, it is created.  The first row of input
              determines the column names.
           *  If neither --csv or --ascii are used, the input mode is derived
              from the ".mode" output mode
           *  If FILE begins with "|" then it is a command that generates the
              input text.
      """)
}

/// `.import [--csv] [--ascii] [--skip N] [--schema S] [-v] FILE|'|command' TABLE`.
///
/// Loads rows as sqlite3 3.40.1 does (same table creation, same ragged-row warnings, same
/// messages), in one transaction through one prepared `INSERT`. Where sqlite3 would load
/// damaged input anyway (an unterminated or stray quote, invalid UTF-8, a NUL), litesh stops
/// with the file, line and column, and rolls everything back: the database is left as it was.
enum ImportCommand {
  /// The parsed arguments.
  struct Request {
    var file = ""
    /// The file name's exact bytes.
    var fileText = SQLText()
    var table = ""
    var schema: String?
    var skip: Int64 = 0
    var verbosity = 0
    /// `--csv`/`--ascii` separators; `nil` to take them from the output mode.
    var separators: (column: UInt8, row: UInt8, isCSV: Bool)?
  }

  static let run: DotCommand.Handler = { shell, arguments in
    guard shell.allowedInSafeMode("cannot run .import in safe mode") else { return .failure }
    guard let request = parse(arguments, shell: shell) else { return .failure }
    // Each target by its own type, never `any ImportTarget`: an opened existential would run
    // the row loop as unspecialized generic code (metadata checks per row, 6% more
    // instructions on a local import).
    if shell.isDqlite {
      guard let session = shell.dqliteSession() else { return .failure }
      return run(request, into: DqliteImportTarget(session: session), shell: shell)
    }
    guard let connection = shell.openDatabase() else { return .failure }
    return run(request, into: connection, shell: shell)
  }

  private static func run(_ request: Request, into target: some ImportTarget, shell: Shell)
    -> DotCommand.Outcome
  {
    guard let separators = request.separators ?? modeSeparators(shell) else { return .failure }
    let isPipe = request.file.hasPrefix("|")
    let source =
      isPipe
      ? ImportSource(command: SQLText(bytes: request.fileText.bytes.dropFirst()))
      : ImportSource(path: request.fileText)
    guard let source else {
      shell.output.flush()
      shell.errors.write("Error: cannot open \"")
      shell.errors.write(request.fileText)
      shell.errors.write("\"\n")
      return .failure
    }
    defer { source.close() }
    if request.verbosity >= 2 || (request.verbosity >= 1 && request.separators == nil) {
      shell.output.write(
        "Column separator \(SessionCommands.cString(String(decoding: [separators.column], as: UTF8.self)))"
          + ", row separator \(SessionCommands.cString(String(decoding: [separators.row], as: UTF8.self)))\n"
      )
    }
    var reader = ImportReader(
      descriptor: source.descriptor, columnSeparator: separators.column,
      rowSeparator: separators.row, isCSV: separators.isCSV)
    defer { reader.release() }
    var job = ImportJob(
      shell: shell, connection: target, request: request,
      displayName: isPipe ? "<pipe>" : request.file, totalBytes: source.size)
    return job.run(&reader)
  }

  /// sqlite3's argument loop; prints sqlite3's usage errors and returns `nil` on a bad call.
  static func parse(_ arguments: [String], shell: Shell) -> Request? {
    var request = Request()
    var file: String?
    var table: String?
    var index = 0
    func usage(_ message: String) -> Request? {
      shell.output.write(message)
      shell.writeUsageHelp("import")
      return nil
    }
    while index < arguments.count {
      var word = Substring(arguments[index])
      if word.hasPrefix("--") { word = word.dropFirst() }
      let hasValue = index < arguments.count - 1
      if !word.hasPrefix("-") {
        if file == nil {
          file = String(word)
          request.fileText = shell.argumentText(index, of: arguments)
        } else if table == nil {
          table = String(word)
        } else {
          return usage("ERROR: extra argument: \"\(word)\".  Usage:\n")
        }
      } else if word == "-v" {
        request.verbosity += 1
      } else if word == "-schema" && hasValue {
        index += 1
        request.schema = arguments[index]
      } else if word == "-skip" && hasValue {
        index += 1
        request.skip = DotCommandArguments.integer(arguments[index])
      } else if word == "-ascii" {
        request.separators = (0x1F, 0x1E, false)
      } else if word == "-csv" {
        request.separators = (0x2C, 0x0A, true)
      } else {
        return usage("ERROR: unknown option: \"\(word)\".  Usage:\n")
      }
      index += 1
    }
    guard let table else {
      return usage("ERROR: missing \(file == nil ? "FILE" : "TABLE") argument. Usage:\n")
    }
    request.file = file ?? ""
    request.table = table
    return request
  }

  /// The separators of the current output mode, checked as sqlite3 checks them.
  private static func modeSeparators(_ shell: Shell) -> (column: UInt8, row: UInt8, isCSV: Bool)? {
    let style = shell.state.style
    func fail(_ message: String) -> (column: UInt8, row: UInt8, isCSV: Bool)? {
      shell.output.flush()
      shell.errors.write("Error: \(message)\n")
      return nil
    }
    let column = Array(style.columnSeparator.utf8)
    guard let columnByte = column.first else {
      return fail("non-null column separator required for import")
    }
    guard column.count == 1 else {
      return fail("multi-character column separators not allowed for import")
    }
    var row = Array(style.rowSeparator.utf8)
    guard !row.isEmpty else { return fail("non-null row separator required for import") }
    if style.mode == .csv && row == [0x0D, 0x0A] {
      // sqlite3 switches CSV output's \r\n to \n for good when importing.
      shell.state.style.rowSeparator = "\n"
      row = [0x0A]
    }
    guard row.count == 1 else {
      return fail("multi-character row separators not allowed for import")
    }
    return (columnByte, row[0], style.mode != .ascii)
  }
}

/// The file or command `.import` reads.
final class ImportSource {
  let descriptor: Int32
  /// The file's size in bytes, when known (for progress).
  let size: Int?
  private let closeAction: () -> Void

  init?(path: SQLText) {
    let descriptor = path.withCString { open($0, O_RDONLY | O_CLOEXEC) }
    guard descriptor >= 0 else { return nil }
    var info = stat()
    let isRegular = fstat(descriptor, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
    self.descriptor = descriptor
    size = isRegular ? Int(info.st_size) : nil
    closeAction = { _ = Glibc.close(descriptor) }
  }

  init?(command: SQLText) {
    guard let stream = command.withCString({ popen($0, "r") }) else { return nil }
    descriptor = fileno(stream)
    size = nil
    closeAction = { _ = pclose(stream) }
  }

  func close() { closeAction() }
}
