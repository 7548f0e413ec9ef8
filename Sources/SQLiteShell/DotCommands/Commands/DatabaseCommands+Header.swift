import SQLiteCore
import ShellFunctions

extension DatabaseCommands {
  /// The first 100 bytes of `database`'s page 1 as SQLite would read them: through the file
  /// SQLite holds open with the committed frames of its `-wal` file laid over it, or from a
  /// serialized copy for a database without a file; `nil` when there are not 100 bytes.
  static func headerFromPages(_ connection: Connection, _ database: String) -> [UInt8]? {
    let file =
      connection.withUnsafeHandle { ByteSource(database: database, of: $0) }
      ?? ByteSource(bytes: connection.serialize(database: database) ?? [])
    let path = connection.fileName(database: database) ?? ""
    let log = path.isEmpty ? nil : ByteSource(readingFile: path + "-wal")
    defer { log?.close() }
    let header = DatabaseImage(file: file, log: log).header
    return header.count == 100 ? header : nil
  }
}
