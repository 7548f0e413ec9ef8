extension DatabaseImage {
  /// The b-tree pages of the tree rooted at `root`, depth-first in key order, each once: a page
  /// already in `visited` (a cycle, or a page two trees claim) is not entered again, and a
  /// child that is missing or not a b-tree page is skipped.
  package func treePages(root: Int, visited: inout Set<Int>) -> [BTreePage] {
    var result: [BTreePage] = []
    forEachTreePage(root: root, visited: &visited) { result.append($0) }
    return result
  }

  /// Calls `body` with each page ``treePages(root:visited:)`` would list, in the same order,
  /// holding one page at a time: memory stays flat whatever the size of the tree.
  package func forEachTreePage(
    root: Int, visited: inout Set<Int>, _ body: (BTreePage) throws -> Void
  ) rethrows {
    var stack = [root]
    while let number = stack.popLast() {
      guard visited.insert(number).inserted, let page = btreePage(number) else { continue }
      stack.append(contentsOf: page.children.reversed())
      try body(page)
    }
  }

  /// The rows a b-tree page holds: each cell's rowid (table leaves) and decoded fields.
  ///
  /// `overflowPages` collects the overflow pages they used. Table interior cells hold no row and give none.
  package func rows(of page: BTreePage, overflowPages: inout [Int]) -> [PageRow] {
    guard page.kind != .tableInterior else { return [] }
    let encoding = textEncoding
    return (0..<page.cellCount).compactMap { index in
      guard let cell = page.cell(index) else { return nil }
      let payload = payload(of: cell, overflowPages: &overflowPages)
      return PageRow(
        cell: index, rowid: cell.rowid, fields: Record.decode(payload, textEncoding: encoding))
    }
  }
}

/// One cell's row: where it is, its rowid (table b-trees) and its fields.
package struct PageRow: Sendable {
  /// The cell's index on its page.
  package var cell: Int
  /// The rowid, for a table b-tree's cell.
  package var rowid: Int64?
  /// The record's fields.
  package var fields: [RecordValue]
}
