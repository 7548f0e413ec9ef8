import CSQLite

/// Function flags (visible in `pragma_function_list`), as sqlite3's shell registers them.
package struct FunctionFlags: OptionSet, Sendable {
  package let rawValue: Int32
  package init(rawValue: Int32) { self.rawValue = rawValue }
  /// `[]`, `[.deterministic, .innocuous]`: one OR, where OptionSet's default (SetAlgebra's
  /// generic `init(_:)`, unspecialised across modules) looked up the types of its sequence by
  /// their mangled names at the first use, ~130k instructions of every litesh start (7%).
  package init(arrayLiteral flags: FunctionFlags...) {
    self.init(rawValue: flags.reduce(0) { $0 | $1.rawValue })
  }
  package static let deterministic = FunctionFlags(rawValue: SQLITE_DETERMINISTIC)
  package static let innocuous = FunctionFlags(rawValue: SQLITE_INNOCUOUS)
  package static let directOnly = FunctionFlags(rawValue: SQLITE_DIRECTONLY)
  /// What the pure extensions (sha3, decimal, regexp) use.
  package static let pure: FunctionFlags = [.deterministic, .innocuous]
}

/// The body of a scalar function: reads its arguments and sets its result on the context.
package typealias ScalarFunction = (FunctionContext, FunctionArguments) -> Void

/// A collation over the UTF-8 bytes of two texts.
///
/// Negative, zero or positive as the first sorts before, with or after the second. The buffers
/// are valid only during the call.
package typealias CollationFunction = (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>) ->
  Int

/// The state of one group of an aggregate (or one window of a window function).
package protocol AggregateState: AnyObject {
  /// A fresh state: one per group, and one for a group (or window) that saw no rows.
  init()
  /// Adds a row.
  func step(_ context: FunctionContext, _ arguments: FunctionArguments)
  /// Removes a row that left the window (window functions only).
  func inverse(_ context: FunctionContext, _ arguments: FunctionArguments)
  /// Sets the current (`xValue`) or final (`xFinal`) result.
  func result(_ context: FunctionContext)
}

extension AggregateState {
  /// Plain aggregates never see a row leave.
  package func inverse(_ context: FunctionContext, _ arguments: FunctionArguments) {}
}

