import Testing

@testable import SQLiteShell

@Suite("ArchiveRequest")
struct ArchiveRequestTests {
  private func parse(_ words: String...) throws(ArchiveRequest.Failure) -> ArchiveRequest {
    try ArchiveRequest(parsing: words.map { Array($0.utf8) })
  }

  private func failure(_ words: String...) -> String? {
    do {
      _ = try ArchiveRequest(parsing: words.map { Array($0.utf8) })
      return nil
    } catch {
      return String(decoding: error.message, as: UTF8.self)
    }
  }

  @Test("the three spellings of one request parse alike")
  func spellings() throws {
    let tar = try parse("cvf", "ar.db", "d", "e")
    let short = try parse("-cvf", "ar.db", "d", "e")
    let glued = try parse("-cvfar.db", "d", "e")
    let long = try parse("--create", "--verb", "--file", "ar.db", "d", "e")
    for request in [tar, short, glued, long] {
      #expect(request.command == .create && request.isVerbose)
      #expect(request.file == Array("ar.db".utf8))
      #expect(request.names == [Array("d".utf8), Array("e".utf8)])
    }
  }

  @Test("-- and the first word without a dash end the options")
  func endOfOptions() throws {
    #expect(try parse("-t", "--", "-v").names == [Array("-v".utf8)])
    #expect(try parse("-t", "name", "-v").names == [Array("name".utf8), Array("-v".utf8)])
    let request = try parse("-t", "-")
    #expect(request.command == .list && request.names.isEmpty)
  }

  @Test("-a sets the file and apndvfs; -C, -g and -n set theirs")
  func switches() throws {
    let request = try parse("-xgn", "-a", "x.db", "-C", "out")
    #expect(request.command == .extract && request.usesGlob && request.isDryRun)
    #expect(request.appends && request.file == Array("x.db".utf8))
    #expect(request.directory == Array("out".utf8))
    #expect(try parse("-v").command == nil)
  }

  @Test("errors carry sqlite3's words")
  func errors() {
    #expect(failure("-q") == "unrecognized option: q")
    #expect(failure("tq") == "unrecognized option: q")
    #expect(failure("--bogus") == "unrecognized option: --bogus")
    #expect(failure("--file=x.db") == "unrecognized option: --file=x.db")
    #expect(failure("--d") == "ambiguous option: --d")
    #expect(failure("-tx") == "multiple command options")
    #expect(failure("-t", "--list") == "multiple command options")
    #expect(failure("-tf") == "option requires an argument: f")
    #expect(failure("tf") == "option requires an argument: f")
    #expect(failure("--fi") == "option requires an argument: --fi")
  }

  @Test("names stay bytes: a Latin-1 name is not repaired")
  func bytes() throws {
    let name: [UInt8] = [0x63, 0xE9]
    let request = try ArchiveRequest(parsing: [Array("-t".utf8), name])
    #expect(request.names == [name])
    #expect(([0x27, 0xE9] as [UInt8]).sqlQuoted() == [0x27, 0x27, 0x27, 0xE9, 0x27])
  }

  @Test("verbose sizes print as C's % 10d of an int")
  func sizeColumn() {
    #expect(ArchiveRun.sizeColumn(6) == "         6")
    #expect(ArchiveRun.sizeColumn(-1) == "        -1")
    #expect(ArchiveRun.sizeColumn(1_234_567_890) == " 1234567890")
    #expect(ArchiveRun.sizeColumn(4_294_967_302) == "         6")
  }
}
