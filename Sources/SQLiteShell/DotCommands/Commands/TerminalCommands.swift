/// The dot-commands this file runs, each declared once: name, shortest abbreviation,
/// `.help` text and handler (see ``DotCommandRegistry/standard`` for their order).
extension DotCommand {
  static let color = DotCommand(
    "color", minimumPrefix: 3, origin: .litesh, handler: TerminalCommands.color,
    help: """
      .color on|off|auto       Colour headers, NULLs and errors on a terminal
           auto (default) is on unless NO_COLOR is set; never for piped output
      """)
  static let edit = DotCommand(
    "edit", minimumPrefix: 2, origin: .litesh, handler: TerminalCommands.edit,
    help: """
      .edit                    Edit the pending or last SQL in $VISUAL or $EDITOR
           The edited text runs when the editor exits with status 0
      """)
  static let pager = DotCommand(
    "pager", minimumPrefix: 3, origin: .litesh, handler: TerminalCommands.pager,
    help: """
      .pager on|off|auto       Show results on a terminal through $PAGER
           auto: only results that do not fit the screen.  Default: off
           The pager is $PAGER, else "less -FRX"
      """)
}

/// The dot-commands for the interactive terminal: `.color`, `.pager` and `.edit`.
///
/// They only record settings or a request; the REPL (which owns the terminal) acts on them. Piped input accepts `.color` and `.pager` and nothing changes, since colour and the
/// pager are never used for output that is not a terminal.
enum TerminalCommands {
  static let color: DotCommand.Handler = { shell, arguments in
    setting(shell, arguments, .color, keyPath: \.color)
  }

  static let pager: DotCommand.Handler = { shell, arguments in
    setting(shell, arguments, .pager, keyPath: \.pager)
  }

  /// `.edit`: asks the REPL to edit the last SQL run in `$VISUAL`/`$EDITOR` and run the result.
  static let edit: DotCommand.Handler = { shell, arguments in
    guard shell.allowedInSafeMode("cannot run .edit in safe mode") else { return .failure }
    guard arguments.isEmpty else { return shell.usageFailure(.edit) }
    guard shell.state.isInteractive else {
      shell.errors.write("Error: .edit needs an interactive terminal\n")
      return .failure
    }
    shell.input.editRequest = shell.lastSQL ?? ""
    return .success
  }

  /// `.NAME on|off|auto`; with no argument, prints the current value.
  ///
  /// sqlite3's other booleans (`yes`, `no`, a number) count too. Any other word fails naming
  /// the three values and leaves the setting as it was (sqlite3's own commands assume `no`).
  private static func setting(
    _ shell: Shell, _ arguments: [String], _ command: DotCommand,
    keyPath: WritableKeyPath<ShellState, ShellState.TerminalSetting>
  ) -> DotCommand.Outcome {
    shell.oneValueSetting(command, arguments, current: shell.state[keyPath: keyPath].rawValue) {
      word in
      let (value, warning) = ShellNumbers.booleanValue(word)
      if word.lowercased() == "auto" {
        shell.state[keyPath: keyPath] = .auto
      } else if warning == nil {
        shell.state[keyPath: keyPath] = value != 0 ? .on : .off
      } else {
        shell.errors.write("Error: .\(command.name) takes on, off or auto, not \"\(word)\"\n")
        return .failure
      }
      return .success
    }
  }
}

extension Shell {
  /// The text `.edit` asked to edit, once: the REPL runs the editor on it, then runs the
  /// edited text as if typed.
  package func takeEditRequest() -> String? {
    defer { input.editRequest = nil }
    return input.editRequest
  }
}
