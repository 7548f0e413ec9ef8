import SQLiteCore
import ShellFunctions

/// A table `.recover` re-created, and how a record of the original maps onto an `INSERT`.
///
/// Which field feeds which column, whether the rowid is an `INTEGER PRIMARY KEY` column, kept
/// as `_rowid_`, or absent (`WITHOUT ROWID`). The columns come from `PRAGMA table_xinfo` of
/// the copy in the scratch database, as sqlite3's recover extension reads them.
struct RecoveredTable {
  struct Column {
    var name: String
    /// The column's field in the record; `nil` for a virtual generated column.
    var field: Int?
    /// Whether the INSERT names it (generated columns cannot be written).
    var isWritable: Bool
    var isIntegerPrimaryKey = false
  }

  let name: String
  let root: Int
  private(set) var columns: [Column] = []
  /// Whether the table has a rowid that is no column's: the INSERT then names `_rowid_`.
  private(set) var hasSeparateRowid = false

  /// The table `name` of `scratch`, whose rows are in the tree at `root` of the original.
  init(name: String, root: Int, scratch: Connection) throws(SQLiteError) {
    self.name = name
    self.root = root
    var primaryKey = -1
    var field = 0
    let info = try scratch.query(
      "SELECT name, type, pk, hidden FROM pragma_table_xinfo(?1)", [name])
    for (index, row) in info.enumerated() {
      let key = Self.integer(row[2])
      let hidden = Self.integer(row[3])
      let type = Self.text(row[1])
      if primaryKey == -1 && key == 1 && type.lowercased() == "integer" { primaryKey = index }
      if key > 1 { primaryKey = -2 }
      columns.append(
        Column(
          name: Self.text(row[0]), field: hidden == 2 ? nil : field,
          isWritable: hidden != 2 && hidden != 3))
      if hidden != 2 { field += 1 }
    }
    var hasRowid = true
    for row in try scratch.query("SELECT seqno, cid FROM pragma_index_xinfo(?1)", [name]) {
      hasRowid = false
      primaryKey = -2
      let column = Self.integer(row[1])
      if column >= 0, column < columns.count {
        columns[Int(column)].field = Int(Self.integer(row[0]))
      }
    }
    if primaryKey >= 0 {
      columns[primaryKey].isIntegerPrimaryKey = true
    } else if hasRowid {
      hasSeparateRowid = true
    }
  }

  /// `INSERT OR IGNORE INTO 't'('a', …) VALUES (…)` for a record of the original, or `nil` for
  /// a record with no field for this table.
  func insert(_ row: PageRow, keepsRowids: Bool) -> [UInt8]? {
    let count = min(row.fields.count, columns.count)
    guard count > 0 else { return nil }
    var names: [String] = []
    var values: [UInt8] = []
    func addValue(_ value: RecordValue) {
      if !values.isEmpty { values += ", ".utf8 }
      RecoveredValue.append(value, to: &values)
    }
    if hasSeparateRowid {
      names.append("_rowid_")
      addValue(keepsRowids ? row.rowid.map(RecordValue.integer) ?? .null : .null)
    }
    // By field, not by column position as sqlite3's extension does: a virtual generated
    // column has no field, and counting it dropped the table's last column there.
    for column in columns where column.isWritable {
      guard let field = column.field, field < count else { continue }
      names.append(column.name.sqlQuoted("'"))
      // An alias of the rowid is stored as NULL; `INTEGER PRIMARY KEY DESC` is no alias and
      // keeps its own value.
      if column.isIntegerPrimaryKey, row.fields[field] == .null, let rowid = row.rowid {
        addValue(.integer(rowid))
      } else {
        addValue(row.fields[field])
      }
    }
    var statement = Array("INSERT OR IGNORE INTO \(name.sqlQuoted("'"))(".utf8)
    statement += names.joined(separator: ", ").utf8
    statement += ") VALUES (".utf8
    statement += values
    statement += ")".utf8
    return statement
  }

  private static func integer(_ value: Value) -> Int64 {
    if case .integer(let integer) = value { return integer }
    return -1
  }

  private static func text(_ value: Value) -> String {
    if case .text(let text) = value { return text }
    return ""
  }
}

/// A recovered value as an SQL literal, quoted as `.dump` quotes it.
enum RecoveredValue {
  static func append(_ value: RecordValue, to out: inout [UInt8]) {
    switch value {
    case .null: out += "NULL".utf8
    case .integer(let integer): ValueBytes.appendInteger(integer, to: &out)
    case .real(let real):
      if real.isNaN {
        out += "NULL".utf8
      } else {
        DatabaseDumper<Connection>.appendReal(real, to: &out)
      }
    case .blob(let blob): blob.withUnsafeBytes { ValueBytes.appendHexBlob($0, to: &out) }
    case .text(let text):
      var isFirst = true
      for piece in text.split(separator: 0, omittingEmptySubsequences: false) {
        if !isFirst { out += "||char(0)||".utf8 }
        isFirst = false
        Array(piece).withUnsafeBufferPointer {
          SQLLiteralFormatter.appendEscapedQuoted($0, to: &out)
        }
      }
    }
  }
}
