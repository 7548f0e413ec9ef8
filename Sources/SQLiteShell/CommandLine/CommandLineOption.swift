/// One command-line option: its name, argument, help line and effect, together.
///
/// The table of these drives parsing, `-help`, and later the man page and shell completions.
package struct CommandLineOption: Sendable {
  /// When an option takes effect, as in sqlite3's two passes over the arguments.
  package enum Phase: Sendable {
    /// Before the database opens and the init file runs (`-init`, `-readonly`, `-bail`).
    case early
    /// After the init file, in argument order with `-cmd` (`-csv`, `-header`, `-cmd`).
    case late
  }

  /// The name without dashes (`separator`).
  package let name: String
  /// The placeholder of its argument (`SEP`, `SIZE N`), or `nil` for a flag.
  package let argument: String?
  /// How many arguments follow it: 0 for a flag, 2 for `-pagecache SIZE N`, else 1.
  package let argumentCount: Int
  /// The `-help` description.
  package let summary: String
  /// The `-help` label when it is not `-NAME ARGUMENT` (`-[no]header`); `nil` to compute it.
  package let label: String?
  /// Whether `-help` lists it.
  package let isListed: Bool
  /// When its effect applies.
  package let phase: Phase
  /// Whether sqlite3 has it too or only litesh does (`-help` lists litesh's own apart).
  package let origin: CommandOrigin
  /// Whether, with nothing after it, sqlite3 reports it as an unknown option rather than a
  /// missing argument (`-maxsize`).
  let isUnknownWithoutArgument: Bool
  /// Applies the option to the launch settings.
  let apply: @Sendable (inout LaunchSettings, String?) -> Void
  /// Applies an option of several arguments, given all of them.
  let applyValues: (@Sendable (inout LaunchSettings, [String]) -> Void)?

  /// Creates an option.
  init(
    _ name: String, argument: String? = nil, _ summary: String, label: String? = nil,
    isListed: Bool = true, phase: Phase = .late, origin: CommandOrigin = .sqlite3,
    isUnknownWithoutArgument: Bool = false,
    apply: @escaping @Sendable (inout LaunchSettings, String?) -> Void = { _, _ in }
  ) {
    self.name = name
    self.argument = argument
    self.summary = summary
    self.label = label
    self.isListed = isListed
    self.phase = phase
    self.origin = origin
    self.isUnknownWithoutArgument = isUnknownWithoutArgument
    self.apply = apply
    argumentCount = argument == nil ? 0 : 1
    applyValues = nil
  }

  /// Creates an option followed by `count` arguments (`-pagecache SIZE N`).
  init(
    _ name: String, arguments placeholder: String, count: Int, _ summary: String,
    phase: Phase = .late, apply: @escaping @Sendable (inout LaunchSettings, [String]) -> Void
  ) {
    self.name = name
    argument = placeholder
    argumentCount = count
    self.summary = summary
    label = nil
    isListed = true
    self.phase = phase
    origin = .sqlite3
    isUnknownWithoutArgument = false
    self.apply = { _, _ in }
    applyValues = apply
  }

  /// Applies the option with the arguments that followed it.
  func apply(to settings: inout LaunchSettings, values: [String]) {
    if let applyValues { applyValues(&settings, values) } else { apply(&settings, values.first) }
  }

  /// The spelling documented and completed: one dash for sqlite3's options (`-csv`), two for
  /// litesh's own (`--readers`); the parser accepts either for both.
  package var spelling: String {
    (origin == .litesh ? "--" : "-") + name
  }

  /// The label `-help` prints (`-cmd COMMAND`).
  package var helpLabel: String {
    label ?? (spelling + (argument.map { " " + $0 } ?? ""))
  }

  /// The `-help` line: three spaces, the label padded to 21 columns, the summary.
  package var helpLine: String {
    let label = helpLabel
    return "   " + label + String(repeating: " ", count: max(1, 21 - label.utf8.count)) + summary
  }
}

/// What the options decide before the shell starts.
package struct LaunchSettings {
  /// The session settings the shell starts with.
  package var state = ShellState()
  /// `-init FILE`, replacing `~/.sqliterc`.
  package var initFile: String?
  /// `-batch` / `-interactive`, overriding whether stdin is a terminal.
  package var forcedInteractive: Bool?
  /// `-version`: print the SQLite version and stop.
  package var printVersion = false
  /// `-help`.
  package var printHelp = false
  /// `--completions SHELL`: print that shell's completion script and stop.
  package var completionShell: String?
  /// `--readers N` when N is not a count: the launcher refuses it before anything runs.
  package var invalidReaders: String?
  /// Whether `--readers N` asked for more than ``ReadersCommand/maximum`` (said once).
  package var readersAreCapped = false
  /// `-mmap N`: every connection's default and largest `mmap_size`.
  package var memoryMapSize: Int64?
  /// `-vfs NAME`: the VFS made the default before anything opens.
  package var vfsName: String?
  /// `-pagecache SIZE N`: the page-cache memory set up before SQLite initialises.
  package var pageCache: (slotSize: Int, count: Int)?
  /// `-lookaside SIZE N`: every connection's lookaside memory (ignored by this library).
  package var lookaside: (slotSize: Int32, count: Int32)?
  /// `-memtrace`: SQLite's allocations are logged on stderr from the start.
  package var tracesMemory = false
}
