/// A database's pages, read from its file and the committed frames of its `-wal` file, for
/// code that parses pages itself (`.recover`, `sqlite_dbdata`): nothing is trusted but the
/// bytes, and nothing is written.
///
/// The page size comes from the header, else from the log's header, else it is guessed from
/// the file (the header may be what is broken). See https://www.sqlite.org/fileformat2.html.
package final class DatabaseImage {
  /// The database file's bytes.
  package let file: ByteSource
  /// The committed frames of the `-wal` file, if it has any.
  package let log: WriteAheadLog?
  private let logBytes: ByteSource?
  /// The page size in bytes (512 to 65536).
  package let pageSize: Int
  /// The bytes of each page that b-tree content may use: the page size less the reserved bytes.
  package let usableSize: Int
  /// The number of pages: the log's after its last commit, else the whole pages in the file.
  package let pageCount: Int
  /// Whether page 1 starts with "SQLite format 3" and the header's page size is valid.
  package let hasValidHeader: Bool

  /// Whether the image holds nothing a database would: bytes, but neither a valid header nor
  /// any page that parses as a b-tree page (a file that is not a database at all).
  package var isUnrecognizable: Bool {
    (file.size > 0 || log != nil) && !hasValidHeader
      && !(0..<pageCount).contains { btreePage($0 + 1) != nil }
  }

  /// The image of `file`, overlaid by the committed frames of `log` when given.
  package init(file: ByteSource, log logBytes: ByteSource? = nil) {
    self.file = file
    let log = logBytes.flatMap { WriteAheadLog($0) }
    let header =
      if let log, let logBytes, let offset = log.frameOffsets[1] {
        logBytes.read(offset: offset, count: 100)
      } else {
        file.read(offset: 0, count: 100)
      }
    let magic = Array("SQLite format 3\0".utf8)
    let headerSize = Self.pageSize(header)
    hasValidHeader = header.count == 100 && header.starts(with: magic) && headerSize != nil
    var size = headerSize ?? log?.pageSize ?? Self.guessPageSize(file)
    if let log, log.pageSize != size { size = log.pageSize }
    pageSize = size
    let reserved = header.count == 100 && hasValidHeader ? Int(header[20]) : 0
    usableSize = max(480, size - reserved)
    self.log = log
    self.logBytes = log == nil ? nil : logBytes
    // A commit frame's size is bounded by the pages there are: the file's and the log's.
    let filePages = file.size / size
    pageCount =
      log.map { min($0.pageCount, max(filePages, $0.frameOffsets.keys.max() ?? 0)) } ?? filePages
  }

  /// Page `number` (1-based), `pageSize` bytes long, or `nil` when the file does not hold all
  /// of it (a page cut short by truncation is lost: zeros in its place would read as data).
  package func page(_ number: Int) -> [UInt8]? {
    guard number >= 1, number <= pageCount else { return nil }
    if let log, let logBytes, let offset = log.frameOffsets[number] {
      return logBytes.read(offset: offset, count: pageSize)
    }
    let bytes = file.read(offset: (number - 1) * pageSize, count: pageSize)
    return bytes.count == pageSize ? bytes : nil
  }

  /// The 100-byte header as the image holds it (page 1's start), short when page 1 is missing.
  package var header: [UInt8] { Array((page(1) ?? []).prefix(100)) }

  private static func pageSize(_ header: [UInt8]) -> Int? {
    guard header.count >= 18 else { return nil }
    let raw = BigEndian.uint16(header, 16)
    let size = raw == 1 ? 65536 : raw
    return size >= 512 && size & (size - 1) == 0 ? size : nil
  }

  /// The commonest page size that divides the file and makes page 2 look like a b-tree page.
  private static func guessPageSize(_ file: ByteSource) -> Int {
    for size in [4096, 1024, 512, 2048, 8192, 16384, 32768, 65536]
    where file.size % size == 0 && file.size >= 2 * size {
      if let type = file.read(offset: size, count: 1).first, [2, 5, 10, 13].contains(type) {
        return size
      }
    }
    return 4096
  }
}
