import CSQLite
import SQLiteCore

/// One scan of `completion`, its candidates found when the scan starts.
///
/// They come in sqlite3's phase order and are kept when they start with the prefix (ASCII case
/// ignored).
final class CompletionCursor: VirtualTableCursor {
  private let db: OpaquePointer?
  private var candidates: [(text: [UInt8], phase: Int32)] = []
  private var index = 0
  private var prefix: [UInt8]?
  private var wholeLine: [UInt8]?

  /// sqlite3's phase numbers, as the hidden `phase` column shows them.
  private enum Phase {
    static let keywords: Int32 = 1
    static let databases: Int32 = 7
    static let tables: Int32 = 8
    static let columns: Int32 = 9
  }

  init(db: OpaquePointer?) { self.db = db }

  var isAtEnd: Bool { index >= candidates.count }
  var rowid: Int64 { Int64(index + 1) }

  /// Starts a scan: plan bit 1 gives the prefix, bit 2 the whole line, whose last word is the
  /// prefix when none is given.
  func filter(plan: Int32, _ arguments: FunctionArguments) {
    var next = 0
    func argument() -> [UInt8]? {
      defer { next += 1 }
      guard let bytes = arguments.textBytes(next) else { return nil }
      let text = Array(bytes.prefix { $0 != 0 })
      return text.isEmpty ? nil : text
    }
    prefix = plan & 1 != 0 ? argument() : nil
    wholeLine = plan & 2 != 0 ? argument() : nil
    if let line = wholeLine, prefix == nil {
      let word = line.reversed().prefix { Self.isWordByte($0) }
      prefix = word.isEmpty ? nil : Array(word.reversed())
    }
    index = 0
    candidates = []
    for number in 0..<sqlite3_keyword_count() {
      var name: UnsafePointer<CChar>?
      var size: Int32 = 0
      guard sqlite3_keyword_name(number, &name, &size) == SQLITE_OK, let name else { continue }
      let bytes = UnsafeRawBufferPointer(start: name, count: Int(size))
      keep(Array(bytes), Phase.keywords)
    }
    let databases = query("PRAGMA database_list", column: 1)
    for name in databases { keep(name, Phase.databases) }
    let quoted = databases.map { String(decoding: $0, as: UTF8.self) }
    let tables = quoted.map { "SELECT name FROM \"\(Self.escaped($0, "\""))\".sqlite_schema" }
    for name in query(tables.joined(separator: " UNION "), column: 0) { keep(name, Phase.tables) }
    let columns = quoted.map {
      "SELECT pti.name FROM \"\(Self.escaped($0, "\""))\".sqlite_schema AS sm"
        + " JOIN pragma_table_info(sm.name,'\(Self.escaped($0, "'"))') AS pti"
        + " WHERE sm.type='table'"
    }
    for name in query(columns.joined(separator: " UNION "), column: 0) {
      keep(name, Phase.columns)
    }
  }

  func next() { index += 1 }

  func column(_ column: Int32, into context: FunctionContext) {
    guard index < candidates.count else { return }
    switch column {
    case 0: context.result(text: candidates[index].text)
    case 1: if let prefix { context.result(text: prefix) } else { context.resultNull() }
    case 2: if let wholeLine { context.result(text: wholeLine) } else { context.resultNull() }
    default: context.result(Int64(candidates[index].phase))
    }
  }

  /// Keeps `text` when it starts with the prefix, ASCII case ignored.
  private func keep(_ text: [UInt8], _ phase: Int32) {
    if let prefix {
      guard prefix.count <= text.count,
        zip(prefix, text).allSatisfy({ Self.lowercased($0) == Self.lowercased($1) })
      else { return }
    }
    candidates.append((text, phase))
  }

  /// Column `column` of each row `sql` returns; none when it fails.
  private func query(_ sql: String, column: Int32) -> [[UInt8]] {
    guard !sql.isEmpty else { return [] }
    var statement: OpaquePointer?
    guard sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK else {
      sqlite3_finalize(statement)
      return []
    }
    defer { sqlite3_finalize(statement) }
    var rows: [[UInt8]] = []
    while sqlite3_step(statement) == SQLITE_ROW {
      guard let text = sqlite3_column_text(statement, column) else { continue }
      rows.append(
        Array(UnsafeBufferPointer(start: text, count: Int(sqlite3_column_bytes(statement, column))))
      )
    }
    return rows
  }

  private static func escaped(_ name: String, _ quote: Character) -> String {
    String(name.flatMap { $0 == quote ? [quote, quote] : [$0] })
  }

  private static func isWordByte(_ byte: UInt8) -> Bool {
    (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
      || byte == UInt8(ascii: "_")
  }

  private static func lowercased(_ byte: UInt8) -> UInt8 {
    (0x41...0x5A).contains(byte) ? byte | 0x20 : byte
  }
}
