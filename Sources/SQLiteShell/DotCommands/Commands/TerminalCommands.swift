/// The dot-commands for the interactive terminal: `.color`, `.pager` and `.edit`.
///
/// They only record settings or a request; the REPL (which owns the terminal) acts on them. Piped input accepts `.color` and `.pager` and nothing changes, since colour and the
/// pager are never used for output that is not a terminal.
enum TerminalCommands {
  static let color: DotCommand.Handler = { shell, arguments in
    setting(shell, arguments, name: "color", keyPath: \.color)
  }

  static let pager: DotCommand.Handler = { shell, arguments in
    setting(shell, arguments, name: "pager", keyPath: \.pager)
  }

  /// `.edit`: asks the REPL to edit the last SQL run in `$VISUAL`/`$EDITOR` and run the result.
  static let edit: DotCommand.Handler = { shell, arguments in
    guard shell.allowedInSafeMode("cannot run .edit in safe mode") else { return .failure }
    guard arguments.isEmpty else {
      shell.errors.write("Usage: .edit\n")
      return .failure
    }
    guard shell.state.isInteractive else {
      shell.errors.write("Error: .edit needs an interactive terminal\n")
      return .failure
    }
    shell.input.editRequest = shell.lastSQL ?? ""
    return .success
  }

  /// `.NAME on|off|auto`; with no argument, prints the current value.
  private static func setting(
    _ shell: Shell, _ arguments: [String], name: String,
    keyPath: WritableKeyPath<ShellState, ShellState.TerminalSetting>
  ) -> DotCommand.Outcome {
    guard let word = arguments.first else {
      shell.output.write("\(name): \(shell.state[keyPath: keyPath].rawValue)\n")
      return .success
    }
    guard arguments.count == 1 else {
      shell.errors.write("Usage: .\(name) on|off|auto\n")
      return .failure
    }
    if word == "auto" {
      shell.state[keyPath: keyPath] = .auto
    } else {
      let on = DotCommandArguments.boolean(word, errors: shell.errors)
      shell.state[keyPath: keyPath] = on ? .on : .off
    }
    return .success
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
