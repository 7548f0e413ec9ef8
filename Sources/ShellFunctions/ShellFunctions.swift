package import SQLiteCore

/// The SQL functions, collations and table-valued functions the sqlite3 shell adds to every
/// connection it opens, for scripts written for sqlite3 3.40.1.
///
/// ```swift
/// let db = try Connection(path: "app.db")
/// try ShellFunctions.register(on: db, safeMode: false)
/// try db.scalar("SELECT hex(sha3('abc'))") as String?
/// ```
///
/// Registered: `generate_series`, `zipfile` (table, `zipfile_cds` and aggregate), `regexp`/`regexpi` (and so the `REGEXP` operator), `fsdir`,
/// `completion`,
/// `readfile`, `writefile`, `lsmode`, `sqlar_compress`, `sqlar_uncompress`, `shell_idquote`,
/// `shell_int32`, `shell_escape_crnl`, `usleep`, `edit`, `sha3`, `sha3_query`, `decimal`, `decimal_add`,
/// `decimal_sub`, `decimal_mul`, `decimal_cmp`, `decimal_sum`, the `ieee754` family, and the
/// `decimal` and `uint` collations.
package enum ShellFunctions {
  /// The version of the system's zlib (`1.2.13`), loaded on first use; `nil` without one.
  package static var zlibVersion: String? { Zlib.shared?.version }

  /// Registers every shell function on `connection`.
  ///
  /// With `safeMode`, the functions that touch files or run programs (`readfile`, `writefile`,
  /// `edit`) still exist but fail with sqlite3's message, e.g.
  /// `cannot use the readfile() function in safe mode`; `fsdir` is not registered at all.
  /// - Throws: ``SQLiteError`` when SQLite refuses a registration.
  package static func register(on connection: Connection, safeMode: Bool = false)
    throws(SQLiteError)
  {
    let registration = try FunctionRegistration(connection)
    try register(
      [
        SHA3Functions.self, RegexpFunctions.self, DecimalFunctions.self, IEEE754Functions.self,
        UIntCollation.self, GenerateSeries.self,
      ], on: registration)
    try FileFunctions.register(registration, safeMode: safeMode)
    if !safeMode { try register([DirectoryListing.self, ZipfileTable.self], on: registration) }
    try register(
      [
        CompletionTable.self, PageDataTable.self, ArchiveFunctions.self,
        ShellHelperFunctions.self,
      ], on: registration)
    try EditFunction.register(registration, safeMode: safeMode)
  }

  /// Registers each group in turn (the order shows in `pragma_function_list`).
  private static func register(
    _ groups: [any FunctionGroup.Type], on registration: FunctionRegistration
  ) throws(SQLiteError) {
    for group in groups { try group.register(registration) }
  }
}

/// Functions, collations or a table-valued function registered together, the same in safe mode.
protocol FunctionGroup {
  static func register(_ registration: FunctionRegistration) throws(SQLiteError)
}

extension SHA3Functions: FunctionGroup {}
extension RegexpFunctions: FunctionGroup {}
extension DecimalFunctions: FunctionGroup {}
extension IEEE754Functions: FunctionGroup {}
extension UIntCollation: FunctionGroup {}
extension GenerateSeries: FunctionGroup {}
extension DirectoryListing: FunctionGroup {}
extension ZipfileTable: FunctionGroup {}
extension CompletionTable: FunctionGroup {}
extension PageDataTable: FunctionGroup {}
extension ArchiveFunctions: FunctionGroup {}
extension ShellHelperFunctions: FunctionGroup {}

extension ShellFunctions {
  /// Registers sqlite3's `shell_putsnl(X)`, which writes X and a newline, on `connection`.
  ///
  /// X's text and a newline go to `write`, and X is the result. `.archive -v` prints each file
  /// name with it.
  /// - Throws: ``SQLiteError`` when SQLite refuses the registration.
  package static func registerLineWriter(
    on connection: Connection, _ write: @escaping (UnsafeBufferPointer<UInt8>) -> Void
  ) throws(SQLiteError) {
    let registration = try FunctionRegistration(connection)
    try registration.scalar("shell_putsnl", 1, []) { context, arguments in
      var line = arguments.textBytes(0) ?? Array("(null)".utf8)
      line.append(UInt8(ascii: "\n"))
      line.withUnsafeBufferPointer { write($0) }
      context.result(copying: arguments.value(0))
    }
  }
}

extension ShellFunctions {
  /// Under `-safe`: `zipfile` tables on `connection` may open no file but `allowedFile` (the
  /// archive `-zip` opened); one in the schema or created on any other file fails to open.
  /// - Throws: ``SQLiteError`` when SQLite refuses the registration.
  package static func restrictZipfileTables(
    on connection: Connection, allowing allowedFile: [UInt8]?
  )
    throws(SQLiteError)
  {
    let registration = try FunctionRegistration(connection)
    try ZipfileTable.restrict(registration, allowing: allowedFile)
  }
}
