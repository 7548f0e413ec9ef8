/// W5's load shape, shared by every Swift implementation: `readers` tasks each calling `read`
/// in a loop and one task calling `write`, all until the deadline.
public enum ConcurrentLoad {
  /// Runs the load and returns how many lookups and write transactions completed.
  ///
  /// - Parameters:
  ///   - options: readers, rows, lookups per access (`batch`) and the duration.
  ///   - read: one access doing `batch` lookups from the generator it is given; returns the
  ///     generator advanced past them.
  ///   - write: one write transaction inserting the row with the given id.
  ///   - readerScope: runs each reader task's whole loop (`callers=affinity`: on a reader's
  ///     thread).
  ///   - writerScope: runs the writer task's whole loop (`callers=affinity`: on the writer's
  ///     thread).
  /// - Returns: the lookups and the writes done.
  /// - Throws: the first error a read or the write throws.
  public static func run(
    _ options: Options,
    read: @escaping @Sendable (Xorshift) async throws -> Xorshift,
    write: @escaping @Sendable (Int64) async throws -> Void,
    readerScope: @escaping @Sendable (@Sendable () async throws -> Int) async throws -> Int = {
      try await $0()
    },
    writerScope: @escaping @Sendable (@Sendable () async throws -> Int) async throws -> Int = {
      try await $0()
    }
  ) async throws -> (reads: Int, writes: Int) {
    let deadline = ContinuousClock.now + .milliseconds(Int(options.seconds * 1000))
    let rows = options.rows
    let batch = options.batch
    return try await withThrowingTaskGroup(of: (Int, Int).self) { group in
      for reader in 0..<options.readers {
        group.addTask {
          let done = try await readerScope {
            var random = Xorshift(offset: UInt64(reader))
            var done = 0
            while ContinuousClock.now < deadline {
              random = try await read(random)
              done += batch
            }
            return done
          }
          return (done, 0)
        }
      }
      group.addTask {
        let done = try await writerScope {
          var id = Int64(rows)
          var done = 0
          while ContinuousClock.now < deadline {
            id += 1
            try await write(id)
            done += 1
          }
          return done
        }
        return (0, done)
      }
      var total = (reads: 0, writes: 0)
      for try await (reads, writes) in group {
        total.reads += reads
        total.writes += writes
      }
      return total
    }
  }
}
