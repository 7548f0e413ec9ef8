import Glibc
import SQLiteCore

/// `.open --hexdb`: a database loaded from the text `dbtotxt` prints, read from a file or from
/// the lines of input after the command (``HexDatabaseParser``).
extension Shell {
  /// Loads the hexdb text in the file at `path` into `connection` (sqlite3's `readHexDb` with
  /// a file name); the connection stays an empty database when it cannot.
  func loadHexDatabase(path: String, into connection: Connection) {
    guard !path.isEmpty else { return }
    guard let reader = LineReader.open(path: path) else {
      // A directory opens with fopen but gives no line: sqlite3 then fails on line 1.
      var info = stat()
      let isDirectory = stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
      report(
        isDirectory ? "Error on line 1 of --hexdb input" : "cannot open \"\(path)\" for reading")
      return
    }
    defer { reader.close() }
    var parser = HexDatabaseParser(after: 0, skipsAfterError: false)
    while let line = reader.nextText() {
      let step = line.withUnsafeBytes { parser.feed($0) }
      if step != .needsMore { return complete(step, into: connection) }
    }
    complete(parser.finish(), into: connection)
  }

  /// `.open --hexdb` with no file: the input's next lines go to the hexdb reader (the database
  /// is already open, empty, as sqlite3's is while it reads).
  func startHexDatabaseInput() {
    input.hexDatabase = HexDatabaseParser(after: input.lineNumber, skipsAfterError: true)
  }

  /// After a dot-command from the command line (`-cmd`, an argument): `.open --hexdb` without
  /// a file reads standard input, as sqlite3's does.
  ///
  /// As in sqlite3, whose reader then closes stdin, the main input is over: nothing more is
  /// read from it, and a bad header is reported on line 1 without skipping lines.
  func readHexDatabaseFromCommandLine(_ standardInput: () -> LineReader) {
    guard input.hexDatabase != nil else { return }
    input.hexDatabase = HexDatabaseParser(after: 0, skipsAfterError: false)
    let reader = standardInput()
    while input.hexDatabase != nil, let line = reader.nextText() {
      line.withUnsafeBytes { takeHexDatabaseLine($0) }
    }
    finishHexDatabaseInput()
    control.quitRequested = true
  }

  /// Gives one line of input to the waiting hexdb reader.
  func takeHexDatabaseLine(_ line: UnsafeBufferPointer<UInt8>) {
    guard var parser = input.hexDatabase else { return }
    let step = parser.feed(line)
    input.hexDatabase = step == .needsMore ? parser : nil
    if let connection, step != .needsMore { complete(step, into: connection) }
  }

  /// The input ended: a hexdb reader still waiting takes what it has.
  func finishHexDatabaseInput() {
    guard let parser = input.hexDatabase else { return }
    input.hexDatabase = nil
    if let connection { complete(parser.finish(), into: connection) }
  }

  /// Loads a finished image, or reports why there is none, as sqlite3 does.
  private func complete(_ step: HexDatabaseParser.Step, into connection: Connection) {
    switch step {
    case .needsMore:
      return
    case .finished(let image):
      deserialize(image, into: connection)
    case .failed(let line):
      report("Error on line \(line) of --hexdb input")
    case .outOfMemory:
      report("Error: out of memory")
      exitCode = 1
    }
  }

  /// A message on stderr after the results before it, as sqlite3's unbuffered stderr shows.
  private func report(_ message: String) {
    output.flush()
    errors.write(message + "\n")
    errors.flush()
  }

  /// Replaces the main database of `connection` with `image` (with the `--maxsize` limit), or
  /// reports sqlite3's message when SQLite refuses.
  func deserialize(_ image: [UInt8], into connection: Connection) {
    let limit = state.deserializedSizeLimit
    do {
      try connection.deserialize(image, maximumSize: limit > 0 ? limit : nil)
    } catch {
      report("Error: sqlite3_deserialize() returns \(error.code.rawValue)")
    }
  }
}
