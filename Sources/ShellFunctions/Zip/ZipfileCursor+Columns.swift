import CSQLite
import SQLiteCore

extension ZipfileCursor {
  /// `xColumn`: name, mode, mtime, sz, rawdata, data, method, and the cursor's id as `z`.
  func column(_ index: Int32, into context: FunctionContext) throws(VirtualTableError) {
    guard let entry else { return }
    switch index {
    case 0: context.result(text: entry.name)
    case 1: context.result(Int64(entry.mode))
    case 2: context.result(Int64(entry.unixTime))
    case 3:
      if !context.isUnchangedColumn { context.result(Int64(entry.uncompressedSize)) }
    case 4:
      if context.isUnchangedColumn { return }
      try data(of: entry, raw: true, context)
    case 5:
      guard entry.method == 0 || entry.method == 8 else { return }
      try data(of: entry, raw: false, context)
    case 6: context.result(Int64(entry.method))
    default: context.result(id)
    }
  }

  /// The member's bytes, inflated unless `raw`.
  ///
  /// `NULL` for a directory, an empty blob for an empty file. Sizes are C `int`s, as in sqlite3: a member of 2 GiB or more reads as empty.
  private func data(of entry: ZipEntry, raw: Bool, _ context: FunctionContext)
    throws(VirtualTableError)
  {
    let finalSize = Int32(truncatingIfNeeded: entry.uncompressedSize)
    guard finalSize > 0 else {
      if !entry.isDirectory { context.result(blob: []) }
      return
    }
    let stored: [UInt8]
    switch ZipDirectory.storedData(of: entry, in: dataSource) {
    case .success(let bytes): stored = bytes
    case .failure(let error): throw VirtualTableError(error.message)
    }
    guard !raw, entry.method != 0 else {
      context.result(blob: stored)
      return
    }
    Self.inflate(stored, size: Int(finalSize), context)
  }

  /// Inflates `stored` to exactly `size` bytes.
  ///
  /// It fails as sqlite3 does ("inflate() failed (N)" with zlib's code). A size no deflate stream of this length can reach is refused
  /// before anything is allocated; a stream that ends short of `size` is an error (sqlite3
  /// returns the declared size with unset bytes at the end).
  static func inflate(_ stored: [UInt8], size: Int, _ context: FunctionContext) {
    guard let zlib = RawDeflate.shared else { return context.error(Zlib.missing) }
    // Deflate expands at most 1032:1.
    guard size <= stored.count * 1032 + 1024 else {
      return context.error("inflate() failed (-3)")
    }
    // Nor one SQLite would refuse anyway: sqlite3 allocates it first (a zip bomb's gigabyte).
    guard size <= Int(sqlite3_limit(context.database, SQLITE_LIMIT_LENGTH, -1)) else {
      return context.error(code: SQLITE_TOOBIG)
    }
    var output = [UInt8](repeating: 0, count: size)
    let result = stored.withUnsafeBytes { input in
      output.withUnsafeMutableBytes { zlib.inflate(input, into: $0) }
    }
    switch result {
    case .success(let produced) where produced == size: context.result(blob: output)
    case .success: context.error("inflate() failed (-3)")
    case .failure(let failure):
      context.error("\(failure.isInit ? "inflateInit2()" : "inflate()") failed (\(failure.code))")
    }
  }

  /// The current member's central record, as `zipfile_cds(z)` gives it (JSON).
  func centralRecordJSON() -> String? {
    guard let entry else { return nil }
    let fields: [(String, UInt32)] = [
      ("version-made-by", UInt32(entry.versionMadeBy)),
      ("version-to-extract", UInt32(entry.versionNeeded)), ("flags", UInt32(entry.flags)),
      ("compression", UInt32(entry.method)), ("time", UInt32(entry.dosTime)),
      ("date", UInt32(entry.dosDate)), ("crc32", entry.crc32),
      ("compressed-size", entry.compressedSize), ("uncompressed-size", entry.uncompressedSize),
      ("file-name-length", UInt32(entry.nameLength)),
      ("extra-field-length", UInt32(entry.extraLength)),
      ("file-comment-length", UInt32(entry.commentLength)),
      ("disk-number-start", UInt32(entry.diskStart)),
      ("internal-attr", UInt32(entry.internalAttributes)),
      ("external-attr", entry.externalAttributes), ("offset", entry.localHeaderOffset),
    ]
    let body = fields.map { "\"\($0.0)\" : \($0.1)" }.joined(separator: ", ")
    return "{" + body + " }"
  }
}
