import SQLiteCore
import Testing

@Suite("ResultCode")
struct ResultCodeTests {
  @Test(
    "a primary code matches its extended codes, not the reverse",
    arguments: [
      (ResultCode.constraint, ResultCode.constraintUnique),
      (.constraint, .constraintPrimaryKey),
      (.constraint, .constraintNotNull),
      (.busy, .busyTimeout),
      (.busy, .busySnapshot),
    ])
  func primaryMatchesExtended(primary: ResultCode, extended: ResultCode) {
    #expect(primary ~= extended)
    #expect(!(extended ~= primary))
    #expect(extended ~= extended)
    #expect(primary ~= primary)
    #expect(extended.primary == primary)
    #expect(primary.isPrimary && !extended.isPrimary)
  }

  @Test("codes of different families never match")
  func differentFamilies() {
    #expect(!(ResultCode.constraint ~= .busy))
    #expect(!(ResultCode.constraintUnique ~= .constraintCheck))
    #expect(!(ResultCode.error ~= .constraint), "SQLITE_ERROR is not a catch-all")
  }

  @Test("works as a switch pattern, the extended case first")
  func switchPattern() {
    func classify(_ code: ResultCode) -> String {
      switch code {
      case .constraintUnique: "unique"
      case .constraint: "other constraint"
      case .busy: "busy"
      default: "other"
      }
    }
    #expect(classify(.constraintUnique) == "unique")
    #expect(classify(.constraintForeignKey) == "other constraint")
    #expect(classify(.busyTimeout) == "busy")
    #expect(classify(.misuse) == "other")
  }

  @Test("the numeric values are SQLite's")
  func numericValues() {
    #expect(ResultCode.constraintUnique.rawValue == 2067)
    #expect(ResultCode.constraintPrimaryKey.rawValue == 1555)
    #expect(ResultCode.busyTimeout.rawValue == 773)
  }

  @Test("prints SQLite's name for the code with its number")
  func namesAndNumbers() throws {
    #expect(ResultCode.constraintUnique.description == "SQLITE_CONSTRAINT_UNIQUE (2067)")
    #expect(ResultCode.misuse.description == "SQLITE_MISUSE (21)")
    #expect(ResultCode.busyTimeout.description == "SQLITE_BUSY_TIMEOUT (773)")
    #expect(ResultCode(rawValue: 101).description == "SQLITE_DONE (101)")
    // An extended code 3.40.1 does not define: its primary's name, its own number.
    #expect(ResultCode(rawValue: 19 | (40 << 8)).description == "SQLITE_CONSTRAINT (10259)")
    #expect(ResultCode(rawValue: 99).description == "SQLite result code 99")
    let db = try Connection()
    try db.execute("CREATE TABLE p(id INTEGER PRIMARY KEY); CREATE TABLE c(p REFERENCES p(id))")
    try db.execute("PRAGMA foreign_keys = ON")
    let error = try #require(throws: SQLiteError.self) {
      try db.execute("INSERT INTO c VALUES (1)")
    }
    #expect("\(error.code)" == "SQLITE_CONSTRAINT_FOREIGNKEY (787)")
  }

  @Test("a constraint error from a real statement carries the extended code")
  func realExtendedCode() throws {
    let db = try Connection()
    try db.execute("CREATE TABLE t(a NOT NULL CHECK (a > 0))")
    let notNull = try #require(throws: SQLiteError.self) {
      try db.execute("INSERT INTO t VALUES (NULL)")
    }
    #expect(notNull.code == .constraintNotNull)
    #expect(notNull.primaryCode == .constraint)
    let check = try #require(throws: SQLiteError.self) {
      try db.execute("INSERT INTO t VALUES (0)")
    }
    #expect(check.code == .constraintCheck)
  }
}
