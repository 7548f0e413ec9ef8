/// Where a dot-command or a command-line option comes from: sqlite3's set, or litesh's own.
///
/// `.help` and `-help` list sqlite3's first, exactly as sqlite3 does, then litesh's own under
/// a heading of their own, so a reader can tell at a glance what a script for sqlite3 may use.
package enum CommandOrigin: Sendable, Equatable {
  /// sqlite3 3.40.1 has it too, with the same meaning.
  case sqlite3
  /// Only litesh has it.
  case litesh
}
