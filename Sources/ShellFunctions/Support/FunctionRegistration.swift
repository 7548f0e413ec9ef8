import CSQLite
import SQLiteCore

/// The body of a scalar function: reads its arguments and sets its result on the context.
typealias ScalarBody = (FunctionContext, FunctionArguments) -> Void

/// Function flags, as sqlite3's shell registers them (visible in `pragma_function_list`).
struct FunctionFlags: OptionSet {
  let rawValue: Int32
  static let deterministic = FunctionFlags(rawValue: SQLITE_DETERMINISTIC)
  static let innocuous = FunctionFlags(rawValue: SQLITE_INNOCUOUS)
  static let directOnly = FunctionFlags(rawValue: SQLITE_DIRECTONLY)
  /// What the pure extensions (sha3, decimal, regexp) use.
  static let pure: FunctionFlags = [.deterministic, .innocuous]
}

/// A retained scalar body handed to SQLite as user data.
private final class ScalarBox {
  let body: ScalarBody
  init(_ body: @escaping ScalarBody) { self.body = body }
}

/// A state object for one group of an aggregate (or one window of a window function).
protocol AggregateState: AnyObject {
  init()
  /// Adds a row.
  func step(_ context: FunctionContext, _ arguments: FunctionArguments)
  /// Removes a row that left the window.
  func inverse(_ context: FunctionContext, _ arguments: FunctionArguments)
  /// Sets the current (or final) result.
  func result(_ context: FunctionContext)
}

/// Creates a fresh state; retained as the function's user data.
private final class AggregateFactory {
  let make: () -> any AggregateState
  init(_ make: @escaping () -> any AggregateState) { self.make = make }
}

/// Registers scalar functions, window aggregates and collations on a raw handle.
struct FunctionRegistration {
  let db: OpaquePointer

  /// Registers a scalar function; `argumentCount` -1 accepts any number.
  func scalar(
    _ name: String, _ argumentCount: Int32, _ flags: FunctionFlags,
    _ body: @escaping ScalarBody
  ) throws(SQLiteError) {
    let box = Unmanaged.passRetained(ScalarBox(body)).toOpaque()
    let rc = sqlite3_create_function_v2(
      db, name, argumentCount, SQLITE_UTF8 | flags.rawValue, box,
      { context, count, values in
        guard let context, let data = sqlite3_user_data(context) else { return }
        let box = Unmanaged<ScalarBox>.fromOpaque(data).takeUnretainedValue()
        box.body(FunctionContext(raw: context), FunctionArguments(count: count, values: values))
      }, nil, nil,
      { data in
        guard let data else { return }
        Unmanaged<ScalarBox>.fromOpaque(data).release()
      })
    try check(rc)
  }

  /// Registers an aggregate that also works as a window function.
  func window<State: AggregateState>(
    _ name: String, _ argumentCount: Int32, _ flags: FunctionFlags, _ type: State.Type
  ) throws(SQLiteError) {
    try register(name, argumentCount, flags, type, asWindow: true)
  }

  /// Registers a plain aggregate (not usable as a window function).
  func aggregate<State: AggregateState>(
    _ name: String, _ argumentCount: Int32, _ flags: FunctionFlags, _ type: State.Type
  ) throws(SQLiteError) {
    try register(name, argumentCount, flags, type, asWindow: false)
  }

