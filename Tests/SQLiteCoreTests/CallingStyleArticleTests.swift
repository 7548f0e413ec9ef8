import SQLiteCore
import TestSupport
import Testing

/// Runs the snippets of the DocC article ChoosingACallingStyle.md, so the article cannot drift.
@Suite("Choosing a calling style article")
struct CallingStyleArticleTests {
  private struct Order: Sendable {
    var id: Int64
    var total: Double
  }

  private func insert(_ order: Order, _ db: Connection) throws {
    try db.execute("INSERT INTO orders(id, total) VALUES (?, ?)", [order.id, order.total])
  }

  private func recipe() -> PoolRecipe {
    PoolRecipe(
      file: "shop.db", schema: "CREATE TABLE orders(id INTEGER PRIMARY KEY, total REAL NOT NULL)")
  }

  @Test("plain tasks: one access per unit of work, many statements inside")
  func plainTasks() async throws {
    try await withPool(recipe()) { pool in
      let orders = (1...50).map { Order(id: Int64($0), total: Double($0) * 2) }

      // The article's snippet.
      try await pool.write { db in
        for order in orders { try insert(order, db) }
      }
      let (count, revenue) = try await pool.read { db in
        (
          try db.scalar("SELECT count(*) FROM orders", as: Int.self),
          try db.scalar("SELECT sum(total) FROM orders", as: Double.self)
        )
      }

      #expect(count == 50)
      #expect(revenue == 2550)
    }
  }

  @Test("affinity: a loop of short reads and a loop of short writes, each on one thread")
  func affinity() async throws {
    try await withPool(recipe()) { pool in
      let orders = (1...20).map { Order(id: Int64($0), total: 1) }
      let ids = Array(1...20)

      // The article's snippet.
      try await pool.withWriterAffinity {
        for order in orders { try await pool.write { db in try insert(order, db) } }
      }
      let totals = try await pool.withReaderAffinity {
        var totals: [Double] = []
        for id in ids {
          let total = try await pool.read { db in
            try db.scalar("SELECT total FROM orders WHERE id = ?", [id], as: Double.self)
          }
          totals.append(total ?? 0)
        }
        return totals
      }

      #expect(totals == Array(repeating: 1, count: 20))
    }
  }

  @Test("synchronous calls from a thread the program owns")
  func synchronousCalls() async throws {
    try await withPool(recipe()) { pool in
      let counts = try await onThreads(1) { _ in
        // The article's snippet.
        try pool.writeSynchronously { db in
          try db.execute("INSERT INTO orders(id, total) VALUES (?, ?)", [1, 9.5])
        }
        let count = try pool.readSynchronously { db in
          try db.scalar("SELECT count(*) FROM orders", as: Int.self)
        }

        return count
      }
      #expect(counts == [1])
    }
  }
}
