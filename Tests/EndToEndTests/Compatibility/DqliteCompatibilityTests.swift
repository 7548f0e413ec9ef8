import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The compatibility suite's piped scripts on a dqlite cluster: each case that runs on an
/// in-memory database (no arguments) runs in litesh on a fresh database of a real 3-node
/// cluster, and its standard output, exit status and standard error (less the caret lines:
/// dqlite gives no error offset) must be sqlite3's on a local database, except for the cases
/// given a reason by ``reason(_:)`` or ``differentErrors``.
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
    // The read pool is a local-file feature: the LITESH_COMPAT_READERS run skips the cluster.
    if Self.reason(testCase.name) != nil || CompatibilityTests.readers != nil { return }
    let cluster = try Self.cluster.get()
    let url = "dqlite://" + cluster.nodes.joined(separator: ",") + "/compat\(index)"
    let remote = CompatibilityCase(
      testCase.name, bytes: [Array(url.utf8)], input: testCase.input, files: testCase.files)
    let reference = try CompatibilityTests.run(CompatibilityTests.sqlite3, testCase)
    let actual = try CompatibilityTests.run(Binary.litesh, remote)
    #expect(
      String(decoding: actual.output, as: UTF8.self)
        == String(decoding: reference.output, as: UTF8.self), "\(testCase.name): \(actual.errors)")
    #expect(actual.status == reference.status, "\(testCase.name)")
    if Self.differentErrors[testCase.name] == nil {
      #expect(
        actual.errors == Self.withoutCarets(reference.errors),
        "\(testCase.name): stderr differs")
    }
  }

  /// sqlite3's stderr without the caret blocks under its error messages (the statement's text
  /// and `^--- error here`): dqlite's FAILURE has no error offset, so litesh prints none.
  static func withoutCarets(_ errors: String) -> String {
    var lines = errors.split(separator: "\n", omittingEmptySubsequences: false)
    while let caret = lines.firstIndex(where: {
      $0.hasSuffix("^--- error here") || $0.hasSuffix("error here ---^")
    }) {
      lines.removeSubrange(max(0, caret - 1)...caret)
    }
    return lines.joined(separator: "\n")
  }

  @Test("at least 272 of the in-memory cases run on dqlite")
  func coverage() {
    let skipped = Self.cases.filter { Self.reason($0.1.name) != nil }.count
    #expect(Self.cases.count - skipped >= 272, "\(skipped) of \(Self.cases.count) skipped")
  }

  /// Why a case cannot give sqlite3's bytes on dqlite, or `nil` when it must.
  static func reason(_ name: String) -> String? {
    if let reason = differences[name] { return reason }
    if ["fsdir", "sqlar_", "shell helper", "completion", "zipfile"].contains(where: name.hasPrefix)
    {
      return shellFunctions
    }
    return localCommands.first { name.hasPrefix($0 + " ") || name == $0 }.map {
      "\($0) reads or drives the local SQLite connection; on dqlite it refuses"
    }
  }

  /// Dot-commands that work on the local connection (file I/O, hooks, limits, statistics,
  /// query plans): on a cluster they say they need a local file.
  static let localCommands = [
    ".sha3sum", ".databases", ".backup", ".dbconfig", ".vfsinfo", ".limit",
    ".stats", ".trace", ".log", ".progress", ".auth", ".lint", ".clone",
    ".filectrl", ".archive", ".session", ".connection", ".imposter", ".selftest", ".testctrl",
    ".expert",
  ]

  static let shellFunctions =
    "the shell's own SQL functions (generate_series, sha3, fsdir, …) are not on the dqlite nodes"
  static let showsFileName = ".show prints the dqlite address as the file name"
  static let attaches = "ATTACH is refused on dqlite (one database per connection)"

  /// Cases whose standard output matches but whose standard error differs by nature.
  static let differentErrors: [String: String] = [
    ".fullschema without statistics": attaches,
    ".restore errors": refuses,
    ".load errors": refuses,
  ]

  static let refuses =
    "the command needs the local connection: on dqlite it says so instead of SQLite's error"

  /// Other cases that differ on dqlite by nature.
  static let differences: [String: String] = [
    "abbreviations resolve in sqlite3's order": showsFileName,
    ".show after settings": showsFileName,
    ".nullvalue and .separator errors and clipping": showsFileName,
    ".import in csv mode changes the row separator for good": showsFileName,
    ".show defaults": showsFileName,
    ".show lists a width for each column of the last columnar result": showsFileName,
    ".width resets": showsFileName,
    ".output errors": showsFileName,
    ".tables lists tables and views in columns": attaches,
    ".tables filters with a LIKE pattern": attaches,
    ".indexes lists indexes by table pattern": attaches,
    ".schema prints every schema in order": attaches,
    ".schema with LIKE and GLOB patterns": attaches,
    ".schema --indent breaks long tables": attaches,
    ".parameter init creates the table":
      "on dqlite the shell keeps .parameter values in a database of its own, not in the"
      + " cluster's temp schema",
    ".eqp trigger shows trigger plans and no bytecode; full shows both":
      "trigger plans need a setting of the leader's connection (SQLITE_DBCONFIG_TRIGGER_EQP)"
      + " that the wire protocol cannot change",
    "a write with RETURNING prints its rows":
      "a write with RETURNING is refused on dqlite 1.11.1 (EXEC returns no rows; as a QUERY the"
      + " write is not replicated and the leader aborts)",
    "generate_series ordered by rowid, descending": shellFunctions,
    "Latin-1 text from stdin is stored unchanged":
      "statements travel as UTF-8 text (dqlite's text is NUL-terminated UTF-8)",
    "Latin-1 text from .read is stored unchanged":
      "statements travel as UTF-8 text (dqlite's text is NUL-terminated UTF-8)",
    ".print and .parameter set pass Latin-1 bytes":
      "statements travel as UTF-8 text (dqlite's text is NUL-terminated UTF-8)",
    ".import into another schema": attaches,
  ]
}
