import CSQLite

/// What an authorizer is asked about: an `SQLITE_*` action code such as `SQLITE_ATTACH`.
///
/// Related SQLite documentation: <https://www.sqlite.org/c3ref/c_alter_table.html>
public struct AuthorizerAction: RawRepresentable, Sendable, Hashable {
  /// The `SQLITE_*` action code.
  public let rawValue: Int32

  /// Wraps an action code.
  public init(rawValue: Int32) { self.rawValue = rawValue }

  /// `ATTACH`: the first argument is the file name (also used by `VACUUM INTO`).
  public static let attach = AuthorizerAction(rawValue: SQLITE_ATTACH)
  /// `DETACH`: the first argument is the schema name.
  public static let detach = AuthorizerAction(rawValue: SQLITE_DETACH)
  /// A function call: the second argument is the function name.
  public static let function = AuthorizerAction(rawValue: SQLITE_FUNCTION)
  /// A column read: the arguments are the table and column names.
  public static let read = AuthorizerAction(rawValue: SQLITE_READ)
  /// A `PRAGMA`: the arguments are the pragma name and its value.
  public static let pragma = AuthorizerAction(rawValue: SQLITE_PRAGMA)
  /// `CREATE VIRTUAL TABLE`: the arguments are the table and module names.
  public static let createVirtualTable = AuthorizerAction(rawValue: SQLITE_CREATE_VTABLE)
}

/// One authorizer call: the action and its up to four text arguments.
public struct AuthorizationRequest: Sendable, Hashable {
  /// The action being prepared.
  public var action: AuthorizerAction
  /// The first action-specific argument.
  public var first: String?
  /// The second action-specific argument.
  public var second: String?
  /// The schema (`main`, `temp`, an attached name) concerned, if any.
  public var database: String?
  /// The innermost trigger or view responsible, if any.
  public var trigger: String?

  /// Creates a request.
  public init(
    action: AuthorizerAction, first: String? = nil, second: String? = nil,
    database: String? = nil, trigger: String? = nil
  ) {
    self.action = action
    self.first = first
    self.second = second
    self.database = database
    self.trigger = trigger
  }
}

/// An authorizer's answer.
public enum AuthorizerDecision: Sendable, Hashable {
  /// `SQLITE_OK`: go on.
  case allow
  /// `SQLITE_DENY`: the statement fails to prepare with `not authorized`.
  case deny
  /// `SQLITE_IGNORE`: the column reads as NULL (or the action is skipped).
  case ignore
}

extension Connection {
  /// Whether an authorizer is installed (``setAuthorizer(_:)``).
  public var hasAuthorizer: Bool { handle.authorizerBox != nil }

  /// Installs an authorizer, called while statements are prepared; `nil` removes it.
  ///
  /// The callback must not use this connection.
  ///
  /// Related SQLite documentation: <https://www.sqlite.org/c3ref/set_authorizer.html>
  public func setAuthorizer(
    _ authorizer: ((AuthorizationRequest) -> AuthorizerDecision)?
  ) throws(SQLiteError) {
    try handle.checkOpen()
    handle.authorizerBox = authorizer.map(CallbackBox.init)
    try installAuthorizer()
  }

  /// Puts the one C authorizer SQLite allows on the connection when the user's authorizer or
  /// read tracking needs it, and takes it off when neither does.
  ///
  /// SQLite expires every prepared statement when an authorizer is set, so tracking keeps it
  /// on once it has started.
  func installAuthorizer() throws(SQLiteError) {
    guard handle.authorizerBox != nil || handle.readTracking.isInstalled else {
      sqlite3_set_authorizer(handle.db, nil, nil)
      return
    }
    // The handle, unretained: the callback runs only while this connection prepares.
    let rc = sqlite3_set_authorizer(
      handle.db,
      { context, action, first, second, database, trigger in
        guard let context else { return SQLITE_OK }
        let handle = Unmanaged<ConnectionHandle>.fromOpaque(context).takeUnretainedValue()
        if action == SQLITE_READ, handle.readTracking.isActive, let first {
          handle.readTracking.noteRead(table: first, database: database)
        }
        guard let box = handle.authorizerBox else { return SQLITE_OK }
        let request = AuthorizationRequest(
          action: AuthorizerAction(rawValue: action), first: first.map { String(cString: $0) },
          second: second.map { String(cString: $0) },
          database: database.map { String(cString: $0) },
          trigger: trigger.map { String(cString: $0) })
        switch box.function(request) {
        case .allow: return SQLITE_OK
        case .deny: return SQLITE_DENY
        case .ignore: return SQLITE_IGNORE
        }
      }, Unmanaged.passUnretained(handle).toOpaque())
    guard rc == SQLITE_OK else { throw handle.error(rc) }
  }
}
