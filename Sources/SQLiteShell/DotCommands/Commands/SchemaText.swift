import SQLiteCore

/// How `.schema` and `.fullschema` print `CREATE` statements, as sqlite3's shell does:
/// `printSchemaLine` (closing an open comment, `IF NOT EXISTS` for quoted table names), the
/// `--indent` layout, and the SQL functions `shell_add_schema` and `shell_module_schema`.
enum SchemaText {
  /// sqlite3's `printSchemaLine`: `sql` then `tail`.
  static func line(_ sql: String, tail: String) -> String {
    var text = sql
    if tail.hasPrefix(";") && (sql.contains("/*") || sql.contains("--")) {
      for terminator in ["", "*/", "\n"] where Connection.isComplete(sql + terminator + ";") {
        text = sql + terminator
        break
      }
    }
    let bytes = Array(text.utf8)
    let prefix = Array("CREATE TABLE ".utf8)
    if bytes.count > prefix.count, bytes.starts(with: prefix),
      bytes[13] == UInt8(ascii: "'") || bytes[13] == UInt8(ascii: "\"")
    {
      return "CREATE TABLE IF NOT EXISTS " + String(decoding: bytes[13...], as: UTF8.self) + tail
    }
    return text + tail
  }

  /// The `.schema --indent` rendering of one statement (sqlite3's `MODE_Pretty`).
  static func indented(_ sql: String) -> String {
    if Glob.like("CREATE VIEW%", sql) || Glob.like("CREATE TRIG%", sql) { return sql + ";\n" }
    var squeezed: [UInt8] = []
    var bytes = Array(sql.utf8)[...]
    while let first = bytes.first, isSpace(first) { bytes = bytes.dropFirst() }
    for byte in bytes {
      if isSpace(byte), let last = squeezed.last {
        if last == 13 { squeezed[squeezed.count - 1] = 10 }
        if let last = squeezed.last, isSpace(last) || last == UInt8(ascii: "(") { continue }
      } else if byte == UInt8(ascii: "(") || byte == UInt8(ascii: ")"),
        let last = squeezed.last, isSpace(last)
      {
        squeezed.removeLast()
      }
      squeezed.append(byte)
    }
    while let last = squeezed.last, isSpace(last) { squeezed.removeLast() }
    guard squeezed.count >= 79 else { return line(text(squeezed), tail: ";\n") }
    return broken(squeezed)
  }

  /// The second pass of `MODE_Pretty`: one line per top-level column definition.
  private static func broken(_ source: [UInt8]) -> String {
    var out = ""
    var current: [UInt8] = []
    var end: UInt8 = 0
    var depth = 0
    var lines = 0
    var index = 0
    while index < source.count {
      let byte = source[index]
      let next = index + 1 < source.count ? source[index + 1] : 0
      if byte == end {
        end = 0
      } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'")
        || byte == UInt8(ascii: "`")
      {
        end = byte
      } else if byte == UInt8(ascii: "[") {
        end = UInt8(ascii: "]")
      } else if byte == UInt8(ascii: "-") && next == UInt8(ascii: "-") {
        end = 10
      } else if byte == UInt8(ascii: "(") {
        depth += 1
      } else if byte == UInt8(ascii: ")") {
        depth -= 1
        if lines > 0 && depth == 0 && !current.isEmpty {
          out += line(text(current), tail: "\n")
          current = []
        }
      }
      current.append(byte)
      if depth == 1 && end == 0
        && (byte == UInt8(ascii: "(") || byte == 10
          || (byte == UInt8(ascii: ",") && !whitespaceToEndOfLine(source[(index + 1)...])))
      {
        if byte == 10 { current.removeLast() }
        out += line(text(current), tail: "\n  ")
        current = []
        lines += 1
        while index + 1 < source.count && isSpace(source[index + 1]) { index += 1 }
      }
      index += 1
    }
    return out + line(text(current), tail: ";\n")
  }

