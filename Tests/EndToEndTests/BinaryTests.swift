import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

@Suite("Binary")
struct BinaryTests {
  @Test("the litesh binary is built next to the tests")
  func binaryExists() {
    #expect(access(Binary.litesh, X_OK) == 0, "no executable at \(Binary.litesh)")
  }
}
