import CSQLite

/// A custom aggregate SQL function: one instance per group.
///
/// ```swift
/// struct Product: AggregateFunction {
///   var value = 1.0
///   mutating func step(_ arguments: [Value]) throws { value *= Double.fromSQLite(arguments[0]) ?? 1 }
///   func result() throws -> (any ValueConvertible)? { value }
/// }
/// db.createAggregate("product", argumentCount: 1, Product.self)
/// ```
public protocol AggregateFunction {
  /// A fresh state for one group.
  init()
  /// Adds one row's arguments.
  mutating func step(_ arguments: [Value]) throws
  /// The group's result; `nil` is SQL `NULL`.
  func result() throws -> (any ValueConvertible)?
}

extension Connection {
  /// Registers a Swift scalar SQL function.
  ///
  /// An error thrown by `body` makes the statement fail with the error's text (and its code,
  /// when it is an ``SQLiteError``).
  ///
  /// Related SQLite documentation: <https://www.sqlite.org/c3ref/create_function.html>
  public func createFunction(
    _ name: String, argumentCount: Int32 = -1, isDeterministic: Bool = true,
    _ body: @escaping ([Value]) throws -> (any ValueConvertible)?
  ) throws(SQLiteError) {
    try handle.checkOpen()
    let box = Unmanaged.passRetained(CallbackBox(body)).toOpaque()
    let flags = SQLITE_UTF8 | (isDeterministic ? SQLITE_DETERMINISTIC : 0)
    let rc = sqlite3_create_function_v2(
      handle.db, name, argumentCount, flags, box,
      { context, count, arguments in
        guard let context, let data = sqlite3_user_data(context) else { return }
        let box = Unmanaged<CallbackBox<([Value]) throws -> (any ValueConvertible)?>>
          .fromOpaque(data).takeUnretainedValue()
        do {
          let result = try box.function(readArguments(count, arguments))
          setResult(context, result?.sqliteValue ?? .null)
        } catch {
          setError(context, error)
        }
      }, nil, nil,
      { data in
        guard let data else { return }
        Unmanaged<CallbackBox<([Value]) throws -> (any ValueConvertible)?>>.fromOpaque(data)
          .release()
      })
    guard rc == SQLITE_OK else { throw handle.error(rc) }
  }

  /// Registers a Swift aggregate SQL function.
  public func createAggregate<A: AggregateFunction>(
    _ name: String, argumentCount: Int32 = -1, isDeterministic: Bool = true, _ type: A.Type
  ) throws(SQLiteError) {
    try handle.checkOpen()
    let factory = AggregateFactory { AggregateBox<A>() }
    let data = Unmanaged.passRetained(factory).toOpaque()
    let flags = SQLITE_UTF8 | (isDeterministic ? SQLITE_DETERMINISTIC : 0)
    let rc = sqlite3_create_function_v2(
      handle.db, name, argumentCount, flags, data, nil,
      { context, count, arguments in
        guard let context, let state = aggregateState(context, create: true) else { return }
        do {
          try state.step(readArguments(count, arguments))
        } catch {
          setError(context, error)
        }
      },
      { context in
        guard let context else { return }
        guard let state = aggregateState(context, create: true) else { return }
        defer { releaseAggregateState(context) }
        do {
          setResult(context, try state.result())
        } catch {
          setError(context, error)
        }
      },
      { data in
        guard let data else { return }
        Unmanaged<AggregateFactory>.fromOpaque(data).release()
      })
    guard rc == SQLITE_OK else { throw handle.error(rc) }
  }

  /// Calls `handler` with the expanded SQL of every statement as it starts; `nil` stops tracing.
  ///
  /// Related SQLite documentation: <https://www.sqlite.org/c3ref/trace_v2.html>
  public func trace(_ handler: ((String) -> Void)?) {
    guard let handler else {
      if !handle.isClosed { sqlite3_trace_v2(handle.db, 0, nil, nil) }
      handle.traceBox = nil
      return
    }
    let box = CallbackBox(handler)
    handle.traceBox = box
    sqlite3_trace_v2(
      handle.liveDB, UInt32(SQLITE_TRACE_STMT),
      { _, context, statement, _ in
        guard let context, let statement else { return 0 }
        let box = Unmanaged<CallbackBox<(String) -> Void>>.fromOpaque(context).takeUnretainedValue()
        let pointer = OpaquePointer(statement)
        if let expanded = sqlite3_expanded_sql(pointer) {
          box.function(String(cString: expanded))
          sqlite3_free(expanded)
        } else if let text = sqlite3_sql(pointer) {
          box.function(String(cString: text))
        }
        return 0
      }, Unmanaged.passUnretained(box).toOpaque())
  }

