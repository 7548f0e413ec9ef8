import CSQLite
import Glibc
import SQLiteCore

/// What a new member is made of, from the values an INSERT, an UPDATE or the `zipfile()`
/// aggregate gives: checked, and its data compressed as sqlite3 decides.
struct ZipMember {
  var name: [UInt8]
  var mode: UInt32
  var time: UInt32
  var method: UInt16
  /// The bytes stored: compressed when `method` is 8.
  var stored: [UInt8]
  /// The uncompressed size.
  var size: Int
  var crc32: UInt32

  /// A refusal: sqlite3's message and result code.
  struct Failure: Error {
    let message: String
    var code = SQLITE_ERROR
  }

  /// The data, compressed when `method` is 8, or when it is `nil` and that is smaller.
  static func encode(_ data: [UInt8], method: Int?) -> Result<(UInt16, [UInt8], UInt32), Failure> {
    guard let zlib = RawDeflate.shared else { return .failure(Failure(message: Zlib.missing)) }
    let crc = data.withUnsafeBytes { zlib.crc32($0) }
    guard method != 0 else { return .success((0, data, crc)) }
    guard let compressed = data.withUnsafeBytes({ zlib.deflate($0) }) else {
      return .failure(Failure(message: "zipfile: deflate() error"))
    }
    if method == 8 || compressed.count < data.count { return .success((8, compressed, crc)) }
    return .success((0, data, crc))
  }

  /// The mode: a number, an `ls -l` string such as `-rw-r--r--`, or by default 0755
  /// directories and 0644 files; it must agree with whether there is data.
  static func mode(_ value: OpaquePointer?, isDirectory: Bool) -> Result<UInt32, Failure> {
    var mode: UInt32 = 0
    if let value, let text = sqlite3_value_text(value) {
      let bytes = Array(UnsafeBufferPointer(start: text, count: strlen(text)))
      if let first = bytes.first, first >= UInt8(ascii: "0"), first <= UInt8(ascii: "9") {
        mode = UInt32(bitPattern: sqlite3_value_int(value))
      } else {
        let failure = Failure(
          message: "zipfile: parse error in mode: " + String(decoding: bytes, as: UTF8.self))
        guard bytes.count == 10 else { return .failure(failure) }
        switch bytes[0] {
        case UInt8(ascii: "-"): mode = ZipFormat.regularType
        case UInt8(ascii: "d"): mode = ZipFormat.directoryType
        case UInt8(ascii: "l"): mode = ZipFormat.linkType
        default: return .failure(failure)
        }
        let template = Array("-rwxrwxrwx".utf8)
        for index in 1..<10 {
          if bytes[index] == template[index] {
            mode |= 1 << (9 - index)
          } else if bytes[index] != UInt8(ascii: "-") {
            return .failure(failure)
          }
        }
      }
    } else {
      mode = isDirectory ? ZipFormat.directoryType | 0o755 : ZipFormat.regularType | 0o644
    }
    if (mode & ZipFormat.directoryType == 0) == isDirectory {
      return .failure(
        Failure(message: "zipfile: mode does not match data", code: SQLITE_CONSTRAINT))
    }
    return .success(mode)
  }

  /// The time: now when `NULL`, else the value's low 32 bits.
  static func time(_ value: OpaquePointer?) -> UInt32 {
    guard let value, sqlite3_value_type(value) != SQLITE_NULL else {
      return UInt32(truncatingIfNeeded: Glibc.time(nil))
    }
    return UInt32(truncatingIfNeeded: sqlite3_value_int64(value))
  }

  /// The value's bytes as a blob (text as its UTF-8).
  static func bytes(_ value: OpaquePointer?) -> [UInt8] {
    let count = Int(sqlite3_value_bytes(value))
    guard let pointer = sqlite3_value_blob(value), count > 0 else { return [] }
    return Array(UnsafeRawBufferPointer(start: pointer, count: count))
  }
}

extension ZipMember {
  /// The new row of an INSERT or UPDATE on the table (arguments 2…8 of `xUpdate`).
  static func row(_ arguments: FunctionArguments) -> Result<ZipMember, Failure> {
    var failure: Failure?
    if !arguments.isNull(5) {
      failure = Failure(message: "sz must be NULL", code: SQLITE_CONSTRAINT)
    }
    if !arguments.isNull(6) {
      failure = Failure(message: "rawdata must be NULL", code: SQLITE_CONSTRAINT)
    }
    if let failure { return .failure(failure) }
    let isDirectory = arguments.isNull(7)
    var member = ZipMember(name: [], mode: 0, time: 0, method: 0, stored: [], size: 0, crc32: 0)
    if !isDirectory {
      let data = bytes(arguments.value(7))
      let method = Int(arguments.int32(8))
      guard method == 0 || method == 8 else {
        return .failure(
          Failure(message: "unknown compression method: \(method)", code: SQLITE_CONSTRAINT))
      }
      switch encode(data, method: arguments.isNull(8) ? nil : method) {
      case .success(let (method, stored, crc)):
        (member.method, member.stored, member.crc32) = (method, stored, crc)
      case .failure(let failure): return .failure(failure)
      }
      member.size = data.count
    }
    switch mode(arguments.value(3), isDirectory: isDirectory) {
    case .success(let mode): member.mode = mode
    case .failure(let failure): return .failure(failure)
    }
    member.name = ZipfileTable.cName(arguments.textBytes(2))
    member.time = time(arguments.value(4))
    if isDirectory && member.name.last != UInt8(ascii: "/") {
      member.name.append(UInt8(ascii: "/"))
    }
    return .success(member)
  }
}
