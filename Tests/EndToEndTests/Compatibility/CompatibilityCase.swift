import Testing

/// One input run through both `sqlite3` and `litesh`: arguments, stdin and files to create.
struct CompatibilityCase: CustomTestStringConvertible, Sendable {
  /// What the case checks, for the test report.
  let name: String
  /// The arguments after the program name.
  let arguments: [String]
  /// The bytes piped to stdin.
  let input: String
  /// Files created in the working directory first (name → contents).
  let files: [String: String]

  init(
    _ name: String, _ arguments: [String] = [], input: String = "", files: [String: String] = [:]
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
      + safeModeCases
  }
}
