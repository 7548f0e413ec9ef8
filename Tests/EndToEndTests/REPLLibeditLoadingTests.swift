import Foundation
import TestSupport
import Testing

/// libedit is loaded with `dlopen` when the REPL starts: never by a piped start, and a REPL
/// without it still runs SQL.
@Suite(
  "REPL libedit loading", .serialized,
  .enabled(if: REPLTerminal.isAvailable, "tmux is not installed"))
struct REPLLibeditLoadingTests {
  @Test("a start with SQL arguments does not map libedit; the REPL does")
  func onlyTheREPLLoadsLibedit() throws {
    let directory = try ScratchDirectory("litesh-libedit")
    defer { directory.remove() }
    let piped = try BatchRun.run(
      Binary.litesh, [":memory:", ".system grep -c libedit /proc/$PPID/maps || true"],
      in: directory)
    #expect(piped.outputText == "0\n", "stderr: \(piped.errors)")

    try withREPL { terminal in
      try terminal.run(
        ".system grep -q libedit /proc/$PPID/maps && echo MAPPED-LIBEDIT",
        expecting: "\nMAPPED-LIBEDIT")
    }
  }

  @Test("without a usable libedit the REPL says why, runs SQL, and keeps no history")
  func replWithoutLibedit() throws {
    try ScratchDirectory.with("litesh-no-libedit") { scratch in
      let libraries = scratch.root
      // A real shared object without libedit's symbols, under libedit's name.
      let sqlite = try #require(Self.mappedLibrary(containing: "libsqlite3.so"))
      try FileManager.default.copyItem(atPath: sqlite, toPath: libraries + "/libedit.so.2")

      try withREPL(arguments: ["-list"], environment: ["LD_LIBRARY_PATH": libraries]) { terminal in
        #expect(terminal.screen().contains("cannot load libedit (libedit has no readline)"))
        try terminal.run("SELECT 40 + 2;", expecting: "\n42")
        try terminal.endWithControlD()
        #expect(!FileManager.default.fileExists(atPath: terminal.home + "/.litesh_history"))
      }
    }
  }

  /// The path of a shared object this test process has mapped whose name contains `name`.
  static func mappedLibrary(containing name: String) -> String? {
    // Read to the end: a /proc file reports a size of 0.
    guard let data = FileHandle(forReadingAtPath: "/proc/self/maps")?.readDataToEndOfFile()
    else { return nil }
    let maps = String(decoding: data, as: UTF8.self)
    return maps.split(separator: "\n").lazy.compactMap { line in
      line.split(separator: " ", omittingEmptySubsequences: true).last.map(String.init)
    }.first { $0.hasPrefix("/") && $0.contains(name) }
  }
}
