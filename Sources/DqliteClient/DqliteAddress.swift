/// A `dqlite://HOST:PORT[,HOST:PORT…]/DATABASE` address.
package struct DqliteAddress: Sendable, Equatable {
  /// The nodes to ask for the leader, in order.
  package var nodes: [String]
  /// The database name on the cluster.
  package var database: String

  /// Whether `text` names a dqlite database rather than a file.
  package static func isDqliteURL(_ text: String) -> Bool { text.hasPrefix("dqlite://") }

  /// Parses the address; `nil` with a reason when malformed.
  package static func parse(_ text: String) -> Result<DqliteAddress, DqliteError> {
    guard isDqliteURL(text) else {
      return .failure(DqliteError(.connection, "not a dqlite:// address: \(text)"))
    }
    let rest = text.dropFirst("dqlite://".count)
    guard let slash = rest.firstIndex(of: "/") else {
      return .failure(
        DqliteError(.connection, "dqlite address needs a database name: dqlite://HOST:PORT/NAME"))
    }
    let nodes = rest[..<slash].split(separator: ",").map(String.init)
    let database = String(rest[rest.index(after: slash)...])
    guard !nodes.isEmpty, nodes.allSatisfy({ $0.contains(":") }), !database.isEmpty,
      !database.contains("/")
    else {
      return .failure(
        DqliteError(
          .connection, "malformed dqlite address '\(text)' (want dqlite://HOST:PORT[,…]/NAME)"))
    }
    return .success(DqliteAddress(nodes: nodes, database: database))
  }
}
