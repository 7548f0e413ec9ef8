/// What one `.archive` command asks for, parsed as sqlite3 3.40.1's `arParseCommand` does.
///
/// Three spellings, as in sqlite3: tar's (`.ar cvf FILE NAME...`: letters in the first word,
/// their arguments in the words after it), short options (`-cvf FILE`, `-fFILE`) and long ones
/// (`--create --file FILE`, any unambiguous prefix). `--` or the first word not starting with
/// `-` ends the options; the words after them are file or member names. Names are bytes: a
/// file name need not be UTF-8.
package struct ArchiveRequest: Equatable {
  /// The one command a request names; none is `update` without its sqlar-table creation
  /// differences, as in sqlite3 (where no command runs an update).
  package enum Command: Equatable {
    case create, extract, insert, list, remove, update, help
  }

  package var command: Command?
  package var isVerbose = false
  package var isDryRun = false
  package var usesGlob = false
  /// `-f FILE` or `-a FILE`: the archive, instead of the current database.
  package var file: [UInt8]?
  /// `-a FILE`: open the file with the apndvfs VFS.
  package var appends = false
  /// `-C DIR`: where files are read from or extracted to.
  package var directory: [UInt8]?
  package var names: [[UInt8]] = []

  /// sqlite3's options, in its order (which decides what an ambiguous prefix matches).
  private enum Switch {
    case command(Command)
    case verbose, file, append, directory, glob, dryRun

    var takesArgument: Bool {
      switch self {
      case .file, .append, .directory: true
      default: false
      }
    }
  }

  private static let switches: [(long: String, short: UInt8, switch: Switch)] = [
    ("create", UInt8(ascii: "c"), .command(.create)),
    ("extract", UInt8(ascii: "x"), .command(.extract)),
    ("insert", UInt8(ascii: "i"), .command(.insert)),
    ("list", UInt8(ascii: "t"), .command(.list)),
    ("remove", UInt8(ascii: "r"), .command(.remove)),
    ("update", UInt8(ascii: "u"), .command(.update)),
    ("help", UInt8(ascii: "h"), .command(.help)),
    ("verbose", UInt8(ascii: "v"), .verbose),
    ("file", UInt8(ascii: "f"), .file),
    ("append", UInt8(ascii: "a"), .append),
    ("directory", UInt8(ascii: "C"), .directory),
    ("glob", UInt8(ascii: "g"), .glob),
    ("dryrun", UInt8(ascii: "n"), .dryRun),
  ]

  /// Why the words do not parse: sqlite3's message, printed after `Error: `.
  package struct Failure: Error, Equatable {
    package let message: [UInt8]

    init(_ text: String, _ option: [UInt8] = []) { message = Array(text.utf8) + option }
  }

  /// Parses the words after `.archive`; there must be at least one.
  package init(parsing words: [[UInt8]]) throws(Failure) {
    guard let first = words.first else { return }
    if first.first != UInt8(ascii: "-") {
      try parseTarStyle(words)
      return
    }
    var index = 0
    while index < words.count {
      let word = words[index]
      if word.first != UInt8(ascii: "-") {
        names = Array(words[index...])
        return
      }
      if word.count < 2 || word[1] != UInt8(ascii: "-") {
        try parseShortOptions(word, words, &index)
      } else if word.count == 2 {
        names = Array(words[(index + 1)...])
        return
      } else {
        try parseLongOption(word, words, &index)
      }
      index += 1
    }
  }

  /// `cvf FILE NAME...`: each letter an option, their arguments the next words in turn.
  private mutating func parseTarStyle(_ words: [[UInt8]]) throws(Failure) {
    var next = 1
    for letter in words[0] {
      guard let option = Self.switches.first(where: { $0.short == letter }) else {
        throw Failure("unrecognized option: ", [letter])
      }
      var argument: [UInt8]?
      if option.switch.takesArgument {
        guard next < words.count else { throw Failure("option requires an argument: ", [letter]) }
        argument = words[next]
        next += 1
      }
      try apply(option.switch, argument)
    }
    names = Array(words[next...])
  }

  /// `-cvf FILE` or `-fFILE`: an option's argument is the rest of the word, or the next word.
  private mutating func parseShortOptions(_ word: [UInt8], _ words: [[UInt8]], _ index: inout Int)
    throws(Failure)
  {
    var position = 1
    while position < word.count {
      let letter = word[position]
      guard let option = Self.switches.first(where: { $0.short == letter }) else {
        throw Failure("unrecognized option: ", [letter])
      }
      var argument: [UInt8]?
      if option.switch.takesArgument {
        if position < word.count - 1 {
          argument = Array(word[(position + 1)...])
          position = word.count
        } else {
          guard index < words.count - 1 else {
            throw Failure("option requires an argument: ", [letter])
          }
          index += 1
          argument = words[index]
        }
      }
      try apply(option.switch, argument)
      position += 1
    }
  }

  /// `--name` or a prefix of it that only one option has; its argument is the next word.
  private mutating func parseLongOption(_ word: [UInt8], _ words: [[UInt8]], _ index: inout Int)
    throws(Failure)
  {
    let typed = word.dropFirst(2)
    var match: Switch?
    for option in Self.switches where Array(option.long.utf8).starts(with: typed) {
      guard match == nil else { throw Failure("ambiguous option: ", word) }
      match = option.switch
    }
    guard let match else { throw Failure("unrecognized option: ", word) }
    var argument: [UInt8]?
    if match.takesArgument {
      guard index < words.count - 1 else { throw Failure("option requires an argument: ", word) }
      index += 1
      argument = words[index]
    }
    try apply(match, argument)
  }

  private mutating func apply(_ option: Switch, _ argument: [UInt8]?) throws(Failure) {
    switch option {
    case .command(let command):
      guard self.command == nil else { throw Failure("multiple command options") }
      self.command = command
    case .verbose: isVerbose = true
    case .dryRun: isDryRun = true
    case .glob: usesGlob = true
    case .file: file = argument
    case .append:
      appends = true
      file = argument
    case .directory: directory = argument
    }
  }
}
