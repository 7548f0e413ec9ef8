/// The arguments of one worker run: the workload name, then `key=value` pairs.
///
/// The C worker (`bench-c`) reads the same pairs, so the driver starts every implementation
/// with one command line.
public struct Options: Sendable {
  /// The workload: `w1`, `w2`, `w2d`, `w3`, `w4` or `w5`.
  public var workload = ""
  /// The database file.
  public var database = "bench.db"
  /// Rows in the table (W1 inserts them; W2, W3 and W5 read a table of this size).
  public var rows = 1_000_000
  /// Point lookups (W3) or transactions (W4).
  public var count = 200_000
  /// Concurrent readers (W5).
  public var readers = 4
  /// Lookups per read access (W5).
  public var batch = 1
  /// How long W5 runs.
  public var seconds = 3.0
  /// How W5's readers call the library.
  ///
  /// `tasks` (async reads from tasks), `affinity` (the same, each task run on a reader's thread
  /// where the library can) or `threads` (synchronous reads, each reader a thread of its own, as
  /// in C). The C worker always uses threads.
  public var callers = "tasks"
  /// The pool's reader connections in W5 (`maximumReaderCount`); 0: as many as `readers`.
  ///
  /// Fewer than `readers` caps the reads running at once: the rest wait in the pool's line.
  public var poolReaders = 0
  /// SQLiteCore only: the pool's `readerThreadNiceness` in W5; `nil`: the library's default.
  public var readerNiceness: Int32?

  /// Parses `CommandLine.arguments`; unknown keys are ignored.
  public init(arguments: [String] = CommandLine.arguments) {
    var rest = arguments.dropFirst()
    workload = rest.popFirst() ?? ""
    for argument in rest {
      guard let equals = argument.firstIndex(of: "=") else { continue }
      let key = argument[..<equals]
      let value = String(argument[argument.index(after: equals)...])
      switch key {
      case "db": database = value
      case "rows": rows = Int(value) ?? rows
      case "count": count = Int(value) ?? count
      case "readers": readers = Int(value) ?? readers
      case "batch": batch = Int(value) ?? batch
      case "seconds": seconds = Double(value) ?? seconds
      case "callers": callers = value
      case "poolReaders": poolReaders = Int(value) ?? poolReaders
      case "readerNiceness": readerNiceness = Int32(value)
      default: break
      }
    }
  }
}
