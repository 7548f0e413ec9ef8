import Synchronization

/// How many result rows a shell has written so far, readable from any thread.
///
/// The formatters store the running total after each row (a relaxed store, no read-modify-write
/// on the hot path); the REPL's progress thread reads it to show "rows so far". The count only
/// grows: a reader takes the value at the start of a statement and subtracts it.
package final class RowCounter: Sendable {
  private let count = Atomic<Int>(0)

  /// Creates a counter at zero.
  package init() {}

  /// The rows written so far.
  package var value: Int { count.load(ordering: .relaxed) }

  /// Publishes a new total; only the thread writing results calls this.
  @inline(__always)
  func store(_ total: Int) { count.store(total, ordering: .relaxed) }
}
