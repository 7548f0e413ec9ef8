public import SQLiteCore

/// The shell engine: input lines in, formatted results and messages out.
///
/// No terminal and no libedit here: `litesh` feeds lines and owns the terminal.
public final class Shell {
  /// The open database connection.
  public let connection: Connection
  let output: OutputSink
  let errors: OutputSink
  /// How results are rendered.
  public var style = OutputStyle()
  private var pending = ""
  private var pendingStartLine = 0
  private var lineNumber = 0
  /// Whether any error happened (exit status 1 at the end).
  public private(set) var hadError = false

  /// Creates a shell on a connection writing to the given sinks.
  public init(connection: Connection, output: OutputSink, errors: OutputSink) {
    self.connection = connection
    self.output = output
    self.errors = errors
  }

  /// Processes one input line.
  public func processLine(_ line: String) {
    lineNumber += 1
    if pending.isEmpty {
      if line.allSatisfy(\.isWhitespace) { return }
      pendingStartLine = lineNumber
      pending = line
    } else {
      pending += "\n" + line
    }
    if Connection.isComplete(pending) {
      runPending()
    }
  }

  /// Runs whatever is pending at end of input.
  public func finish() {
    if !pending.allSatisfy(\.isWhitespace) { runPending() }
    output.flush()
    errors.flush()
  }

  private func runPending() {
    let sql = pending
    pending = ""
    var iterator = connection.statements(in: sql)
    do {
      while let statement = try iterator.next() {
        try ResultWriter.write(statement, style: style, to: output)
      }
    } catch {
      hadError = true
      output.flush()
      let message = error.message
      errors.write("Parse error near line \(pendingStartLine): \(message)\n")
      errors.flush()
    }
  }
}
