import SQLiteCore
import Testing

@Suite("OpenOptions")
struct OpenOptionsTests {
  @Test("the defaults create the file, follow links, fail at once on a lock, cache 64")
  func defaults() {
    let options = OpenOptions.default
    #expect(options.mode == .readWriteCreate)
    #expect(!options.noFollow)
    #expect(options.busyTimeout == 0)
    #expect(options.statementCacheCapacity == 64)
    #expect(OpenOptions.readOnly.mode == .readOnly)
    #expect(OpenOptions() == .default)
  }

  @Test("a busy timeout set at open time applies to the connection")
  func busyTimeoutAtOpen() throws {
    let db = try Connection(options: OpenOptions(busyTimeout: 1234))
    #expect(try db.scalar("PRAGMA busy_timeout", as: Int.self) == 1234)
    db.setBusyTimeout(milliseconds: 10)
    #expect(try db.scalar("PRAGMA busy_timeout", as: Int.self) == 10)
  }
}
