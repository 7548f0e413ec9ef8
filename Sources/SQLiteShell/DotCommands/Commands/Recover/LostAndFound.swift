import SQLiteCore
import ShellFunctions

/// The rows of pages no recovered tree reaches, as sqlite3's recover extension files them:
/// into `lost_and_found(rootpgno, pgno, nfield, id, c0, c1, …)`, where `rootpgno` is the top
/// of the orphan tree the page hangs from (found through the interior pages that point to it),
/// `id` the rowid if the cell has one, and `c0…` the fields.
struct LostAndFound {
  let image: DatabaseImage
  let options: RecoverOptions
  let emit: ([UInt8]) -> Void

  /// Writes the table and its rows when some page outside `used` holds a record.
  func write(used treePages: Set<Int>, scratch: Connection) throws(SQLiteError) {
    var used = treePages
    if options.ignoresFreelist { used.formUnion(freelistPages()) }
    let unused = (1...max(1, image.pageCount)).lazy.filter { !used.contains($0) }
    var parents: [Int: Int] = [:]
    var fieldCount = 0
    for number in 1...max(1, image.pageCount) {
      guard let page = image.btreePage(number) else { continue }
      for child in page.children where !used.contains(child) && parents[child] == nil {
        parents[child] = number
      }
      if !used.contains(number) {
        var overflow: [Int] = []
        for row in image.rows(of: page, overflowPages: &overflow) {
          fieldCount = max(fieldCount, row.fields.count)
        }
      }
    }
    guard fieldCount > 0, let name = try tableName(scratch) else { return }
    let columns = (0..<fieldCount).map { "c\($0)" }.joined(separator: ", ")
    let create =
      "CREATE TABLE \(name)(rootpgno INTEGER, pgno INTEGER, nfield INTEGER, id INTEGER, \(columns))"
    try scratch.execute(create)
    emit(Array(create.utf8))
    for number in unused {
      guard let page = image.btreePage(number) else { continue }
      let root = Self.root(of: number, parents: parents, used: used)
      var overflow: [Int] = []
      for row in image.rows(of: page, overflowPages: &overflow)
      where row.rowid != nil || !row.fields.isEmpty {
        var statement = Array(
          "INSERT INTO \(name) VALUES(\(root), \(number), \(row.fields.count), ".utf8)
        RecoveredValue.append(row.rowid.map(RecordValue.integer) ?? .null, to: &statement)
        for index in 0..<fieldCount {
          statement += ", ".utf8
          RecoveredValue.append(
            index < row.fields.count ? row.fields[index] : .null, to: &statement)
        }
        statement += ")".utf8
        emit(statement)
      }
    }
  }

  /// The orphan page at the top of the chain of parents above `page`; `page` itself when the
  /// chain reaches a used page or loops (as sqlite3's query finds no top then).
  private static func root(of page: Int, parents: [Int: Int], used: Set<Int>) -> Int {
    var current = page
    var seen: Set<Int> = [page]
    while let parent = parents[current] {
      guard !used.contains(parent), seen.insert(parent).inserted else { return page }
      current = parent
    }
    return current
  }

  /// The name, or the first of `name_0` … `name_999` that no table of the script has.
  private func tableName(_ scratch: Connection) throws(SQLiteError) -> String? {
    let base = options.lostAndFound
    for candidate in [base] + (0..<1000).map({ "\(base)_\($0)" }) {
      let taken = try scratch.query("SELECT 1 FROM sqlite_schema WHERE name=?1", [candidate])
      if taken.isEmpty { return candidate }
    }
    return nil
  }

  /// The freelist's trunk pages and the leaf pages they list.
  private func freelistPages() -> Set<Int> {
    var pages = Set<Int>()
    let header = image.header
    guard header.count == 100 else { return pages }
    var trunk = Int(header[32..<36].reduce(UInt32(0)) { $0 << 8 | UInt32($1) })
    let perTrunk = image.usableSize / 4 - 2
    while trunk > 0, pages.insert(trunk).inserted, let bytes = image.page(trunk) {
      let count = min(perTrunk, Int(bytes[4..<8].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }))
      for index in 0..<max(0, count) {
        let offset = 8 + 4 * index
        pages.insert(Int(bytes[offset..<offset + 4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }))
      }
      trunk = Int(bytes[0..<4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) })
    }
    return pages
  }
}
