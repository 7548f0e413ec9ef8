/// Where output goes besides ``Shell/output`` for the moment (``Shell/redirection``).
struct OutputRedirection {
  /// `.once`: commands left before output returns to stdout (sqlite3's `outCount`).
  var onceCountdown = 0
  /// `.once -e|-x`, `.output -e|-x`, `.excel`: the temporary file and the opener due.
  var viewed = ViewedOutput()
  /// `.trace`: where trace lines go, if anywhere.
  var trace: OutputSink?
}
