import CSQLite
import SQLiteCore

/// `sqlar_compress(X)` and `sqlar_uncompress(X, SIZE)`, as sqlite3's sqlar extension defines
/// them: the zlib-format compression of SQLite Archive files (`.archive`).
enum ArchiveFunctions {
  static func register(_ registration: FunctionRegistration) throws(SQLiteError) {
    try registration.scalar("sqlar_compress", 1, .innocuous) { context, arguments in
      compress(arguments, context)
    }
    try registration.scalar("sqlar_uncompress", 2, .innocuous) { context, arguments in
      uncompress(arguments, context)
    }
  }

  /// A blob comes back compressed when that makes it smaller; anything else comes back as is.
  private static func compress(_ arguments: FunctionArguments, _ context: FunctionContext) {
    let value = arguments.value(0)
    guard arguments.type(0) == SQLITE_BLOB else { return context.result(copying: value) }
    guard let zlib = Zlib.shared else { return context.error(Zlib.missing) }
    let bytes = arguments.blob(0)
    guard let compressed = zlib.deflate(bytes) else {
      return context.error("error in compress()")
    }
    if compressed.count < bytes.count {
      context.result(blob: compressed)
    } else {
      context.result(copying: value)
    }
  }

  /// X inflated to SIZE bytes; X itself when SIZE is not positive or is X's own size.
  private static func uncompress(_ arguments: FunctionArguments, _ context: FunctionContext) {
    let value = arguments.value(0)
    // sqlite3 reads SIZE with sqlite3_value_int, so only its low 32 bits count, and keeps it
    // unsigned: where those bits are negative it fails (below). A SIZE that is itself negative
    // (-1 for a link) litesh passes through, as 0.
    let size = Int64(arguments.int32(1))
    let bytes = arguments.blob(0)
    guard arguments.int64(1) >= 0, size != 0, size != bytes.count else {
      return context.result(copying: value)
    }
    guard let zlib = Zlib.shared else { return context.error(Zlib.missing) }
    // A SIZE whose low 32 bits are negative, or that cannot be allocated, is sqlite3's
    // "error in uncompress()" too.
    guard size > 0, let output = sqlite3_malloc64(UInt64(size)) else {
      return context.error("error in uncompress()")
    }
    let buffer = UnsafeMutableRawBufferPointer(start: output, count: Int(size))
    guard let produced = zlib.inflate(bytes, into: buffer) else {
      sqlite3_free(output)
      return context.error("error in uncompress()")
    }
    sqlite3_result_blob64(context.raw, output, UInt64(produced), sqlite3_free)
  }
}
