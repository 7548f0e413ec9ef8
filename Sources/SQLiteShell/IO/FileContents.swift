import Glibc

/// Whole files read into memory: what `.edit` reads back and what `-deserialize` loads.
enum FileContents {
  /// The bytes of the file at `path`, or `nil` when it cannot be opened or read.
  static func read(_ path: String) -> [UInt8]? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var data: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = Glibc.read(descriptor, &chunk, chunk.count)
      if count < 0, errno == EINTR { continue }
      if count < 0 { return nil }
      if count == 0 { return data }
      data += chunk[..<count]
    }
  }
}
