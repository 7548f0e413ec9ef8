import Foundation
import SQLiteCore
import TestSupport
import Testing

/// Runs the snippets of the DocC article ObservingAQuery.md, so the article cannot drift.
@Suite("ObservingAQuery article")
struct ObservingAQueryArticleTests {
  private struct Player: Codable, Equatable {
    var id: Int64
    var name: String
    var score: Double
  }

  @Test("the article's snippets run")
  func snippets() async throws {
    try await withPool(PoolRecipe(file: "app.db")) { pool in
      try await pool.write { db in
        try db.execute("CREATE TABLE player(id INTEGER PRIMARY KEY, name TEXT, score REAL)")
      }
      let shown = Locked<[[Player]]>([])
      let show = { (top: [Player]) in shown.withLock { $0.append(top) } }

      let leaders = pool.observe { db in
        try db.query(Player.self, "SELECT * FROM player ORDER BY score DESC LIMIT 10")
      }
      let ada = Player(id: 1, name: "Ada", score: 9)
      let follower = Task {
        for try await top in leaders {
          show(top)
          if top == [ada] { return }
        }
      }
      #expect(await eventually { shown.value.count == 1 })
      _ = try await pool.write { db in try db.insert(ada, into: "player") }
      try await follower.value
      #expect(shown.value == [[], [ada]])

      let task = Task {
        for try await count in pool.observe({ db in
          try db.scalar("SELECT count(*) FROM player", as: Int.self)
        }) {
          print(count ?? 0)
        }
      }
      task.cancel()
      try await task.value
    }
  }
}
