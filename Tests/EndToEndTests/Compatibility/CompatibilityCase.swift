import Testing

/// One input run through both `sqlite3` and `litesh`: arguments, stdin and files to create.
struct CompatibilityCase: CustomTestStringConvertible, Sendable {
  /// What the case checks, for the test report.
  let name: String
  /// The arguments after the program name, as bytes (they need not be UTF-8).
  let arguments: [[UInt8]]
  /// The bytes piped to stdin.
  let input: [UInt8]
  /// Files created in the working directory first (name → contents).
  let files: [String: [UInt8]]

  init(
    _ name: String, _ arguments: [String] = [], input: String = "", files: [String: String] = [:]
  ) {
    self.name = name
    self.arguments = arguments.map { Array($0.utf8) }
    self.input = Array(input.utf8)
    self.files = files.mapValues { Array($0.utf8) }
  }

  /// A case given as bytes, for text that is not valid UTF-8 (a Latin-1 script, stray bytes).
  init(
    _ name: String, bytes arguments: [[UInt8]] = [], input: [UInt8] = [],
    files: [String: [UInt8]] = [:]
  ) {
    self.name = name
    self.arguments = arguments
    self.input = input
    self.files = files
  }

  var testDescription: String { name }
}

/// Every compatibility case, by topic.
enum CompatibilityCases {
  static var all: [CompatibilityCase] {
    modes + inputs + errors + dotCommands + options + data + diagnostics + edges + schemaCommands
      + safeModeCases + bytes + leftovers + cluster + fileSystem + archive + sessions
      + connections + appended + testing + expert + zip + usage
  }
}
