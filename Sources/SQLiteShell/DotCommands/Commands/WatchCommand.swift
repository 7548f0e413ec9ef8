import Glibc
import SQLiteCore

/// The dot-commands this file runs, each declared once: name, shortest abbreviation,
/// `.help` text and handler (see ``DotCommandRegistry/standard`` for their order).
extension DotCommand {
  static let watch = DotCommand(
    "watch", minimumPrefix: 3, origin: .litesh, handler: WatchCommand.run,
    help: """
      .watch ?OPTIONS? ?SECONDS? ?SQL?  Run read-only SQL again every SECONDS
           SECONDS defaults to 2, SQL to the last SQL run.  Ctrl-C stops
           --count N     Stop after N runs (needed when input is not a terminal)
      """)
}

/// `.watch ?--count N? ?SECONDS? ?SQL?` (litesh's own): runs read-only SQL again and again,
/// every SECONDS (default 2), like psql's `\watch` and litecli's `watch`.
///
/// The SQL (default: the last SQL run) goes through the shell's normal path, so it runs on a
/// reader with `.readers N`, on the cluster with `dqlite://`, and prints in the current output
/// mode. For a person at a terminal each run clears the screen and starts with a title line;
/// Ctrl-C stops and returns to the prompt. Anyone else gets only the results, and must say
/// how many runs (`--count N`), since nobody can press Ctrl-C.
enum WatchCommand {
  /// The default interval, in seconds.
  static let defaultInterval = 2.0

  static let run: DotCommand.Handler = { shell, _ in
    let request: Request
    switch Request.parse(shell.command.line.string, lastSQL: shell.lastSQL) {
    case .failure(let failure):
      shell.errors.write(failure.message + "\n")
      return .failure
    case .success(let parsed): request = parsed
    }
    if request.count == nil && !shell.state.audience.isPerson {
      shell.errors.write("Error: .watch needs --count N when input is not a terminal\n")
      return .failure
    }
    if let refusal = shell.writeRefusal(for: request.sql) {
      shell.errors.write("Error: .watch runs only read-only SQL: \(refusal)\n")
      return .failure
    }
    return shell.watch(request)
  }

  /// What `.watch` was asked to do.
  struct Request: Equatable {
    /// Seconds between the starts of two runs.
    var interval = WatchCommand.defaultInterval
    /// How many runs; `nil` for until Ctrl-C.
    var count: Int?
    /// The SQL to run.
    var sql: String

    /// A failure to parse: the message to print.
    struct Failure: Error, Equatable {
      var message: String
    }

    // Longer than the help line's 25 columns of usage: spelled out here.
    static let usage = "Usage: .watch ?--count N? ?SECONDS? ?SQL?"

    /// Reads `.watch ?--count N? ?SECONDS? ?SQL?` from the whole command line; the SQL is
    /// taken verbatim, everything after the options.
    static func parse(_ line: String, lastSQL: String?) -> Result<Request, Failure> {
      var rest = Substring(line).drop(while: \.isWhitespace)
      _ = nextWord(&rest)  // the command's own name
      var request = Request(sql: "")
      var sawInterval = false
      while true {
        let saved = rest
        guard let word = nextWord(&rest) else { break }
        if word == "--count" || word == "-count" {
          guard let value = nextWord(&rest), let count = Int(value), count > 0 else {
            return .failure(Failure(message: "Error: --count needs a positive whole number"))
          }
          request.count = count
        } else if !sawInterval, let seconds = Double(word), seconds.isFinite {
          guard seconds >= 0.1 else {
            return .failure(Failure(message: "Error: .watch: SECONDS must be at least 0.1"))
          }
          request.interval = seconds
          sawInterval = true
        } else if word.hasPrefix("--") {
          return .failure(Failure(message: "Error: unknown option: \(word)\n" + usage))
        } else {
          rest = saved
          break
        }
      }
      var sql = String(rest.drop(while: \.isWhitespace))
      while let last = sql.last, last.isWhitespace { sql.removeLast() }
      if sql.isEmpty {
        guard let lastSQL, !lastSQL.isEmpty else {
          return .failure(
            Failure(message: "Error: .watch: no SQL given and none run yet\n" + usage))
        }
        sql = lastSQL
      }
      if !Connection.isComplete(sql) { sql += ";" }
      request.sql = sql
      return .success(request)
    }

    private static func nextWord(_ text: inout Substring) -> Substring? {
      text = text.drop(while: \.isWhitespace)
      guard !text.isEmpty else { return nil }
      let word = text.prefix(while: { !$0.isWhitespace })
      text = text.dropFirst(word.count)
      return word
    }
  }
}

