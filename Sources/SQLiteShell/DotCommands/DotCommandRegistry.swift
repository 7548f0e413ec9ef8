/// The dot-commands a shell knows, in sqlite3's resolution order.
///
/// An abbreviation resolves to the first command that accepts it, so `.e` is `.echo` and
/// `.ex` is `.exit`, as in sqlite3 3.40.1; names sqlite3 has and litesh does not run yet are
/// kept (without handler) so they shadow the same abbreviations.
package struct DotCommandRegistry: Sendable {
  /// Every command, in resolution order.
  package let commands: [DotCommand]

  /// A registry of the given commands, in resolution order.
  package init(_ commands: [DotCommand]) {
    self.commands = commands
  }

  /// The command `typed` (the name without the dot) selects, if any.
  package func resolve(_ typed: String) -> DotCommand? {
    commands.first { $0.accepts(typed) }
  }

  /// The commands litesh runs, sorted by name as `.help` lists them.
  package var implemented: [DotCommand] {
    commands.filter { $0.handler != nil }.sorted { $0.name < $1.name }
  }

  /// The `.help` text lines of every implemented command, in `.help` order.
  package var helpLines: [String] { implemented.flatMap(\.help) }

  /// The heading `.help` prints above litesh's own commands, after sqlite3's.
  package static let ownCommandsHeading = "litesh's own commands:"

  /// The lines `.help [PATTERN]` prints, chosen as sqlite3's `showHelp` chooses them.
  ///
  /// Without a pattern (or with `-all`), sqlite3's commands come first, as sqlite3 lists them,
  /// then litesh's own after a blank line and ``ownCommandsHeading``.
  ///
  /// `sqlite3Only` leaves litesh's own commands out, for the usage a command prints after bad
  /// arguments, where sqlite3's `showHelp` searches only its own help.
  package func help(matching pattern: String?, sqlite3Only: Bool = false) -> [String] {
    let lines =
      sqlite3Only ? implemented.filter { $0.origin == .sqlite3 }.flatMap(\.help) : helpLines
    guard let pattern, !pattern.hasPrefix("0"), !["-a", "-all", "--all"].contains(pattern)
    else {
      return groupedHelp(details: pattern != nil)
    }
    var result: [String] = []
    var next = 0
    for (index, line) in lines.enumerated() where Glob.matches("." + pattern + "*", line) {
      result.append(line)
      next = index + 1
    }
    if result.count == 1 {
      while next < lines.count - 1 && !lines[next].hasPrefix(".") {
        result.append(lines[next])
        next += 1
      }
    }
    if !result.isEmpty { return result }
    // sqlite3's loop: a matching line prints its command's whole block, and the search goes on
    // after that block (`i = j`), so a block with several matching lines prints once.
    var block = 0
    var index = 0
    while index < lines.count {
      if lines[index].hasPrefix(".") { block = index }
      if Glob.like("%" + pattern + "%", lines[index]) {
        result.append(lines[block])
        while block < lines.count - 1 && !lines[block + 1].hasPrefix(".") {
          block += 1
          result.append(lines[block])
        }
        index = block
      }
      index += 1
    }
    return result
  }

  /// Every command's help, sqlite3's first, then litesh's own under their heading.
  private func groupedHelp(details: Bool) -> [String] {
    func lines(_ origin: CommandOrigin) -> [String] {
      let all = implemented.filter { $0.origin == origin }.flatMap(\.help)
      return details ? all : all.filter { $0.hasPrefix(".") }
    }
    let own = lines(.litesh)
    return lines(.sqlite3) + (own.isEmpty ? [] : ["", Self.ownCommandsHeading] + own)
  }
}

/// sqlite3's `strglob` (`*`, `?`, case-sensitive) and `strlike` (`%`, `_`, ASCII case-folded).
enum Glob {
  static func matches(_ pattern: String, _ text: String) -> Bool {
    match(Array(pattern.utf8), Array(text.utf8), many: "*", one: "?", fold: false)
  }

  static func like(_ pattern: String, _ text: String) -> Bool {
    match(Array(pattern.utf8), Array(text.utf8), many: "%", one: "_", fold: true)
  }

  private static func match(
    _ pattern: [UInt8], _ text: [UInt8], many: Unicode.Scalar, one: Unicode.Scalar, fold: Bool
  ) -> Bool {
    var p = 0
    var t = 0
    var star: Int?
    var resume = 0
    func same(_ a: UInt8, _ b: UInt8) -> Bool {
      fold
        ? (a | (a >= 0x41 && a <= 0x5A ? 0x20 : 0)) == (b | (b >= 0x41 && b <= 0x5A ? 0x20 : 0))
        : a == b
    }
    while t < text.count {
      if p < pattern.count && pattern[p] == UInt8(ascii: many) {
        star = p
        p += 1
        resume = t
      } else if p < pattern.count
        && (pattern[p] == UInt8(ascii: one) || same(pattern[p], text[t]))
      {
        p += 1
        t += 1
      } else if let star {
        p = star + 1
        resume += 1
        t = resume
      } else {
        return false
      }
    }
    while p < pattern.count && pattern[p] == UInt8(ascii: many) { p += 1 }
    return p == pattern.count
  }
}
