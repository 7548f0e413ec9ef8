/// What each dot-command takes as arguments, for completion.
///
/// The command names themselves come from the dot-command registry; this table adds only what
/// completion needs to know about their arguments.
package enum DotCommandArgumentKinds {
  /// The kind of value an argument position takes.
  package enum Kind: Equatable, Sendable {
    /// One of a fixed set of words.
    case choices([String])
    /// A file name (relative to the working directory, or a path).
    case fileName
    /// A table or view name.
    case table
    /// A name from the `.parameter` table (`temp.sqlite_parameters`).
    case parameter
    /// A dot-command name without its dot (for `.help`).
    case command
  }

  static let onOff = Kind.choices(["on", "off"])

  /// The argument kinds of each command by position (the last one repeats).
  package static let table: [String: [Kind]] = [
    "backup": [.fileName],
    "bail": [onOff],
    "changes": [onOff],
    "color": [.choices(["on", "off", "auto"])],
    "connection": [.choices(["close"])],
    "dump": [.table],
    "echo": [onOff],
    "excel": [.choices(["--bom"])],
    "edit": [],
    "eqp": [.choices(["on", "off", "full", "trigger"])],
    "explain": [.choices(["on", "off", "auto"])],
    "headers": [onOff],
    "help": [.command],
    "import": [.fileName, .table],
    "indexes": [.table],
    "load": [.fileName],
    "log": [.fileName],
    "mode": [.choices(OutputMode.selectable.map(\.rawValue))],
    "once": [.fileName],
    "open": [.fileName],
    "output": [.fileName],
    "pager": [.choices(["on", "off", "auto"])],
    "parameter": [.choices(["clear", "init", "list", "set", "unset"]), .parameter],
    "read": [.fileName],
    "recover": [.choices(["--ignore-freelist", "--lost-and-found", "--no-rowids"])],
    "restore": [.fileName],
    "save": [.fileName],
    "schema": [.table],
    "session": [
      .choices([
        "attach", "changeset", "close", "enable", "filter", "indirect", "isempty", "list", "open",
        "patchset",
      ]),
      .fileName,
    ],
    "stats": [.choices(["on", "off", "stmt", "vmstep"])],
    "tables": [.table],
    "timer": [onOff],
    "trace": [.fileName],
  ]

  /// The kind of the argument at `position` (0 is the first argument) of `command`, if known.
  package static func kind(of command: String, at position: Int) -> Kind? {
    guard let kinds = table[command], let last = kinds.last else { return nil }
    return position < kinds.count ? kinds[position] : last
  }
}
