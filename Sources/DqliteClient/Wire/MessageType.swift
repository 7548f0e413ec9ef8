import SQLiteCore

/// Request type codes (`src/protocol.h` in canonical/dqlite).
enum RequestType: UInt8 {
  case leader = 0
  case client = 1
  case open = 3
  case prepare = 4
  case exec = 5
  case query = 6
  case finalize = 7
  case execSQL = 8
  case querySQL = 9
  case interrupt = 10
  case cluster = 16
}

/// Response type codes.
enum ResponseType: UInt8 {
  case failure = 0
  case node = 1
  case welcome = 2
  case nodes = 3
  case database = 4
  case statement = 5
  case result = 6
  case rows = 7
  case empty = 8
}

/// The value type codes of tuples (parameters and rows).
enum WireType: UInt8 {
  case integer = 1
  case float = 2
  case text = 3
  case blob = 4
  case null = 5
  case unixTime = 9
  case iso8601 = 10
  case boolean = 11

  static func of(_ value: Value) -> WireType {
    switch value {
    case .null: .null
    case .integer: .integer
    case .real: .float
    case .text: .text
    case .blob: .blob
    }
  }
}
