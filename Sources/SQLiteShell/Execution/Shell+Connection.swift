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
    // `unowned`, not `weak`: a weak reference gives the shell a side table, and every retain and
    // release of it then takes the runtime's slow path (~250 instructions a statement of a
    // script, callgrind). The shell closes its connections before it goes.
    try ShellFunctions.registerLineWriter(on: connection) { [unowned self] line in
      self.output.write(bytes: line)
    }
    try? connection.setExtensionLoading(enabled: true)
    SchemaCommands.registerSchemaFunctions(on: connection)
    if state.createsZipTable, let archive = state.zipArchivePath {
      // sqlite3 ignores a failure here: the table is then missing.
      state.createsZipTable = false
      var statements = connection.statements(in: ZipArchiveFile.createTable(archive))
      while let statement = try? statements.next() { _ = try? statement.step() }
    }
    guard state.isSafe || diagnostics.isSafeModeSuspended else { return }
    installSafeModeAuthorizer(on: connection)
  }

  /// Opens `path` as the session asks: the file itself, or with `-deserialize` an in-memory
  /// copy of it (empty when the file cannot be read, as in sqlite3), or with `.open --hexdb`
  /// an in-memory database loaded from the hexdb text in it.
  ///
  /// A ZIP archive (`-zip`, `.open --zip`, or a file that is one, as sqlite3 decides) opens as
  /// an in-memory database; ``prepareConnection(_:)`` then adds its table `zip`.
  func openConnection(path: String, options: OpenOptions) throws(SQLiteError) -> Connection {
    let deduces =
      options.vfs == nil && options.mode == .readWriteCreate && !state.deserializesDatabase
    if state.opensZipArchive || deduces && ZipArchiveFile.isArchive(path) {
      state.zipArchivePath = path
      state.createsZipTable = true
      return try Connection(path: ":memory:")
    }
    state.zipArchivePath = nil
    let options = AppendedDatabase.options(
      for: path, options, deserializes: state.deserializesDatabase)
    guard state.deserializesDatabase else { return try Connection(path: path, options: options) }
    let connection = try Connection(path: "", options: options)
    if state.readsHexDatabase {
      loadHexDatabase(path: path, into: connection)
    } else {
      deserialize(Self.image(of: path), into: connection)
    }
    return connection
  }

  /// The bytes `-deserialize` loads from `path`: the file as it is, except a WAL database.
  ///
  /// An in-memory database cannot be in WAL mode, and the file alone lacks what its `-wal`
  /// file holds (sqlite3 3.40.1 then fails, "unable to open database file"). For a WAL file the
  /// copy is the last committed state read through SQLite, marked as a rollback-journal
  /// database (header bytes 18 and 19).
  static func image(of path: String) -> [UInt8] {
    let bytes = FileContents.read(path) ?? []
    guard bytes.count >= 100, bytes[18] == 2 || bytes[19] == 2,
      let source = try? Connection(path: path, options: .readOnly),
      var snapshot = source.serialize(), snapshot.count >= 100
    else { return bytes }
    snapshot[18] = 1
    snapshot[19] = 1
    return snapshot
  }

  /// Turns the `-safe` checks on for an open connection (the option applies after the
  /// database opened).
  ///
  /// `zipfile` tables may then open only the archive `-zip` named (sqlite3 lets one reach any
  /// file).
  func installSafeModeAuthorizer(on connection: Connection) {
    try? ShellFunctions.restrictZipfileTables(
      on: connection, allowing: state.zipArchivePath.map(ZipArchiveFile.bytes(of:)))
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
  package enum StatisticsMode: String, Sendable {
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
