package import SQLiteCore

/// A database file name as SQLite must receive it: its exact bytes, even when they are not
/// UTF-8 (a Latin-1 name from an old system), which a Swift `String` cannot hold.
package enum DatabaseFileName {
  /// The name for `Connection(path:)`: the text itself when it is UTF-8, else a `file:` URI
  /// whose percent escapes SQLite decodes back to the very same bytes.
  ///
  /// sqlite3 passes the bytes through; repairing them to U+FFFD would open (or create) a
  /// different file.
  package static func openable(_ name: SQLText) -> String {
    let bytes = name.bytes
    if let text = String(validating: bytes, as: UTF8.self) { return text }
    // An absolute path gets an empty authority, so a leading `//` stays part of the path.
    var uri = Array((bytes.first == UInt8(ascii: "/") ? "file://" : "file:").utf8)
    let hex = Array("0123456789ABCDEF".utf8)
    for byte in bytes {
      if isUnreserved(byte) {
        uri.append(byte)
      } else {
        uri += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 15)]]
      }
    }
    return String(decoding: uri, as: UTF8.self)
  }

  /// The name as the user gave it, for display: the bytes back from a URI ``openable(_:)``
  /// made, anything else as it is.
  ///
  /// A URI whose escapes decode to bytes that are not UTF-8 is taken to be one of ours: a user
  /// who typed such a URI sees the file name it stands for.
  package static func displayed(_ path: String) -> SQLText {
    let prefix = path.hasPrefix("file://") ? "file://" : "file:"
    guard path.hasPrefix("file:") else { return SQLText(path) }
    var bytes: [UInt8] = []
    var rest = Array(path.utf8.dropFirst(prefix.utf8.count))[...]
    while let byte = rest.popFirst() {
      guard byte == UInt8(ascii: "%") else {
        bytes.append(byte)
        continue
      }
      guard rest.count >= 2, let high = hexValue(rest[rest.startIndex]),
        let low = hexValue(rest[rest.startIndex + 1])
      else { return SQLText(path) }
      bytes.append(high << 4 | low)
      rest = rest.dropFirst(2)
    }
    return String(validating: bytes, as: UTF8.self) == nil ? SQLText(bytes: bytes) : SQLText(path)
  }

  private static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
    default: return nil
    }
  }

  /// Letters, digits, `-._~` and `/`: what a URI path can hold unescaped.
  private static func isUnreserved(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
      UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
      return true
    default: return false
    }
  }
}

extension Shell {
  /// The running dot-command's argument at `index` as a database file name for
  /// `Connection(path:)`: its exact bytes (see ``DatabaseFileName``).
  func databaseFileArgument(_ index: Int, of arguments: [String]) -> String {
    DatabaseFileName.openable(argumentText(index, of: arguments))
  }
}
