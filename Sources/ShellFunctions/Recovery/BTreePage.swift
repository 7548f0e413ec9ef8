/// One b-tree page as its bytes say, read without trusting them.
///
/// A bad type is `nil`, and counts and offsets are cut to what the page holds.
/// See https://www.sqlite.org/fileformat2.html#b_tree_pages.
package struct BTreePage {
  /// The four kinds of b-tree page, by their type byte.
  package enum Kind: UInt8, Sendable {
    case indexInterior = 2
    case tableInterior = 5
    case indexLeaf = 10
    case tableLeaf = 13

    /// Whether the page's cells carry a rowid (table b-trees).
    package var isTable: Bool { self == .tableInterior || self == .tableLeaf }
    /// Whether the page's cells hold child page numbers.
    package var isInterior: Bool { self == .indexInterior || self == .tableInterior }
  }

  /// The page's number in the database.
  package let number: Int
  /// The page's kind.
  package let kind: Kind
  /// The number of cells the page can really hold of those its header claims.
  package let cellCount: Int
  /// The right-most child of an interior page.
  package let rightChild: Int?
  private let bytes: [UInt8]
  private let usableSize: Int
  private let pointerStart: Int

  /// Parses `bytes` as page `number` (page 1's b-tree header starts after the file header).
  package init?(_ bytes: [UInt8], number: Int, usableSize: Int) {
    let start = number == 1 ? 100 : 0
    guard bytes.count >= start + 8, let kind = Kind(rawValue: bytes[start]) else { return nil }
    self.number = number
    self.kind = kind
    self.bytes = bytes
    self.usableSize = min(usableSize, bytes.count)
    pointerStart = start + (kind.isInterior ? 12 : 8)
    rightChild = kind.isInterior ? Int(BigEndian.uint32(bytes, start + 8)) : nil
    let claimed = BigEndian.uint16(bytes, start + 3)
    cellCount = max(0, min(claimed, (self.usableSize - pointerStart) / 2))
  }

  /// The child page numbers: each cell's left child, then the right child.
  package var children: [Int] {
    guard kind.isInterior else { return [] }
    var result = (0..<cellCount).compactMap { cell($0)?.leftChild }
    if let rightChild { result.append(rightChild) }
    return result
  }

  /// Cell `index`, or `nil` when its offset or header falls outside the page.
  package func cell(_ index: Int) -> BTreeCell? {
    guard index >= 0, index < cellCount else { return nil }
    var offset = BigEndian.uint16(bytes, pointerStart + 2 * index)
    guard offset >= pointerStart, offset < usableSize else { return nil }
    var result = BTreeCell()
    if kind.isInterior {
      guard offset + 4 <= usableSize else { return nil }
      result.leftChild = Int(BigEndian.uint32(bytes, offset))
      offset += 4
    }
    if kind == .tableInterior {
      guard let (rowid, _) = Varint.read(bytes, at: offset, limit: usableSize) else { return nil }
      result.rowid = rowid
      return result
    }
    guard let (size, sizeLength) = Varint.read(bytes, at: offset, limit: usableSize),
      // SQLite stores no value longer than SQLITE_MAX_LENGTH: a larger claim is corruption,
      // and following it could gather up to the whole file into one payload.
      size >= 0, size <= 1_000_000_000
    else { return nil }
    offset += sizeLength
    if kind == .tableLeaf {
      guard let (rowid, length) = Varint.read(bytes, at: offset, limit: usableSize) else {
        return nil
      }
      result.rowid = rowid
      offset += length
    }
    result.payloadSize = Int(size)
    let local = localSize(payload: Int(size))
    let end = min(offset + local, usableSize)
    result.local = bytes[offset..<max(offset, end)]
    if local < Int(size), offset + local + 4 <= usableSize {
      result.firstOverflow = Int(BigEndian.uint32(bytes, offset + local))
    }
    return result
  }

  /// How much of a payload of `payload` bytes the cell itself holds.
  private func localSize(payload: Int) -> Int {
    let usable = usableSize
    let maxLocal = kind == .tableLeaf ? usable - 35 : (usable - 12) * 64 / 255 - 23
    guard payload > maxLocal else { return payload }
    let minLocal = (usable - 12) * 32 / 255 - 23
    let surplus = minLocal + (payload - minLocal) % (usable - 4)
    return surplus <= maxLocal ? surplus : minLocal
  }
}

/// One cell of a b-tree page: child, rowid, and the payload's first part.
package struct BTreeCell: Sendable {
  /// The child page to the left of this cell (interior pages).
  package var leftChild: Int?
  /// The rowid (table b-trees).
  package var rowid: Int64?
  /// The payload's full size as the cell claims it.
  package var payloadSize = 0
  /// The part of the payload stored on the page.
  package var local: ArraySlice<UInt8> = []
  /// The first overflow page, when the payload does not fit.
  package var firstOverflow: Int?
}

/// SQLite's variable-length integers: 1 to 9 bytes, big-endian, 7 bits a byte and 8 in the last.
package enum Varint {
  /// The varint at `offset` and its length, or `nil` when it runs past `limit`.
  package static func read<C: RandomAccessCollection<UInt8>>(
    _ bytes: C, at offset: Int, limit: Int
  ) -> (Int64, Int)? where C.Index == Int {
    var value: UInt64 = 0
    let end = min(limit, bytes.endIndex)
    for length in 0..<9 {
      let index = offset + length
      guard index >= bytes.startIndex, index < end else { return nil }
      let byte = bytes[index]
      if length == 8 { return (Int64(bitPattern: value << 8 | UInt64(byte)), 9) }
      value = value << 7 | UInt64(byte & 0x7F)
      if byte & 0x80 == 0 { return (Int64(bitPattern: value), length + 1) }
    }
    return nil
  }
}
