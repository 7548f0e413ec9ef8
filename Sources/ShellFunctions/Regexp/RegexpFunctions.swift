import SQLiteCore

/// `regexp(PATTERN, TEXT)` (which also gives SQL its `TEXT REGEXP PATTERN` operator) and the
/// case-insensitive `regexpi(PATTERN, TEXT)`, as sqlite3's regexp extension defines them.
enum RegexpFunctions {
  static func register(_ registration: FunctionRegistration) throws(SQLiteError) {
    try registration.scalar("regexp", 2, .pure) { context, arguments in
      evaluate(context, arguments, ignoresCase: false)
    }
    try registration.scalar("regexpi", 2, .pure) { context, arguments in
      evaluate(context, arguments, ignoresCase: true)
    }
  }

  /// Matches, compiling the pattern once per statement (kept as SQLite auxiliary data).
  private static func evaluate(
    _ context: FunctionContext, _ arguments: FunctionArguments, ignoresCase: Bool
  ) {
    var program: RegexProgram
    var isNew = false
    if let cached = context.kept(RegexProgram.self, for: 0) {
      program = cached
    } else {
      guard let pattern = arguments.textBytes(0) else { return }
      do {
        program = try RegexProgram(pattern: pattern, ignoresCase: ignoresCase)
      } catch {
        context.error(error.message)
        return
      }
      isNew = true
    }
    if let text = arguments.textBytes(1) {
      context.result(Int64(program.matches(text) ? 1 : 0))
    }
    if isNew { context.keep(program, for: 0) }
  }
}
