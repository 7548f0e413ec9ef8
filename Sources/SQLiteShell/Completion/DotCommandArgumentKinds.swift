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
    "begin": [.choices(["deferred", "immediate", "exclusive"])],
    "binary": [onOff],
    "changes": [onOff],
    "color": [.choices(["on", "off", "auto"])],
    "connection": [.choices(["close"])],
    "describe": [.table],
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
    "scanstats": [onOff],
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

  /// An option word such as `--csv`, and whether the next word is its value (`--skip N`).
  package struct Option: Equatable, Sendable {
    /// The option as typed, with its dashes.
    package var name: String
    /// Whether the option takes the word after it as its value.
    package var takesValue: Bool

    /// Creates an option.
    package init(_ name: String, takesValue: Bool = false) {
      self.name = name
      self.takesValue = takesValue
    }
  }

  /// The options each command accepts before or between its arguments (from sqlite3's
  /// `.help`): they complete after a `-`, and do not count as argument positions.
  package static let options: [String: [Option]] = [
    "dump": ["--data-only", "--newlines", "--nosys", "--preserve-rowids"].map { Option($0) },
    "import": [
      Option("--ascii"), Option("--csv"), Option("--schema", takesValue: true),
      Option("--skip", takesValue: true), Option("-v"),
    ],
    "once": ["--bom", "-e", "-x"].map { Option($0) },
    "open": [
      Option("--append"), Option("--deserialize"), Option("--hexdb"),
      Option("--maxsize", takesValue: true), Option("--new"), Option("--nofollow"),
      Option("--readonly"), Option("--zip"),
    ],
    "output": ["--bom", "-e", "-x"].map { Option($0) },
    "schema": ["--indent", "--nosys"].map { Option($0) },
  ]

  /// The kind of the argument at `position` (0 is the first argument) of `command`, if known.
  package static func kind(of command: String, at position: Int) -> Kind? {
    guard let kinds = table[command], let last = kinds.last else { return nil }
    return position < kinds.count ? kinds[position] : last
  }
}
