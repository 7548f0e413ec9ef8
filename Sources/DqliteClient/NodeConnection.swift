import SQLiteCore

/// One connection to one node: the handshake, then request/response pairs, in order.
///
/// Not thread-safe: it is used by one thread at a time (the shell's, or one `.bench` worker's).
final class NodeConnection {
  /// The node's address, `HOST:PORT`.
  let address: String
  private let socket: Socket

  /// Connects and sends the protocol version (1).
  init(address: String, timeout: Double) throws(DqliteError) {
    self.address = address
    socket = try Socket(address: address, timeout: timeout)
    var version = MessageEncoder()
    version.uint64(1)
    try socket.write(version.bytes)
  }

  /// Sends one request and reads the response header and body; FAILURE becomes an error.
  func request(_ type: RequestType, _ body: MessageEncoder) throws(DqliteError) -> Response {
    try socket.write(body.message(type: type))
    return try readResponse()
  }

  /// Reads the next response (a query's further ROWS batches come unasked).
  func readResponse() throws(DqliteError) -> Response {
    let header = try socket.read(8)
    let words = Int(header[0]) | Int(header[1]) << 8 | Int(header[2]) << 16 | Int(header[3]) << 24
    let body = words == 0 ? [] : try socket.read(words * 8)
    guard let type = ResponseType(rawValue: header[4]) else {
      throw DqliteError.protocolError("unknown response type \(header[4])")
    }
    if type == .failure {
      var decoder = MessageDecoder(body)
      let code = try decoder.uint64()
      let message = try decoder.text()
      if !decoder.isAtEnd, let count = Self.columnCount(ofFailure: body) {
        if let failure = Self.failureAfterColumns(body, count: count) { throw failure }
        // Rows came before the failing step: read them, then the failure (as sqlite3 does).
        return Response(type: .rows, decoder: MessageDecoder(body), endsInFailure: true)
      }
      throw DqliteError(code: code, message: message)
    }
    return Response(type: type, decoder: MessageDecoder(body))
  }

  /// A FAILURE whose body starts with a result's column header: its column count, else `nil`.
  ///
  /// dqlite 1.11.1 answers a QUERY whose step fails with FAILURE, but the body still holds
  /// what that batch wrote before the failing step (column count and names, then the rows
  /// already stepped) and only then the code and message: read naively, the message would be
  /// the first column's name.
  static func columnCount(ofFailure body: [UInt8]) -> Int? {
    var decoder = MessageDecoder(body)
    guard let count = try? decoder.uint64(), count > 0, count < UInt64(body.count) else {
      return nil
    }
    for _ in 0..<count where (try? decoder.text()) == nil { return nil }
    return decoder.isAtEnd ? nil : Int(count)
  }

  /// The code and message of such a FAILURE when no row came before the failing step.
  static func failureAfterColumns(_ body: [UInt8], count: Int) -> DqliteError? {
    var decoder = MessageDecoder(body)
    _ = try? decoder.uint64()
    for _ in 0..<count { _ = try? decoder.text() }
    return trailingFailure(&decoder)
  }

  /// The code and message when they are all that is left in `decoder` (consumed), else `nil`.
  static func trailingFailure(_ decoder: inout MessageDecoder) -> DqliteError? {
    var probe = decoder
    guard let code = try? probe.uint64(), let message = try? probe.text(), probe.isAtEnd else {
      return nil
    }
    decoder = probe
    return DqliteError(code: code, message: message)
  }

  func setReceiveTimeout(_ seconds: Double) { socket.setReceiveTimeout(seconds) }

  /// LEADER: the address of the node this one believes leads, or `nil` if it knows none.
  func leader() throws(DqliteError) -> String? {
    var body = MessageEncoder()
    body.uint64(0)
    var response = try request(.leader, body)
    try response.expect(.node)
    _ = try response.decoder.uint64()
    let address = try response.decoder.text()
    return address.isEmpty ? nil : address
  }

  /// CLIENT: registers this client.
  func register(id: UInt64) throws(DqliteError) {
    var body = MessageEncoder()
    body.uint64(id)
    try request(.client, body).expect(.welcome)
  }

