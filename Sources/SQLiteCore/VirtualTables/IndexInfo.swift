import CSQLite

/// SQLite's `sqlite3_index_info` for one `xBestIndex` call, seen from Swift: the constraints and
/// the `ORDER BY` SQLite offers, and the plan the table chooses.
///
/// This is the one place in the package that reads or writes `sqlite3_index_info`. It is a
/// view, not a copy: valid only during the ``VirtualTable/bestIndex(_:)`` call that received it.
///
/// Related SQLite documentation: <https://www.sqlite.org/vtab.html#the_xbestindex_method>
package struct IndexInfo {
  private let raw: UnsafeMutablePointer<sqlite3_index_info>

  init(_ raw: UnsafeMutablePointer<sqlite3_index_info>) { self.raw = raw }

  /// One `WHERE` term on a column, as SQLite offers it.
  package struct Constraint {
    /// The position of the constraint, for ``IndexInfo/use(_:asArgument:omit:)``.
    package var index: Int
    /// The column, from 0 in the declared order; -1 for the rowid.
    package var column: Int32
    /// The operator (``ConstraintOperator/equal``, …).
    package var op: ConstraintOperator
    /// Whether the plan may use it (a term on a table not yet read is offered, unusable).
    package var isUsable: Bool
  }

  /// One term of the `ORDER BY`.
  package struct OrderTerm {
    package var column: Int32
    package var isDescending: Bool
  }

  /// The constraints, in SQLite's order.
  package var constraints: [Constraint] {
    (0..<Int(raw.pointee.nConstraint)).compactMap { index in
      guard let constraint = raw.pointee.aConstraint?[index] else { return nil }
      return Constraint(
        index: index, column: constraint.iColumn, op: ConstraintOperator(rawValue: constraint.op),
        isUsable: constraint.usable != 0)
    }
  }

  /// The `ORDER BY` terms, in order.
  package var orderBy: [OrderTerm] {
    (0..<Int(raw.pointee.nOrderBy)).compactMap { index in
      guard let term = raw.pointee.aOrderBy?[index] else { return nil }
      return OrderTerm(column: term.iColumn, isDescending: term.desc != 0)
    }
  }

  /// The name of the collation of constraint `index`'s comparison, as the bytes SQLite has
  /// (`sqlite3_vtab_collation`).
  package func collation(ofConstraint index: Int) -> [UInt8]? {
    guard let name = sqlite3_vtab_collation(raw, Int32(index)) else { return nil }
    var length = 0
    while name[length] != 0 { length += 1 }
    return UnsafeRawBufferPointer(start: name, count: length).map { $0 }
  }

  /// Passes the value of constraint `index` to ``VirtualTableCursor/filter(plan:_:)`` as its
  /// `argument`th argument (from 1), and with `omit` tells SQLite not to check it again.
  package func use(_ index: Int, asArgument argument: Int32, omit: Bool = true) {
    precondition(index >= 0 && index < Int(raw.pointee.nConstraint), "no constraint \(index)")
    raw.pointee.aConstraintUsage[index].argvIndex = argument
    if omit { raw.pointee.aConstraintUsage[index].omit = 1 }
  }

  /// The plan number ``VirtualTableCursor/filter(plan:_:)`` receives (`idxNum`).
  package var plan: Int32 {
    get { raw.pointee.idxNum }
    nonmutating set { raw.pointee.idxNum = newValue }
  }

  /// The plan's estimated cost (`estimatedCost`).
  package var estimatedCost: Double {
    get { raw.pointee.estimatedCost }
    nonmutating set { raw.pointee.estimatedCost = newValue }
  }

  /// The plan's estimated number of rows (`estimatedRows`).
  package var estimatedRows: Int64 {
    get { raw.pointee.estimatedRows }
    nonmutating set { raw.pointee.estimatedRows = newValue }
  }

  /// Whether the scan returns the rows in the `ORDER BY`'s order (`orderByConsumed`).
  package var isOrderConsumed: Bool {
    get { raw.pointee.orderByConsumed != 0 }
    nonmutating set { raw.pointee.orderByConsumed = newValue ? 1 : 0 }
  }
}

/// A constraint's operator, SQLite's `SQLITE_INDEX_CONSTRAINT_*` code.
package struct ConstraintOperator: RawRepresentable, Hashable, Sendable {
  package var rawValue: UInt8
  package init(rawValue: UInt8) { self.rawValue = rawValue }

  package static let equal = Self(rawValue: UInt8(SQLITE_INDEX_CONSTRAINT_EQ))
  package static let greaterThan = Self(rawValue: UInt8(SQLITE_INDEX_CONSTRAINT_GT))
  package static let lessThanOrEqual = Self(rawValue: UInt8(SQLITE_INDEX_CONSTRAINT_LE))
  package static let lessThan = Self(rawValue: UInt8(SQLITE_INDEX_CONSTRAINT_LT))
  package static let greaterThanOrEqual = Self(rawValue: UInt8(SQLITE_INDEX_CONSTRAINT_GE))
}