  /// One registration for both: without `xValue` and `xInverse`, SQLite makes a plain aggregate.
  private func register<State: AggregateState>(
    _ name: String, _ argumentCount: Int32, _ flags: FunctionFlags, _ type: State.Type,
    asWindow: Bool
  ) throws(SQLiteError) {
    let factory = Unmanaged.passRetained(AggregateFactory { State() }).toOpaque()
    let value: (@convention(c) (OpaquePointer?) -> Void)? = { context in
      guard let context else { return }
      aggregateState(context, create: false)?.result(FunctionContext(raw: context))
    }
    let inverse:
      (@convention(c) (OpaquePointer?, Int32, UnsafeMutablePointer<OpaquePointer?>?) -> Void)? = {
        context, count, values in
        guard let context, let state = aggregateState(context, create: true) else { return }
        state.inverse(
          FunctionContext(raw: context), FunctionArguments(count: count, values: values))
      }
    let rc = sqlite3_create_window_function(
      db, name, argumentCount, SQLITE_UTF8 | flags.rawValue, factory,
      { context, count, values in
        guard let context, let state = aggregateState(context, create: true) else { return }
        state.step(FunctionContext(raw: context), FunctionArguments(count: count, values: values))
      },
      { context in
        guard let context else { return }
        defer { releaseAggregateState(context) }
        aggregateState(context, create: false)?.result(FunctionContext(raw: context))
      },
      asWindow ? value : nil, asWindow ? inverse : nil,
      { data in
        guard let data else { return }
        Unmanaged<AggregateFactory>.fromOpaque(data).release()
      })
    try check(rc)
  }

  /// Registers a UTF-8 collation from a comparison of two byte strings.
  func collation(_ name: String, _ compare: @escaping CollationCompare) throws(SQLiteError) {
    let box = Unmanaged.passRetained(CollationBox(compare)).toOpaque()
    let rc = sqlite3_create_collation_v2(
      db, name, SQLITE_UTF8, box,
      { data, length1, bytes1, length2, bytes2 in
        guard let data else { return 0 }
        return Unmanaged<CollationBox>.fromOpaque(data).takeUnretainedValue().compare(
          UnsafeRawBufferPointer(start: bytes1, count: Int(length1)),
          UnsafeRawBufferPointer(start: bytes2, count: Int(length2)))
      },
      { data in
        guard let data else { return }
        Unmanaged<CollationBox>.fromOpaque(data).release()
      })
    try check(rc)
  }

  /// Throws the connection's error for a failed registration.
  func check(_ rc: Int32) throws(SQLiteError) {
    guard rc == SQLITE_OK else {
      throw SQLiteError(
        code: ResultCode(rawValue: rc), message: String(cString: sqlite3_errmsg(db)))
    }
  }
}

/// A collation: negative, zero or positive as the first operand sorts before, with or after.
typealias CollationCompare = (UnsafeRawBufferPointer, UnsafeRawBufferPointer) -> Int32

/// A retained collation handed to SQLite as user data.
private final class CollationBox {
  let compare: CollationCompare
  init(_ compare: @escaping CollationCompare) { self.compare = compare }
}

// MARK: - Aggregate state in SQLite's aggregate context

/// The per-group state, created on first use and kept (retained) in the aggregate context.
private func aggregateState(_ context: OpaquePointer, create: Bool) -> (any AggregateState)? {
  let size = Int32(MemoryLayout<UnsafeMutableRawPointer?>.size)
  guard let slot = sqlite3_aggregate_context(context, create ? size : 0) else {
    return create ? nil : emptyState(context)
  }
  let pointer = slot.assumingMemoryBound(to: UnsafeMutableRawPointer?.self)
  if let existing = pointer.pointee {
    return Unmanaged<AnyObject>.fromOpaque(existing).takeUnretainedValue() as? any AggregateState
  }
  guard let state = emptyState(context) else { return nil }
  pointer.pointee = Unmanaged.passRetained(state as AnyObject).toOpaque()
  return state
}

/// A fresh state from the function's factory (for groups that saw no rows).
private func emptyState(_ context: OpaquePointer) -> (any AggregateState)? {
  guard let data = sqlite3_user_data(context) else { return nil }
  return Unmanaged<AggregateFactory>.fromOpaque(data).takeUnretainedValue().make()
}

private func releaseAggregateState(_ context: OpaquePointer) {
  guard let slot = sqlite3_aggregate_context(context, 0) else { return }
  let pointer = slot.assumingMemoryBound(to: UnsafeMutableRawPointer?.self)
  if let existing = pointer.pointee {
    Unmanaged<AnyObject>.fromOpaque(existing).release()
    pointer.pointee = nil
  }
}