  /// OPEN: opens (creating) the database `name`; returns its id.
  func open(_ name: String) throws(DqliteError) -> UInt32 {
    var body = MessageEncoder()
    body.text(name)
    body.uint64(0)
    body.text("volatile")
    var response = try request(.open, body)
    try response.expect(.database)
    return try response.decoder.uint32()
  }

  /// CLUSTER (format 1): every node with its role.
  func cluster() throws(DqliteError) -> [NodeInfo] {
    var body = MessageEncoder()
    body.uint64(1)
    var response = try request(.cluster, body)
    try response.expect(.nodes)
    let count = try response.decoder.uint64()
    var nodes: [NodeInfo] = []
    for _ in 0..<count {
      let id = try response.decoder.uint64()
      let address = try response.decoder.text()
      let role = try response.decoder.uint64()
      nodes.append(NodeInfo(id: id, address: address, role: NodeInfo.Role(code: role)))
    }
    return nodes
  }

  /// PREPARE: a statement id and its parameter count.
  func prepare(database: UInt32, sql: String) throws(DqliteError) -> (id: UInt32, parameters: Int) {
    var body = MessageEncoder()
    body.uint64(UInt64(database))
    body.text(sql)
    var response = try request(.prepare, body)
    try response.expect(.statement)
    _ = try response.decoder.uint32()
    let id = try response.decoder.uint32()
    let parameters = try response.decoder.uint64()
    return (id, Int(clamping: parameters))
  }

  /// The body EXEC and QUERY share: database, statement, then the parameters.
  private static func statementBody(
    _ database: UInt32, _ statement: UInt32, _ parameters: [Value]
  ) throws(DqliteError) -> MessageEncoder {
    var body = MessageEncoder()
    body.uint32(database)
    body.uint32(statement)
    try body.parameters(parameters)
    return body
  }

  /// EXEC: runs a prepared statement; last insert id and changes.
  func exec(database: UInt32, statement: UInt32, parameters: [Value]) throws(DqliteError)
    -> ExecResult
  {
    let body = try Self.statementBody(database, statement, parameters)
    return try ExecResult(try request(.exec, body))
  }

  /// QUERY: sends the request; the caller reads the ROWS batches with `readResponse()`.
  func startQuery(database: UInt32, statement: UInt32, parameters: [Value]) throws(DqliteError)
    -> Response
  {
    let body = try Self.statementBody(database, statement, parameters)
    let response = try request(.query, body)
    try response.expect(.rows)
    return response
  }

  /// FINALIZE: frees a prepared statement on the node.
  func finalize(database: UInt32, statement: UInt32) throws(DqliteError) {
    var body = MessageEncoder()
    body.uint32(database)
    body.uint32(statement)
    try request(.finalize, body).expect(.empty)
  }

  /// EXEC_SQL: runs SQL text (several statements allowed) without rows.
  func execSQL(database: UInt32, sql: String, parameters: [Value] = []) throws(DqliteError)
    -> ExecResult
  {
    var body = MessageEncoder()
    body.uint64(UInt64(database))
    body.text(sql)
    try body.parameters(parameters)
    return try ExecResult(try request(.execSQL, body))
  }
}

/// One response: its type and a decoder over its body.
struct Response {
  let type: ResponseType
  var decoder: MessageDecoder
  /// A ROWS body that ends in a failure's code and message instead of a marker.
  var endsInFailure = false

  func expect(_ expected: ResponseType) throws(DqliteError) {
    guard type == expected else {
      throw DqliteError.protocolError("expected response \(expected), got \(type)")
    }
  }
}

/// What EXEC reports.
package struct ExecResult: Sendable, Equatable {
  /// The rowid of the last insert on this connection.
  package var lastInsertID: Int64
  /// The rows the statement changed.
  package var changes: Int

  init(_ response: Response) throws(DqliteError) {
    try response.expect(.result)
    var decoder = response.decoder
    lastInsertID = try decoder.int64()
    changes = Int(clamping: try decoder.uint64())
  }
}
