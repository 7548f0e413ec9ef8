import CSQLite
import Synchronization

/// SQLite's error log: one process-wide callback for the warnings and errors SQLite reports.
///
/// SQLite reports every failed prepare, every aborted statement and notices such as automatic
/// indexes to this log, whichever connection they happen on. The callback can only be set
/// before SQLite initialises, so call ``install(_:)`` at process start, before the first
/// connection opens:
///
/// ```swift
/// SQLiteLog.install { entry in print("(\(entry.code)) \(entry.message)") }
/// ```
///
/// The handler runs on the thread where SQLite logs (the thread running the statement) and
/// must not use a connection.
///
/// Related SQLite documentation: <https://www.sqlite.org/errlog.html>
public enum SQLiteLog {
  /// One log message: a result code and SQLite's text.
  public struct Entry: Sendable, Hashable {
    /// The result code (extended), such as `SQLITE_ERROR` or `SQLITE_WARNING_AUTOINDEX`.
    public var code: ResultCode
    /// SQLite's message, such as `no such table: t in "SELECT * FROM t"`.
    public var message: String

    /// Creates an entry.
    public init(code: ResultCode, message: String) {
      self.code = code
      self.message = message
    }
  }

  /// Why ``install(_:)`` could not install a handler.
  public enum InstallError: Error, Sendable, Equatable {
    /// A handler is already installed in this process.
    case alreadyInstalled
    /// SQLite has already initialised (a connection was opened first).
    case tooLate
  }

  /// The installed handler, kept alive for the life of the process.
  private final class Handler: Sendable {
    let body: @Sendable (Entry) -> Void
    init(_ body: @escaping @Sendable (Entry) -> Void) { self.body = body }
  }

  private static let installed = Mutex<Handler?>(nil)

  /// Installs `handler` as SQLite's log callback (`SQLITE_CONFIG_LOG`), once per process.
  ///
  /// - Throws: ``InstallError/tooLate`` once SQLite has initialised, and
  ///   ``InstallError/alreadyInstalled`` on a second call.
  public static func install(_ handler: @escaping @Sendable (Entry) -> Void) throws(InstallError) {
    let result: InstallError? = installed.withLock { slot in
      guard slot == nil else { return .alreadyInstalled }
      let box = Handler(handler)
      let rc = csqlite_config_log(
        { context, code, message in
          guard let context else { return }
          let handler = Unmanaged<Handler>.fromOpaque(context).takeUnretainedValue()
          let text = message.map { String(cString: $0) } ?? ""
          handler.body(Entry(code: ResultCode(rawValue: code), message: text))
        }, Unmanaged.passUnretained(box).toOpaque())
      guard rc == SQLITE_OK else { return .tooLate }
      slot = box
      return nil
    }
    if let result { throw result }
  }

  /// Whether a handler is installed.
  public static var isInstalled: Bool { installed.withLock { $0 != nil } }

  /// Writes a message to SQLite's log (`sqlite3_log`), as SQLite's own messages are written.
  public static func write(_ code: ResultCode, _ message: String) {
    csqlite_log(code.rawValue, message)
  }
}
