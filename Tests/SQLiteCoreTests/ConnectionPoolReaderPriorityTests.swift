import TestSupport
import Testing

@testable import SQLiteCore

@Suite("ConnectionPool reader threads' priority")
struct ConnectionPoolReaderPriorityTests {
  @Test(
    "readers run their own threads below the writer's priority, by the configured nice value",
    arguments: [0, 2, 5] as [Int32])
  func readerNiceness(niceness: Int32) async throws {
    let base = PlatformThread.currentNiceValue
    var configuration = ConnectionPool.Configuration()
    configuration.readerThreadNiceness = niceness
    try await withPool(PoolRecipe(schema: "CREATE TABLE t(a)", configuration)) { pool in
      let reader = try await pool.read { _ in PlatformThread.currentNiceValue }
      let writer = try await pool.write { _ in PlatformThread.currentNiceValue }
      #expect(reader == min(base + niceness, 19))
      #expect(writer == base)
    }
  }

  @Test("a thread reading synchronously keeps its own priority")
  func synchronousCallerKeepsPriority() async throws {
    try await withPool(PoolRecipe(schema: "CREATE TABLE t(a)")) { pool in
      let (before, during) = await blockingOffThePool {
        let before = PlatformThread.currentNiceValue
        return (before, try? pool.readSynchronously { _ in PlatformThread.currentNiceValue })
      }
      #expect(during == before)
    }
  }

  @Test("the default lowers readers by 2")
  func defaultNiceness() {
    #expect(ConnectionPool.Configuration().readerThreadNiceness == 2)
  }
}
