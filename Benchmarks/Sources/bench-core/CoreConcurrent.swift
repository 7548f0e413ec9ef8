import BenchKit
import SQLiteCore

/// W5 through `ConnectionPool`: readers doing lookups while one writer commits.
enum CoreConcurrent {
  /// Prints `pending` until `ConnectionPool` lands on this branch.
  static func run(_ options: Options) async throws {
    print("pending ConnectionPool")
  }
}
