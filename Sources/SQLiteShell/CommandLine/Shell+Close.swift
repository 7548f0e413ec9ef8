import SQLiteCore

extension Shell {
  /// Why the shell is leaving when the program gives no reason: the first that applies.
  private var ownLeaveReason: LeaveReason {
    if standardOutput.isBroken { return .outputLost }
    if control.hadError && state.bail && !state.isInteractive { return .bail }
    return control.quitRequested || exitCode != nil ? .quit : .endOfInput
  }

  /// Leaves the shell: every way out goes through here.
  ///
  /// A transaction still open is rolled back with one warning on stderr (nothing is committed
  /// that the user did not commit) and, in batch mode, counts as an error (exit status 1);
  /// then output is flushed and the database closed.
  ///
  /// - Parameter reason: why the shell ends; by default `.quit`/`.exit`, a `-bail` stop, or
  ///   the end of the input, whichever happened.
  /// - Returns: whether a transaction had to be rolled back.
  @discardableResult
  package func close(reason: LeaveReason? = nil) -> Bool {
    let rolledBack = rollBackLeftTransaction(reason ?? ownLeaveReason)
    if rolledBack && !state.isInteractive { control.hadError = true }
    resetOutput()
    flush()
    _ = reportWriteFailure(of: standardOutput, name: "")
    closeConnection()
    connections.slots.closeAll()
    redirection.viewed.removeFile()
    closeDiagnostics()
    return rolledBack
  }
}
