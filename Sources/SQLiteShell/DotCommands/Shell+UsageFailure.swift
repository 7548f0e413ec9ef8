extension Shell {
  /// Writes `Usage: TEXT` on standard error for a dot-command given the wrong arguments.
  func usageFailure(_ text: String) -> DotCommand.Outcome {
    errors.write("Usage: \(text)\n")
    errors.flush()
    return .failure
  }
}
