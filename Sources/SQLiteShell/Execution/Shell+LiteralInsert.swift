import SQLiteCore

/// The fast way for scripts of literal INSERT statements (a dump being restored): one prepared
/// statement per shape, its literals bound (``LiteralInsertRunner``).
extension Shell {
  /// What ``runLiteralInsert(_:on:)`` did with a chunk.
  enum LiteralInsertRun {
    /// Not a literal INSERT (or the fast way is off): run it the normal way.
    case notHandled
    /// It ran.
    case ran
    /// It failed as the normal way would have reported it.
    case failed(Failure)
  }

  /// Whether nothing that sees statements one by one is on: `.trace`, `.log`, `.progress`,
  /// `.stats`, `.eqp`, `.explain on`, an authorizer (`-safe`, `.auth on`), or readers.
  ///
  /// With any of them the statement text, its bytecode or its preparation shows, so a literal
  /// INSERT then runs the normal way.
  var allowsLiteralInserts: Bool {
    usesLiteralInserts && connections.readPool == nil && redirection.trace == nil
      && diagnostics.logOutput == nil
      && !diagnostics.progress.isActive && state.statistics == .off && state.queryPlan == .off
      && state.style.explain != .on && !state.isSafe && !diagnostics.isSafeModeSuspended
  }

  /// Runs `sql` the fast way if it is one literal INSERT statement.
  ///
  /// The prepared shapes are dropped whenever anything else runs (``forgetLiteralInserts()``):
  /// a shape is only used while this connection ran nothing but literal INSERTs since it was
  /// prepared, so its schema is the one the statement as written would be prepared against,
  /// and a failure is a step failure the normal way would report the same.
  func runLiteralInsert(_ sql: SQLText, on connection: Connection) -> LiteralInsertRun {
    guard !connection.hasAuthorizer else { return .notHandled }
    let outcome = connection.withUnsafeHandle { db in
      sql.withUnsafeBytes {
        connections.literalInserts.run(
          $0, on: RawConnection(db), shouldStop: isInterruptedByUser)
      }
    }
    switch outcome {
    case .notHandled:
      return .notHandled
    case .ran:
      didRun(sql, from: 0, to: sql.count, on: connection)
      return .ran
    case .stopped:
      return .failed(Failure.interrupted)
    case .failed(let code, let message):
      transactions.reconcile(isInsideTransaction: connection.isInsideTransaction)
      var error = SQLiteError(
        code: ResultCode(rawValue: code), message: String(decoding: message, as: UTF8.self))
      if String(validating: message, as: UTF8.self) == nil { error.messageBytes = message }
      return .failed(Failure(error: error, phase: .step))
    }
  }

  /// Finalizes the prepared shapes: something other than a literal INSERT ran (a statement,
  /// a dot-command), or the connection changed.
  func forgetLiteralInserts() { connections.literalInserts.removeAll() }
}
