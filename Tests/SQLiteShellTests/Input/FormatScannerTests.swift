import Testing

@testable import SQLiteShell

/// The `sscanf` subset `.open --hexdb` parses with, against what glibc's `sscanf` returns.
@Suite("FormatScanner")
struct FormatScannerTests {
  private func scan(_ line: String, _ format: String) -> [Int64] {
    FormatScanner.scan(Array(line.utf8), format: format)
  }

  @Test("white space in the format matches any white space, none included")
  func whiteSpace() {
    #expect(scan("| size 10 pagesize 512", "| size %d pagesize %d") == [10, 512])
    #expect(scan("|size\t10   pagesize512", "| size %d pagesize %d") == [10, 512])
    #expect(scan(" | size 10", "| size %d") == [])
  }

  @Test("a literal that does not match stops the scan; conversions before it count")
  func partial() {
    #expect(scan("| size 10 pgsize 512", "| size %d pagesize %d") == [10])
    #expect(scan("| size x", "| size %d") == [])
    #expect(scan("| 16: 01 02 zz", "| %d: %x %x %x") == [16, 1, 2])
  }

  @Test("%d takes a sign and truncates to 32 bits as an int does")
  func decimal() {
    #expect(scan("-12", "%d") == [-12])
    #expect(scan("+7x", "%d") == [7])
    #expect(scan("4294967297", "%d") == [1])
    #expect(scan("99999999999999999999999", "%d") == [-1])
    #expect(scan("-", "%d") == [])
  }

  @Test("%x takes either case, an optional 0x, and wraps to an unsigned int")
  func hexadecimal() {
    #expect(scan("ff FF 0x1A 0X1b", "%x %x %x %x") == [255, 255, 26, 27])
    #expect(scan("-1", "%x") == [0xFFFF_FFFF])
    #expect(scan("0xg", "%x") == [0])
    #expect(scan("g", "%x") == [])
  }
}
