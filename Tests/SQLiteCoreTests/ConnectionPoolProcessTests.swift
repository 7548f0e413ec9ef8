import Dispatch
import Foundation
import SQLiteCore
import TestSupport
import Testing

/// A python3 process using its own `sqlite3` module on the pool's database file.
private final class PythonProcess: Sendable {
  private let process = Process()
  private let input = Pipe()
  private let output = Pipe()

  init(script: String, arguments: [String]) throws {
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", script] + arguments
    process.standardInput = input
    process.standardOutput = output
    try process.run()
  }

  /// The next line the script prints, read on a thread of its own (never a cooperative one).
  func readLine() async -> String {
    await blockingOffThePool {
      var bytes: [UInt8] = []
      while true {
        let chunk = self.output.fileHandleForReading.readData(ofLength: 1)
        guard let byte = chunk.first, byte != 0x0A else { break }
        bytes.append(byte)
      }
      return String(decoding: bytes, as: UTF8.self)
    }
  }

  /// Sends one line to the script.
  func send(_ line: String) {
    input.fileHandleForWriting.write(Data((line + "\n").utf8))
  }

  /// Waits for the script to exit and returns its status.
  func wait() async -> Int32 {
    await blockingOffThePool {
      self.process.waitUntilExit()
      return self.process.terminationStatus
    }
  }
}

@Suite("ConnectionPool with another process")
struct ConnectionPoolProcessTests {
  /// Inserts `count` rows one transaction at a time, reading between writes.
  static let writer = """
    import sqlite3, sys
    db = sqlite3.connect(sys.argv[1], timeout=20, isolation_level=None)
    for i in range(int(sys.argv[2])):
        db.execute("BEGIN IMMEDIATE")
        db.execute("INSERT INTO t(source) VALUES ('python')")
        db.execute("COMMIT")
        db.execute("SELECT count(*) FROM t").fetchone()
    print("done", flush=True)
    """

  /// Takes the write lock, says so, and holds it until told to commit.
  static let locker = """
    import sqlite3, sys
    db = sqlite3.connect(sys.argv[1], timeout=20, isolation_level=None)
    db.execute("BEGIN IMMEDIATE")
    db.execute("INSERT INTO t(source) VALUES ('python')")
    print("locked", flush=True)
    sys.stdin.readline()
    db.execute("COMMIT")
    print("committed", flush=True)
    """

  @Test("python3 and the pool write the same file at once and nothing is lost")
  func sharedWrites() async throws {
    let directory = try ScratchDirectory("litesh-pool")
    let pool = try await ConnectionPool(path: directory.path())
    try await pool.write { db in
      try db.execute("CREATE TABLE t(id INTEGER PRIMARY KEY, source TEXT)")
    }
    let rows = 200
    let python = try PythonProcess(script: Self.writer, arguments: [directory.path(), "\(rows)"])
    for _ in 0..<rows {
      try await pool.write { db in try db.execute("INSERT INTO t(source) VALUES ('swift')") }
      _ = try await pool.read { db in try db.scalar("SELECT count(*) FROM t", as: Int.self) }
    }
    #expect(await python.readLine() == "done")
    #expect(await python.wait() == 0)
    let counts = try await pool.read { db in
      try db.query("SELECT source, count(*) FROM t GROUP BY source ORDER BY source").map {
        "\(try $0.get(0, as: String.self)) \(try $0.get(1, as: Int.self))"
      }
    }
    #expect(counts == ["python \(rows)", "swift \(rows)"])
    try await pool.close()
  }

  @Test("SQLITE_BUSY from another process's lock comes only after the busy timeout")
  func busyAfterTimeout() async throws {
    let directory = try ScratchDirectory("litesh-pool")
    let timeout: Int32 = 300
    let pool = try await ConnectionPool(
      path: directory.path(), configuration: .init(busyTimeout: timeout))
    try await pool.write { db in
      try db.execute("CREATE TABLE t(id INTEGER PRIMARY KEY, source TEXT)")
    }
    let python = try PythonProcess(script: Self.locker, arguments: [directory.path()])
    #expect(await python.readLine() == "locked")
    // Reads still work: WAL readers do not wait for the writer lock.
    let before = try await pool.read { db in try db.scalar("SELECT count(*) FROM t", as: Int.self) }
    #expect(before == 0)
    let clock = ContinuousClock()
    let start = clock.now
    let error = await #expect(throws: SQLiteError.self) {
      try await pool.write { db in try db.execute("INSERT INTO t(source) VALUES ('swift')") }
    }
    let waited = clock.now - start
    #expect(error.map { .busy ~= $0.code } == true)
    #expect(waited >= .milliseconds(Int(timeout)))
    python.send("commit")
    #expect(await python.readLine() == "committed")
    #expect(await python.wait() == 0)
    try await pool.write { db in try db.execute("INSERT INTO t(source) VALUES ('swift')") }
    let after = try await pool.read { db in try db.scalar("SELECT count(*) FROM t", as: Int.self) }
    #expect(after == 2)
    try await pool.close()
  }
}
