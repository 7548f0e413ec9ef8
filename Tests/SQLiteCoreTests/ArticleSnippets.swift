import Foundation
import Testing

/// Checks that every ```swift block of a DocC article appears, line for line, in the test file
/// that runs it (leading spaces aside), so the article's code is the code that compiles and runs.
enum ArticleSnippets {
  /// The lines of each swift block in the article, without their indentation.
  static func blocks(article: String) throws -> [[String]] {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../../Sources/SQLiteCore/SQLiteCore.docc/\(article)")
    let text = try String(contentsOf: url, encoding: .utf8)
    var blocks: [[String]] = []
    var current: [String]?
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if line == "```swift" {
        current = []
      } else if line == "```", let block = current {
        blocks.append(block)
        current = nil
      } else if current != nil {
        current?.append(trimmed(line))
      }
    }
    return blocks
  }

  /// Records an issue for each block of `article` that `testFile` does not hold.
  static func check(article: String, testFile: String) throws {
    let source = try String(contentsOfFile: testFile, encoding: .utf8)
      .split(separator: "\n", omittingEmptySubsequences: false).map(trimmed)
    let blocks = try blocks(article: article)
    #expect(!blocks.isEmpty)
    for block in blocks {
      let found = source.indices.contains { start in
        start + block.count <= source.count
          && Array(source[start..<(start + block.count)]) == block
      }
      #expect(
        found, "\(article): this block is not in the test file:\n\(block.joined(separator: "\n"))")
    }
  }

  private static func trimmed(_ line: Substring) -> String {
    String(line.drop { $0 == " " })
  }
}
