import SQLiteCore

/// The dot-commands this file runs, each declared once: name, shortest abbreviation,
/// `.help` text and handler (see ``DotCommandRegistry/standard`` for their order).
extension DotCommand {
  static let filectrl = DotCommand(
    "filectrl", handler: FileControlCommand.run,
    help: """
      .filectrl CMD ...        Run various sqlite3_file_control() operations
         --schema SCHEMA         Use SCHEMA instead of "main"
         --help                  Show CMD details
      """)
}

/// `.filectrl ?--schema DB? CMD ...`: runs one `sqlite3_file_control` on a database and prints
/// what it gives back, as sqlite3 3.40.1 does.
///
/// CMD may be any unique prefix of a control's name and may start with `-` or `--`; `--help`
/// lists them. Results and usage lines go to the current output, name errors to standard error.
/// A control the database's VFS does not answer prints -1 (sqlite3 3.40.1 prints whatever its
/// uninitialised variable held for `data_version` and `has_moved`).
enum FileControlCommand {
  /// One control: its name, the usage after it, and what running it prints.
  private struct Control {
    let name: String
    let usage: String
    /// Runs the control with its arguments (after the name); `nil` when they do not fit the
    /// usage, else the line to print (empty for none).
    let run: @Sendable (Connection, String?, [String], OutputSink) -> String?
  }

  private static let controls: [Control] = [
    Control(name: "chunk_size", usage: "SIZE") { db, schema, arguments, _ in
      writeOnly(.chunkSize, db, schema, arguments)
    },
    Control(name: "data_version", usage: "") { db, schema, arguments, _ in
      readOnly(.dataVersion, db, schema, arguments)
    },
    Control(name: "has_moved", usage: "") { db, schema, arguments, _ in
      readOnly(.hasMoved, db, schema, arguments)
    },
    Control(name: "lock_timeout", usage: "MILLISEC") { db, schema, arguments, _ in
      writeOnly(.lockTimeout, db, schema, arguments)
    },
    Control(name: "persist_wal", usage: "[BOOLEAN]") { db, schema, arguments, errors in
      flag(.persistWAL, db, schema, arguments, errors)
    },
    Control(name: "psow", usage: "[BOOLEAN]") { db, schema, arguments, errors in
      flag(.powersafeOverwrite, db, schema, arguments, errors)
    },
    Control(name: "reserve_bytes", usage: "[N]") { db, schema, arguments, _ in
      if let count = arguments.first {
        var bytes = leadingInteger(count)
        db.fileControl(.reserveBytes, database: schema, value: &bytes)
      }
      var bytes: Int32 = -1
      db.fileControl(.reserveBytes, database: schema, value: &bytes)
      return "\(bytes)\n"
    },
    Control(name: "size_limit", usage: "[LIMIT]") { db, schema, arguments, _ in
      guard arguments.count <= 1 else { return nil }
      var limit = arguments.first.map(DotCommandArguments.integer) ?? -1
      db.fileControl(.sizeLimit, database: schema, value: &limit)
      return "\(limit)\n"
    },
    Control(name: "tempfilename", usage: "") { db, schema, arguments, _ in
      guard arguments.isEmpty else { return nil }
      return db.temporaryFileName(database: schema).map { $0 + "\n" } ?? ""
    },
  ]

  static let run: DotCommand.Handler = { shell, arguments in
    guard let db = shell.openDatabase() else { return .failure }
    var words = arguments[...]
    var schema: String?
    if ["--schema", "-schema"].contains(words.first), words.count >= 3 {
      schema = words.dropFirst().first
      words = words.dropFirst(2)
    }
    var name = Substring(words.popFirst() ?? "help")
    for _ in 0..<2 where name.first == "-" && name.count > 1 { name = name.dropFirst() }
    guard name != "help" else {
      shell.output.write("Available file-controls:\n")
      for control in controls {
        shell.output.write("  .filectrl \(control.name) \(control.usage)\n")
      }
      return .failure
    }
    let matches = controls.filter { $0.name.hasPrefix(name) }
    guard matches.count <= 1 else {
      shell.errors.write(
        "Error: ambiguous file-control: \"\(name)\"\nUse \".filectrl --help\" for help\n")
      return .failure
    }
    guard let control = matches.first else {
      shell.errors.write(
        "Error: unknown file-control: \(name)\nUse \".filectrl --help\" for help\n")
      return .success
    }
    guard let line = control.run(db, schema, Array(words), shell.errors) else {
      shell.output.write("Usage: .filectrl \(name) \(control.usage)\n")
      return .failure
    }
    shell.output.write(line)
    return .success
  }

  /// A control that only sets an `int`, from its one argument, and prints nothing.
  private static func writeOnly(
    _ control: FileControl, _ db: Connection, _ schema: String?, _ arguments: [String]
  ) -> String? {
    guard arguments.count == 1 else { return nil }
    var value = Int32(truncatingIfNeeded: DotCommandArguments.integer(arguments[0]))
    db.fileControl(control, database: schema, value: &value)
    return ""
  }

  /// A control that only reads an `int`.
  private static func readOnly(
    _ control: FileControl, _ db: Connection, _ schema: String?, _ arguments: [String]
  ) -> String? {
    guard arguments.isEmpty else { return nil }
    var value: Int32 = -1
    db.fileControl(control, database: schema, value: &value)
    return "\(value)\n"
  }

  /// A control that sets a boolean, or reads it with no argument (-1).
  private static func flag(
    _ control: FileControl, _ db: Connection, _ schema: String?, _ arguments: [String],
    _ errors: OutputSink
  ) -> String? {
    guard arguments.count <= 1 else { return nil }
    var value: Int32 =
      arguments.first.map { DotCommandArguments.boolean($0, errors: errors) ? 1 : 0 } ?? -1
    db.fileControl(control, database: schema, value: &value)
    return "\(value)\n"
  }

  /// C's `atoi`: optional spaces and sign, then the digits up to the first other character.
  private static func leadingInteger(_ text: String) -> Int32 {
    var rest = text.drop { $0 == " " || $0 == "\t" }
    let isNegative = rest.first == "-"
    if rest.first == "-" || rest.first == "+" { rest = rest.dropFirst() }
    var value: Int64 = 0
    for character in rest {
      guard let digit = character.wholeNumberValue, character.isASCII else { break }
      value = min(value * 10 + Int64(digit), Int64(Int32.max) + 1)
    }
    return Int32(truncatingIfNeeded: isNegative ? -value : value)
  }
}
