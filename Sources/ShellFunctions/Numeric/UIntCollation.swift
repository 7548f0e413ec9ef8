import SQLiteCore

/// The `uint` collation: text compared byte by byte, except that runs of digits compare as
/// unsigned integers of any length (`a9` < `a10`, leading zeros ignored), as in sqlite3.
enum UIntCollation {
  static func register(_ registration: FunctionRegistration) throws(SQLiteError) {
    try registration.collation("uint") { a, b in
      compare(UnsafeRawBufferPointer(a), UnsafeRawBufferPointer(b))
    }
  }

  static func compare(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Int {
    var i = 0
    var j = 0
    while i < a.count && j < b.count {
      let difference = Int(a[i]) - Int(b[j])
      if isDigit(a[i]) {
        if !isDigit(b[j]) { return difference }
        while i < a.count && a[i] == UInt8(ascii: "0") { i += 1 }
        while j < b.count && b[j] == UInt8(ascii: "0") { j += 1 }
        var k = 0
        while i + k < a.count && isDigit(a[i + k]) && j + k < b.count && isDigit(b[j + k]) {
          k += 1
        }
        if i + k < a.count && isDigit(a[i + k]) { return 1 }
        if j + k < b.count && isDigit(b[j + k]) { return -1 }
        for offset in 0..<k where a[i + offset] != b[j + offset] {
          return Int(a[i + offset]) - Int(b[j + offset])
        }
        i += k
        j += k
      } else if difference != 0 {
        return difference
      } else {
        i += 1
        j += 1
      }
    }
    return (a.count - i) - (b.count - j)
  }

  private static func isDigit(_ c: UInt8) -> Bool { c >= 0x30 && c <= 0x39 }
}
