import Foundation
import Testing

@Suite("SafeMode")
struct SafeModeTests {
  @Test(
    "safe mode makes the file and program functions fail with sqlite3's message",
    arguments: [
      ("SELECT readfile('/etc/hostname')", "readfile"),
      ("SELECT writefile('/tmp/litesh-safe-mode-must-not-exist', 'x')", "writefile"),
      ("SELECT writefile('/tmp/litesh-safe-mode-must-not-exist', 'x', 33188, 0)", "writefile"),
      ("SELECT edit('x', 'true')", "edit"),
      ("SELECT edit('x')", "edit"),
    ])
  func blocks(sql: String, function: String) throws {
    let message = "cannot use the \(function)() function in safe mode"
    #expect(try Reference.litesh(sql, safe: true) == "Error: \(message)\n")
    #expect(try Reference.sqlite3(sql, safe: true).contains(message))
    #expect(!FileManager.default.fileExists(atPath: "/tmp/litesh-safe-mode-must-not-exist"))
  }

  @Test("safe mode leaves the pure functions working")
  func keepsPureFunctions() throws {
    let sql =
      "SELECT hex(sha3('a')), 'ab' REGEXP 'b', decimal_add('1', '2'), lsmode(33188);"
      + "SELECT count(*) FROM generate_series(1, 10)"
    #expect(try Reference.litesh(sql, safe: true) == Reference.sqlite3(sql, safe: true))
  }
}
