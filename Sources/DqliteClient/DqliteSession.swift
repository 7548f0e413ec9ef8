import Glibc
package import SQLiteCore

/// A client of one database on a dqlite cluster: finds the leader, runs statements on it, and
/// follows the leader when it changes.
///
/// Blocking, used by one thread at a time. Reads outside a transaction that fail because the
/// leader went away are retried on the new leader; a transaction open when the leader goes
/// away is reported lost (its changes were not committed and are never re-applied); a write
/// whose answer never came is reported as possibly committed, never retried.
package final class DqliteSession {
  /// The address this session was opened with.
  package let address: DqliteAddress
  /// How long to look for a leader before reporting that there is none, in seconds.
  package var leaderTimeout: Double
  /// How long one request may wait for its answer, in seconds.
  package var requestTimeout: Double
  /// Whether a transaction is open on the leader.
  package private(set) var isInsideTransaction = false
  /// The address of the node the session talks to, once connected.
  package var leaderAddress: String? { link?.connection.address }
  /// How many times the session moved to a new leader.
  package private(set) var reconnections = 0

  private var link: (connection: NodeConnection, database: UInt32)? {
    // Statement IDs belong to the connection they were prepared on.
    didSet { if link == nil { cache = PreparedCache() } }
  }
  /// Writes prepared on the current link for `execute(_:parameters:keepPrepared:)`, kept for
  /// the next EXEC of the same text: one round trip instead of three (PREPARE, EXEC,
  /// FINALIZE).
  private var cache = PreparedCache()
  private var savepoints: [String] = []
  private var openedByBegin = false
  private var hasConnectedOnce = false

  /// A session for `address`; nothing is sent until the first statement (or ``connect()``).
  package init(address: DqliteAddress, leaderTimeout: Double = 10, requestTimeout: Double = 10) {
    self.address = address
    self.leaderTimeout = leaderTimeout
    self.requestTimeout = requestTimeout
  }

  /// Finds the leader, registers, and opens the database.
  package func connect() throws(DqliteError) {
    _ = try live()
  }

  /// Drops the connection.
  package func close() { link = nil }

  private func live() throws(DqliteError) -> (connection: NodeConnection, database: UInt32) {
    if let link { return link }
    let deadline = Self.now() + leaderTimeout
    var lastError: DqliteError?
    while true {
      do {
        let connection = try connectToLeader()
        try connection.register(id: 0)
        let database = try connection.open(address.database)
        link = (connection, database)
        if hasConnectedOnce { reconnections += 1 }
        hasConnectedOnce = true
        return (connection, database)
      } catch {
        lastError = error
      }
      if Self.now() >= deadline {
        let nodes = address.nodes.joined(separator: ",")
        throw DqliteError(
          .noLeader,
          "no dqlite leader among \(nodes) after \(Int(leaderTimeout)) s: a majority of the"
            + " nodes is down or an election is running"
            + (lastError.map { " (last error: \($0.message))" } ?? ""))
      }
      usleep(50_000)
    }
  }

  /// Asks each node for the leader; connects to the one that names itself.
  private func connectToLeader() throws(DqliteError) -> NodeConnection {
    var lastError = DqliteError(.noLeader, "no node answered")
    for node in address.nodes {
      do {
        let probe = try NodeConnection(address: node, timeout: min(requestTimeout, 2))
        guard let leader = try probe.leader() else { continue }
        let connection = leader == node ? probe : try NodeConnection(address: leader, timeout: 2)
        guard try connection.leader() == leader else { continue }
        connection.setReceiveTimeout(requestTimeout)
        return connection
      } catch {
        lastError = error
      }
    }
    throw lastError
  }

  /// The outcome of one statement.
  package enum Outcome {
    /// Rows to read to the end before the next statement.
    case rows(DqliteRows)
    /// A statement without rows.
    case done(ExecResult)
  }

  /// Runs one statement with positional parameters.
  ///
  /// - Parameters:
  ///   - sql: One statement.
  ///   - parameters: Its values by position; none binds `NULL` to every parameter.
  ///   - keepPrepared: For a write run many times with different values (`.import`'s
  ///     INSERT): the statement stays prepared on the leader for the next call with the same
  ///     text, one request instead of three. Not for statements whose tables may change
  ///     between calls: a statement prepared earlier fails when run, not when prepared.
  /// - Returns: The rows to read, or what EXEC reported.
  /// - Throws: `.refused` for an input known to crash dqlite 1.11.1, FAILURE errors from the
  ///   leader, `.transactionLost` when the leader went away with a transaction open or before
  ///   answering a write, `.noLeader` when none is found in time.
  package func execute(_ sql: String, parameters: [Value] = [], keepPrepared: Bool = false)
    throws(DqliteError) -> Outcome
  {
    let kind = StatementKind(sql)
    if let refusal = kind.refusal { throw DqliteError(.refused, refusal) }
    var attempts = 0
    while true {
      attempts += 1
      let wasInsideTransaction = isInsideTransaction
      do {
        return try send(sql, kind: kind, parameters: parameters, keep: keepPrepared)
      } catch  where error.isLeadershipLost {
        link = nil
        // live() already waited its whole timeout for a leader.
        if error.kind == .noLeader && !wasInsideTransaction { throw error }
        if wasInsideTransaction && (kind.keyword == "COMMIT" || kind.keyword == "END") {
          resetTransaction()
          throw DqliteError(
            .transactionLost,
            "the dqlite leader was lost before it answered COMMIT: the transaction may or may"
              + " not have been committed, and it is not retried (\(error.message))")
        }
        if wasInsideTransaction {
          resetTransaction()
          throw DqliteError(
            .transactionLost,
            "the dqlite leader was lost during a transaction: its changes were rolled back and"
              + " are not re-applied (\(error.message))")
        }
        guard kind.yieldsRows, attempts < 3 else {
          if kind.yieldsRows { throw error }
          throw DqliteError(
            .transactionLost,
            "the dqlite leader was lost before it answered: the statement may or may not have"
              + " been committed, and it is not retried (\(error.message))")
        }
        // A read outside a transaction: safe to run again on the new leader.
      }
    }
  }

  private func send(_ sql: String, kind: StatementKind, parameters: [Value], keep: Bool)
    throws(DqliteError)
    -> Outcome
  {
    let (connection, database) = try live()
    let prepared: (id: UInt32, parameters: Int)
    let isCached = keep && !kind.yieldsRows
    if isCached, let kept = cache.statement(for: sql) {
      prepared = kept
    } else {
      do {
        prepared = try connection.prepare(database: database, sql: sql)
      } catch {
        var failure = error
        failure.duringPrepare = failure.kind == .failure
        throw failure
      }
      if isCached, let evicted = cache.insert(prepared, for: sql) {
        try? connection.finalize(database: database, statement: evicted)
      }
    }
    guard prepared.parameters == parameters.count || parameters.isEmpty else {
      if !isCached { try? connection.finalize(database: database, statement: prepared.id) }
      throw DqliteError(
        code: 25,
        message: "statement has \(prepared.parameters) parameters, \(parameters.count) given")
    }
    let bound =
      parameters.isEmpty ? [Value](repeating: .null, count: prepared.parameters) : parameters
    if kind.yieldsRows {
      let first: Response
      do {
        first = try connection.startQuery(
          database: database, statement: prepared.id, parameters: bound)
      } catch {
        if !error.isLeadershipLost {
          try? connection.finalize(database: database, statement: prepared.id)
        }
        throw error
      }
      let rows = try DqliteRows(sql: sql, connection: connection, first: first) {
        [weak self] failure in
        if let failure, failure.isLeadershipLost {
          self?.link = nil
          return
        }
        try? connection.finalize(database: database, statement: prepared.id)
      }
      return .rows(rows)
    }
    defer { if !isCached { try? connection.finalize(database: database, statement: prepared.id) } }
    let result = try connection.exec(database: database, statement: prepared.id, parameters: bound)
    track(kind)
    return .done(result)
  }

  /// Follows BEGIN/COMMIT/ROLLBACK/SAVEPOINT/RELEASE that succeeded.
  private func track(_ kind: StatementKind) {
    switch kind.keyword {
    case "BEGIN":
      isInsideTransaction = true
      openedByBegin = true
    case "COMMIT", "END": resetTransaction()
    case "ROLLBACK":
      if kind.words.count >= 2,
        kind.words[1] == "TO" || (kind.words.count >= 3 && kind.words[2] == "TO")
      {
        return
      }
      resetTransaction()
    case "SAVEPOINT":
      if kind.words.count >= 2 { savepoints.append(String(kind.words[1])) }
      isInsideTransaction = true
    case "RELEASE":
      let name = kind.words.last.map(String.init) ?? ""
      if let index = savepoints.lastIndex(of: name) { savepoints.removeSubrange(index...) }
      if savepoints.isEmpty && !openedByBegin { isInsideTransaction = false }
    default: break
    }
  }

  private func resetTransaction() {
    isInsideTransaction = false
    openedByBegin = false
    savepoints.removeAll()
  }

  /// Every node with its role (CLUSTER), asked of the leader.
  package func cluster() throws(DqliteError) -> [NodeInfo] {
    try live().connection.cluster()
  }

  /// Runs `body` on the current link, dropping it when the leader went away.
  private static func now() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
  }
}

/// The statements a session keeps prepared, by SQL text, the oldest evicted past a limit.
struct PreparedCache {
  static let limit = 16
  private var statements: [String: (id: UInt32, parameters: Int)] = [:]
  private var order: [String] = []

  func statement(for sql: String) -> (id: UInt32, parameters: Int)? { statements[sql] }

  /// Keeps `statement`; the ID of the statement evicted to make room, if any.
  mutating func insert(_ statement: (id: UInt32, parameters: Int), for sql: String) -> UInt32? {
    statements[sql] = statement
    order.append(sql)
    guard order.count > Self.limit else { return nil }
    let oldest = order.removeFirst()
    return statements.removeValue(forKey: oldest)?.id
  }
}
