import SQLiteCore
import ShellFunctions

/// The dot-commands this file runs, each declared once. sqlite3 3.40.1's `.help` lists none of
/// them, so they have no help text (the man page names them).
extension DotCommand {
  static let version = DotCommand("version", handler: VersionCommands.version)
  /// sqlite3's planner-trace switches, accepted and ignored.
  ///
  /// A `SQLITE_DEBUG` build prints the planner's trace; sqlite3 3.40.1 as shipped accepts them
  /// and does nothing, as litesh does. `.w` is enough
  /// for the first (it comes before `.width`); the other two need their whole name.
  static let wheretrace = DotCommand("wheretrace", handler: VersionCommands.ignore)
  static let treetrace = DotCommand("treetrace", minimumPrefix: 9, handler: VersionCommands.ignore)
  static let selecttrace = DotCommand(
    "selecttrace", minimumPrefix: 11, handler: VersionCommands.ignore)
}

/// `.version` and the debug-build switches sqlite3 accepts and ignores.
enum VersionCommands {
  /// `.version`: SQLite's version and source id, zlib's version, the compiler.
  ///
  /// A line each, as sqlite3 prints them; the compiler line names the Swift that built litesh (sqlite3
  /// names its C compiler, `gcc-12.2.0`). Arguments are ignored, as in sqlite3.
  static let version: DotCommand.Handler = { shell, _ in
    shell.output.write("SQLite \(Connection.sqliteVersion) \(Connection.sqliteSourceID)\n")
    if let zlib = ShellFunctions.zlibVersion { shell.output.write("zlib version \(zlib)\n") }
    shell.output.write(compiler + "\n")
    return .success
  }

  /// The Swift compiler that built litesh, in sqlite3's `NAME-VERSION` form.
  static var compiler: String {
    #if compiler(>=6.4)
    "swift-6.4 or later"
    #elseif compiler(>=6.3)
    "swift-6.3"
    #elseif compiler(>=6.2)
    "swift-6.2"
    #elseif compiler(>=6.1)
    "swift-6.1"
    #else
    "swift-6.0"
    #endif
  }

  static let ignore: DotCommand.Handler = { _, _ in .success }
}
