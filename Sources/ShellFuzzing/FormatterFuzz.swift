import SQLiteCore
import SQLiteShell

/// Runs every output mode over a random table with random settings and checks what each
/// mode promises: UTF-8 out for clean input, valid JSON, and `insert` SQL that rebuilds the
/// table exactly.
enum FormatterFuzz {
  static func run(_ data: [UInt8]) -> [String] {
    var input = FuzzReader(data)
    let table = RandomTable(&input)
    let settings = self.settings(&input)
    guard let connection = try? Connection(), (try? table.create("t", on: connection)) != nil
    else { return ["could not build the table"] }
    var failures: [String] = []
    for mode in OutputMode.allCases {
      let command = (mode == .insert ? ".mode insert t2" : ".mode \(mode.rawValue)") + settings.mode
      let output = run(connection, [command] + settings.lines + [table.select(from: "t")])
      if table.isClean && !isValidUTF8(output) {
        failures.append("\(mode) wrote invalid UTF-8 for clean input")
      }
      if mode == .json && table.isClean && !table.hasInfinity && !table.rows.isEmpty {
        let isValid: Int? = try? connection.scalar(
          "SELECT json_valid(?);", [String(decoding: output, as: UTF8.self)])
        if isValid != 1 { failures.append("json wrote \(String(decoding: output, as: UTF8.self))") }
      }
    }
    // SQLite 3.40 reads the smallest subnormals back as 0.0 (`SELECT 4.9e-324` is 0.0).
    if !table.hasNul && !table.hasSubnormal, let failure = checkInsertRoundTrip(table, connection) {
      failures.append(failure)
    }
    return failures
  }

  /// `.headers`, `.nullvalue` and `.width` lines and the `.mode` options, chosen by the input.
  private static func settings(_ input: inout FuzzReader) -> (lines: [String], mode: String) {
    let choice = input.byte()
    var lines = [choice & 1 == 0 ? ".headers on" : ".headers off"]
    if choice & 2 != 0 { lines.append(".nullvalue " + (choice & 4 == 0 ? "NULL" : "'é ∅'")) }
    if choice & 8 != 0 {
      let widths = (0..<Int(input.byte() % 5)).map { _ in
        String(Int(Int8(bitPattern: input.byte())))
      }
      lines.append(".width " + widths.joined(separator: " "))
    }
    var mode = ""
    if choice & 16 != 0 {
      mode =
        " --wrap \(input.byte() % 12)" + (choice & 32 != 0 ? " --wordwrap on" : "")
        + (choice & 64 != 0 ? " --quote" : "")
    }
    return (lines, mode)
  }

  /// The bytes a fresh shell on `connection` writes for `lines`.
  private static func run(_ connection: Connection, _ lines: [String]) -> [UInt8] {
    let output = OutputSink(.memory)
    let shell = Shell(connection: connection, output: output, errors: OutputSink(.memory))
    for line in lines { shell.processLine(line) }
    shell.finish()
    return output.captured
  }

  /// Runs `.mode insert t2` output into a copy of the table and compares the copy with `t`.
  private static func checkInsertRoundTrip(_ table: RandomTable, _ connection: Connection)
    -> String?
  {
    let sql = run(connection, [".mode insert t2", ".headers off", "SELECT * FROM t;"])
    let columns = table.columns.indices.map { "c\($0)" }
    do {
      try connection.execute(
        "DROP TABLE IF EXISTS t2; CREATE TABLE t2(\(columns.joined(separator: ",")));")
      var statements = connection.statements(in: SQLText(bytes: sql))
      while let statement = try statements.next() { try statement.run() }
      let same = columns.map(sameValue).joined(separator: " AND ")
      let counts: Int? = try connection.scalar("SELECT count(*) FROM t2;")
      let differences: Int? = try connection.scalar(
        "SELECT count(*) FROM t JOIN t2 ON t.rowid = t2.rowid WHERE NOT (\(same));")
      guard counts == table.rows.count && differences == 0 else {
        return "insert mode lost values: \(String(decoding: sql, as: UTF8.self))"
      }
      return nil
    } catch {
      return "insert mode wrote SQL that fails (\(error.message)): "
        + String(decoding: sql, as: UTF8.self)
    }
  }

  /// Whether column `c` holds the same value in `t` and `t2`: the same type, the same bytes for
  /// text and blobs, and reals within SQLite 3.40's text round trip (it may miss by an ulp).
  private static func sameValue(_ c: String) -> String {
    "(typeof(t.\(c)) = typeof(t2.\(c)) AND CASE typeof(t.\(c)) WHEN 'null' THEN 1"
      + " WHEN 'integer' THEN t.\(c) = t2.\(c)"
      + " WHEN 'real' THEN t.\(c) = t2.\(c) OR abs(t.\(c) - t2.\(c)) <= abs(t.\(c)) * 1e-15"
      + " ELSE hex(t.\(c)) = hex(t2.\(c)) END)"
  }
}
