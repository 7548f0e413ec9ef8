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
    try FunctionRegistration(self).scalar(
      name, argumentCount, isDeterministic ? .deterministic : []
    ) { context, arguments in
      do {
        context.result(try body(arguments.values)?.sqliteValue ?? .null)
      } catch {
        context.error(error)
      }
    }
  }

  /// Registers a Swift aggregate SQL function.
  public func createAggregate<A: AggregateFunction>(
    _ name: String, argumentCount: Int32 = -1, isDeterministic: Bool = true, _ type: A.Type
  ) throws(SQLiteError) {
    try FunctionRegistration(self).aggregate(
      name, argumentCount, isDeterministic ? .deterministic : [], AggregateAdapter<A>.self)
  }

  /// Calls `handler` with the expanded SQL of every statement as it starts; `nil` stops tracing.
  ///
  /// Related SQLite documentation: <https://www.sqlite.org/c3ref/trace_v2.html>
  public func trace(_ handler: ((String) -> Void)?) {
    replaceCallback(
      handler, keep: { handle.traceBox = $0 }, remove: { sqlite3_trace_v2($0, 0, nil, nil) },
      install: { db, box in
        sqlite3_trace_v2(
          db, UInt32(SQLITE_TRACE_STMT),
          { _, context, statement, _ in
            guard let context, let statement else { return 0 }
            let box = Unmanaged<CallbackBox<(String) -> Void>>.fromOpaque(context)
              .takeUnretainedValue()
            let pointer = OpaquePointer(statement)
            if let expanded = sqlite3_expanded_sql(pointer) {
              box.function(String(cString: expanded))
              sqlite3_free(expanded)
            } else if let text = sqlite3_sql(pointer) {
              box.function(String(cString: text))
            }
            return 0
          }, box)
      })
  }

  /// Installs a progress handler, called about every `instructions` virtual-machine steps.
  ///
  /// Returning `true` from `handler` interrupts the statement; `nil` removes the handler.
  ///
  /// Related SQLite documentation: <https://www.sqlite.org/c3ref/progress_handler.html>
  public func setProgressHandler(every instructions: Int32, _ handler: (() -> Bool)?) {
    replaceCallback(
      handler, keep: { handle.progressBox = $0 },
      remove: { sqlite3_progress_handler($0, 0, nil, nil) },
      install: { db, box in
        sqlite3_progress_handler(
          db, instructions,
          { context in
            guard let context else { return 0 }
            return Unmanaged<CallbackBox<() -> Bool>>.fromOpaque(context).takeUnretainedValue()
              .function()
              ? 1 : 0
          }, box)
      })
  }

  /// Installs `handler` with `install`, in a box `keep` stores on the handle (SQLite does not
  /// own these callbacks), or for `nil` removes the callback with `remove` (when the connection
  /// is still open) and drops the box.
  private func replaceCallback<F>(
    _ handler: F?, keep: (CallbackBox<F>?) -> Void, remove: (OpaquePointer) -> Void,
    install: (OpaquePointer, UnsafeMutableRawPointer) -> Void
  ) {
    guard let handler else {
      if !handle.isClosed { remove(handle.db) }
      keep(nil)
      return
    }
    let box = CallbackBox(handler)
    keep(box)
    install(handle.liveDB, Unmanaged.passUnretained(box).toOpaque())
  }
}

/// A public ``AggregateFunction`` as the bridge's per-group state: `[Value]` arguments in, a
/// thrown error as the statement's error.
private final class AggregateAdapter<A: AggregateFunction>: AggregateState {
  private var aggregate = A()

  init() {}

  func step(_ context: FunctionContext, _ arguments: FunctionArguments) {
    do {
      try aggregate.step(arguments.values)
    } catch {
      context.error(error)
    }
  }

  func result(_ context: FunctionContext) {
    do {
      context.result(try aggregate.result()?.sqliteValue ?? .null)
    } catch {
      context.error(error)
    }
  }
}
