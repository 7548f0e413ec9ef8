import Synchronization
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A real 3-node dqlite cluster on loopback for one test (scripts/dqlite-cluster.sh).
///
/// Each cluster gets its own ports and data directory; `stop()` ends the nodes (SIGKILL after
/// 2 s) and removes the directory.
final class TestCluster: Sendable {
  let directory: String
  let basePort: Int
  var nodes: [String] { (1...3).map { "127.0.0.1:\(basePort + $0)" } }
  var url: String { "dqlite://" + nodes.joined(separator: ",") + "/app" }

  private static let counter = Atomic<Int>(0)

  static let script: String = {
    var path = #filePath
    for _ in 0..<4 { path = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)]) }
    return path + "/scripts/dqlite-cluster.sh"
  }()

  init() throws {
    let slot = Self.counter.add(1, ordering: .relaxed).newValue
    // Below 32768, where Linux hands out ephemeral ports: a client socket of another test
    // once held a node's port, and the cluster could not start.
    basePort = 20000 + Int(getpid() % 300) * 40 + slot * 4
    var template = Array("/tmp/litesh-dqlite-XXXXXX".utf8CString)
    let made = template.withUnsafeMutableBufferPointer { buffer in
      buffer.baseAddress.flatMap { mkdtemp($0) }
    }
    guard made != nil else { throw ClusterError(message: "mkdtemp failed") }
    directory = String(
      decoding: template.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    do {
      try Self.run(["start", directory, String(basePort)])
    } catch {
      stop()
      throw error
    }
  }

  func stop() {
    try? Self.run(["stop", directory])
    _ = try? Self.shell("rm -rf '\(directory)'")
  }

  func kill(node: Int) throws { try Self.run(["kill", directory, String(node)]) }

  func restart(node: Int) throws { try Self.run(["restart", directory, String(node)]) }

  /// The node number (1...3) of an address.
  func number(of address: String) -> Int? {
    nodes.firstIndex(of: address).map { $0 + 1 }
  }

  private static func run(_ arguments: [String]) throws {
    let status = try shell(([script] + arguments).map { "'\($0)'" }.joined(separator: " "))
    guard status == 0 else {
      throw ClusterError(message: "dqlite-cluster.sh \(arguments.joined(separator: " ")) failed")
    }
  }

  @discardableResult
  static func shell(_ command: String) throws -> Int32 {
    var pid: pid_t = 0
    let argv: [UnsafeMutablePointer<CChar>?] = [
      strdup("/bin/sh"), strdup("-c"), strdup(command), nil,
    ]
    defer { for pointer in argv { free(pointer) } }
    guard posix_spawn(&pid, "/bin/sh", nil, nil, argv, environ) == 0 else {
      throw ClusterError(message: "cannot spawn /bin/sh")
    }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    return (status >> 8) & 0xFF
  }
}

struct ClusterError: Error, CustomStringConvertible {
  var message: String
  var description: String { message }
}
