import Glibc
import SQLiteCore

/// The row loop of `.import`, with sqlite3's ragged-row warnings and a progress line.
extension ImportJob {
  /// Binds and inserts each row; `.failure` when the last insert failed, as in sqlite3.
  ///
  /// `nil`, after saying so, when an insert fails in a way no later row can mend (a full disk,
  /// an I/O error, the import's transaction gone): sqlite3 reports that once per remaining row
  /// and keeps the rows before it; litesh stops, and the caller rolls the whole import back.
  mutating func insertRows(
    _ reader: inout ImportReader, into insert: Target.Insert, columnCount: Int
  ) -> DotCommand.Outcome? {
    let asciiOutputMode = shell.state.style.mode == .ascii
    var progress = ImportProgress(totalBytes: totalBytes)
    var lastFailed = false
    // Ctrl-C at the REPL ends the import, which the caller rolls back (for a person: a program
    // driving a terminal gets sqlite3's import, which goes on).
    let stopsOnInterrupt = shell.state.audience.isPerson
    func interrupted(at line: Int) -> DotCommand.Outcome? {
      progress.finish(errors: shell.errors)
      warn("Error: \(displayName):\(line): interrupted; nothing was imported")
      return nil
    }
    repeat {
      let startLine = reader.line
      // Ctrl-C at the REPL: SQLite forgets an interrupt that comes between two rows' steps.
      if stopsOnInterrupt && shell.isInterruptedByUser() { return interrupted(at: startLine) }
      var index = 0
      while index < columnCount {
        let hasField = reader.readField()
        if reader.problem != nil { return .failure }
        if !hasField && index == 0 { break }
        if asciiOutputMode && reader.field.isEmpty && index == 0 { break }
        // A missing field (end of input mid-row) binds an empty string, as sqlite3's buffer does.
        let bound: Void? = reader.field.withUnsafeBufferPointer {
          try? insert.bindText($0, at: index + 1)
        }
        if bound == nil { insert.bindNull(at: index + 1) }
        if index < columnCount - 1 && !reader.endedWithColumnSeparator {
          warn(
            "\(displayName):\(startLine): expected \(columnCount) columns but found \(index + 1)"
              + " - filling the rest with NULL")
          index += 2
          while index <= columnCount {
            insert.bindNull(at: index)
            index += 1
          }
        } else {
          index += 1
        }
      }
      if reader.endedWithColumnSeparator {
        repeat {
          _ = reader.readField()
          if reader.problem != nil { return .failure }
          index += 1
        } while reader.endedWithColumnSeparator
        warn(
          "\(displayName):\(startLine): expected \(columnCount) columns but found \(index)"
            + " - extras ignored")
      }
      if index >= columnCount {
        do {
          try insert.stepOnceAndReset()
          rowCount += 1
          lastFailed = false
        } catch {
          if stopsOnInterrupt && shell.isInterruptedByUser() { return interrupted(at: startLine) }
          if connection.isAutocommit || Self.endsImport.contains(error.primaryCode) {
            warn(
              "Error: \(displayName):\(startLine): INSERT failed: \(error.message);"
                + " nothing was imported")
            return nil
          }
          warn("\(displayName):\(startLine): INSERT failed: \(error.message)")
          errorCount += 1
          lastFailed = true
        }
        progress.rowDone(rows: rowCount, bytes: reader.bytesRead, errors: shell.errors)
      }
    } while reader.terminator != ImportReader.endOfInput
    // A Ctrl-C that ended the input too (it stops a `|command` source's program).
    if stopsOnInterrupt && shell.isInterruptedByUser() { return interrupted(at: reader.line) }
    progress.finish(errors: shell.errors)
    return lastFailed ? .failure : .success
  }

  /// Failures after which the import stops: the disk, the file or the memory failed.
  static var endsImport: Set<ResultCode> {
    [.full, .ioerr, .nomem, .corrupt, .notadb, .readonly, .cantopen]
  }

  private func warn(_ message: String) {
    shell.output.flush()
    shell.errors.write(message + "\n")
  }
}

/// The `.import` progress line, on a terminal only, redrawn at most a few times a second.
struct ImportProgress {
  /// Whether to draw at all: stderr is a terminal and the input is large.
  let isEnabled: Bool
  private let totalBytes: Int?
  private var nextCheck = 1 << 14
  private var lastDraw = 0.0
  private var hasDrawn = false

  init(totalBytes: Int?, isTerminal: Bool = isatty(2) != 0) {
    self.totalBytes = totalBytes
    isEnabled = isTerminal && (totalBytes ?? Int.max) >= 1 << 24
  }

  /// `.import: 1200000 rows (42%)`.
  static func line(rows: Int, bytes: Int, totalBytes: Int?) -> String {
    guard let totalBytes, totalBytes > 0 else { return ".import: \(rows) rows" }
    return ".import: \(rows) rows (\(min(100, bytes * 100 / totalBytes))%)"
  }

  @inline(__always)
  mutating func rowDone(rows: Int, bytes: Int, errors: OutputSink) {
    guard isEnabled, rows >= nextCheck else { return }
    nextCheck = rows + (1 << 14)
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    let seconds = Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    guard seconds - lastDraw >= 0.25 else { return }
    lastDraw = seconds
    hasDrawn = true
    errors.write("\r" + Self.line(rows: rows, bytes: bytes, totalBytes: totalBytes) + "\u{1B}[K")
    errors.flush()
  }

  /// Clears the line once done.
  func finish(errors: OutputSink) {
    guard hasDrawn else { return }
    errors.write("\r\u{1B}[K")
    errors.flush()
  }
}
