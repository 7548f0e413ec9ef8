import Dispatch
import Foundation

/// How long a gate, rendezvous or wait lasts before the test fails: generous, never a timing
/// guess (the machine may be loaded).
public let testTimeout: Double = 20

/// Polls `condition` every 20 ms until it holds; throws after `timeout` seconds, saying `what`
/// was awaited and, from `detail`, what was seen at that moment (a screen, a log).
public func waitUntil(
  _ what: String, timeout: Double = testTimeout, detail: () -> String = { "" },
  _ condition: () throws -> Bool
) throws {
  let deadline = Date().addingTimeInterval(timeout)
  while Date() < deadline {
    if try condition() { return }
    usleep(20_000)
  }
  if try condition() { return }
  let seen = detail()
  throw TestSupportError(
    "timed out after \(timeout) s waiting for \(what)" + (seen.isEmpty ? "" : "; saw:\n\(seen)"))
}

/// Polls `condition` every millisecond without blocking a thread until it holds; false after
/// the timeout.
public func eventually(
  timeout: Double = testTimeout, _ condition: @Sendable () -> Bool
) async -> Bool {
  let deadline = Date().addingTimeInterval(timeout)
  while !condition() {
    if Date() > deadline { return false }
    try? await Task.sleep(for: .milliseconds(1))
  }
  return true
}

/// A one-shot signal that blocking code (inside a connection's closure) and tasks can wait on.
public final class Gate: Sendable {
  private let semaphore = DispatchSemaphore(value: 0)
  private let isOpen = Locked(false)

  public init() {}

  /// Opens the gate: every waiter, present and future, passes.
  public func open() {
    let wasOpen = isOpen.withLock { open in
      defer { open = true }
      return open
    }
    if !wasOpen { semaphore.signal() }
  }

  /// Blocks the calling thread until the gate opens; false after `timeout` seconds.
  public func wait(timeout: Double = testTimeout) -> Bool {
    guard semaphore.wait(timeout: .now() + timeout) == .success else { return false }
    semaphore.signal()
    return true
  }

  /// Waits without blocking a cooperative thread: a thread of its own does the blocking.
  public func waitAsync(timeout: Double = testTimeout) async -> Bool {
    await blockingOffThePool { self.wait(timeout: timeout) }
  }
}

/// Blocks each arriving thread until `count` threads have arrived (or the timeout passes).
public final class Rendezvous: Sendable {
  private let count: Int
  private let arrived = Locked(0)
  private let gate = Gate()

  public init(count: Int) { self.count = count }

  /// Arrives and waits for the others; false when they did not all come in time.
  public func arrive(timeout: Double = testTimeout) -> Bool {
    let now = arrived.withLock { value in
      value += 1
      return value
    }
    if now == count { gate.open() }
    return gate.wait(timeout: timeout)
  }

  /// How many arrived so far.
  public var arrivals: Int { arrived.withLock { $0 } }
}

/// A thread-safe counter.
public final class Counter: Sendable {
  private let value = Locked(0)

  public init() {}

  @discardableResult
  public func increment() -> Int {
    value.withLock { value in
      value += 1
      return value
    }
  }

  public var current: Int { value.withLock { $0 } }
}

/// Runs blocking `body` on a new thread of its own and waits for it without blocking a
/// cooperative thread.
///
/// Not `DispatchQueue.global()`: on Linux Swift concurrency's cooperative pool *is* the global
/// queue, limited to one thread per core, so a block that waits there takes a thread from the
/// pool. On 2 cores, two such waits stall every task in the test process until they time out.
public func blockingOffThePool<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
  await withCheckedContinuation { continuation in
    Thread.detachNewThread { continuation.resume(returning: body()) }
  }
}

/// A value shared between tasks and threads, behind a lock.
///
/// `NSLock` rather than `Mutex`: ThreadSanitizer cannot see `Mutex`'s contended hand-over on
/// Linux (a futex in the kernel) and would report false races.
public final class Locked<Value: Sendable>: @unchecked Sendable {
  // @unchecked Sendable: `storage` is only touched with `lock` held.
  private let lock = NSLock()
  private var storage: Value

  public init(_ value: Value) { storage = value }

  /// Runs `body` with exclusive access to the value.
  public func withLock<R>(_ body: (inout Value) -> R) -> R {
    lock.lock()
    defer { lock.unlock() }
    return body(&storage)
  }

  /// The value now.
  public var value: Value { withLock { $0 } }
}
