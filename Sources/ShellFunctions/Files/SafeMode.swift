import SQLiteCore

/// What `-safe` does to the shell's file and program functions: they exist, and fail.
enum SafeMode {
  /// The message sqlite3 gives: `cannot use the readfile() function in safe mode`.
  static func message(for name: String) -> String {
    "cannot use the \(name)() function in safe mode"
  }

  /// Registers `name` as a function that always fails with the safe-mode message.
  static func block(
    _ name: String, _ argumentCount: Int32, _ registration: FunctionRegistration
  ) throws(SQLiteError) {
    let text = message(for: name)
    try registration.scalar(name, argumentCount, .directOnly) { context, _ in
      context.error(text)
    }
  }
}
