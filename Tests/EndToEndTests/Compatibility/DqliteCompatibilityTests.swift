import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The compatibility suite's piped scripts on a dqlite cluster: each case that runs on an
/// in-memory database (no arguments) runs in litesh on a fresh database of a real 3-node
/// cluster, and its standard output and exit status must be sqlite3's on a local database,
/// except for the cases listed in ``unsupported`` with the reason.
@Suite("Compatibility with sqlite3 on a dqlite cluster", .serialized)
struct DqliteCompatibilityTests {
  nonisolated(unsafe) private static var shared: TestCluster?
  private static let cluster: Result<TestCluster, any Error> = {
    let made = Result { try TestCluster() }
    if case .success(let cluster) = made {
      shared = cluster
      atexit { DqliteCompatibilityTests.shared?.stop() }
    }
    return made
  }()

  static let cases: [(Int, CompatibilityCase)] = Array(
    CompatibilityCases.all.enumerated().filter { $0.element.arguments.isEmpty })

  @Test("litesh on dqlite matches sqlite3", arguments: cases.map(\.0))
  func matches(_ index: Int) throws {
    let testCase = CompatibilityCases.all[index]
    if Self.unsupported[testCase.name] != nil { return }
    let cluster = try Self.cluster.get()
    let url = "dqlite://" + cluster.nodes.joined(separator: ",") + "/compat\(index)"
    let remote = CompatibilityCase(
      testCase.name, bytes: [Array(url.utf8)], input: testCase.input, files: testCase.files)
    let reference = try CompatibilityTests.run(CompatibilityTests.sqlite3, testCase)
    let actual = try CompatibilityTests.run(Binary.litesh, remote)
    #expect(
      String(decoding: actual.output, as: UTF8.self)
        == String(decoding: reference.output, as: UTF8.self), "\(testCase.name)")
    #expect(actual.status == reference.status, "\(testCase.name)")
  }

  @Test("most of the in-memory cases run on dqlite")
  func coverage() {
    #expect(Self.cases.count - Self.unsupported.count >= Self.cases.count / 2)
  }

  /// The cases that cannot give sqlite3's bytes on dqlite, with why.
  static let unsupported: [String: String] = [:]
}
