import SQLiteCore

/// A table of random values built from fuzz input: integers, reals (NaN, infinities, -0.0,
/// huge and tiny), text that may be invalid UTF-8 or hold NUL and control characters, wide
/// and combining characters, blobs and NULLs.
struct RandomTable {
  /// Pieces of text that exercise escaping, width and wrapping.
  static let palette = [
    "a", "Z", " ", "é", "中", "😀", "\u{0}", "\t", "\n", "\r", "\u{7}", "\u{1B}", "\"", "'", ",",
    "|", "<", ">", "&", "\\", "e\u{301}", "\u{200B}", "\u{FFFD}", "x\u{FE0F}", "👩‍👩‍👧", "ﾊ",
    "--", ";", "NULL", "1e5", "\u{7F}", "\u{85}", "\u{2028}",
  ]
  static let specialReals: [Double] = [
    .nan, .infinity, -.infinity, -0.0, 0, .greatestFiniteMagnitude, -.greatestFiniteMagnitude,
    .leastNonzeroMagnitude, .ulpOfOne, 1e15, 1e16, 1.2345678901234568e17, 0.1, -1.5, 1e-300,
  ]

  var columns: [String] = []
  var rows: [[Cell]] = []

  /// One value and how to bind it.
  enum Cell {
    case value(Value)
    /// Text whose bytes may not be UTF-8 (bound with `sqlite3_bind_text` as they are).
    case rawText([UInt8])

    var isCleanText: Bool {
      switch self {
      case .value(.text(let text)): !text.utf8.contains(0)
      case .value(.blob), .rawText: false
      default: true
      }
    }
  }

  init(_ input: inout FuzzReader) {
    let columnCount = 1 + Int(input.byte() % 4)
    let rowCount = Int(input.byte() % 6)
    for index in 0..<columnCount {
      let pick = input.byte()
      columns.append(pick < 200 ? "c\(index)" : Self.text(&input, pieces: Int(pick % 4) + 1))
    }
    for _ in 0..<rowCount {
      rows.append((0..<columnCount).map { _ in Self.cell(&input) })
    }
  }

  private static func text(_ input: inout FuzzReader, pieces: Int) -> String {
    (0..<pieces).map { _ in palette[Int(input.byte()) % palette.count] }.joined()
  }

  private static func cell(_ input: inout FuzzReader) -> Cell {
    let kind = input.byte()
    switch kind % 8 {
    case 0: return .value(.null)
    case 1: return .value(.integer(Int64(bitPattern: input.uint64())))
    case 2: return .value(.integer(Int64(Int8(bitPattern: input.byte()))))
    case 3: return .value(.real(Double(bitPattern: input.uint64())))
    case 4: return .value(.real(specialReals[Int(input.byte()) % specialReals.count]))
    case 5: return .value(.text(text(&input, pieces: Int(input.byte() % 12))))
    case 6: return .rawText(input.bytes(Int(input.byte() % 16)))
    default: return .value(.blob(input.bytes(Int(input.byte() % 8))))
    }
  }

  /// Whether every value is text without NUL, a number or NULL (no blobs, no raw bytes).
  var isClean: Bool { rows.allSatisfy { $0.allSatisfy(\.isCleanText) } }
  /// Whether any value is a real infinity (sqlite3 prints `Inf`, which is not JSON).
  var hasInfinity: Bool {
    rows.contains {
      $0.contains {
        if case .value(.real(let real)) = $0 { return real.isInfinite }
        return false
      }
    }
  }
  /// Whether any value is a real below the normal range (other than zero).
  var hasSubnormal: Bool {
    rows.contains {
      $0.contains {
        if case .value(.real(let real)) = $0 { return real.isSubnormal }
        return false
      }
    }
  }
  /// Whether any text holds a NUL (sqlite3 stops such text at the NUL).
  var hasNul: Bool {
    rows.contains {
      $0.contains {
        switch $0 {
        case .value(.text(let text)): text.utf8.contains(0)
        case .rawText(let bytes): bytes.contains(0)
        default: false
        }
      }
    }
  }

  /// Creates `name` with untyped columns and inserts the rows.
  func create(_ name: String, on connection: Connection) throws(SQLiteError) {
    let names = columns.indices.map { "c\($0)" }.joined(separator: ",")
    try connection.execute("CREATE TABLE \(name)(\(names));")
    let marks = Array(repeating: "?", count: columns.count).joined(separator: ",")
    let insert = try connection.prepare("INSERT INTO \(name) VALUES(\(marks));")
    for row in rows {
      for (index, cell) in row.enumerated() {
        switch cell {
        case .value(let value): try insert.bind(value, at: index + 1)
        case .rawText(let bytes):
          try bytes.withUnsafeBufferPointer { (buffer) throws(SQLiteError) in
            try insert.bindText(buffer, at: index + 1)
          }
        }
      }
      try insert.run()
      insert.reset()
    }
  }

  /// `SELECT` of every column under its random name.
  func select(from name: String) -> String {
    let list = columns.enumerated().map { index, column in
      let name = column.filter { $0 != "\u{0}" }.split(
        separator: "\"", omittingEmptySubsequences: false)
      return "c\(index) AS \"" + name.joined(separator: "\"\"") + "\""
    }
    return "SELECT " + list.joined(separator: ", ") + " FROM \(name);"
  }
}
