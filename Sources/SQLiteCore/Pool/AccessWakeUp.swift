/// How an access waiting for its turn (a read for a reader, a write for the writer) learns it
/// is its turn: ``ReaderQueue`` and ``WriterLock`` queue both kinds in one line.
enum AccessWakeUp<Value: Sendable> {
  /// An `async` access: a suspended task.
  case task(CheckedContinuation<Value, any Error>)
  /// A synchronous access: a blocked thread.
  case thread(ThreadWait<Value>)

  /// Wakes the access with `result`.
  func resume(_ result: Result<Value, any Error>) {
    switch self {
    case .task(let continuation): continuation.resume(with: result)
    case .thread(let wait): wait.resume(result)
    }
  }
}
