import SQLiteCore
import Testing

@testable import SQLiteShell

@Suite("Import column naming and parameter binding")
struct ImportColumnsTests {
  @Test("duplicate names get the fewest zeros that make them unique")
  func duplicates() {
    let columns = ImportColumns(header: ["a", "a", "b", "", "A", "x y", "a_1"])
    #expect(columns.names == ["a_01", "a_02", "b", "?", "A_05", "x y", "a_1"])
    #expect(columns.renames == ["\"a\" to \"a_01\"", "\"a\" to \"a_02\"", "\"A\" to \"A_05\""])
    #expect(
      columns.definition.hasPrefix("(\n\"a_01\" TEXT, \"a_02\" TEXT, \"b\" TEXT, \"?\" TEXT,\n "))
  }

  @Test("unique names are kept as they are")
  func unique() {
    let columns = ImportColumns(header: ["x", "y\"z"])
    #expect(columns.names == ["x", "y\"z"])
    #expect(columns.renames.isEmpty)
    #expect(columns.definition == "(\n\"x\" TEXT, \"y\"\"z\" TEXT)")
  }

  @Test("invalid UTF-8 and NUL are found, valid text is not")
  func validation() {
    #expect(ImportReader.firstInvalidByte(Array("héllo ✓ 🎉".utf8)) == nil)
    #expect(ImportReader.firstInvalidByte([0x61, 0xFF]) == 1)
    #expect(ImportReader.firstInvalidByte([0x61, 0x00]) == 1)
    #expect(ImportReader.firstInvalidByte([0xC0, 0x80]) == 0)
    #expect(ImportReader.firstInvalidByte([0xED, 0xA0, 0x80]) == 0)
    #expect(ImportReader.firstInvalidByte([0xE2, 0x9C]) == 0)
  }

  @Test("parameters bind by name, anonymous ones by position, missing ones as NULL")
  func binding() throws {
    let connection = try Connection()
    try connection.execute(
      "CREATE TABLE temp.x(a)")  // a temp schema exists before the parameter table
    let output = OutputSink(.memory)
    let shell = Shell(connection: connection, output: output, errors: OutputSink(.memory))
    shell.processLine(".parameter set :a 41+1")
    shell.processLine(".parameter set ?2 'two'")
    let statement = try connection.prepare("SELECT :a, ?2, :missing")
    ParameterBinding.bind(statement, from: connection)
    #expect(try statement.step())
    #expect(statement.value(at: 0) == .integer(42))
    #expect(statement.value(at: 1) == .text("two"))
    #expect(statement.value(at: 2) == .null)
  }

  @Test("the progress line shows rows and percent")
  func progress() {
    #expect(ImportProgress.line(rows: 10, bytes: 50, totalBytes: 200) == ".import: 10 rows (25%)")
    #expect(ImportProgress.line(rows: 3, bytes: 5, totalBytes: nil) == ".import: 3 rows")
    #expect(!ImportProgress(totalBytes: 1 << 30, isTerminal: false).isEnabled)
    #expect(ImportProgress(totalBytes: 1 << 30, isTerminal: true).isEnabled)
  }
}
