/// One dot-command: its name, shortest abbreviation, help text and handler, declared once.
///
/// Each command is a static constant declared beside its handler (``DotCommand/bail`` in
/// `SettingCommands.swift`); ``DotCommandRegistry/standard`` lists them in resolution order.
/// That one declaration drives dispatch, prefix abbreviations, `.help`, usage errors
/// (``Shell/usageFailure(_:)-(DotCommand)``), REPL completion and the man-page test. A command without a handler is a name sqlite3 knows that
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
  /// The `.help` text as declared: a line each, the first is usage and summary.
  ///
  /// Kept whole and split only when asked (``help``): every command is declared at the first
  /// dispatch, and splitting ~90 texts into lines then was 7.6M instructions of a 2M start.
  private let helpText: String
  /// The `.help` lines: the first is usage and summary, the rest are the `-all` details.
  ///
  /// For sqlite3's commands, byte for byte as sqlite3 3.40.1 prints them (usage padded to 25
  /// columns, then the summary; details indented); litesh's own follow the same layout.
  package var help: [String] {
    helpText.isEmpty
      ? []
      : helpText.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        .map { String(Substring($0)) }
  }
  /// The handler; `nil` for a sqlite3 command litesh does not implement.
  package let handler: Handler?
  /// Whether sqlite3 has the command too or only litesh does (`.help` groups by it).
  package let origin: CommandOrigin

  /// Creates a command; `help` is its `.help` lines as one text, a line each (none if empty).
  package init(
    _ name: String, minimumPrefix: Int = 1, origin: CommandOrigin = .sqlite3,
    handler: Handler? = nil, help: String = ""
  ) {
    self.name = name
    self.minimumPrefix = minimumPrefix
    self.origin = origin
    self.helpText = help
    self.handler = handler
  }

  /// The usage part of the first help line (`.headers on|off`): up to the two spaces before
  /// the summary, which usually pad it to 25 columns (a longer usage runs past them).
  package var usage: String {
    guard let first = firstHelpLine else { return "." + name }
    return String(first[..<(first.firstRange(of: "  ")?.lowerBound ?? first.endIndex)])
  }

  /// The summary part of the first help line.
  package var summary: String {
    guard let first = firstHelpLine, let gap = first.firstRange(of: "  ") else { return "" }
    return String(first[gap.lowerBound...].drop { $0 == " " })
  }

  private var firstHelpLine: Substring? {
    if helpText.isEmpty { return nil }
    let end = helpText.utf8.firstIndex(of: UInt8(ascii: "\n")) ?? helpText.endIndex
    return helpText[..<end]
  }

  /// Whether `typed` (without the dot) selects this command as an abbreviation.
  package func accepts(_ typed: String) -> Bool {
    typed.utf8.count >= minimumPrefix && name.utf8.starts(with: typed.utf8)
  }
}
