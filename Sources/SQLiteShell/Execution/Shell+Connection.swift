import SQLiteCore
import ShellFunctions

extension Shell {
  /// Readies a newly opened connection as sqlite3's `open_db` does: the shell's SQL functions,
  /// extension loading on, the schema helper functions, and the `-safe` authorizer.
  ///
  /// The authorizer is installed only in safe mode (see ``installSafeModeAuthorizer(on:)``):
  /// SQLite calls it for every table and column a statement touches.
  func prepareConnection(_ connection: Connection) throws(SQLiteError) {
    try ShellFunctions.register(on: connection, safeMode: state.isSafe)
    try? connection.setExtensionLoading(enabled: true)
    SchemaCommands.registerSchemaFunctions(on: connection)
    guard state.isSafe || diagnostics.isSafeModeSuspended else { return }
    installSafeModeAuthorizer(on: connection)
  }

  /// Turns the `-safe` checks on for an open connection (the option applies after the
  /// database opened).
  func installSafeModeAuthorizer(on connection: Connection) {
    try? connection.setAuthorizer { [weak self] request in
      self?.authorizeInSafeMode(request) ?? .allow
    }
  }

  /// The functions `-safe` refuses: sqlite3's list, plus the file-reading table functions
  /// sqlite3 3.40.1 leaves open (`fsdir`).
  static let functionsRefusedInSafeMode: Set<String> = [
    "edit", "fts3_tokenizer", "load_extension", "readfile", "writefile", "zipfile",
    "zipfile_cds", "fsdir",
  ]

  /// sqlite3's `safeModeAuth`: under `-safe`, ATTACH (and so VACUUM INTO) and the functions
  /// that reach files or load code end the shell with `line N: cannot …`.
  func authorizeInSafeMode(_ request: AuthorizationRequest) -> AuthorizerDecision {
    guard state.isSafe else { return .allow }
    let message: String
    switch request.action {
    case .attach:
      message = "cannot run ATTACH in safe mode"
    case .function:
      guard let name = request.second?.lowercased(),
        Shell.functionsRefusedInSafeMode.contains(name)
      else { return .allow }
      message = "cannot use the \(name)() function in safe mode"
    case .read:
      // A table-valued function reads its columns as a table named after it.
      guard let name = request.first?.lowercased(),
        ["fsdir", "zipfile"].contains(name)
      else { return .allow }
      message = "cannot use the \(name)() function in safe mode"
    default:
      return .allow
    }
    if exitCode == nil { _ = allowedInSafeMode(message) }
    return .deny
  }
}

extension ShellState {
  /// The `.stats` settings.
  public enum StatisticsMode: String, Sendable {
    /// Nothing after statements.
    case off
    /// Memory, cache, statement and I/O counters after each statement.
    case on
    /// Also the result columns and their origins.
    case stmt
    /// Only the virtual-machine step count.
    case vmstep
  }
}
