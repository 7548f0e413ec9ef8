package import SQLiteCore

/// A failure from the cluster or on the way to it.
///
/// `code` is the FAILURE response's code: dqlite reports SQLite's (extended) result codes for
/// statement errors, so ``sqliteError`` keeps sqlite3's wording; the client's own failures use
/// the kinds below.
package struct DqliteError: Error, CustomStringConvertible, Sendable {
  /// What went wrong, broadly.
  package enum Kind: Sendable, Equatable {
    /// The server answered FAILURE (code and message from the server).
    case failure
    /// The connection broke, timed out, or could not be made.
    case connection
    /// No node knows a leader (an election is running, or a majority is down).
    case noLeader
    /// The server sent something this client cannot read.
    case protocolViolation
    /// The node lost leadership or the connection broke while a transaction was open: its
    /// changes are not committed, and the client never re-applies them.
    case transactionLost
    /// The client refuses the statement before sending it (an input known to crash dqlite).
    case refused
  }

  /// The kind of failure.
  package var kind: Kind
  /// The FAILURE code (an SQLite result code) or 1 for the client's own failures.
  package var code: UInt64
  /// The message.
  package var message: String
  /// Whether the statement failed while being prepared (a parse error), not while running.
  package var duringPrepare = false

  /// A FAILURE response.
  package init(code: UInt64, message: String) {
    self.kind = .failure
    self.code = code
    self.message = message
  }

  /// A failure of the client's own.
  package init(_ kind: Kind, _ message: String) {
    self.kind = kind
    self.code = 1
    self.message = message
  }

  static func protocolError(_ message: String) -> DqliteError {
    DqliteError(.protocolViolation, "dqlite protocol error: " + message)
  }

  /// Whether the node stopped being (or never was) the leader: the request may be retried on
  /// the new leader if it did not write.
  package var isLeadershipLost: Bool {
    switch kind {
    case .connection, .noLeader: return true
    case .failure:
      // SQLITE_IOERR_NOT_LEADER (10250) / SQLITE_IOERR_LEADERSHIP_LOST (10506), the
      // "not leader" FAILURE of a follower, and "no database opened" from a node that lost
      // leadership (it drops the connection's database when it steps down).
      return code == 10250 || code == 10506 || message.contains("not leader")
        || message == "no database opened"
    default: return false
    }
  }

  package var description: String { message }

  /// As an `SQLiteError`, so the shell reports it as it reports SQLite's errors.
  package var sqliteError: SQLiteError {
    let resultCode = kind == .failure ? Int32(truncatingIfNeeded: code) : 1
    return SQLiteError(code: ResultCode(rawValue: resultCode), message: message)
  }
}
