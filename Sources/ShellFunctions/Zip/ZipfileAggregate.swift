import CSQLite
import SQLiteCore

/// The `zipfile(name, data)` / `zipfile(name, mode, mtime, data[, method])` aggregate: a ZIP
/// archive, as a blob, of one member per row; `NULL` when there are no rows.
final class ZipfileAggregate: AggregateState {
  private var body: [UInt8] = []
  private var directory: [UInt8] = []
  private var count = 0

  init() {}

  func step(_ context: FunctionContext, _ arguments: FunctionArguments) {
    guard [2, 4, 5].contains(arguments.count) else {
      return context.error("wrong number of arguments to function zipfile()")
    }
    let dataIndex = arguments.count == 2 ? 1 : 3
    let data = arguments.value(dataIndex)
    guard var name = arguments.textBytes(0) else {
      return context.error("first argument to zipfile() must be non-NULL")
    }
    var method: Int?
    if arguments.count == 5, !arguments.isNull(4) {
      let given = Int32(truncatingIfNeeded: arguments.int64(4))
      guard given == 0 || given == 8 else {
        return context.error("illegal method value: \(given)")
      }
      method = Int(given)
    }
    let isDirectory = arguments.isNull(dataIndex)
    var stored: [UInt8] = []
    var size = 0
    var crc: UInt32 = 0
    var storedMethod: UInt16 = 0
    if !isDirectory {
      let bytes = ZipMember.bytes(data)
      size = bytes.count
      switch ZipMember.encode(bytes, method: method) {
      case .success(let (chosen, encoded, checksum)):
        (storedMethod, stored, crc) = (chosen, encoded, checksum)
      case .failure(let failure): return context.error(failure.message)
      }
    }
    let mode: UInt32
    switch ZipMember.mode(arguments.count == 2 ? nil : arguments.value(1), isDirectory: isDirectory)
    {
    case .success(let value): mode = value
    case .failure(let failure):
      return failure.code == SQLITE_CONSTRAINT || !failure.message.isEmpty
        ? context.error(failure.message) : context.error(code: failure.code)
    }
    let time = ZipMember.time(arguments.count == 2 ? nil : arguments.value(2))
    if !isDirectory {
      if name.last == UInt8(ascii: "/") {
        return context.error("non-directory name must not end with /")
      }
    } else if name.last != UInt8(ascii: "/") {
      name = Array(name.prefix { $0 != 0 }) + [UInt8(ascii: "/")]
    } else {
      while name.count > 1 && name[name.count - 2] == UInt8(ascii: "/") { name.removeLast() }
    }
    var entry = ZipEntry.new(name: name, mode: mode, time: time, method: storedMethod)
    entry.crc32 = crc
    entry.compressedSize = UInt32(truncatingIfNeeded: stored.count)
    entry.uncompressedSize = UInt32(truncatingIfNeeded: size)
    entry.localHeaderOffset = UInt32(truncatingIfNeeded: body.count)
    body += entry.localHeader()
    body += stored
    directory += entry.centralRecord()
    count += 1
  }

  func inverse(_ context: FunctionContext, _ arguments: FunctionArguments) {}

  func result(_ context: FunctionContext) {
    guard count > 0 else { return context.resultNull() }
    let end = ZipFormat.endRecord(
      count: count, directorySize: Int64(directory.count), directoryOffset: Int64(body.count))
    context.result(blob: body + directory + end)
  }
}
