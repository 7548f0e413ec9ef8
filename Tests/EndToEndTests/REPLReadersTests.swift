import Foundation
import TestSupport
import Testing

/// Ctrl-C in the REPL with readers: the query runs on a reader, and the interrupt reaches it.
@Suite(
  "REPL with readers", .serialized, .enabled(if: REPLTerminal.isAvailable, "tmux is not installed"))
struct REPLReadersTests {
  @Test("Ctrl-C stops an endless query on a reader, which then serves the next query")
  func interruptOnReader() throws {
    try ScratchDirectory.with("litesh-readers") { scratch in
      let directory = scratch.root
      try withREPL(arguments: ["-list", "--readers", "2", directory + "/r.db"]) { terminal in
        try terminal.run("CREATE TABLE t(a); INSERT INTO t VALUES(1);")
        let prompts = try terminal.interrupt(
          "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM c) SELECT count(*) FROM c;",
          timeout: 5)
        try terminal.waitUntil("the next prompt", timeout: 5) { terminal.promptCount() > prompts }
        try terminal.run(".readers", expecting: "(1 open, 0 busy, 1 idle)")
        try terminal.waitFor("routed: 0 statements ran on readers")
        try terminal.run("SELECT a + 41 FROM t;", expecting: "\n42")
        try terminal.run(".readers", expecting: "routed: 1 statement ran on readers")
      }
    }
  }

  @Test("Ctrl-C reaches a query on the connection a .read script opened in the same line")
  func interruptAfterOpenInSameLine() throws {
    try ScratchDirectory.with("litesh-readers") { scratch in
      let directory = scratch.root
      // One REPL line (`.read`) opens another file, turns readers on and runs an endless query:
      // Ctrl-C must reach the connection and readers of that moment, not those the line began on.
      let script = """
        .open \(directory)/second.db
        .readers 2
        WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM c) SELECT count(*) FROM c;
        """
      try script.write(toFile: directory + "/endless.sql", atomically: true, encoding: .utf8)
      try withREPL { terminal in
        try terminal.run("SELECT 1;")  // the first connection is open before the line starts
        try terminal.waitFor("\n1")
        let prompts = try terminal.interrupt(".read \(directory)/endless.sql", timeout: 5)
        try terminal.waitUntil("the next prompt", timeout: 5) { terminal.promptCount() > prompts }
        try terminal.run(".show", expecting: "second.db")
      }
    }
  }
}
