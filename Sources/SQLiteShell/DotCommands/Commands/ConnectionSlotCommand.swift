/// The dot-commands this file runs, each declared once: name, shortest abbreviation,
/// `.help` text and handler (see ``DotCommandRegistry/standard`` for their order).
extension DotCommand {
  static let connection = DotCommand(
    "connection", minimumPrefix: 2, handler: ConnectionSlotCommand.run,
    help: """
      .connection [close] [#]  Open or close an auxiliary database connection
      """)
}

/// `.connection [close] [#]`: lists sqlite3's numbered connections, switches to one (opening it
/// when first used) or closes one, with sqlite3's output, messages and exit status.
enum ConnectionSlotCommand {
  static let run: DotCommand.Handler = { shell, arguments in
    if shell.isDqlite {
      shell.refuseOnDqlite(".connection")
      return .failure
    }
    switch arguments.count {
    case 0:
      // sqlite3 writes the list to standard output even while `.output` redirects results.
      for line in shell.connectionList() { shell.standardOutput.write(line + "\n") }
      return .success
    case 1:
      guard let index = number(arguments[0]) else { return usage(shell) }
      guard index != shell.connections.slots.activeIndex, index < ConnectionSlots.count else {
        return .success
      }
      if let refusal = shell.connectionSwitchRefusal {
        shell.errors.write("Error: \(refusal)\n")
        return .failure
      }
      shell.switchConnection(to: index)
      return .success
    case 2 where arguments[0] == "close":
      guard let index = number(arguments[1]) else { return usage(shell) }
      if index == shell.connections.slots.activeIndex {
        shell.errors.write("cannot close the active database connection\n")
        return .failure
      }
      shell.connections.slots.close(index)
      return .success
    default:
      return usage(shell)
    }
  }

  /// The connection number in `text`: one ASCII digit, as sqlite3 accepts.
  private static func number(_ text: String) -> Int? {
    guard text.utf8.count == 1, let digit = text.utf8.first, (0x30...0x39).contains(digit)
    else { return nil }
    return Int(digit - 0x30)
  }

  private static func usage(_ shell: Shell) -> DotCommand.Outcome {
    // sqlite3's own usage text, not its help line (`.connection [close] [#]`).
    shell.errors.write("Usage: .connection [close] [CONNECTION-NUMBER]\n")
    return .failure
  }
}
