/// The `.help` texts of litesh's transaction commands, in sqlite3's layout (usage padded to 25
/// columns, then the summary; details indented).
extension HelpText {
  static let beginHelp = [
    ".begin ?KIND?            Open a transaction; the prompt shows [tx] until it ends",
    "     KIND is deferred (default), immediate or exclusive",
  ]
  static let commitHelp = [
    ".commit                  Commit the open transaction"
  ]
  static let rollbackHelp = [
    ".rollback ?SAVEPOINT?    Roll back the transaction, or back to SAVEPOINT",
    "     ROLLBACK TO keeps SAVEPOINT open; leaving with a transaction open rolls back",
  ]
  static let savepointHelp = [
    ".savepoint NAME          Open savepoint NAME (a transaction if none is open)"
  ]
  static let releaseHelp = [
    ".release NAME            Release savepoint NAME and those opened after it",
    "     Releasing the savepoint that began the transaction commits it",
  ]
}

/// The `.help` texts of the dqlite commands.
extension HelpText {
  static let clusterHelp = [
    ".cluster                 Show the dqlite cluster's nodes, roles and leader"
  ]
  static let leaderHelp = [
    ".leader                  Show the dqlite node statements go to (the leader)"
  ]
}
