import SQLiteCore
import SQLiteShell
import ShellFunctions

/// Arbitrary bytes as a database file (and as a `-wal` file): every page parsed as a b-tree
/// page, every tree walked, every record decoded, then `.recover`'s whole script.
///
/// A crash, a hang or a runaway allocation is a finding; so is a page visited twice in one
/// walk, a payload longer than its cell claims, or a script without its frame.
enum PagesFuzz {
  static func run(_ data: [UInt8]) -> [String] {
    var failures: [String] = []
    let image = DatabaseImage(file: ByteSource(bytes: data), log: ByteSource(bytes: data))
    for root in 0...image.pageCount + 1 {
      var visited = Set<Int>()
      let pages = image.treePages(root: root, visited: &visited)
      if Set(pages.map(\.number)).count != pages.count {
        failures.append("page twice from \(root)")
      }
      for page in pages {
        for index in 0..<page.cellCount {
          guard let cell = page.cell(index) else { continue }
          var overflow: [Int] = []
          let payload = image.payload(of: cell, overflowPages: &overflow)
          if payload.count > cell.payloadSize { failures.append("payload over its size") }
          _ = Record.decode(payload, textEncoding: image.textEncoding)
        }
      }
    }
    do {
      let script = try DatabaseRecovery.script(for: image)
      let text = String(decoding: script, as: UTF8.self)
      if !text.hasPrefix("BEGIN;\n") || !text.hasSuffix("COMMIT;\n") {
        failures.append("script without BEGIN/COMMIT")
      }
    } catch {
      failures.append("recovery failed: \(error.message)")
    }
    return failures
  }
}
