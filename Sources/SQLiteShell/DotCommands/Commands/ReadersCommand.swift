import SQLiteCore

/// The dot-commands this file runs, each declared once: name, shortest abbreviation,
/// `.help` text and handler (see ``DotCommandRegistry/standard`` for their order).
extension DotCommand {
  static let readers = DotCommand(
    "readers", minimumPrefix: 5, origin: .litesh, handler: ReadersCommand.run,
    help: """
      .readers ?N?             Run read-only queries on N reader connections (WAL)
           No N: show the pool (readers open and busy, waiters, WAL size)
           0 goes back to one connection; the file stays in WAL mode
           Not for in-memory or read-only databases (--readers N leaves those alone)
           N is at most 64
      """)
}

/// `.readers ?N?`: how many reader connections run read-only queries.
///
/// N > 0 runs them on up to N readers (the file switches to WAL); 0 goes back to one
/// connection; no argument shows the pool.
enum ReadersCommand {
  /// The most readers `.readers` and `--readers` accept.
  static let maximum = 64

  /// The note when a count above ``maximum`` is asked for (once, on stderr).
  static let cappedNote = "readers: \(maximum) at most; using \(maximum)"

  /// The reader count `text` asks for (digits only), at most ``maximum`` (`isCapped` when it
  /// asked for more); `nil` when it is not a count.
  static func count(_ text: String) -> (count: Int, isCapped: Bool)? {
    guard !text.isEmpty, text.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
    guard let value = Int(text), value <= maximum else { return (maximum, true) }
    return (value, false)
  }

  /// Why `text`, given to `name` (`.readers`, `--readers`), is not a reader count.
  static func notACount(_ text: String, for name: String) -> String {
    "\(name) needs a number of readers, not \"\(text)\""
  }

  static let run: DotCommand.Handler = { shell, arguments in
    guard arguments.count <= 1 else { return shell.usageFailure(.readers) }
    guard let argument = arguments.first else {
      showState(of: shell)
      return .success
    }
    guard let (count, isCapped) = count(argument) else {
      shell.errors.write("Error: \(notACount(argument, for: ".readers"))\n")
      return .failure
    }
    if isCapped { shell.errors.write("\(cappedNote)\n") }
    return change(shell, to: count)
  }

  /// Resizes the pool, opens it, or closes it for a single connection.
  private static func change(_ shell: Shell, to count: Int) -> DotCommand.Outcome {
    let refusal = count > 0 ? Shell.readersRefusal(shell.state) ?? memoryRefusal(shell) : nil
    if shell.isRunningConfigFile { return prefer(shell, count, isRefused: refusal != nil) }
    if let refusal {
      shell.errors.write("Error: \(refusal)\n")
      return .failure
    }
    if let readPool = shell.connections.readPool, count > 0 {
      readPool.resize(to: count)
      shell.state.readerCount = count
      return .success
    }
    if shell.connection?.isInsideTransaction ?? false {
      shell.errors.write("Error: cannot change readers inside a transaction\n")
      return .failure
    }
    let hadPool = shell.connections.readPool != nil
    if count == 0 && !hadPool {
      shell.state.readerCount = count
      return .success
    }
    // Reopening would close the `.session`s and lose what they recorded.
    guard shell.connections.changeSessions.isEmpty || shell.connection == nil else {
      shell.errors.write("Error: cannot change readers while sessions are open (.session close)\n")
      return .failure
    }
    shell.state.readerCount = count
    shell.closeConnection()
    if count > 0 {
      do {
        _ = try shell.openReadPool()
        return .success
      } catch {
        shell.state.readerCount = 0
        shell.errors.write("Error: cannot open readers: \(Self.message(error))\n")
        shell.reopenAfterFailedReadPool()
        return .failure
      }
    }
    guard shell.openDatabase() != nil else { return .failure }
    shell.errors.write("litesh: readers off: the database stays in WAL mode\n")
    return .success
  }

  /// The refusal when the open connection is on an in-memory database although the path names
  /// a file: a failed `.open` fell back to one, and closing it would lose its tables.
  private static func memoryRefusal(_ shell: Shell) -> String? {
    guard shell.connections.readPool == nil, let connection = shell.connection,
      connection.fileName()?.isEmpty ?? false
    else { return nil }
    return Shell.inMemoryRefusal
  }

  /// `.readers N` in the config file: the preference `--readers N` sets, as quietly.
  ///
  /// The database takes it when it opens, or reopens now as at start-up if it is open (and no
  /// transaction or `.session` would be lost); databases that cannot have readers keep one
  /// connection without a word. Messages come without the file's name, as at start-up.
  private static func prefer(_ shell: Shell, _ count: Int, isRefused: Bool) -> DotCommand.Outcome {
    let hasPool = shell.connections.readPool != nil
    shell.state.readerCount = count
    if let readPool = shell.connections.readPool, count > 0 {
      readPool.resize(to: count)
    } else if let connection = shell.connection, !connection.isInsideTransaction,
      shell.connections.changeSessions.isEmpty, count > 0 ? !isRefused : hasPool
    {
      shell.closeConnection()
      shell.errors.flush()
      let held = shell.errors.held
      shell.errors.held = nil
      _ = shell.openDatabase()
      shell.errors.flush()
      shell.errors.held = held
    }
    return .success
  }

  /// The `.show` value, or `nil` when no readers are in use or due when the database opens (so
  /// `.show` prints exactly sqlite3's lines by default, and for in-memory databases).
  static func describeSetting(of shell: Shell) -> String? {
    let count = shell.state.readerCount
    if shell.connections.readPool != nil { return "\(count)" }
    guard count > 0, shell.connection == nil,
      Shell.readersRefusal(shell.state) == nil
    else { return nil }
    return "\(count) (when the database opens)"
  }

  /// `.readers` alone: the pool's state, or the single connection.
  private static func showState(of shell: Shell) {
    func line(_ name: String, _ value: String) {
      shell.output.write(
        String(repeating: " ", count: max(0, 12 - name.utf8.count)) + name + ": " + value + "\n")
    }
    let journalMode = shell.connection.flatMap { connection in
      try? connection.scalar("PRAGMA journal_mode", as: String.self)
    }
    guard let readPool = shell.connections.readPool else {
      line("readers", "0 (one connection)")
      if let journalMode { line("journal mode", journalMode) }
      return
    }
    let statistics = readPool.pool.statistics
    line(
      "readers",
      "\(statistics.maximumReaderCount) (\(statistics.openReaders) open,"
        + " \(statistics.busyReaders) busy, \(statistics.idleReaders) idle)")
    line("waiting", "\(statistics.waitingReads) reads, \(statistics.waitingWrites) writes")
    line("writer", statistics.writerState.rawValue)
    line("wal size", "\(statistics.walSize) bytes")
    if let journalMode { line("journal mode", journalMode) }
    let routed = readPool.readerStatementCount
    line("routed", "\(routed) statement\(routed == 1 ? "" : "s") ran on readers")
  }

  private static func message(_ error: any Error) -> String {
    (error as? SQLiteError)?.message ?? "\(error)"
  }
}
