import SQLiteCore
import SQLiteShell

/// Literal INSERT scripts (what a restored dump runs) through the fast way and the normal way:
/// the same output, errors, exit status and database image, byte for byte.
///
/// The input picks the columns' types and constraints, then statements: INSERTs of literals
/// of every kind (numbers of any shape and size, `-` before them, strings with quotes, line
/// breaks and bytes that are not UTF-8, blobs, NULL), column lists, several rows, odd
/// spacing, and now and then raw input bytes in the statement.
enum RestoreFuzz {
  static let types = [
    "", "INTEGER", "REAL", "TEXT", "NUMERIC", "BLOB", "INT UNIQUE", "TEXT NOT NULL",
    "REAL CHECK(typeof(c0) <> 'text')", "ANY",
  ]

  /// The script the input stands for.
  static func script(_ data: [UInt8]) -> [UInt8] {
    var reader = FuzzReader(data)
    let columnCount = Int(reader.byte() % 4) + 1
    var columns: [String] = []
    for index in 0..<columnCount {
      let type = types[Int(reader.byte()) % types.count].replacing("c0", with: "c\(index)")
      columns.append("c\(index) \(type)")
    }
    let key = reader.byte() % 3
    // Below the largest rowid: once that is taken SQLite picks new rowids at random, which
    // differ between any two runs (and its generator is shared by threads).
    if key == 1 { columns.insert("id INTEGER PRIMARY KEY CHECK(id < 9223372036854775807)", at: 0) }
    var script = Array("CREATE TABLE t(\(columns.joined(separator: ", ")));\n".utf8)
    if key == 2 { script += "CREATE TRIGGER tr AFTER INSERT ON t BEGIN SELECT 1; END;\n".utf8 }
    var statements = 0
    while !reader.isAtEnd, statements < 40 {
      script += statement(&reader, columnCount: columnCount, hasKey: key == 1)
      statements += 1
    }
    script += "SELECT count(*), total_changes(), last_insert_rowid() FROM t;\n".utf8
    return script
  }

  static func run(_ data: [UInt8]) -> [String] {
    let script = script(data)
    let fast = outcome(of: script, fast: true)
    let normal = outcome(of: script, fast: false)
    var failures: [String] = []
    if fast.output != normal.output { failures.append("output differs") }
    if fast.errors != normal.errors { failures.append("errors differ") }
    if fast.status != normal.status { failures.append("exit status differs") }
    if fast.image != normal.image { failures.append("database image differs") }
    return failures
  }

  /// One INSERT statement.
  static func statement(_ reader: inout FuzzReader, columnCount: Int, hasKey: Bool) -> [UInt8] {
    var text = Array((reader.byte() % 2 == 0 ? "INSERT INTO t" : "insert  into \"t\"").utf8)
    var width = columnCount + (hasKey ? 1 : 0)
    if reader.byte() % 3 == 0 {
      width = Int(reader.byte()) % columnCount + 1
      text += "(\((0..<width).map { "c\($0)" }.joined(separator: ",")))".utf8
    }
    text += " VALUES".utf8
    let rows = reader.byte() % 4 == 0 ? 2 : 1
    for row in 0..<rows {
      if row > 0 { text += ",".utf8 }
      text += "(".utf8
      for column in 0..<width {
        if column > 0 { text += ",".utf8 }
        text += literal(&reader)
      }
      text += ")".utf8
    }
    switch reader.byte() % 8 {
    case 0: text += ";  \n".utf8
    case 1: text += "\n;\n".utf8
    case 2: text += "; ".utf8 + reader.bytes(4) + ";\n".utf8
    default: text += ";\n".utf8
    }
    return text
  }

  /// One literal (or, rarely, something that is not one).
  static func literal(_ reader: inout FuzzReader) -> [UInt8] {
    switch reader.byte() % 16 {
    case 0: return reader.bytes(Int(reader.byte() % 6))
    case 1, 2:
      // A string of any bytes: not UTF-8, line breaks, now and then a NUL.
      var text: [UInt8] = [0x27]
      for byte in reader.bytes(Int(reader.byte() % 12)) {
        text.append(byte)
        if byte == 0x27 { text.append(byte) }
      }
      return text + [0x27]
    default: return Array(literalText(&reader).utf8)
    }
  }

  /// A literal that is valid UTF-8 as written (strings aside: ``literal(_:)`` has raw bytes).
  static func literalText(_ reader: inout FuzzReader) -> String {
    let sign = reader.byte() % 4 == 0 ? (reader.byte() % 2 == 0 ? "-" : "- ") : ""
    switch reader.byte() % 12 {
    case 0: return "NULL"
    case 1: return sign + digits(&reader, count: Int(reader.byte() % 24) + 1)
    case 2, 3:
      var number = digits(&reader, count: Int(reader.byte() % 22))
      if reader.byte() % 4 != 0 { number += "." + digits(&reader, count: Int(reader.byte() % 22)) }
      if number.isEmpty || number == "." { number = "0.5" }
      if reader.byte() % 2 == 0 {
        let signs = ["", "+", "-"]
        number +=
          (reader.byte() % 2 == 0 ? "e" : "E") + signs[Int(reader.byte()) % 3]
          + digits(&reader, count: Int(reader.byte() % 4) + 1)
      }
      return sign + number
    case 4:
      let bits = reader.uint64()
      return sign
        + "\(Double(bitPattern: bits).magnitude)"
        .replacing("inf", with: "1e999")
        .replacing("nan", with: "NULL")
    case 5, 6:
      let bytes = reader.bytes(Int(reader.byte() % 12)).map { $0 == 0 ? 0x20 : $0 }
      let body = String(decoding: bytes, as: UTF8.self).replacing("'", with: "''")
      return "'" + body + "'"
    case 7:
      let bytes = reader.bytes(Int(reader.byte() % 8))
      return "X'" + bytes.map { hex($0) }.joined() + "'"
    case 8:
      let edges = [
        "9223372036854775807", "9223372036854775808", "-9223372036854775808",
        "-9223372036854775809", "18446744073709551616", "0x10", "1e", "5e-324", "1e308", "-0.0",
        "''", "x''", "'it''s'", ".5", "5.", "00012", "1.0", "TRUE", "char(65)", "1 + 1", "+1",
      ]
      return edges[Int(reader.byte()) % edges.count]
    default:
      return sign + "\(Int64(bitPattern: reader.uint64()) >> Int64(reader.byte() % 64))"
    }
  }

  static func digits(_ reader: inout FuzzReader, count: Int) -> String {
    String((0..<count).map { _ in Character(Unicode.Scalar(0x30 + reader.byte() % 10)) })
  }

  static func hex(_ byte: UInt8) -> String {
    let digits = Array("0123456789abcdef")
    return String([digits[Int(byte >> 4)], digits[Int(byte & 15)]])
  }

  /// Runs the script line by line in a new shell on an in-memory database.
  static func outcome(of script: [UInt8], fast: Bool) -> (
    output: [UInt8], errors: [UInt8], status: Int32, image: [UInt8]?
  ) {
    let output = OutputSink(.memory)
    let errors = OutputSink(.memory)
    let shell = Shell(state: ShellState(), output: output, errors: errors)
    shell.usesLiteralInserts = fast
    for line in script.split(separator: 0x0A, omittingEmptySubsequences: false) {
      shell.processLine(SQLText(bytes: line))
    }
    let image = shell.connection?.serialize()
    shell.finish()
    return (output.captured, errors.captured, shell.exitStatus, image)
  }
}
