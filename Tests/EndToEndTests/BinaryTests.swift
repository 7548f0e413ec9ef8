import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Locates the built `litesh` next to the test bundle.
enum Binary {
  static var litesh: String {
    let bundle = CommandLine.arguments.first ?? ""
    var directory = bundle
    while !directory.isEmpty, !directory.hasSuffix("/debug"), !directory.hasSuffix("/release") {
      directory = String(directory[..<(directory.lastIndex(of: "/") ?? directory.startIndex)])
    }
    return directory + "/litesh"
  }
}

@Suite("Binary")
struct BinaryTests {
  @Test("the litesh binary is built next to the tests")
  func binaryExists() {
    #expect(access(Binary.litesh, X_OK) == 0, "no executable at \(Binary.litesh)")
  }
}
