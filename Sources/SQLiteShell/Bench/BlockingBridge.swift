import SQLiteCore

/// Runs asynchronous work to completion from the synchronous shell, the calling thread waiting.
///
/// The shell's input loop is synchronous; `.bench` drives the asynchronous ``ConnectionPool``.
/// The work runs in a detached task (never on the waiting thread), and the waiting thread wakes
/// every `tick` seconds to draw progress lines, which keeps all output on the shell's thread.
enum BlockingBridge {
  /// Runs `body` and waits for it, calling `onTick` every `tick` seconds meanwhile.
  static func run<T: Sendable>(
    tick: Double?, onTick: () -> Void, _ body: @escaping @Sendable () async throws -> T
  ) throws -> T {
    let done = ThreadWait<T>()
    Task.detached {
      do {
        done.resume(.success(try await body()))
      } catch {
        done.resume(.failure(error))
      }
    }
    let interval = tick.map { Duration.nanoseconds(Int64($0 * 1e9)) }
    while true {
      if let outcome = done.wait(timeout: interval) { return try outcome.get() }
      onTick()
    }
  }
}