/// The one bridge from Swift to SQLite's function API: scalar functions, aggregates, window
/// functions and collations, for ``Connection``'s public API and the shell's functions alike.
///
/// One lifetime rule for everything registered here:
/// - The function's closure (or an aggregate's definition) is boxed and retained for SQLite as
///   the function's user data, and released in the `xDestroy` SQLite calls when the name is
///   registered again, the connection really closes, or the registration fails. Nothing on the
///   Swift side owns it, so it lives exactly as long as SQLite can call it: a connection that
///   `sqlite3_close_v2` leaves a zombie (an open blob or backup) still runs its functions, as the
///   hooks' boxes are kept for the same reason (``ConnectionHandle/openBlobs``).
/// - An aggregate's per-group ``AggregateState`` is retained in `sqlite3_aggregate_context` on
///   the first `xStep` (or `xInverse`) and released in `xFinal`, which SQLite calls for every
///   group whose context was allocated, also when a statement is reset or finalized early.
///   `xValue` and `xFinal` on a group with no rows use a fresh state they release at once.
/// - A collation's box follows the first rule, except that SQLite does not call `xDestroy` when
///   `sqlite3_create_collation_v2` fails, so a failed registration releases it here.
package struct FunctionRegistration {
  /// The connection's raw handle; valid while the registration is used.
  package let db: OpaquePointer

  /// Registers on a raw handle (one SQLiteCore did not open as a ``Connection``).
  package init(db: OpaquePointer) { self.db = db }

  /// Registers on `connection`, which must be open.
  package init(_ connection: Connection) throws(SQLiteError) {
    try connection.handle.checkOpen()
    db = connection.handle.db
  }

  /// Registers a scalar function; `argumentCount` -1 accepts any number.
  package func scalar(
    _ name: String, _ argumentCount: Int32, _ flags: FunctionFlags,
    _ body: @escaping ScalarFunction
  ) throws(SQLiteError) {
    let box = Unmanaged.passRetained(CallbackBox(body)).toOpaque()
    let rc = sqlite3_create_function_v2(
      db, name, argumentCount, SQLITE_UTF8 | flags.rawValue, box,
      { context, count, values in
        guard let context, let data = sqlite3_user_data(context) else { return }
        Unmanaged<CallbackBox<ScalarFunction>>.fromOpaque(data).takeUnretainedValue().function(
          FunctionContext(raw: context), FunctionArguments(count: count, values: values))
      }, nil, nil,
      { data in
        guard let data else { return }
        Unmanaged<CallbackBox<ScalarFunction>>.fromOpaque(data).release()
      })
    try check(rc)
  }

  /// Registers an aggregate that also works as a window function (`xValue`, `xInverse`).
  package func window<State: AggregateState>(
    _ name: String, _ argumentCount: Int32, _ flags: FunctionFlags, _ type: State.Type
  ) throws(SQLiteError) {
    try register(name, argumentCount, flags, AggregateDefinition(type), asWindow: true)
  }

  /// Registers a plain aggregate (not usable as a window function).
  package func aggregate<State: AggregateState>(
    _ name: String, _ argumentCount: Int32, _ flags: FunctionFlags, _ type: State.Type
  ) throws(SQLiteError) {
    try register(name, argumentCount, flags, AggregateDefinition(type), asWindow: false)
  }

  /// One registration for both: without `xValue` and `xInverse`, SQLite makes a plain aggregate.
  private func register(
    _ name: String, _ argumentCount: Int32, _ flags: FunctionFlags,
    _ definition: AggregateDefinition, asWindow: Bool
  ) throws(SQLiteError) {
    let value: (@convention(c) (OpaquePointer?) -> Void)? = { context in
      guard let context, let definition = AggregateDefinition.of(context) else { return }
      definition.withState(context) { definition.result($0, FunctionContext(raw: context)) }
    }
    let inverse:
      (@convention(c) (OpaquePointer?, Int32, UnsafeMutablePointer<OpaquePointer?>?) -> Void)? = {
        context, count, values in
        guard let context, let definition = AggregateDefinition.of(context),
          let state = definition.state(context, create: true)
        else { return }
        definition.inverse(
          state, FunctionContext(raw: context), FunctionArguments(count: count, values: values))
      }
    let rc = sqlite3_create_window_function(
      db, name, argumentCount, SQLITE_UTF8 | flags.rawValue,
      Unmanaged.passRetained(definition).toOpaque(),
      { context, count, values in
        guard let context, let definition = AggregateDefinition.of(context),
          let state = definition.state(context, create: true)
        else { return }
        definition.step(
          state, FunctionContext(raw: context), FunctionArguments(count: count, values: values))
      },
      { context in
        guard let context, let definition = AggregateDefinition.of(context) else { return }
        definition.withState(context) { definition.result($0, FunctionContext(raw: context)) }
        definition.releaseState(context)
      },
      asWindow ? value : nil, asWindow ? inverse : nil,
      { data in
        guard let data else { return }
        Unmanaged<AggregateDefinition>.fromOpaque(data).release()
      })
    try check(rc)
  }

  /// Registers a UTF-8 collation; registering a name again replaces it.
  package func collation(_ name: String, _ compare: @escaping CollationFunction)
    throws(SQLiteError)
  {
    let box = Unmanaged.passRetained(CallbackBox(compare)).toOpaque()
    let rc = sqlite3_create_collation_v2(
      db, name, SQLITE_UTF8, box,
      { data, leftCount, left, rightCount, right in
        guard let data else { return 0 }
        let result = Unmanaged<CallbackBox<CollationFunction>>.fromOpaque(data)
          .takeUnretainedValue().function(
            UnsafeBufferPointer(
              start: left?.assumingMemoryBound(to: UInt8.self), count: Int(max(leftCount, 0))),
            UnsafeBufferPointer(
              start: right?.assumingMemoryBound(to: UInt8.self), count: Int(max(rightCount, 0))))
        return result < 0 ? -1 : (result > 0 ? 1 : 0)
      },
      { data in
        guard let data else { return }
        Unmanaged<CallbackBox<CollationFunction>>.fromOpaque(data).release()
      })
    guard rc == SQLITE_OK else {
      // Unlike every other registration, a failed one does not call the destructor.
      Unmanaged<CallbackBox<CollationFunction>>.fromOpaque(box).release()
      try check(rc)
      return
    }
  }

  /// Removes the function `name` taking `argumentCount` arguments; SQLite releases its box.
  package func remove(_ name: String, _ argumentCount: Int32) {
    sqlite3_create_function_v2(db, name, argumentCount, SQLITE_UTF8, nil, nil, nil, nil, nil)
  }

  /// Throws the connection's error for a failed registration.
  package func check(_ rc: Int32) throws(SQLiteError) {
    guard rc == SQLITE_OK else {
      throw SQLiteError(
        code: ResultCode(rawValue: rc), message: String(cString: sqlite3_errmsg(db)))
    }
  }
}

