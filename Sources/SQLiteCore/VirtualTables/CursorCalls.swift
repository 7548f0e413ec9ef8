/// What the C callbacks call on one cursor type's cursors (``VirtualTableCursor/calls``): one
/// closure per `sqlite3_module` cursor method, each given the cursor SQLite's cursor object holds
/// (``VirtualTableModule/CursorObject``), which it borrows for the call without retaining it.
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
  package typealias Reference = Unmanaged<AnyObject>

  let filter: (Reference, Int32, FunctionArguments) throws(VirtualTableError) -> Void
  let next: (Reference) throws(VirtualTableError) -> Void
  let isAtEnd: (Reference) -> Bool
  let column: (Reference, Int32, FunctionContext) throws(VirtualTableError) -> Void
  let rowid: (Reference) -> Int64
  let close: (Reference) -> Void

  package init(
    filter: @escaping (Reference, Int32, FunctionArguments) throws(VirtualTableError) -> Void,
    next: @escaping (Reference) throws(VirtualTableError) -> Void,
    isAtEnd: @escaping (Reference) -> Bool,
    column: @escaping (Reference, Int32, FunctionContext) throws(VirtualTableError) -> Void,
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
