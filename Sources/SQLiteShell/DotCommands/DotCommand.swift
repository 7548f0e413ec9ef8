/// One dot-command: its name, help text and handler, together.
///
/// The registry of these drives dispatch, prefix abbreviations, `.help`, and later REPL
/// completion and the man page. A command without a handler is a name sqlite3 knows that
/// litesh does not run yet: it still takes part in prefix resolution, so an abbreviation
/// resolves exactly as it does in sqlite3.
package struct DotCommand: Sendable {
  /// What a handler tells the input loop.
  package enum Outcome: Sendable, Equatable {
    /// The command succeeded.
    case success
    /// The command failed (the message is already printed): counts as an error.
    case failure
    /// Stop reading the current input (`.quit`, `.exit` without a code).
    case quit
  }

  /// Runs a command: the shell, then the arguments after the name (quotes and escapes resolved).
  package typealias Handler = @Sendable (Shell, [String]) -> Outcome

  /// The full name, without the dot (`headers`).
  package let name: String
  /// The shortest abbreviation accepted (`.h` is 1 for `headers`).
  package let minimumPrefix: Int
  /// The `.help` lines: the first is usage and summary, the rest are the `-all` details.
  package let help: [String]
  /// The handler; `nil` for a sqlite3 command litesh does not implement.
  package let handler: Handler?
  /// Whether sqlite3 has the command too or only litesh does (`.help` groups by it).
  package let origin: CommandOrigin

  /// Creates a command.
  package init(
    _ name: String, minimumPrefix: Int = 1, origin: CommandOrigin = .sqlite3, help: [String] = [],
    handler: Handler? = nil
  ) {
    self.name = name
    self.minimumPrefix = minimumPrefix
    self.origin = origin
    self.help = help
    self.handler = handler
  }

  /// The usage part of the first help line (`.headers on|off`).
  package var usage: String {
    guard let first = help.first else { return "." + name }
    return String(first.prefix(25)).trimmingTrailingSpaces()
  }

  /// The summary part of the first help line.
  package var summary: String {
    guard let first = help.first else { return "" }
    return String(first.dropFirst(25))
  }

  /// Whether `typed` (without the dot) selects this command as an abbreviation.
  package func accepts(_ typed: String) -> Bool {
    typed.utf8.count >= minimumPrefix && name.utf8.starts(with: typed.utf8)
  }
}

extension String {
  /// The string without trailing spaces.
  func trimmingTrailingSpaces() -> String {
    var text = Substring(self)
    while text.last == " " { text = text.dropLast() }
    return String(text)
  }
}
