import Histogram
import Synchronization

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The observation workload's shared parts (W7): when each commit happened, and how long each
/// observer took to see it.
///
/// The writer stamps row `id`'s commit in ``stamp(_:)`` from inside its transaction; an
/// observer that receives the value `id` records `now - stamp`, from commit to new value.
public final class CommitStamps: @unchecked Sendable {
  // @unchecked Sendable: slot `id` is written once, by the writer, inside the transaction that
  // commits row `id`; an observer reads it only after receiving a value the commit produced,
  // which the library hands over through a lock or continuation (a happens-before edge).
  private let stamps: UnsafeMutablePointer<Int64>
  public let capacity: Int

  public init(capacity: Int) {
    self.capacity = capacity
    stamps = .allocate(capacity: capacity + 1)
    stamps.initialize(repeating: 0, count: capacity + 1)
  }

  deinit { stamps.deallocate() }

  /// Records that row `id` commits now.
  public func stamp(_ id: Int64) { stamps[Int(id)] = Measurement.now(CLOCK_MONOTONIC) }

  /// Nanoseconds since row `id` was stamped.
  public func age(of id: Int64) -> UInt64 {
    UInt64(max(1, Measurement.now(CLOCK_MONOTONIC) - stamps[Int(id)]))
  }
}

/// One observer's latencies.
public struct LatencyRecorder: Sendable {
  public private(set) var histogram = Histogram<UInt64>(numberOfSignificantValueDigits: .three)
  public private(set) var values = 0

  public init() { histogram.autoResize = true }

  public mutating func record(_ nanoseconds: UInt64) {
    values += 1
    _ = histogram.record(nanoseconds)
  }

  public mutating func add(_ other: LatencyRecorder) {
    values += other.values
    histogram.add(other.histogram)
  }

  /// `values=N p50_us=… p99_us=…`, the part of the result line the driver prints.
  public var text: String {
    guard histogram.totalCount > 0 else { return "values=0 p50_us=0 p99_us=0" }
    let p50 = Double(histogram.valueAtPercentile(50)) / 1000
    let p99 = Double(histogram.valueAtPercentile(99)) / 1000
    return "values=\(values) p50_us=\(p50) p99_us=\(p99)"
  }
}

/// W6 and W7's extra arguments: `observers=N`, `pace=MICROSECONDS` (0: as fast as it can) and
/// `watch=unrelated` (the observers watch a table no commit changes: what the library's commit
/// hooks cost the writer without any fetch).
public struct ObservationOptions: Sendable {
  public var observers = 0
  public var paceMicroseconds = 0
  public var watchesUnrelatedTable = false

  /// The query the observers run: on the written table, or on one never written.
  public var query: String {
    watchesUnrelatedTable ? "SELECT max(id) FROM unrelated" : "SELECT max(id) FROM t"
  }

  /// The table `watch=unrelated` reads, created beside `t`.
  public static let createUnrelatedTable = "CREATE TABLE unrelated(id INTEGER PRIMARY KEY)"

  public init(arguments: [String] = CommandLine.arguments) {
    for argument in arguments.dropFirst(2) {
      let parts = argument.split(separator: "=", maxSplits: 1).map(String.init)
      guard parts.count == 2 else { continue }
      switch parts[0] {
      case "observers": observers = Int(parts[1]) ?? observers
      case "pace": paceMicroseconds = Int(parts[1]) ?? paceMicroseconds
      case "watch": watchesUnrelatedTable = parts[1] == "unrelated"
      default: break
      }
    }
  }
}

/// W7's writer: one-row transactions `1, 2, …` for `seconds`, one every `paceMicroseconds`
/// (0: back to back); returns how many it committed.
public func commitLoop(
  seconds: Double, paceMicroseconds: Int, capacity: Int, _ write: (Int64) async throws -> Void
) async throws -> Int64 {
  let end = Measurement.now(CLOCK_MONOTONIC) + Int64(seconds * 1e9)
  var id: Int64 = 0
  var next = Measurement.now(CLOCK_MONOTONIC)
  while Measurement.now(CLOCK_MONOTONIC) < end, Int(id) < capacity {
    id += 1
    try await write(id)
    if paceMicroseconds > 0 {
      next += Int64(paceMicroseconds) * 1000
      let wait = next - Measurement.now(CLOCK_MONOTONIC)
      if wait > 0 { try await Task.sleep(for: .nanoseconds(wait)) }
    }
  }
  return id
}

/// W7's observers: `count` tasks, each iterating `values()` and recording each value's age,
/// until cancelled; the task's value is all their latencies.
public func observeLatencies(
  count: Int, stamps: CommitStamps,
  _ values: @escaping @Sendable () -> any AsyncSequence<Int64, any Error>
) -> Task<LatencyRecorder, any Error> {
  Task {
    try await withThrowingTaskGroup(of: LatencyRecorder.self) { group in
      for _ in 0..<count {
        group.addTask {
          var recorder = LatencyRecorder()
          do {
            for try await id in values() where id > 0 { recorder.record(stamps.age(of: id)) }
          } catch is CancellationError {}
          return recorder
        }
      }
      var total = LatencyRecorder()
      for try await recorder in group { total.add(recorder) }
      return total
    }
  }
}

/// The CPU time of the threads that ran W7's writes, from each one's first write on.
///
/// Each thread's `CLOCK_THREAD_CPUTIME_ID`, read through `pthread_getcpuclockid`: what the
/// writer itself pays per commit, apart from the observers' threads. SQLiteCore's writes all run
/// on the pool's one writer thread; GRDB's on whichever dispatch thread serves its writer queue
/// (which may also run other work between writes).
public final class WriterThreadClock: Sendable {
  private struct Thread: @unchecked Sendable {
    // @unchecked Sendable: a thread's id and CPU clock, plain numbers read by any thread.
    let id: pthread_t
    let clock: clockid_t
    let start: Int64
  }

  private let threads = Mutex<[Thread]>([])

  public init() {}

  /// Called inside each write: notes the thread running it.
  public func note() {
    let me = pthread_self()
    threads.withLock { threads in
      if let last = threads.last, pthread_equal(last.id, me) != 0 { return }
      guard !threads.contains(where: { pthread_equal($0.id, me) != 0 }) else { return }
      var clock = clockid_t()
      guard pthread_getcpuclockid(me, &clock) == 0 else { return }
      threads.append(Thread(id: me, clock: clock, start: Measurement.now(clock)))
    }
  }

  /// `writer_cpu_ns=… writer_threads=…`; read it while the threads still run (before the pool
  /// closes).
  public var text: String {
    threads.withLock { threads in
      let total = threads.reduce(Int64(0)) { $0 + Measurement.now($1.clock) - $1.start }
      return "writer_cpu_ns=\(total) writer_threads=\(threads.count)"
    }
  }
}
