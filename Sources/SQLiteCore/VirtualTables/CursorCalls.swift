/// What the C callbacks call on one cursor type's cursors (``VirtualTableCursor/calls``): one
/// closure per `sqlite3_module` cursor method, each given the cursor SQLite's cursor object holds
/// (``VirtualTableModule/CursorObject``), which it borrows for the call without retaining it.
///
/// The closures that can fail return the callback's result code, having left the message on the
/// table (``VirtualTableModule/fail(_:_:)``): no typed error crosses back into the C callback,
/// which then saves fewer registers (callgrind: 10 instructions a row less for `xNext`).
///
/// The closures are written once, generically, where the cursor types are declared (the
/// `VirtualTableCursor` extension in ShellFunctions), so that each cursor type's witness of
/// ``VirtualTableCursor/calls`` makes them for that type: each calls the cursor's own methods
/// directly, or has them inlined. Swift 6.3 does not serialise the body of a `package`
/// `@inlinable` function, so generic closures here would stay generic, reached through the
/// cursor type's existential metatype: that cost about 80 instructions more per row (callgrind,
/// Benchmarks/results/session11-vtab.md). The object is a class with `let` closures, so a call
/// reads a closure without retaining its context.
package final class CursorCalls {
  /// The Swift cursor SQLite's cursor object holds.
  package typealias Reference = Unmanaged<AnyObject>
  /// SQLite's cursor object (`sqlite3_vtab_cursor *`), where a failing call leaves its message.
  package typealias Object = UnsafeMutableRawPointer

  let filter: (Reference, Object, Int32, FunctionArguments) -> Int32
  let next: (Reference, Object) -> Int32
  let isAtEnd: (Reference) -> Bool
  let column: (Reference, Object, Int32, FunctionContext) -> Int32
  let rowid: (Reference) -> Int64
  let close: (Reference) -> Void

  package init(
    filter: @escaping (Reference, Object, Int32, FunctionArguments) -> Int32,
    next: @escaping (Reference, Object) -> Int32,
    isAtEnd: @escaping (Reference) -> Bool,
    column: @escaping (Reference, Object, Int32, FunctionContext) -> Int32,
    rowid: @escaping (Reference) -> Int64,
    close: @escaping (Reference) -> Void
  ) {
    self.filter = filter
    self.next = next
    self.isAtEnd = isAtEnd
    self.column = column
    self.rowid = rowid
    self.close = close
  }
}
