import CSQLite
package import SQLiteCore

/// The calls SQLiteCore's one C module makes on a cursor type's cursors, written here, where the
/// cursor types are declared: each type's witness of ``VirtualTableCursor/calls`` is this getter
/// compiled for that type, so the closures call its own methods directly (or inline them).
/// SQLiteCore cannot hold them: Swift 6.3 does not serialise a `package` `@inlinable` body, and
/// the same closures there ran about 80 instructions a row more (see `CursorCalls`).
extension VirtualTableCursor {
  package static var calls: CursorCalls {
    CursorCalls(
      filter: { reference, object, plan, arguments in
        borrowing(reference, object) { cursor throws(VirtualTableError) in
          try cursor.filter(plan: plan, arguments)
        }
      },
      next: { reference, object in
        borrowing(reference, object) { cursor throws(VirtualTableError) in try cursor.next() }
      },
      isAtEnd: { reference in
        reference._withUnsafeGuaranteedRef { unsafeDowncast($0, to: Self.self).isAtEnd }
      },
      column: { reference, object, index, context in
        borrowing(reference, object) { cursor throws(VirtualTableError) in
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

  /// Runs `body` on the cursor `reference` holds, which SQLite's cursor object `object` keeps
  /// alive, and returns the callback's result code: `SQLITE_OK`, or the code of the error thrown,
  /// its message left on the table.
  ///
  /// The error kept in a concrete optional: a generic `Result` here would look up its metadata
  /// at run time on every call. Always inlined, so the body's closure is too.
  @inline(__always)
  private static func borrowing(
    _ reference: Unmanaged<AnyObject>, _ object: UnsafeMutableRawPointer,
    _ body: (Self) throws(VirtualTableError) -> Void
  ) -> Int32 {
    var failure: VirtualTableError?
    reference._withUnsafeGuaranteedRef { cursor in
      do throws(VirtualTableError) {
        try body(unsafeDowncast(cursor, to: Self.self))
      } catch {
        failure = error
      }
    }
    guard let failure else { return SQLITE_OK }
    return VirtualTableModule.fail(object, failure)
  }
}
