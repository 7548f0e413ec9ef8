import Foundation
import TestSupport
import Testing

/// Piped input never reaches the REPL: no prompt, no banner, no history, no escape codes.
@Suite("REPL piped")
struct REPLPipedTests {
  @Test("piped input gets no prompt, no history file, no pager and no escape codes")
  func pipedOutputIsPlain() throws {
    try ScratchDirectory.with("litesh-piped") { scratch in
      let home = scratch.root
      let process = Process()
      process.executableURL = URL(fileURLWithPath: Binary.litesh)
      var environment = ProcessInfo.processInfo.environment
      environment["HOME"] = home
      environment["XDG_CONFIG_HOME"] = home + "/.config"
      environment.removeValue(forKey: "NO_COLOR")
      environment.removeValue(forKey: "LITESH_HISTORY")
      let pager = home + "/pager.sh"
      try writeExecutableScript("#!/bin/sh\ntouch '\(home)/pager-used'\ncat\n", to: pager)
      environment["PAGER"] = pager
      process.environment = environment
      let input = Pipe()
      let output = Pipe()
      let errors = Pipe()
      process.standardInput = input
      process.standardOutput = output
      process.standardError = errors
      try process.run()
      BrokenPipe.write(
        Data(
          ".pager on\n.color on\n.headers on\nSELECT NULL AS n, '日本' AS v;\nSELECT * FROM nosuch;\n"
            .utf8), to: input.fileHandleForWriting)
      try input.fileHandleForWriting.close()
      let stdout = output.fileHandleForReading.readDataToEndOfFile()
      let stderr = errors.fileHandleForReading.readDataToEndOfFile()
      process.waitUntilExit()
      #expect(!stdout.contains(0x1B))
      #expect(!stderr.contains(0x1B))
      #expect(!String(decoding: stdout, as: UTF8.self).contains("litesh>"))
      #expect(!FileManager.default.fileExists(atPath: home + "/.litesh_history"))
      #expect(!FileManager.default.fileExists(atPath: home + "/pager-used"))
      #expect(String(decoding: stdout, as: UTF8.self) == "n|v\n|日本\n")
    }
  }
}
