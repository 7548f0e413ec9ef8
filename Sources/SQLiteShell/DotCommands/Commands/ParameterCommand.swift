import SQLiteCore

/// The dot-commands this file runs, each declared once: name, shortest abbreviation,
/// `.help` text and handler (see ``DotCommandRegistry/standard`` for their order).
extension DotCommand {
  static let parameter = DotCommand(
    "parameter", minimumPrefix: 3, handler: ParameterCommand.run,
    help: """
      .parameter CMD ...       Manage SQL parameter bindings
         clear                   Erase all bindings
         init                    Initialize the TEMP table that holds bindings
         list                    List the current parameter bindings
         set PARAMETER VALUE     Given SQL parameter PARAMETER a value of VALUE
                                 PARAMETER should start with one of: $ : @ ?
         unset PARAMETER         Remove PARAMETER from the binding table
      """)
}

/// `.parameter init|list|set|unset|clear`: the values bound into `:name`, `@name`, `$name` and
/// `?NNN`, kept in `temp.sqlite_parameters` as sqlite3 keeps them.
enum ParameterCommand {
  static let run: DotCommand.Handler = { shell, arguments in
    guard let connection = shell.parameterStore() else { return .failure }
    switch (arguments.count, arguments.first) {
    case (1, "clear"):
      try? connection.execute("DROP TABLE IF EXISTS temp.sqlite_parameters;")
    case (1, "list"):
      list(shell, connection)
    case (1, "init"):
      ParameterBinding.createTable(on: connection)
    case (3, "set"):
      return set(
        arguments[1], to: shell.argumentText(2, of: arguments), shell: shell,
        connection: connection)
    case (2, "unset"):
      try? connection.execute(
        "DELETE FROM temp.sqlite_parameters WHERE key="
          + SQLiteFormatting.printf("%Q", arguments[1]))
    default:
      shell.writeUsageHelp("parameter")
    }
    return .success
  }

  /// `.parameter list`: each key padded to the longest (at most 40), then `quote(value)`.
  private static func list(_ shell: Shell, _ connection: Connection) {
    let longest: Int =
      (try? connection.scalar("SELECT max(length(key)) FROM temp.sqlite_parameters;")) ?? 0
    let width = min(longest, 40)
    guard width > 0,
      let statement = try? connection.prepare(
        "SELECT key, quote(value) FROM temp.sqlite_parameters;")
    else { return }
    while (try? statement.step()) == true {
      let key = statement.string(at: 0)
      // `%-*s` pads bytes up to a width counted in characters, as sqlite3 does.
      let padding = max(0, width - key.utf8.count)
      shell.output.write(
        key + String(repeating: " ", count: padding) + " " + statement.string(at: 1) + "\n")
    }
  }

  /// `.parameter set KEY VALUE`: VALUE as an SQL expression, or as text when it does not parse.
  ///
  /// The value's bytes reach SQLite exactly as typed.
  private static func set(
    _ key: String, to value: SQLText, shell: Shell, connection: Connection
  ) -> DotCommand.Outcome {
    ParameterBinding.createTable(on: connection)
    let prefix = SQLText(
      "REPLACE INTO temp.sqlite_parameters(key,value)VALUES("
        + SQLiteFormatting.printf("%Q", key) + ",")
    var statements = connection.statements(in: prefix + value + SQLText(");"))
    var statement = try? statements.next()
    if statement == nil {
      var fallback = connection.statements(
        in: prefix + SQLText(bytes: Array(value.bytes).sqlQuoted()) + SQLText(");"))
      do {
        statement = try fallback.next()
      } catch {
        shell.output.write("Error: \(error.message)\n")
        return .failure
      }
    }
    try? statement?.run()
    return .success
  }
}
