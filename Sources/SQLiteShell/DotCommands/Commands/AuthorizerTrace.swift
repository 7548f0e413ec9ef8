import SQLiteCore

/// The dot-commands this file runs, each declared once: name, shortest abbreviation,
/// `.help` text and handler (see ``DotCommandRegistry/standard`` for their order).
extension DotCommand {
  static let auth = DotCommand(
    "auth", handler: AuthorizerTrace.command,
    help: """
      .auth ON|OFF             Show authorizer callbacks
      """)
}

/// `.auth ON|OFF`: prints every authorizer call SQLite makes while it prepares a statement,
/// as sqlite3's `shellAuth` does: `authorizer: ACTION` and the four arguments as C strings or
/// `NULL`, on the current output.
///
/// Like sqlite3, the printing authorizer belongs to the connection open at the time: a later
/// `.open` starts without it. Under `-safe` it prints nothing, as in sqlite3 3.40.1.
enum AuthorizerTrace {
  static let command: DotCommand.Handler = { shell, arguments in
    guard arguments.count == 1 else { return shell.usageFailure(.auth, flush: true) }
    guard let connection = shell.openDatabase() else { return .failure }
    let isOn = DotCommandArguments.boolean(arguments[0], errors: shell.errors)
    if shell.state.isSafe {
      // sqlite3 puts its safe-mode authorizer back after every dot-command: no lines.
      shell.installSafeModeAuthorizer(on: connection)
    } else if isOn {
      try? connection.setAuthorizer { [weak shell] request in
        shell?.output.write(line(for: request))
        return .allow
      }
    } else {
      try? connection.setAuthorizer(nil)
    }
    return .success
  }

  /// The line sqlite3 prints for one call.
  static func line(for request: AuthorizationRequest) -> String {
    let code = Int(request.action.rawValue)
    var line = "authorizer: " + (actionNames.indices.contains(code) ? actionNames[code] : "")
    for argument in [request.first, request.second, request.database, request.trigger] {
      line += " " + (argument.map(SessionCommands.cString) ?? "NULL")
    }
    return line + "\n"
  }

  /// sqlite3's names of the action codes, indexed by code (0 is `SQLITE_COPY`, never used).
  static let actionNames = [
    "", "CREATE_INDEX", "CREATE_TABLE", "CREATE_TEMP_INDEX", "CREATE_TEMP_TABLE",
    "CREATE_TEMP_TRIGGER", "CREATE_TEMP_VIEW", "CREATE_TRIGGER", "CREATE_VIEW", "DELETE",
    "DROP_INDEX", "DROP_TABLE", "DROP_TEMP_INDEX", "DROP_TEMP_TABLE", "DROP_TEMP_TRIGGER",
    "DROP_TEMP_VIEW", "DROP_TRIGGER", "DROP_VIEW", "INSERT", "PRAGMA", "READ", "SELECT",
    "TRANSACTION", "UPDATE", "ATTACH", "DETACH", "ALTER_TABLE", "REINDEX", "ANALYZE",
    "CREATE_VTABLE", "DROP_VTABLE", "FUNCTION", "SAVEPOINT", "RECURSIVE",
  ]
}
