extension DatabaseImage {
  /// A cell's whole payload: its local part, then its overflow chain while the chain is sound.
  ///
  /// A chain that loops, leaves the file or ends early gives a shorter payload, whose
  /// record then decodes to its leading fields; never more bytes than the cell claims.
  ///
  /// `overflowPages` collects the pages the chain used.
  package func payload(of cell: BTreeCell, overflowPages: inout [Int]) -> [UInt8] {
    var payload = Array(cell.local.prefix(cell.payloadSize))
    var next = cell.firstOverflow ?? 0
    var seen = Set<Int>()
    let chunk = usableSize - 4
    while payload.count < cell.payloadSize, next > 0, seen.insert(next).inserted,
      let page = page(next)
    {
      overflowPages.append(next)
      let wanted = min(chunk, cell.payloadSize - payload.count)
      payload += page[4..<min(4 + wanted, page.count)]
      next = Int(BigEndian.uint32(page, 0))
    }
    return payload
  }

  /// Parses page `number` as a b-tree page, or `nil` when it is missing or is not one.
  package func btreePage(_ number: Int) -> BTreePage? {
    page(number).flatMap { BTreePage($0, number: number, usableSize: usableSize) }
  }

  /// The text encoding the header names: 1 UTF-8, 2 UTF-16le, 3 UTF-16be (1 when unreadable).
  package var textEncoding: Int {
    let header = self.header
    guard header.count >= 60 else { return 1 }
    let value = Int(BigEndian.uint32(header, 56))
    return (1...3).contains(value) ? value : 1
  }
}
