import DqliteClient
import SQLiteCore

/// What the shell holds open besides ``Shell/connection``, and what belongs to that connection
/// (``Shell/connections``).
struct ShellConnections {
  /// The read pool, while readers are on.
  var readPool: ReadPool?
  /// The dqlite cluster session, when the database is a `dqlite://` address.
  var dqlite: DqliteSession?
  /// On a cluster, the in-memory database where `.parameter` keeps its values.
  var dqliteParameters: Connection?
  /// `.connection`: the numbered connections that are not the active one.
  var slots = ConnectionSlots()
  /// `.session`: the change-recording sessions open on the connection.
  var changeSessions = ChangeSessions()
  /// `.expert`: the index advisor waiting for the next SQL, which it takes instead of running.
  var pendingExpert: PendingExpert?
  /// The prepared shapes of literal INSERT statements (a dump being restored).
  let literalInserts = LiteralInsertRunner()
}