  /// Installs a progress handler, called about every `instructions` virtual-machine steps.
  ///
  /// Returning `true` from `handler` interrupts the statement; `nil` removes the handler.
  ///
  /// Related SQLite documentation: <https://www.sqlite.org/c3ref/progress_handler.html>
  public func setProgressHandler(every instructions: Int32, _ handler: (() -> Bool)?) {
    guard let handler else {
      if !handle.isClosed { sqlite3_progress_handler(handle.db, 0, nil, nil) }
      handle.progressBox = nil
      return
    }
    let box = CallbackBox(handler)
    handle.progressBox = box
    sqlite3_progress_handler(
      handle.liveDB, instructions,
      { context in
        guard let context else { return 0 }
        return Unmanaged<CallbackBox<() -> Bool>>.fromOpaque(context).takeUnretainedValue()
          .function()
          ? 1 : 0
      }, Unmanaged.passUnretained(box).toOpaque())
  }
}

// MARK: - C glue

private protocol AggregateState: AnyObject {
  func step(_ arguments: [Value]) throws
  func result() throws -> Value
}

private final class AggregateBox<A: AggregateFunction>: AggregateState {
  var aggregate = A()
  func step(_ arguments: [Value]) throws { try aggregate.step(arguments) }
  func result() throws -> Value { try aggregate.result()?.sqliteValue ?? .null }
}

private final class AggregateFactory {
  let make: () -> any AggregateState
  init(_ make: @escaping () -> any AggregateState) { self.make = make }
}

/// The per-group state, created on first use and kept in SQLite's aggregate context.
private func aggregateState(_ context: OpaquePointer, create: Bool) -> (any AggregateState)? {
  let size = Int32(MemoryLayout<UnsafeMutableRawPointer?>.size)
  guard let slot = sqlite3_aggregate_context(context, create ? size : 0) else { return nil }
  let pointer = slot.assumingMemoryBound(to: UnsafeMutableRawPointer?.self)
  if let existing = pointer.pointee {
    return Unmanaged<AnyObject>.fromOpaque(existing).takeUnretainedValue() as? any AggregateState
  }
  guard let data = sqlite3_user_data(context) else { return nil }
  let factory = Unmanaged<AggregateFactory>.fromOpaque(data).takeUnretainedValue()
  let state = factory.make()
  pointer.pointee = Unmanaged.passRetained(state as AnyObject).toOpaque()
  return state
}

private func releaseAggregateState(_ context: OpaquePointer) {
  guard let slot = sqlite3_aggregate_context(context, 0) else { return }
  let pointer = slot.assumingMemoryBound(to: UnsafeMutableRawPointer?.self)
  if let existing = pointer.pointee {
    Unmanaged<AnyObject>.fromOpaque(existing).release()
    pointer.pointee = nil
  }
}

private func readArguments(
  _ count: Int32, _ arguments: UnsafeMutablePointer<OpaquePointer?>?
) -> [Value] {
  guard let arguments, count > 0 else { return [] }
  return (0..<Int(count)).map { index in
    Value(sqliteValue: arguments[index])
  }
}

private func setResult(_ context: OpaquePointer, _ value: Value) {
  switch value {
  case .null: sqlite3_result_null(context)
  case .integer(let integer): sqlite3_result_int64(context, integer)
  case .real(let real): sqlite3_result_double(context, real)
  case .text(var text):
    text.withUTF8 { bytes in
      guard let base = bytes.baseAddress else {
        sqlite3_result_text(context, "", 0, csqlite_static())
        return
      }
      base.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
        sqlite3_result_text(context, $0, Int32(bytes.count), csqlite_transient())
      }
    }
  case .blob(let bytes):
    if bytes.isEmpty {
      sqlite3_result_zeroblob(context, 0)
    } else {
      bytes.withUnsafeBytes {
        sqlite3_result_blob(context, $0.baseAddress, Int32($0.count), csqlite_transient())
      }
    }
  }
}

private func setError(_ context: OpaquePointer, _ error: any Error) {
  if let error = error as? SQLiteError {
    sqlite3_result_error(context, error.message, -1)
    sqlite3_result_error_code(context, error.code.rawValue)
  } else {
    sqlite3_result_error(context, String(describing: error), -1)
  }
}
