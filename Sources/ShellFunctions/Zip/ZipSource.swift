import Glibc

/// Why reading or writing an archive failed, in sqlite3's words where it has them.
struct ZipError: Error {
  let message: String
}

/// Where an archive's bytes are: an open file, or a blob given to `zipfile()`.
///
/// Every read is bounded by what is there: a declared size or offset past the end is an error,
/// never an allocation of the size declared.
enum ZipSource {
  case file(Int32)
  case bytes([UInt8])

  /// Opens the file at `path` (bytes, up to a NUL) with `flags`; -1 when it cannot.
  static func open(_ path: [UInt8], _ flags: Int32) -> Int32 {
    let name = path.prefix { $0 != 0 }.map { CChar(bitPattern: $0) } + [0]
    return name.withUnsafeBufferPointer { buffer in
      buffer.baseAddress.map { Glibc.open($0, flags, 0o666) } ?? -1
    }
  }

  /// The archive's size in bytes.
  var size: Int64 {
    switch self {
    case .bytes(let bytes): return Int64(bytes.count)
    case .file(let descriptor):
      var status = stat()
      return fstat(descriptor, &status) == 0 ? Int64(status.st_size) : 0
    }
  }

  /// `count` bytes at `offset`.
  func read(_ count: Int, at offset: Int64) -> Result<ArraySlice<UInt8>, ZipError> {
    switch self {
    case .bytes(let bytes):
      guard count >= 0, offset >= 0, offset <= Int64(bytes.count),
        Int64(count) <= Int64(bytes.count) - offset
      else {
        return .failure(
          ZipError(
            message: "zip archive is truncated: \(count) bytes at offset \(offset)"
              + " are past its end (\(bytes.count) bytes)"))
      }
      return .success(bytes[Int(offset)..<Int(offset) + count])
    case .file(let descriptor):
      // sqlite3's message for a short read; checked first, so a size declared past the end of
      // the file is never allocated.
      guard count >= 0, offset >= 0, offset <= size, Int64(count) <= size - offset else {
        return .failure(ZipError(message: "error in fread()"))
      }
      var buffer = [UInt8](repeating: 0, count: count)
      var done = 0
      while done < count {
        let got = buffer.withUnsafeMutableBytes {
          pread(
            descriptor, $0.baseAddress?.advanced(by: done), count - done,
            off_t(offset) + off_t(done))
        }
        if got < 0 && errno == EINTR { continue }
        guard got > 0 else { return .failure(ZipError(message: "error in fread()")) }
        done += got
      }
      return .success(buffer[...])
    }
  }
}
