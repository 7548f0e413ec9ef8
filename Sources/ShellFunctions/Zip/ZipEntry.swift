/// One member of a ZIP archive as its central directory record describes it, with what
/// sqlite3's zipfile keeps beside the record: the time, the extra field and where the data is.
struct ZipEntry {
  var versionMadeBy: UInt16 = 0
  var versionNeeded: UInt16 = 0
  var flags: UInt16 = 0
  var method: UInt16 = 0
  var dosTime: UInt16 = 0
  var dosDate: UInt16 = 0
  var crc32: UInt32 = 0
  var compressedSize: UInt32 = 0
  var uncompressedSize: UInt32 = 0
  /// The name's length as the record declares it (the name itself stops at a NUL).
  var nameLength: UInt16 = 0
  var extraLength: UInt16 = 0
  var commentLength: UInt16 = 0
  var diskStart: UInt16 = 0
  var internalAttributes: UInt16 = 0
  var externalAttributes: UInt32 = 0
  var localHeaderOffset: UInt32 = 0
  /// The name's bytes, up to the first NUL.
  var name: [UInt8] = []
  /// All `nameLength` bytes of a name read with a NUL in it, written back as they were
  /// (sqlite3 writes whatever follows its copy of the name there); `nil` otherwise.
  var nameWithNUL: [UInt8]?
  /// The modification time, from the extended-timestamp extra field or else the DOS time.
  var unixTime: UInt32 = 0
  /// The record's extra field and comment as read; `nil` for a member written here.
  var extra: [UInt8]?
  /// Where the member's (possibly compressed) data starts in the file.
  var dataOffset: Int64 = 0
  /// The data itself, for an archive read from a blob.
  var data: [UInt8]?

  /// The POSIX mode: the high 16 bits of the external attributes.
  var mode: UInt32 { externalAttributes >> 16 }

  /// A directory: its mode says so, or its name ends in `/`.
  var isDirectory: Bool {
    mode & ZipFormat.directoryType != 0 || name.last == UInt8(ascii: "/")
  }

  /// Reads a central directory record's fixed 46 bytes; `nil` when the signature is wrong.
  static func record(_ bytes: ArraySlice<UInt8>) -> ZipEntry? {
    var reader = LittleEndianReader(bytes)
    guard bytes.count >= ZipFormat.centralSize, reader.u32() == ZipFormat.centralSignature
    else { return nil }
    var entry = ZipEntry()
    entry.versionMadeBy = reader.u16()
    entry.versionNeeded = reader.u16()
    entry.flags = reader.u16()
    entry.method = reader.u16()
    entry.dosTime = reader.u16()
    entry.dosDate = reader.u16()
    entry.crc32 = reader.u32()
    entry.compressedSize = reader.u32()
    entry.uncompressedSize = reader.u32()
    entry.nameLength = reader.u16()
    entry.extraLength = reader.u16()
    entry.commentLength = reader.u16()
    entry.diskStart = reader.u16()
    entry.internalAttributes = reader.u16()
    entry.externalAttributes = reader.u32()
    entry.localHeaderOffset = reader.u32()
    return entry
  }

  /// The local file header sqlite3 writes: its fields, the name, and a 9-byte extended
  /// timestamp (modification time only).
  func localHeader() -> [UInt8] {
    var writer = LittleEndianWriter()
    writer.u32(ZipFormat.localSignature)
    writeSharedFields(&writer)
    writer.u16(9)
    writer.bytes.append(contentsOf: name.prefix(Int(nameLength)))
    writeTimestamp(&writer)
    return writer.bytes
  }

  /// The fields the local header and the central record share, in their order: version needed
  /// to extract up to the name's length.
  private func writeSharedFields(_ writer: inout LittleEndianWriter) {
    writer.u16(versionNeeded)
    writer.u16(flags)
    writer.u16(method)
    writer.u16(dosTime)
    writer.u16(dosDate)
    writer.u32(crc32)
    writer.u32(compressedSize)
    writer.u32(uncompressedSize)
    writer.u16(nameLength)
  }

  /// The central directory record: the extra field and comment read, or for a new member the
  /// extended timestamp.
  func centralRecord() -> [UInt8] {
    var writer = LittleEndianWriter()
    writer.u32(ZipFormat.centralSignature)
    writer.u16(versionMadeBy)
    writeSharedFields(&writer)
    writer.u16(extra == nil ? 9 : extraLength)
    writer.u16(extra == nil ? 0 : commentLength)
    writer.u16(diskStart)
    writer.u16(internalAttributes)
    writer.u32(externalAttributes)
    writer.u32(localHeaderOffset)
    writer.bytes.append(contentsOf: (nameWithNUL ?? name).prefix(Int(nameLength)))
    if let extra {
      writer.bytes.append(contentsOf: extra)
    } else {
      writeTimestamp(&writer)
    }
    return writer.bytes
  }

  private func writeTimestamp(_ writer: inout LittleEndianWriter) {
    writer.u16(ZipFormat.timestampField)
    writer.u16(5)
    writer.bytes.append(1)
    writer.u32(unixTime)
  }

  /// A new member as sqlite3 makes one: Unix, version 2.0, UTF-8 names.
  static func new(name: [UInt8], mode: UInt32, time: UInt32, method: UInt16) -> ZipEntry {
    var entry = ZipEntry()
    entry.versionMadeBy = ZipFormat.madeBy
    entry.versionNeeded = ZipFormat.versionNeeded
    entry.flags = ZipFormat.utf8Flag
    entry.method = method
    (entry.dosTime, entry.dosDate) = ZipTime.dos(fromUnix: time)
    entry.externalAttributes = mode << 16
    entry.name = name
    entry.nameLength = UInt16(truncatingIfNeeded: name.count)
    entry.extraLength = 9
    entry.unixTime = time
    return entry
  }
}
