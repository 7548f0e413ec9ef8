/// The end of central directory record: how many members, and where their records are.
struct ZipEnd: Equatable {
  var entryCount: UInt16 = 0
  var directorySize: UInt32 = 0
  var directoryOffset: UInt32 = 0
}

/// Reads an archive's directory as sqlite3's zipfile does: the end record searched for in the
/// last 64 KiB, then one central record at a time, each with its local header.
///
/// ZIP64 archives are read as their 32-bit fields say (sqlite3 does not support ZIP64 either):
/// sizes and offsets of 0xFFFFFFFF point past the end and fail as any bad offset does.
enum ZipDirectory {
  /// The end record; an empty file is an empty archive, except as a blob (sqlite3's rule).
  static func end(of source: ZipSource) -> Result<ZipEnd, ZipError> {
    let size = source.size
    if case .file = source, size == 0 { return .success(ZipEnd()) }
    let count = Int(min(size, Int64(ZipFormat.searchSize)))
    let tail: ArraySlice<UInt8>
    switch source.read(count, at: size - Int64(count)) {
    case .success(let bytes): tail = bytes
    case .failure(let error): return .failure(error)
    }
    var index = tail.endIndex - 20
    while index >= tail.startIndex {
      if tail[index] == 0x50 && tail[index + 1] == 0x4b && tail[index + 2] == 0x05
        && tail[index + 3] == 0x06
      {
        var reader = LittleEndianReader(tail[(index + 4)..<(index + 20)])
        _ = reader.u16()
        _ = reader.u16()
        var end = ZipEnd()
        end.entryCount = reader.u16()
        _ = reader.u16()
        end.directorySize = reader.u32()
        end.directoryOffset = reader.u32()
        return .success(end)
      }
      index -= 1
    }
    return .failure(ZipError(message: "cannot find end of central directory record"))
  }

  /// The member whose central record is at `offset`, with its data when the source is a blob.
  static func entry(at offset: Int64, in source: ZipSource) -> Result<ZipEntry, ZipError> {
    let fixed: ArraySlice<UInt8>
    switch source.read(ZipFormat.centralSize, at: offset) {
    case .success(let bytes): fixed = bytes
    case .failure(let error): return .failure(error)
    }
    guard var entry = ZipEntry.record(fixed) else {
      return .failure(ZipError(message: "failed to read CDS at offset \(offset)"))
    }
    let nameLength = Int(entry.nameLength)
    let tailLength = Int(entry.extraLength) + Int(entry.commentLength)
    let variable: ArraySlice<UInt8>
    switch source.read(nameLength + tailLength, at: offset + Int64(ZipFormat.centralSize)) {
    case .success(let bytes): variable = bytes
    case .failure(let error): return .failure(error)
    }
    let name = variable.prefix(nameLength)
    entry.name = Array(name.prefix { $0 != 0 })
    if entry.name.count < nameLength { entry.nameWithNUL = Array(name) }
    entry.extra = Array(variable.dropFirst(nameLength))
    let extraField = variable.dropFirst(nameLength).prefix(Int(entry.extraLength))
    entry.unixTime =
      ZipFormat.timestamp(in: extraField)
      ?? ZipTime.unix(time: entry.dosTime, date: entry.dosDate)
    let headerOffset = Int64(entry.localHeaderOffset)
    let header: ArraySlice<UInt8>
    // Any failure here, a short read too, is sqlite3's "failed to read LFH".
    let headerFailure = ZipError(
      message: "failed to read LFH at offset \(Int32(truncatingIfNeeded: headerOffset))")
    switch source.read(ZipFormat.localSize, at: headerOffset) {
    case .success(let bytes): header = bytes
    case .failure: return .failure(headerFailure)
    }
    var reader = LittleEndianReader(header)
    guard reader.u32() == ZipFormat.localSignature else { return .failure(headerFailure) }
    var lengths = LittleEndianReader(header.dropFirst(26))
    let localName = Int64(lengths.u16())
    let localExtra = Int64(lengths.u16())
    entry.dataOffset = headerOffset + Int64(ZipFormat.localSize) + localName + localExtra
    if case .bytes = source, entry.compressedSize > 0 {
      switch source.read(Int(entry.compressedSize), at: entry.dataOffset) {
      case .success(let bytes): entry.data = Array(bytes)
      case .failure(let error): return .failure(error)
      }
    }
    return .success(entry)
  }

  /// Where the central record after `entry`'s (at `offset`) starts.
  static func offset(after entry: ZipEntry, at offset: Int64) -> Int64 {
    offset + Int64(ZipFormat.centralSize) + Int64(entry.nameLength) + Int64(entry.extraLength)
      + Int64(entry.commentLength)
  }

  /// Every member the end record counts, in directory order.
  static func entries(of source: ZipSource) -> Result<[ZipEntry], ZipError> {
    let end: ZipEnd
    switch self.end(of: source) {
    case .success(let found): end = found
    case .failure(let error): return .failure(error)
    }
    var entries: [ZipEntry] = []
    var offset = Int64(end.directoryOffset)
    for _ in 0..<Int(end.entryCount) {
      switch entry(at: offset, in: source) {
      case .success(let entry):
        offset = self.offset(after: entry, at: offset)
        entries.append(entry)
      case .failure(let error): return .failure(error)
      }
    }
    return .success(entries)
  }

  /// The member's stored bytes (compressed or not), `compressedSize` of them.
  static func storedData(of entry: ZipEntry, in source: ZipSource?) -> Result<[UInt8], ZipError> {
    if let data = entry.data { return .success(data) }
    guard let source else { return .failure(ZipError(message: "error in fread()")) }
    return source.read(Int(entry.compressedSize), at: entry.dataOffset).map { Array($0) }
  }
}
