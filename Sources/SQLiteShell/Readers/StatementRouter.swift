import Glibc
package import SQLiteCore

/// Decides where one statement runs when the shell has readers (`.readers N`).
///
/// A statement goes to a reader only when running it there cannot change what the user sees:
/// it is a read-only query (SELECT, WITH or VALUES, not EXPLAIN), no transaction is open on the
/// writer, it has no bound parameters (their values live in the writer's temp table), `.stats`
/// and `.eqp` are off, `.trace` and `.progress` are off, the writer has no state a reader lacks
/// (attached databases, temporary objects, a `PRAGMA` setting, a loaded extension), and the SQL
/// names no function or table that reads the writer's own state. Everything else runs on the
/// writer.
package enum StatementRouter {
  /// Where a statement runs.
  package enum Destination: Equatable, Sendable {
    /// On a reader, in a snapshot of the last committed state.
    case reader
    /// On the writer, for the reason given.
    case writer(Reason)
  }

  /// Why a statement stays on the writer.
  package enum Reason: String, Sendable, CaseIterable {
    /// It may write (`sqlite3_stmt_readonly` is false).
    case notReadOnly
    /// It is `EXPLAIN` or `EXPLAIN QUERY PLAN`.
    case explain
    /// It does not begin with SELECT, WITH or VALUES (ATTACH, BEGIN, PRAGMA … are read-only too).
    case notAQuery
    /// A transaction is open on the writer: only the writer sees its changes.
    case insideTransaction
    /// It has parameters, bound from the writer's `.parameter` table.
    case boundParameters
    /// `.stats`, `.eqp`, `.trace` or `.progress` report on the writer's connection.
    case shellDiagnostics
    /// It names a function or table that reads per-connection state (`changes()`,
    /// `last_insert_rowid()`, `load_extension()`, the temp schema).
    case connectionState
    /// The writer has attached databases, temporary objects or settings a reader lacks.
    case sessionState
  }

  /// What the router needs to know about a statement and the shell.
  package struct Facts: Sendable {
    /// The statement's text.
    package var sql: String
    /// `sqlite3_stmt_readonly`.
    package var isReadOnly: Bool
    /// `sqlite3_stmt_isexplain`: 0, or 1 and 2 for the two kinds of EXPLAIN.
    package var explainKind: Int
    /// The number of parameters.
    package var parameterCount: Int
    /// Whether a transaction is open on the writer.
    package var isInsideTransaction: Bool
    /// Whether `.stats`, `.eqp`, `.trace` or `.progress` is on.
    package var hasDiagnostics: Bool

    /// Facts with the given values.
    package init(
      sql: String, isReadOnly: Bool, explainKind: Int = 0, parameterCount: Int = 0,
      isInsideTransaction: Bool = false, hasDiagnostics: Bool = false
    ) {
      self.sql = sql
      self.isReadOnly = isReadOnly
      self.explainKind = explainKind
      self.parameterCount = parameterCount
      self.isInsideTransaction = isInsideTransaction
      self.hasDiagnostics = hasDiagnostics
    }
  }

  /// Words whose presence in the SQL keeps it on the writer (lower case, matched anywhere).
  static let connectionStateWords: [[UInt8]] = [
    "changes", "last_insert_rowid", "load_extension", "temp", "sqlite_parameters",
  ].map { Array($0.utf8) }

  /// Where a statement with these facts runs; `hasSessionState` is asked last, only when every
  /// cheaper check lets the statement go to a reader.
  package static func destination(
    of facts: Facts, hasSessionState: () -> Bool
  ) -> Destination {
    guard facts.isReadOnly else { return .writer(.notReadOnly) }
    guard facts.explainKind == 0 else { return .writer(.explain) }
    guard queryKeywords.contains(where: { begins(facts.sql, with: $0) }) else {
      return .writer(.notAQuery)
    }
    guard !facts.isInsideTransaction else { return .writer(.insideTransaction) }
    guard facts.parameterCount == 0 else { return .writer(.boundParameters) }
    guard !facts.hasDiagnostics else { return .writer(.shellDiagnostics) }
    guard !namesConnectionState(facts.sql) else { return .writer(.connectionState) }
    guard !hasSessionState() else { return .writer(.sessionState) }
    return .reader
  }

  /// Where `statement`, prepared on `writer`, runs.
  package static func destination(
    of statement: Statement, on writer: Connection, hasDiagnostics: Bool,
    hasSessionState: () -> Bool
  ) -> Destination {
    let facts = Facts(
      sql: statement.sql, isReadOnly: statement.isReadOnly, explainKind: statement.explainKind,
      parameterCount: statement.parameterCount, isInsideTransaction: writer.isInsideTransaction,
      hasDiagnostics: hasDiagnostics)
    return destination(of: facts, hasSessionState: hasSessionState)
  }

  /// Whether `sql` contains one of ``connectionStateWords``, in any letter case.
  ///
  /// A plain byte scan: this runs for every query, and a point query is only a few
  /// microseconds of SQLite work.
  static func namesConnectionState(_ sql: String) -> Bool {
    func lowered(_ byte: UInt8) -> UInt8 { (0x41...0x5A).contains(byte) ? byte | 0x20 : byte }
    var text = sql
    return text.withUTF8 { bytes in
      guard let last = bytes.indices.last else { return false }
      for start in bytes.indices {
        let first = lowered(bytes[start])
        for word in connectionStateWords where word[0] == first {
          guard start + word.count - 1 <= last else { continue }
          var index = 1
          while index < word.count, lowered(bytes[start + index]) == word[index] { index += 1 }
          if index == word.count { return true }
        }
      }
      return false
    }
  }

  /// The keywords a query routed to a reader begins with.
  static let queryKeywords = ["SELECT", "WITH", "VALUES"]

  /// Whether the first keyword of `sql` is `keyword` (upper case), in any letter case; no
  /// allocation, as it runs for every statement.
  package static func begins(_ sql: String, with keyword: String) -> Bool {
    isKeyword(firstWord(of: Substring(sql).utf8[...]), keyword)
  }

  /// Whether the first keyword of `statement`'s text is `keyword` (upper case), read in place
  /// from SQLite's copy of the text: no `String` is made.
  package static func begins(_ statement: Statement, with keyword: String) -> Bool {
    withFirstWord(of: statement) { isKeyword($0, keyword) } ?? false
  }

  /// Runs `body` with the letters of the first word of `statement`'s text, read in place from
  /// SQLite's NUL-terminated copy and never past the word (no `strlen` over a long statement).
  static func withFirstWord<R>(
    of statement: Statement, _ body: (UnsafeBufferPointer<UInt8>) -> R
  ) -> R? {
    statement.withSQLText { text in
      var bytes = UnsafeRawPointer(text).assumingMemoryBound(to: UInt8.self)
      while bytes.pointee != 0 {
        if bytes.pointee == 0x20 || (0x09...0x0D).contains(bytes.pointee) {
          bytes += 1
        } else if bytes.pointee == 0x2D && bytes[1] == 0x2D {
          while bytes.pointee != 0 && bytes.pointee != 0x0A { bytes += 1 }
        } else if bytes.pointee == 0x2F && bytes[1] == 0x2A {
          bytes += 2
          while bytes.pointee != 0 && !(bytes.pointee == 0x2A && bytes[1] == 0x2F) { bytes += 1 }
          if bytes.pointee != 0 { bytes += 2 }
        } else {
          break
        }
      }
      var count = 0
      while (0x41...0x5A).contains(bytes[count]) || (0x61...0x7A).contains(bytes[count]) {
        count += 1
      }
      return body(UnsafeBufferPointer(start: bytes, count: count))
    }
  }

  static func isKeyword<Word: Collection<UInt8>>(_ word: Word, _ keyword: String) -> Bool {
    guard word.count == keyword.utf8.count else { return false }
    return zip(word, keyword.utf8).allSatisfy { byte, upper in
      byte == upper || byte == upper | 0x20
    }
  }

  /// The first keyword of `sql`, upper-cased, after white space and comments.
  package static func firstKeyword(of sql: String) -> String {
    String(decoding: firstWord(of: Substring(sql).utf8[...]), as: UTF8.self).uppercased()
  }

  /// The letters of the first word of `sql`, after white space and comments.
  private static func firstWord<Bytes: Collection<UInt8>>(of text: Bytes) -> Bytes
  where Bytes.SubSequence == Bytes {
    var bytes = text
    while let first = bytes.first {
      if first == 0x20 || (0x09...0x0D).contains(first) {
        bytes = bytes.dropFirst()
      } else if bytes.starts(with: "--".utf8) {
        bytes = bytes.drop(while: { $0 != 0x0A })
      } else if bytes.starts(with: "/*".utf8) {
        bytes = bytes.dropFirst(2)
        while !bytes.isEmpty && !bytes.starts(with: "*/".utf8) { bytes = bytes.dropFirst() }
        bytes = bytes.dropFirst(2)
      } else {
        break
      }
    }
    return bytes.prefix(while: { byte in
      (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    })
  }
}
