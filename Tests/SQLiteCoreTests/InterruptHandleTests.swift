import Dispatch
import Foundation
import SQLiteCore
import Testing

@Suite("InterruptHandle")
struct InterruptHandleTests {
  @Test("interrupt() from another thread stops an endless recursive query")
  func interruptFromAnotherThread() throws {
    let db = try Connection()
    // The gate: the progress handler opens it once the query is really running, so the
    // interrupt cannot arrive before the statement starts (SQLite would then ignore it).
    let running = DispatchSemaphore(value: 0)
    let interrupted = DispatchSemaphore(value: 0)
    var opened = false
    db.setProgressHandler(every: 1_000) {
      if !opened {
        opened = true
        running.signal()
      }
      return false
    }
    let handle = db.interruptHandle
    // A thread of its own: this test blocks its own thread, and on Linux the global queue is
    // the cooperative pool.
    Thread.detachNewThread {
      running.wait()
      handle.interrupt()
      interrupted.signal()
    }
    let error = try #require(throws: SQLiteError.self) {
      try db.query(TestSQL.endless)
    }
    interrupted.wait()
    #expect(error.code == .interrupt)
    #expect(error.message == "interrupted")
    #expect(error.sql == TestSQL.endless)
    #expect(opened)

    db.setProgressHandler(every: 1_000, nil)
    #expect(try db.scalar("SELECT 1", as: Int.self) == 1, "the connection works on afterwards")
  }

  @Test("an interrupt while nothing runs does not cancel the next statement")
  func interruptWhileIdle() throws {
    let db = try Connection()
    db.interrupt()
    db.interruptHandle.interrupt()
    #expect(try db.scalar(TestSQL.counting(to: 10_000, select: "count(*)"), as: Int.self) == 10_000)
  }

  @Test("the handle is safe to use after the connection closed")
  func afterClose() throws {
    let db = try Connection()
    let handle = db.interruptHandle
    try db.close()
    handle.interrupt()
    db.interrupt()
  }
}