extension Shell {
  /// Why `sql` must not be watched (its first statement that writes or controls a
  /// transaction), or `nil` when every statement only reads.
  ///
  /// On a file, SQLite says (`sqlite3_stmt_readonly`); on a connections.dqlite cluster, where nothing is
  /// prepared locally, the first keywords do. A statement that does not prepare is left for the
  /// first run to report.
  func writeRefusal(for sql: String) -> String? {
    for statement in StatementSplitter.split(sql) {
      let words = SQLToken.tokenize(statement).filter { $0.kind == .word }.map {
        $0.text.uppercased()
      }
      let first = words.first ?? ""
      let quoted = String(statement.drop(while: \.isWhitespace).prefix(60))
      if ["BEGIN", "COMMIT", "END", "ROLLBACK", "SAVEPOINT", "RELEASE"].contains(first) {
        return quoted
      }
      if isDqlite {
        let writes: Set<String> = ["INSERT", "UPDATE", "DELETE", "REPLACE", "CREATE", "DROP"]
        let reads = ["SELECT", "VALUES", "WITH", "EXPLAIN", "PRAGMA"].contains(first)
        if !reads || words.contains(where: writes.contains)
          || (first == "PRAGMA" && statement.contains("="))
        {
          return quoted
        }
      } else if let connection = openDatabase(),
        let prepared = try? connection.prepare(statement), !prepared.isReadOnly
      {
        return quoted
      }
    }
    return nil
  }

  /// Runs the request's SQL `count` times (or until Ctrl-C), `interval` seconds apart.
  func watch(_ request: WatchCommand.Request) -> DotCommand.Outcome {
    let forPerson = state.audience.isPerson
    let redraws = forPerson && state.audience.readsResultsOnScreen && output === standardOutput
    let sql = SQLText(request.sql)
    // Each run redraws the screen itself: its output goes straight to the terminal, never
    // through a pager (which would hold it until the pager is quit).
    let pagerRedirect = redraws ? standardOutput.redirect : nil
    if redraws { standardOutput.redirect = nil }
    defer { if redraws { standardOutput.redirect = pagerRedirect } }
    var runs = 0
    var start = WatchClock.now()
    while request.count.map({ runs < $0 }) ?? true {
      if runs > 0 {
        start += request.interval
        guard waitUntil(start) else { break }
      }
      runs += 1
      if redraws { output.write("\u{1B}[H\u{1B}[2J") }
      if forPerson { output.write(watchTitle(request, run: runs)) }
      let succeeded = runSQL(sql, line: state.isInteractive ? nil : input.buffer.lineNumber)
      output.flush()
      standardOutput.flush()
      if !succeeded { return .failure }
      if isStopping { break }
    }
    // Ctrl-C left the terminal's `^C` echo at the end of the last line: the prompt starts anew.
    if forPerson, isInterruptedByUser() { standardOutput.write("\n") }
    return .success
  }

  /// `Every 2s: SELECT count(*) FROM t   04:12:07  run 3, Ctrl-C stops`.
  private func watchTitle(_ request: WatchCommand.Request, run: Int) -> String {
    let whole = request.sql.trimmingTrailingSemicolon
    var firstLine = whole.split(separator: "\n").first.map(String.init) ?? whole
    if firstLine.count > 40 {
      firstLine = String(firstLine.prefix(39)) + "…"
    } else if firstLine != whole {
      firstLine += " …"
    }
    let seconds =
      request.interval == request.interval.rounded()
      ? "\(Int(request.interval))s" : "\(request.interval)s"
    let runs = request.count.map { "run \(run) of \($0)" } ?? "run \(run), Ctrl-C stops"
    return "Every \(seconds): \(firstLine)   \(WatchClock.localTime())  \(runs)\n"
  }

  /// Whether Ctrl-C, a termination signal or a closed output asks the loop to end.
  private var isStopping: Bool {
    pendingStop != nil || isInterruptedByUser()
  }

  /// Sleeps until `deadline` (``WatchClock`` seconds) in short steps, so Ctrl-C is heard at
  /// once; `false` when asked to stop.
  private func waitUntil(_ deadline: Double) -> Bool {
    while true {
      if isStopping { return false }
      let left = deadline - WatchClock.now()
      if left <= 0 { return true }
      usleep(UInt32(min(left, 0.05) * 1_000_000))
    }
  }
}

extension String {
  /// The text without a final `;` and the white space around it.
  fileprivate var trimmingTrailingSemicolon: String {
    var text = Substring(self)
    while let last = text.last, last == ";" || last.isWhitespace { text = text.dropLast() }
    return String(text)
  }
}

/// The clocks `.watch` reads.
enum WatchClock {
  /// Monotonic seconds.
  static func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }

  /// The local wall-clock time, `HH:MM:SS`.
  static func localTime() -> String {
    var now = time(nil)
    var parts = tm()
    localtime_r(&now, &parts)
    func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
    return "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))"
  }
}
