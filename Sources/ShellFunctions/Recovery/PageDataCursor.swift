import CSQLite
import Glibc
import SQLiteCore

/// One scan of `sqlite_dbdata` or `sqlite_dbptr`: page by page, the rows of one page at a time.
final class PageDataCursor: VirtualTableCursor {
  /// One row: where it is and what it holds.
  struct Entry {
    var page: Int
    var cell: Int
    var field: Int
    var value: RecordValue
  }

  let db: OpaquePointer
  let isPointers: Bool
  private var image: DatabaseImage?
  private var schema = "main"
  private var nextPage = 1
  private var lastPage = 0
  private var entries: [Entry] = []
  private var position = 0
  private(set) var rowid: Int64 = 0

  init(db: OpaquePointer, isPointers: Bool) {
    self.db = db
    self.isPointers = isPointers
  }

  /// Starts a scan of the schema and page the plan bits say are given (else `main`, all pages).
  func filter(plan: Int32, _ arguments: FunctionArguments) {
    var next = 0
    schema = "main"
    if plan & PageDataTable.Plan.schema != 0 {
      schema = arguments.string(next) ?? "main"
      next += 1
    }
    image = nil
    entries = []
    position = 0
    rowid = 0
    if let file = ByteSource(database: schema, of: db) {
      let path = sqlite3_db_filename(db, schema).map { String(cString: $0) } ?? ""
      let log = path.isEmpty ? nil : ByteSource(readingFile: path + "-wal")
      image = DatabaseImage(file: file, log: log)
    }
    nextPage = 1
    lastPage = image?.pageCount ?? 0
    if plan & PageDataTable.Plan.page != 0 {
      let page = arguments.int64(next)
      nextPage = Int(clamping: page)
      lastPage = min(lastPage, nextPage)
    }
    loadPages()
  }

  func next() {
    position += 1
    rowid += 1
    if position >= entries.count { loadPages() }
  }

  var isAtEnd: Bool { position >= entries.count }

  func column(_ index: Int32, into context: FunctionContext) {
    guard position < entries.count else { return }
    let entry = entries[position]
    switch (isPointers, index) {
    case (_, 0): context.result(Int64(entry.page))
    case (true, 1): context.result(Int64(entry.cell))
    case (false, 1): context.result(Int64(entry.cell))
    case (false, 2): context.result(Int64(entry.field))
    case (false, 3):
      switch entry.value {
      case .null: context.resultNull()
      case .integer(let value): context.result(value)
      case .real(let value): context.result(value)
      case .text(let bytes): context.result(text: bytes)
      case .blob(let bytes): context.result(blob: bytes)
      }
    default: context.result(text: schema)
    }
  }

  /// Fills `entries` from the next page that has any, or leaves it empty at the end.
  private func loadPages() {
    entries = []
    position = 0
    guard let image else { return }
    while entries.isEmpty, nextPage >= 1, nextPage <= lastPage {
      let number = nextPage
      nextPage += 1
      guard let page = image.btreePage(number) else { continue }
      if isPointers {
        entries = page.children.map { Entry(page: number, cell: $0, field: 0, value: .null) }
        continue
      }
      var overflow: [Int] = []
      for row in image.rows(of: page, overflowPages: &overflow) {
        if let rowid = row.rowid {
          entries.append(Entry(page: number, cell: row.cell, field: -1, value: .integer(rowid)))
        }
        for (field, value) in row.fields.enumerated() {
          entries.append(Entry(page: number, cell: row.cell, field: field, value: value))
        }
      }
    }
  }
}