// MARK: - Aggregate states in SQLite's aggregate context

/// An aggregate's user data: makes, drives and releases its `State`s, which live in SQLite's
/// aggregate context as retained raw pointers.
///
/// Not generic itself (a C callback cannot name a type parameter): the closures made in `init`
/// know `State`, so no call casts.
private final class AggregateDefinition {
  private let make: () -> UnsafeMutableRawPointer
  let step: (UnsafeMutableRawPointer, FunctionContext, FunctionArguments) -> Void
  let inverse: (UnsafeMutableRawPointer, FunctionContext, FunctionArguments) -> Void
  let result: (UnsafeMutableRawPointer, FunctionContext) -> Void
  private let release: (UnsafeMutableRawPointer) -> Void

  init<State: AggregateState>(_: State.Type) {
    make = { Unmanaged.passRetained(State()).toOpaque() }
    step = { Unmanaged<State>.fromOpaque($0).takeUnretainedValue().step($1, $2) }
    inverse = { Unmanaged<State>.fromOpaque($0).takeUnretainedValue().inverse($1, $2) }
    result = { Unmanaged<State>.fromOpaque($0).takeUnretainedValue().result($1) }
    release = { Unmanaged<State>.fromOpaque($0).release() }
  }

  /// The definition registered for the function `context` calls.
  static func of(_ context: OpaquePointer) -> AggregateDefinition? {
    sqlite3_user_data(context).map {
      Unmanaged<AggregateDefinition>.fromOpaque($0).takeUnretainedValue()
    }
  }

  /// The group's state; with `create`, made on first use (`nil` only when SQLite is out of
  /// memory, and then it has set the error).
  func state(_ context: OpaquePointer, create: Bool) -> UnsafeMutableRawPointer? {
    let size = Int32(MemoryLayout<UnsafeMutableRawPointer?>.size)
    guard let slot = sqlite3_aggregate_context(context, create ? size : 0) else { return nil }
    let pointer = slot.assumingMemoryBound(to: UnsafeMutableRawPointer?.self)
    if let existing = pointer.pointee { return existing }
    guard create else { return nil }
    let state = make()
    pointer.pointee = state
    return state
  }

  /// Calls `body` with the group's state, or with a fresh one for a group that saw no rows.
  func withState(_ context: OpaquePointer, _ body: (UnsafeMutableRawPointer) -> Void) {
    if let existing = state(context, create: false) { return body(existing) }
    let fresh = make()
    body(fresh)
    release(fresh)
  }

  /// Releases the group's state (`xFinal`): SQLite frees the context's memory after.
  func releaseState(_ context: OpaquePointer) {
    guard let slot = sqlite3_aggregate_context(context, 0) else { return }
    let pointer = slot.assumingMemoryBound(to: UnsafeMutableRawPointer?.self)
    if let existing = pointer.pointee {
      release(existing)
      pointer.pointee = nil
    }
  }
}
