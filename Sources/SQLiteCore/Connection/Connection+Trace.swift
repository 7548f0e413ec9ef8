import CSQLite

/// The events a trace callback asks for (`SQLITE_TRACE_*`).
///
/// Related SQLite documentation: <https://www.sqlite.org/c3ref/c_trace.html>
public struct TraceEvents: OptionSet, Sendable, Hashable {
  /// The mask of `SQLITE_TRACE_*` bits.
  public let rawValue: UInt32

  /// Creates a set from a mask of `SQLITE_TRACE_*` bits.
  public init(rawValue: UInt32) { self.rawValue = rawValue }

  /// A statement starts running, and each trigger program it fires (`SQLITE_TRACE_STMT`).
  public static let statement = TraceEvents(rawValue: UInt32(SQLITE_TRACE_STMT))
  /// A statement finished, with its run time (`SQLITE_TRACE_PROFILE`).
  public static let profile = TraceEvents(rawValue: UInt32(SQLITE_TRACE_PROFILE))
  /// A statement produced a row (`SQLITE_TRACE_ROW`).
  public static let row = TraceEvents(rawValue: UInt32(SQLITE_TRACE_ROW))
  /// The connection closes (`SQLITE_TRACE_CLOSE`).
  public static let close = TraceEvents(rawValue: UInt32(SQLITE_TRACE_CLOSE))
}

/// One trace callback: what happened, and the SQL it happened to.
public struct TraceEvent: Sendable, Hashable {
  /// What happened.
  public enum Kind: Sendable, Hashable {
    /// A statement (or a trigger program inside one) started.
    case statement
    /// A statement finished after running for this many nanoseconds.
    case profile(nanoseconds: Int64)
    /// A statement produced a row.
    case row
    /// The connection is closing.
    case close
  }

  /// What happened.
  public var kind: Kind
  /// The statement's SQL (with parameter values when expanding); for a trigger program,
  /// SQLite's comment naming it (`-- TRIGGER name`) or its statement (`-- INSERT …`);
  /// `nil` for ``Kind/close``.
  public var sql: String?

  /// Creates an event.
  public init(kind: Kind, sql: String?) {
    self.kind = kind
    self.sql = sql
  }
}

extension Connection {
  /// Calls `handler` for each of `events` on this connection, statements inside triggers
  /// included; `nil` (or no events) stops tracing.
  ///
  /// With `expandingParameters` the SQL shows bound values (`sqlite3_expanded_sql`), else the
  /// text as prepared (`sqlite3_sql`). The handler runs inside `sqlite3_step` (or the close) and
  /// must not use this connection. Replaces any handler set with ``trace(_:)``.
  ///
  /// Related SQLite documentation: <https://www.sqlite.org/c3ref/trace_v2.html>
  public func trace(
    _ events: TraceEvents, expandingParameters: Bool = false, _ handler: ((TraceEvent) -> Void)?
  ) {
    guard let handler, !events.isEmpty else {
      if !handle.isClosed { sqlite3_trace_v2(handle.db, 0, nil, nil) }
      handle.traceBox = nil
      return
    }
    let box = TraceBox(handler, expanding: expandingParameters)
    handle.traceBox = box
    sqlite3_trace_v2(
      handle.liveDB, events.rawValue,
      { type, context, pointer, detail in
        guard let context else { return 0 }
        let box = Unmanaged<TraceBox>.fromOpaque(context).takeUnretainedValue()
        box.deliver(type: type, statement: pointer.map(OpaquePointer.init), detail: detail)
        return 0
      }, Unmanaged.passUnretained(box).toOpaque())
  }
}

/// The retained handler of ``Connection/trace(_:expandingParameters:_:)``.
private final class TraceBox {
  let handler: (TraceEvent) -> Void
  let expanding: Bool

  init(_ handler: @escaping (TraceEvent) -> Void, expanding: Bool) {
    self.handler = handler
    self.expanding = expanding
  }

  func deliver(type: UInt32, statement: OpaquePointer?, detail: UnsafeMutableRawPointer?) {
    switch Int32(type) {
    case SQLITE_TRACE_CLOSE:
      handler(TraceEvent(kind: .close, sql: nil))
    case SQLITE_TRACE_STMT:
      if let detail, detail.load(as: UInt8.self) == UInt8(ascii: "-") {
        let comment = String(cString: detail.assumingMemoryBound(to: CChar.self))
        handler(TraceEvent(kind: .statement, sql: comment))
      } else {
        handler(TraceEvent(kind: .statement, sql: text(of: statement)))
      }
    case SQLITE_TRACE_PROFILE:
      let nanoseconds = detail?.load(as: Int64.self) ?? 0
      handler(TraceEvent(kind: .profile(nanoseconds: nanoseconds), sql: text(of: statement)))
    case SQLITE_TRACE_ROW:
      handler(TraceEvent(kind: .row, sql: text(of: statement)))
    default:
      break
    }
  }

  private func text(of statement: OpaquePointer?) -> String? {
    guard let statement else { return nil }
    if expanding, let expanded = sqlite3_expanded_sql(statement) {
      defer { sqlite3_free(expanded) }
      return String(cString: expanded)
    }
    return sqlite3_sql(statement).map { String(cString: $0) }
  }
}
