import SQLiteCore
import Testing

@Suite("FunctionFlags")
struct FunctionFlagsTests {
  @Test("an array literal of flags is their union, and an empty one is none")
  func arrayLiteralIsTheUnion() {
    let none: FunctionFlags = []
    #expect(none.rawValue == 0)
    let pure: FunctionFlags = [.deterministic, .innocuous]
    let union = FunctionFlags.deterministic.rawValue | FunctionFlags.innocuous.rawValue
    #expect(pure.rawValue == union)
    #expect(pure == .pure)
    let repeated: FunctionFlags = [.directOnly, .directOnly, .innocuous]
    #expect(repeated.contains(.directOnly) && repeated.contains(.innocuous))
    #expect(!repeated.contains(.deterministic))
  }
}
