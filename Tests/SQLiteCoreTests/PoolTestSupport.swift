import Dispatch
import Foundation
import SQLiteCore
import Testing

/// A scratch directory for one test's database files, removed with its `-wal` and `-shm`.
final class PoolTestDirectory: Sendable {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("litesh-pool-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  /// The path of a database file inside the directory.
  func path(_ name: String = "test.db") -> String { url.appendingPathComponent(name).path }

  deinit { try? FileManager.default.removeItem(at: url) }
}

/// How long a gate or rendezvous waits before the test fails: generous, never a timing guess.
let testTimeout: Double = 20

/// A one-shot signal that blocking code (inside a connection's closure) and tasks can wait on.
final class Gate: Sendable {
  private let semaphore = DispatchSemaphore(value: 0)
  private let isOpen = Locked(false)

  /// Opens the gate: every waiter, present and future, passes.
  func open() {
    let wasOpen = isOpen.withLock { open in
      defer { open = true }
      return open
    }
    if !wasOpen { semaphore.signal() }
  }

  /// Blocks the calling thread until the gate opens; false after `timeout` seconds.
  func wait(timeout: Double = testTimeout) -> Bool {
    guard semaphore.wait(timeout: .now() + timeout) == .success else { return false }
    semaphore.signal()
    return true
  }

  /// Waits without blocking a cooperative thread: a thread of its own does the blocking.
  func waitAsync(timeout: Double = testTimeout) async -> Bool {
    await blockingOffThePool { self.wait(timeout: timeout) }
  }
}

/// Blocks each arriving thread until `count` threads have arrived (or the timeout passes).
final class Rendezvous: Sendable {
  private let count: Int
  private let arrived = Locked(0)
  private let gate = Gate()

  init(count: Int) { self.count = count }

  /// Arrives and waits for the others; false when they did not all come in time.
  func arrive(timeout: Double = testTimeout) -> Bool {
    let now = arrived.withLock { value in
      value += 1
      return value
    }
    if now == count { gate.open() }
    return gate.wait(timeout: timeout)
  }

  /// How many arrived so far.
  var arrivals: Int { arrived.withLock { $0 } }
}

/// A thread-safe counter.
final class Counter: Sendable {
  private let value = Locked(0)

  @discardableResult
  func increment() -> Int {
    value.withLock { value in
      value += 1
      return value
    }
  }

  var current: Int { value.withLock { $0 } }
}

/// Polls `condition` every millisecond until it holds; false after the timeout.
func eventually(
  timeout: Double = testTimeout, _ condition: @Sendable () -> Bool
) async -> Bool {
  let deadline = Date().addingTimeInterval(timeout)
  while !condition() {
    if Date() > deadline { return false }
    try? await Task.sleep(for: .milliseconds(1))
  }
  return true
}

/// Runs blocking `body` on a new thread of its own and waits for it without blocking a
/// cooperative thread.
///
/// Not `DispatchQueue.global()`: on Linux Swift concurrency's cooperative pool *is* the global
/// queue, limited to one thread per core, so a block that waits there takes a thread from the
/// pool. On 2 cores, two such waits stall every task in the test process until they time out.
func blockingOffThePool<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
  await withCheckedContinuation { continuation in
    Thread.detachNewThread { continuation.resume(returning: body()) }
  }
}

/// A failure raised inside SQL functions when a rendezvous or gate times out.
struct GateTimedOut: Error, CustomStringConvertible {
  var description: String { "a gate or rendezvous timed out" }
}

/// A value shared between tasks and connection threads, behind a lock.
///
/// `NSLock` rather than `Mutex`: ThreadSanitizer cannot see `Mutex`'s contended hand-over on
/// Linux (a futex in the kernel) and would report false races.
final class Locked<Value: Sendable>: @unchecked Sendable {
  // @unchecked Sendable: `storage` is only touched with `lock` held.
  private let lock = NSLock()
  private var storage: Value

  init(_ value: Value) { storage = value }

  /// Runs `body` with exclusive access to the value.
  func withLock<R>(_ body: (inout Value) -> R) -> R {
    lock.lock()
    defer { lock.unlock() }
    return body(&storage)
  }

  /// The value now.
  var value: Value { withLock { $0 } }
}

extension ConnectionPool.Configuration {
  /// `readers` readers whose SQL function `rendezvous()` meets the other readers there.
  static func meeting(at rendezvous: Rendezvous, readers: Int) -> Self {
    Self(
      maximumReaderCount: readers,
      prepareConnection: { db in
        try db.createFunction("rendezvous", argumentCount: 0, isDeterministic: false) { _ in
          guard rendezvous.arrive() else { throw GateTimedOut() }
          return 1
        }
      })
  }

  /// Connections whose SQL function `started()` opens `started` (and returns 1).
  static func signalling(
    _ started: Gate, readers: Int = 1, readerWaitTimeout: Duration? = nil
  ) -> Self {
    Self(
      maximumReaderCount: readers, readerWaitTimeout: readerWaitTimeout,
      prepareConnection: { db in
        try db.createFunction("started", argumentCount: 0, isDeterministic: false) { _ in
          started.open()
          return 1
        }
      })
  }
}

/// Records an issue unless `outcome` is an `SQLiteError` whose code matches `code`.
func expectFailure<T>(
  _ outcome: Result<T, any Error>, _ code: ResultCode,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  guard case .failure(let error as SQLiteError) = outcome, error.code ~= code else {
    Issue.record("expected \(code), got \(outcome)", sourceLocation: sourceLocation)
    return
  }
}

extension ConnectionPool {
  /// A pool on a database in `directory` with an empty table `t(a)`, whose connections'
  /// `started()` opens `started`.
  static func withTable(
    in directory: PoolTestDirectory, started: Gate = Gate()
  ) async throws -> ConnectionPool {
    let configuration = ConnectionPool.Configuration.signalling(started)
    let pool = try await ConnectionPool(path: directory.path(), configuration: configuration)
    try await pool.write { db in try db.execute("CREATE TABLE t(a)") }
    return pool
  }

  /// Column `a` of table `t`, in insertion order.
  func tableValues() async throws -> [Int] {
    try await read { db in
      try db.query("SELECT a FROM t ORDER BY rowid").map { try $0.get(0, as: Int.self) }
    }
  }
}
