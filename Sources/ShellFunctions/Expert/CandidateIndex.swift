import CSQLite

/// A table of the user's `main` schema as the advisor sees it (`PRAGMA table_xinfo`).
struct AdvisedTable {
  /// One column: its name, declared collation (`binary` when none), and whether it is the
  /// table's single-column primary key (a rowid alias needs no index).
  struct Column {
    var name: String
    var collation: String
    var isPrimaryKey: Bool
  }

  var name: String
  var columns: [Column]
}

/// One term the query planner offered a virtual table: `column = ?`, a range on `column`, or
/// an ORDER BY column, with the collation it compares in.
struct ConstraintTerm: Equatable {
  var column: Int
  var collation: String
  var isDescending = false
}

/// Everything the planner offered for one way of scanning a table (one `xBestIndex` call).
///
/// `equalities` and `ranges` are newest first, as sqlite3's lists are; `orderBy` is in the
/// ORDER BY's order.
struct TableScan {
  var table: Int
  var equalities: [ConstraintTerm] = []
  var ranges: [ConstraintTerm] = []
  var orderBy: [ConstraintTerm] = []
}

/// How sqlite3 3.40.1's expert turns a scan into candidate indexes, and names and writes them.
enum CandidateIndex {
  /// The column lists sqlite3 tries for `scan`, in its order: the equality columns (each
  /// column once, and none that is also in `tail`) followed by `tail`; with no tail, also the
  /// equality columns followed by each range column in turn.
  static func columnLists(
    equalities: [ConstraintTerm], ranges: [ConstraintTerm], tail: [ConstraintTerm]
  ) -> [(equalities: [ConstraintTerm], tail: [ConstraintTerm])] {
    var chosen: [ConstraintTerm] = []
    for term in equalities
    where !chosen.contains(where: { $0.column == term.column })
      && !tail.contains(where: { $0.column == term.column })
    {
      chosen.append(term)
    }
    // sqlite3 links each chosen term in front of the last: the list runs backwards.
    let leading = Array(chosen.reversed())
    var lists = [(equalities: leading, tail: tail)]
    if tail.isEmpty {
      for range in ranges where !leading.contains(where: { $0.column == range.column }) {
        lists.append((leading, [range]))
      }
    }
    return lists
  }

  /// One column of an index: the name (quoted when it must be), ` COLLATE x` when the term's
  /// collation is not the column's, and ` DESC`.
  static func columnDefinition(_ column: AdvisedTable.Column, _ term: ConstraintTerm) -> String {
    var text = requiresQuotes(column.name) ? column.name.singleQuoted : column.name
    if !column.collation.equalsIgnoringCase(term.collation) {
      let collation = term.collation
      text += " COLLATE " + (requiresQuotes(collation) ? collation.singleQuoted : collation)
    }
    if term.isDescending { text += " DESC" }
    return text
  }

  /// Whether `identifier` is a keyword or holds anything but ASCII letters, digits and `_`.
  static func requiresQuotes(_ identifier: String) -> Bool {
    let bytes = identifier.rawBytes
    if sqlite3_keyword_check(identifier.cBytes, Int32(bytes.count)) != 0 { return true }
    return !bytes.allSatisfy { byte in
      byte == UInt8(ascii: "_") || (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte)
        || (0x61...0x7A).contains(byte)
    }
  }

  /// sqlite3's name hash: `h += (h << 3) + c` over the column list's bytes, each a signed
  /// `char`, continuing from `seed` (the previous try's hash after a name clash).
  static func hash(_ columns: String, seed: UInt32 = 0) -> UInt32 {
    var hash = seed
    for byte in columns.rawBytes {
      let character = UInt32(bitPattern: Int32(Int8(bitPattern: byte)))
      hash = hash &+ ((hash << 3) &+ character)
    }
    return hash
  }

  /// `TABLE_idx_XXXXXXXX`: eight lowercase hexadecimal digits of the hash.
  static func name(table: String, hash: UInt32) -> String {
    let digits = String(hash, radix: 16)
    return table + "_idx_" + String(repeating: "0", count: 8 - digits.count) + digits
  }

  /// The `CREATE INDEX` statement, the names in double quotes when the table's need quotes.
  static func createStatement(name: String, table: String, columns: String) -> String {
    requiresQuotes(table)
      ? "CREATE INDEX \(name.doubleQuoted) ON \(table.doubleQuoted)(\(columns))"
      : "CREATE INDEX \(name) ON \(table)(\(columns))"
  }
}