  /// sqlite3's `wsToEol`: only spaces (or a `--` comment) before the end of the line.
  private static func whitespaceToEndOfLine(_ bytes: ArraySlice<UInt8>) -> Bool {
    var index = bytes.startIndex
    while index < bytes.endIndex {
      let byte = bytes[index]
      if byte == 10 { return true }
      if isSpace(byte) {
        index += 1
        continue
      }
      let next = index + 1 < bytes.endIndex ? bytes[index + 1] : 0
      return byte == UInt8(ascii: "-") && next == UInt8(ascii: "-")
    }
    return true
  }

  static func isSpace(_ byte: UInt8) -> Bool { byte == 32 || (byte >= 9 && byte <= 13) }

  private static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

  // MARK: SQL functions

  private static let prefixes = [
    "TABLE", "INDEX", "UNIQUE INDEX", "VIEW", "TRIGGER", "VIRTUAL TABLE",
  ]

  /// `shell_add_schema(sql, schema, name)`: the `CREATE` text with the schema name inserted
  /// and, for views and virtual tables, a comment listing their columns.
  static func addSchema(_ arguments: [Value], source: (some SchemaSource)?) -> Value {
    guard arguments.count == 3, case .text(let sql) = arguments[0],
      sql.hasPrefix("CREATE ")
    else { return arguments.first ?? .null }
    let schema = arguments[1].textValue
    let name = arguments[2].textValue
    let rest = sql.utf8.dropFirst(7)
    for prefix in prefixes {
      let count = prefix.utf8.count
      guard rest.starts(with: prefix.utf8), rest.dropFirst(count).first == UInt8(ascii: " ")
      else { continue }
      var result: String?
      let head = "CREATE " + prefix
      let tail = String(decoding: rest.dropFirst(count + 1), as: UTF8.self)
      if let schema {
        if SQLIdentifier.needsQuotes(schema) && schema.lowercased() != "temp" {
          result = head + " \"" + schema.replacing("\"", with: "\"\"") + "\"." + tail
        } else {
          result = head + " " + schema + "." + tail
        }
      }
      if let name, prefix.hasPrefix("V"), let source,
        let fake = fakeSchema(source, schema: schema, name: name)
      {
        result = (result ?? sql) + "\n/* " + fake + " */"
      }
      if let result { return .text(result) }
    }
    return arguments[0]
  }

  /// `shell_module_schema(name)`: `/* name(columns) */` for an eponymous virtual table.
  static func moduleSchema(_ arguments: [Value], source: (some SchemaSource)?) -> Value {
    guard let name = arguments.first?.textValue, let source,
      let fake = fakeSchema(source, schema: nil, name: name)
    else { return .null }
    return .text("/* " + fake + " */")
  }

  /// sqlite3's `shellFakeSchema`: `schema.name(col1,col2,…)`, or `nil` without columns.
  static func fakeSchema(_ source: some SchemaSource, schema: String?, name: String) -> String? {
    let pragma =
      "PRAGMA \"" + (schema ?? "main").replacing("\"", with: "\"\"") + "\".table_info("
      + SQLiteFormatting.printf("%Q", name) + ");"
    guard let statement = try? source.rows(pragma, []) else { return nil }
    var text = ""
    if let schema {
      text = schema.lowercased() == "temp" ? schema : SQLIdentifier.quotedIfNeeded(schema)
      text += "."
    }
    text += SQLIdentifier.quotedIfNeeded(name)
    var columns: [String] = []
    while (try? statement.step()) == true {
      columns.append(SQLIdentifier.quotedIfNeeded(statement.string(at: 1)))
    }
    guard !columns.isEmpty else { return nil }
    return text + "(" + columns.joined(separator: ",") + ")"
  }
}

extension Value {
  /// The value as text, as `sqlite3_value_text` gives it; `nil` for NULL.
  var textValue: String? {
    switch self {
    case .null: nil
    case .integer(let value): String(value)
    case .real(let value): SQLiteFormatting.real(value)
    case .text(let value): value
    case .blob(let bytes): String(decoding: bytes, as: UTF8.self)
    }
  }
}
