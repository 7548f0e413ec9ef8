import SQLiteCore

/// The `INSERT` statements of one table, written as the rows are stepped.
extension DatabaseDumper {
  /// The columns to select: the rowid's name first when it must be kept (else `nil`), then
  /// every visible column (sqlite3's `tableColumnList`); `nil` when the table cannot be read.
  func columnList(of table: String) -> (rowid: String?, names: [String])? {
    guard
      let info = try? source.all(
        "PRAGMA table_info(" + SQLiteFormatting.printf("%Q", table) + ")")
    else { return nil }
    var names: [String] = []
    var primaryKeyCount = 0
    var isIntegerPrimaryKey = false
    for column in info {
      names.append(column[1].textValue ?? "")
      if column[5] != .integer(0) {
        primaryKeyCount += 1
        isIntegerPrimaryKey =
          primaryKeyCount == 1 && (column[2].textValue ?? "").asciiLowercased() == "integer"
      }
    }
    var preserveRowid = options.preserveRowids
    if preserveRowid && isIntegerPrimaryKey {
      // An INTEGER PRIMARY KEY is the rowid unless it has its own index (DESC, WITHOUT ROWID).
      let probe = try? source.all(
        "SELECT 1 FROM pragma_index_list(" + SQLiteFormatting.printf("%Q", table)
          + ") WHERE origin='pk'")
      preserveRowid = probe?.isEmpty == false
    }
    var rowid: String?
    if preserveRowid {
      let taken = Set(names.map { $0.asciiLowercased() })
      if let free = ["rowid", "_rowid_", "oid"].first(where: { !taken.contains($0) }),
        source.hasColumn(free, inTable: table)
      {
        rowid = free
      }
    }
    return (rowid, names)
  }

  /// Streams `INSERT INTO table VALUES(…);` for every row, in table order.
  mutating func dumpRows(
    of table: String, columns: (rowid: String?, names: [String]), to writer: inout BufferedWriter
  ) {
    var target = SQLIdentifier.quotedIfNeeded(table)
    var selected: [String] = []
    if let rowid = columns.rowid {
      let quoted = columns.names.map(SQLIdentifier.quotedIfNeeded)
      target += "(" + ([rowid] + quoted).joined(separator: ",") + ")"
      selected.append(rowid)
    }
    selected += columns.names.map(SQLIdentifier.quotedIfNeeded)
    let select =
      "SELECT " + selected.joined(separator: ",") + " FROM " + SQLIdentifier.quotedIfNeeded(table)
    guard let statement = try? source.rows(select, []) else {
      errorCount += 1
      return
    }
    let prefix = Array("INSERT INTO \(target) VALUES(".utf8)
    let count = statement.columnCount
    do {
      while try statement.step() {
        writer.bytes.append(contentsOf: prefix)
        for index in 0..<count {
          if index > 0 { writer.bytes.append(0x2C) }
          appendValue(statement, index, to: &writer.bytes)
        }
        writer.bytes.append(contentsOf: ");\n".utf8)
        writer.rowDone()
      }
    } catch {
      errorCount += 1
    }
  }

  /// One value as an SQL literal, as sqlite3's insert mode writes it.
  ///
  /// Text holding NUL characters is the one deliberate difference: sqlite3 cuts it at the first
  /// NUL (the rest is lost); litesh writes `'a'||char(0)||'b'` so the dump restores it exactly.
  private func appendValue(_ statement: some RowSource, _ index: Int, to out: inout [UInt8]) {
    switch statement.storageClass(at: index) {
    case .null:
      out.append(contentsOf: "NULL".utf8)
    case .integer:
      ValueBytes.appendInteger(statement.int64(at: index), to: &out)
    case .real:
      Self.appendReal(statement.double(at: index), to: &out)
    case .blob:
      statement.withUnsafeBlob(at: index) { ValueBytes.appendHexBlob($0, to: &out) }
    case .text:
      statement.withUnsafeText(at: index) { text in
        var isFirst = true
        for piece in text.split(separator: 0, omittingEmptySubsequences: false) {
          if !isFirst { out.append(contentsOf: "||char(0)||".utf8) }
          isFirst = false
          UnsafeBufferPointer(rebasing: piece).withMemoryRebound(to: UInt8.self) {
            appendText($0, to: &out)
          }
        }
      }
    }
  }

  private func appendText(_ text: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
    if options.newlines {
      ValueBytes.appendQuoted(text, to: &out)
    } else {
      SQLLiteralFormatter.appendEscapedQuoted(text, to: &out)
    }
  }

  /// `1e999` for infinities, `N.0` for integral values that fit an Int64, else `%!.20g`.
  static func appendReal(_ value: Double, to out: inout [UInt8]) {
    if value.isInfinite {
      out.append(contentsOf: (value < 0 ? "-1e999" : "1e999").utf8)
    } else if let integral = Int64(exactly: value) {
      ValueBytes.appendInteger(integral, to: &out)
      out.append(contentsOf: ".0".utf8)
    } else {
      SQLiteFormatting.appendReal(value, significantDigits: 20, to: &out)
    }
  }
}
