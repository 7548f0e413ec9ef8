import CSQLite
import Glibc
import SQLiteCore

/// `edit(TEXT[, EDITOR])`: writes TEXT to a temporary file, runs the editor on it, and returns
/// what the file holds afterwards (a blob for a blob argument), as the sqlite3 shell does.
///
/// Without EDITOR, `$VISUAL` then `$EDITOR` name the editor; the command run is
/// `EDITOR "TEMPFILE"` through the system shell.
enum EditFunction {
  static func register(_ registration: FunctionRegistration, safeMode: Bool) throws(SQLiteError) {
    for count: Int32 in [1, 2] {
      if safeMode {
        try SafeMode.block("edit", count, registration)
      } else {
        try registration.scalar("edit", count, []) { edit($0, $1) }
      }
    }
  }

  private static func edit(_ context: FunctionContext, _ arguments: FunctionArguments) {
    let editor =
      arguments.count == 2
      ? arguments.string(1) : environment("VISUAL") ?? environment("EDITOR")
    guard let editor else { return context.error("no editor for edit()") }
    guard !arguments.isNull(0) else { return context.error("NULL input to edit()") }
    let path = temporaryPath(context)
    defer { unlink(path) }
    let isBinary = arguments.type(0) == SQLITE_BLOB
    let content = (isBinary ? arguments.blobBytes(0) : arguments.textBytes(0)) ?? []
    guard let output = fopen(path, isBinary ? "wb" : "w") else {
      return context.error("edit() cannot open temp file")
    }
    let written = content.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, output) }
    fclose(output)
    guard written == content.count else {
      return context.error("edit() could not write the whole file")
    }
    guard system("\(editor) \"\(path)\"") == 0 else {
      return context.error("EDITOR returned non-zero")
    }
    guard let input = fopen(path, "rb") else {
      return context.error("edit() cannot reopen temp file after edit")
    }
    defer { fclose(input) }
    fseek(input, 0, SEEK_END)
    let size = max(ftell(input), 0)
    rewind(input)
    var bytes = [UInt8](repeating: 0, count: size)
    let read = bytes.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, input) }
    guard read == size else { return context.error("could not read back the whole file") }
    if isBinary {
      context.result(blob: bytes)
    } else {
      context.result(text: bytes)
    }
  }

  private static func environment(_ name: String) -> String? {
    getenv(name).map { String(cString: $0) }
  }

  /// A temporary file name from the database's VFS, or `tempXXXX` in the current directory.
  private static func temporaryPath(_ context: FunctionContext) -> String {
    var name: UnsafeMutablePointer<CChar>?
    sqlite3_file_control(context.database, nil, SQLITE_FCNTL_TEMPFILENAME, &name)
    if let name {
      defer { sqlite3_free(name) }
      return String(cString: name)
    }
    var random: UInt64 = 0
    sqlite3_randomness(Int32(MemoryLayout<UInt64>.size), &random)
    return "temp" + String(random, radix: 16)
  }
}
