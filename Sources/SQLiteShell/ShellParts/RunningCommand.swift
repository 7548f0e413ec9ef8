import SQLiteCore

/// The dot-command running now, as typed (``Shell/command``).
struct RunningCommand {
  /// Its name as typed (`lin` for `.lint`): some usage lines repeat it.
  var name = ""
  /// Its arguments (after its name) as the exact bytes typed.
  var argumentBytes: [[UInt8]] = []
  /// Its whole line as typed (`.watch` takes SQL from it verbatim).
  var line = SQLText()
}
