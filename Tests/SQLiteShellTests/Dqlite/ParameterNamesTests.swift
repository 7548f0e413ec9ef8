import SQLiteCore
import Testing

@testable import SQLiteShell

/// The parameter names found from the text alone must be SQLite's own, position by position:
/// each statement is prepared on an in-memory database and `sqlite3_bind_parameter_name` is
/// the reference.
@Suite("Parameter names from statement text")
struct ParameterNamesTests {
  static let statements = [
    "SELECT 1",
    "SELECT ?, ?, ?",
    "SELECT :a, @b, $c, :a",
    "SELECT :a, @b, $longername, ?3, :zz, :d, ?2",
    "SELECT ?5, :a",
    "SELECT ?, ?1, ?",
    "SELECT ?2, ?, :x",
    "SELECT $a::b(c), $a::b",
    "SELECT ':a' AS [x?], '@b' AS \"y:z\", ? AS `$c`, :d",
    "SELECT 1 -- :a\n, ? /* @b ?7 */, :c",
    "SELECT x'00' || ?, 'it''s :no', :yes",
    "SELECT 1 AS a$b, :héllo, @_x9",
    "SELECT :a, ?1, ?1, :b",
  ]

  @Test("match sqlite3_bind_parameter_name", arguments: statements)
  func matchesSQLite(_ sql: String) throws {
    let connection = try Connection(path: ":memory:")
    let statement = try connection.prepare(sql)
    #expect(ParameterNames.names(in: sql) == statement.parameterNames)
  }
}
