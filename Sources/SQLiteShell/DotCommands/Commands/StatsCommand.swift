import Glibc
import SQLiteCore

/// The dot-commands this file runs, each declared once: name, shortest abbreviation,
/// `.help` text and handler (see ``DotCommandRegistry/standard`` for their order).
extension DotCommand {
  static let stats = DotCommand(
    "stats", minimumPrefix: 2, handler: StatsCommand.run,
    help: """
      .stats ?ARG?             Show stats or turn stats on or off
         off                      Turn off automatic stat display
         on                       Turn on automatic stat display
         stmt                     Show statement stats
         vmstep                   Show the virtual machine step count only
      """)
}

/// `.stats ?on|off|stmt|vmstep?` and the statistics sqlite3's `display_stats` prints.
///
/// Every counter sqlite3 shows comes from a public status API, so the lines are the same;
/// the values (memory, I/O) differ between any two processes.
enum StatsCommand {
  static let run: DotCommand.Handler = { shell, arguments in
    switch arguments.count {
    case 0:
      shell.writeStatistics(for: nil)
      return .success
    case 1:
      switch arguments[0] {
      case "stmt": shell.state.statistics = .stmt
      case "vmstep": shell.state.statistics = .vmstep
      default:
        shell.state.statistics =
          DotCommandArguments.boolean(arguments[0], errors: shell.errors) ? .on : .off
      }
      return .success
    default:
      // sqlite3's own usage text, not its help line (`.stats ?ARG?`).
      shell.errors.write("Usage: .stats ?on|off|stmt|vmstep?\n")
      return .failure
    }
  }
}

extension Shell {
  /// sqlite3's `display_stats` after `statement` ran (or on its own for `.stats`).
  func writeStatistics(for statement: Statement?) {
    let out = output
    func line(_ label: String, _ value: String) {
      out.write(label + String(repeating: " ", count: max(0, 36 - label.utf8.count)))
      out.write(" " + value + "\n")
    }
    if let statement, state.statistics == .stmt {
      line("Number of output columns:", String(statement.columnCount))
      for index in 0..<statement.columnCount {
        let prefix = "Column \(index) "
        line(prefix + "name:", statement.columnName(at: index))
        line(prefix + "declared type:", statement.declaredTypes[index] ?? "(null)")
        line(prefix + "database name:", statement.databaseName(at: index) ?? "(null)")
        line(prefix + "table name:", statement.tableName(at: index) ?? "(null)")
        line(prefix + "origin name:", statement.originName(at: index) ?? "(null)")
      }
    }
    if state.statistics == .vmstep {
      if let statement { out.write("VM-steps: \(statement.status(.vmStep))\n") }
      return
    }
    let memory = MemoryStatusCounter.memoryUsed.read()
    line("Memory Used:", "\(memory.current) (max \(memory.highwater)) bytes")
    let count = MemoryStatusCounter.mallocCount.read()
    line("Number of Outstanding Allocations:", "\(count.current) (max \(count.highwater))")
    if state.showsPageCacheStatistics {
      let pages = MemoryStatusCounter.pageCacheUsed.read()
      line("Number of Pcache Pages Used:", "\(pages.current) (max \(pages.highwater)) pages")
    }
    let overflow = MemoryStatusCounter.pageCacheOverflow.read()
    line(
      "Number of Pcache Overflow Bytes:", "\(overflow.current) (max \(overflow.highwater)) bytes")
    line("Largest Allocation:", "\(MemoryStatusCounter.mallocSize.read().highwater) bytes")
    line(
      "Largest Pcache Allocation:", "\(MemoryStatusCounter.pageCacheSize.read().highwater) bytes")
    if let connection { writeConnectionStatistics(connection, line: line) }
    if let statement {
      line("Fullscan Steps:", String(statement.status(.fullscanStep)))
      line("Sort Operations:", String(statement.status(.sort)))
      line("Autoindex Inserts:", String(statement.status(.autoindex)))
      let hits = statement.status(.filterHit)
      let misses = statement.status(.filterMiss)
      if hits != 0 || misses != 0 { line("Bloom filter bypass taken:", "\(hits)/\(hits + misses)") }
      line("Virtual Machine Steps:", String(statement.status(.vmStep)))
      line("Reprepare operations:", String(statement.status(.reprepare)))
      line("Number of times run:", String(statement.status(.run)))
      line("Memory used by prepared stmt:", String(statement.status(.memoryUsed)))
    }
    writeInputOutputStatistics(line: line)
  }

  private func writeConnectionStatistics(
    _ connection: Connection, line: (String, String) -> Void
  ) {
    if state.showsLookasideStatistics {
      let used = connection.status(.lookasideUsed)
      line("Lookaside Slots Used:", "\(used.current) (max \(used.highwater))")
      line("Successful lookaside attempts:", String(connection.status(.lookasideHit).highwater))
      line(
        "Lookaside failures due to size:", String(connection.status(.lookasideMissSize).highwater))
      line(
        "Lookaside failures due to OOM:", String(connection.status(.lookasideMissFull).highwater))
    }
    line("Pager Heap Usage:", "\(connection.status(.cacheUsed).current) bytes")
    line("Page cache hits:", String(connection.status(.cacheHit, reset: true).current))
    line("Page cache misses:", String(connection.status(.cacheMiss, reset: true).current))
    line("Page cache writes:", String(connection.status(.cacheWrite, reset: true).current))
    line("Page cache spills:", String(connection.status(.cacheSpill, reset: true).current))
    line("Schema Heap Usage:", "\(connection.status(.schemaUsed).current) bytes")
    line("Statement Heap/Lookaside Usage:", "\(connection.status(.statementUsed).current) bytes")
  }

  /// sqlite3's `displayLinuxIoStats`: the process's I/O counters from `/proc/self/io`.
  private func writeInputOutputStatistics(line: (String, String) -> Void) {
    guard let reader = LineReader.open(path: "/proc/self/io") else { return }
    defer { reader.close() }
    let labels: [(String, String)] = [
      ("rchar: ", "Bytes received by read():"), ("wchar: ", "Bytes sent to write():"),
      ("syscr: ", "Read() system calls:"), ("syscw: ", "Write() system calls:"),
      ("read_bytes: ", "Bytes read from storage:"),
      ("write_bytes: ", "Bytes written to storage:"),
      ("cancelled_write_bytes: ", "Cancelled write bytes:"),
    ]
    while let text = reader.nextLine() {
      if let (key, label) = labels.first(where: { text.hasPrefix($0.0) }) {
        line(label, String(text.dropFirst(key.count)))
      }
    }
  }
}
