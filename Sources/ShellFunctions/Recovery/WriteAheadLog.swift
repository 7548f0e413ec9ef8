/// The committed frames of a `-wal` file: for each page, where its newest committed copy is.
///
/// As SQLite recovers a WAL without its `-shm` index: the header's magic, version and checksum
/// must be right; frames count while their salts match the header's and their cumulative
/// checksum holds; the frames after the last commit frame are an unfinished transaction and
/// are ignored. See https://www.sqlite.org/fileformat2.html#walformat.
package struct WriteAheadLog: Sendable {
  /// The page size the log's header gives.
  package let pageSize: Int
  /// The database's size in pages after the last committed transaction.
  package let pageCount: Int
  /// For each page number, the offset in the log of its newest committed content.
  package let frameOffsets: [Int: Int]
  /// The number of frames committed.
  package let committedFrames: Int

  /// Reads the log in `source`; `nil` when it has no valid header or no committed frame.
  package init?(_ source: ByteSource) {
    let header = source.read(offset: 0, count: 32)
    guard header.count == 32 else { return nil }
    let magic = BigEndian.uint32(header, 0)
    guard magic == 0x377F_0682 || magic == 0x377F_0683,
      BigEndian.uint32(header, 4) == 3_007_000
    else { return nil }
    let isBigEndian = magic == 0x377F_0683
    let size = Int(BigEndian.uint32(header, 8))
    guard size >= 512, size <= 65536, size & (size - 1) == 0 else { return nil }
    var sum = Checksum(isBigEndian: isBigEndian)
    sum.add(header[0..<24])
    guard sum.first == BigEndian.uint32(header, 24), sum.second == BigEndian.uint32(header, 28)
    else { return nil }
    let salts = header[16..<24]
    var offsets: [Int: Int] = [:]
    var pending: [(Int, Int)] = []
    var count = 0
    var frames = 0
    var offset = 32
    while offset + 24 + size <= source.size {
      let frame = source.read(offset: offset, count: 24 + size)
      guard frame.count == 24 + size, frame[8..<16].elementsEqual(salts) else { break }
      sum.add(frame[0..<8])
      sum.add(frame[24...])
      guard sum.first == BigEndian.uint32(frame, 16), sum.second == BigEndian.uint32(frame, 20)
      else { break }
      let page = Int(BigEndian.uint32(frame, 0))
      guard page > 0 else { break }
      pending.append((page, offset + 24))
      frames += 1
      let commitSize = Int(BigEndian.uint32(frame, 4))
      if commitSize > 0 {
        for (number, dataOffset) in pending { offsets[number] = dataOffset }
        pending.removeAll()
        count = commitSize
      }
      offset += 24 + size
    }
    guard count > 0 else { return nil }
    pageSize = size
    pageCount = count
    frameOffsets = offsets
    committedFrames = frames - pending.count
  }
}

/// SQLite's WAL checksum: two 32-bit sums over pairs of words in the log's byte order.
struct Checksum {
  var isBigEndian: Bool
  var first: UInt32 = 0
  var second: UInt32 = 0

  init(isBigEndian: Bool) { self.isBigEndian = isBigEndian }

  mutating func add(_ bytes: ArraySlice<UInt8>) {
    var index = bytes.startIndex
    while index + 8 <= bytes.endIndex {
      first = first &+ word(bytes, index) &+ second
      second = second &+ word(bytes, index + 4) &+ first
      index += 8
    }
  }

  private func word(_ bytes: ArraySlice<UInt8>, _ index: Int) -> UInt32 {
    let (a, b, c, d) = (
      UInt32(bytes[index]), UInt32(bytes[index + 1]), UInt32(bytes[index + 2]),
      UInt32(bytes[index + 3])
    )
    return isBigEndian ? a << 24 | b << 16 | c << 8 | d : d << 24 | c << 16 | b << 8 | a
  }
}
