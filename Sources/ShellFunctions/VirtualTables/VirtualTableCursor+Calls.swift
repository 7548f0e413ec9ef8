package import SQLiteCore

/// The calls SQLiteCore's one C module makes on a cursor type's cursors, written here, where the
/// cursor types are declared: each type's witness of ``VirtualTableCursor/calls`` is this getter
/// compiled for that type, so the closures call its own methods directly (or inline them).
/// SQLiteCore cannot hold them: Swift 6.3 does not serialise a `package` `@inlinable` body, and
/// the same closures there ran about 80 instructions a row more (see `CursorCalls`).
extension VirtualTableCursor {
  package static var calls: CursorCalls {
    CursorCalls(
      filter: { reference, plan, arguments throws(VirtualTableError) in
        try borrowing(reference) { cursor throws(VirtualTableError) in
          try cursor.filter(plan: plan, arguments)
        }
      },
      next: { reference throws(VirtualTableError) in
        try borrowing(reference) { cursor throws(VirtualTableError) in try cursor.next() }
      },
      isAtEnd: { reference in
        reference._withUnsafeGuaranteedRef { unsafeDowncast($0, to: Self.self).isAtEnd }
      },
      column: { reference, index, context throws(VirtualTableError) in
        try borrowing(reference) { cursor throws(VirtualTableError) in
          try cursor.column(index, into: context)
        }
      },
      rowid: { reference in
        reference._withUnsafeGuaranteedRef { unsafeDowncast($0, to: Self.self).rowid }
      },
      close: { reference in
        reference._withUnsafeGuaranteedRef { unsafeDowncast($0, to: Self.self).close() }
      })
  }

  /// Runs `body` on the cursor `reference` holds, which SQLite's cursor object keeps alive.
  ///
  /// Not generic over a result, and the error kept in a concrete optional: a generic `Result`
  /// here would look up its metadata at run time on every call. Always inlined, so the
  /// body's closure is too.
  @inline(__always)
  private static func borrowing(
    _ reference: Unmanaged<AnyObject>, _ body: (Self) throws(VirtualTableError) -> Void
  ) throws(VirtualTableError) {
    var failure: VirtualTableError?
    reference._withUnsafeGuaranteedRef { cursor in
      do throws(VirtualTableError) {
        try body(unsafeDowncast(cursor, to: Self.self))
      } catch {
        failure = error
      }
    }
    if let failure { throw failure }
  }
}
