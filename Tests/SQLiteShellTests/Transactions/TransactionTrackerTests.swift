import SQLiteCore
import Testing

@testable import SQLiteShell

@Suite("TransactionTracker")
struct TransactionTrackerTests {
  @Test("follows BEGIN, nested savepoints, ROLLBACK TO and RELEASE")
  func nesting() {
    var tracker = TransactionTracker()
    tracker.apply(.begin(.immediate), isInsideTransaction: true)
    #expect(tracker.origin == .begin(.immediate))
    tracker.apply(.savepoint("a"), isInsideTransaction: true)
    tracker.apply(.savepoint("b"), isInsideTransaction: true)
    tracker.apply(.savepoint("c"), isInsideTransaction: true)
    #expect(tracker.savepoints == ["a", "b", "c"])
    tracker.apply(.rollbackTo("B"), isInsideTransaction: true)
    #expect(tracker.savepoints == ["a", "b"])
    tracker.apply(.release("a"), isInsideTransaction: true)
    #expect(tracker.savepoints.isEmpty)
    #expect(tracker.isOpen)
    tracker.apply(.commit, isInsideTransaction: false)
    #expect(!tracker.isOpen)
  }

  @Test("a savepoint outside a transaction opens one that its release commits")
  func savepointTransaction() {
    var tracker = TransactionTracker()
    tracker.apply(.savepoint("outer"), isInsideTransaction: true)
    #expect(tracker.origin == .savepoint)
    tracker.apply(.savepoint("inner"), isInsideTransaction: true)
    tracker.apply(.rollbackTo("outer"), isInsideTransaction: true)
    #expect(tracker.savepoints == ["outer"])
    #expect(tracker.isOpen)
    tracker.apply(.release("outer"), isInsideTransaction: false)
    #expect(!tracker.isOpen)
  }

  @Test("agrees with SQLite when it ended or opened a transaction on its own")
  func reconciles() {
    var tracker = TransactionTracker()
    tracker.apply(.begin(.deferred), isInsideTransaction: true)
    tracker.apply(.savepoint("a"), isInsideTransaction: true)
    tracker.reconcile(isInsideTransaction: false)
    #expect(tracker == TransactionTracker())
    tracker.apply(nil, isInsideTransaction: true)
    #expect(tracker.origin == .unknown)
  }

  @Test(
    "marks the prompt before a trailing \"> \" or after it",
    arguments: [
      ("litesh> ", 0, "litesh[tx]> "), ("litesh> ", 2, "litesh[tx:2]> "),
      ("db$ ", 0, "db$ [tx] "), ("sql>", 1, "sql>[tx:1] "),
    ])
  func prompt(prompt: String, savepoints: Int, expected: String) {
    var tracker = TransactionTracker()
    #expect(tracker.marking(prompt: prompt) == prompt)
    tracker.apply(.begin(.deferred), isInsideTransaction: true)
    for index in 0..<savepoints {
      tracker.apply(.savepoint("s\(index)"), isInsideTransaction: true)
    }
    #expect(tracker.marking(prompt: prompt) == expected)
  }
}
