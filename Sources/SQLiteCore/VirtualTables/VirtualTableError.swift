import CSQLite

/// How a virtual-table call fails: the result code SQLite gets, and the message it reports.
package struct VirtualTableError: Error {
  /// The result code the C callback returns (`SQLITE_ERROR`, `SQLITE_CONSTRAINT`, …).
  package var code: Int32
  /// The message, left on the table object (`zErrMsg`) or, while connecting, given back in
  /// `*pzErr`; `nil` leaves SQLite's own message for the code.
  package var message: String?

  package init(code: Int32, message: String?) {
    self.code = code
    self.message = message
  }

  /// `SQLITE_ERROR` with `message`.
  package init(_ message: String) {
    self.init(code: SQLITE_ERROR, message: message)
  }

  /// `SQLITE_ERROR` without a message of the table's own.
  package static let error = VirtualTableError(code: SQLITE_ERROR, message: nil)

  /// `SQLITE_CONSTRAINT` without a message: from ``VirtualTable/bestIndex(_:)``, the plan
  /// offered cannot be used.
  package static let constraint = VirtualTableError(code: SQLITE_CONSTRAINT, message: nil)
}
