import Glibc
import SQLiteCore
import Synchronization

/// The dot-commands this file runs, each declared once: name, shortest abbreviation,
/// `.help` text and handler (see ``DotCommandRegistry/standard`` for their order).
extension DotCommand {
  static let bench = DotCommand(
    "bench", minimumPrefix: 3, origin: .litesh, handler: BenchCommand.run,
    help: """
      .bench ?OPTIONS?         Benchmark concurrent reads and writes; check isolation
         Runs readers and writers on a pool of connections (WAL). The default
         workload is a bank in a scratch database file (removed afterwards):
         writers move random amounts between random accounts in BEGIN IMMEDIATE
         transactions and log each transfer; readers sum all balances in one read
         and check that the total never changes.
         Options:
           --readers N          Reader tasks (default 4)
           --writers M          Writer tasks (default 1)
           --duration S         Run S seconds (default 5)
           --transactions N     Run N transactions per reader and per writer instead
           --rate R             Open loop: R transactions/s in all; latency counts
                                from each one's scheduled start
           --latency-limit MS   With --rate: count transactions over MS as late
           --max-tries N        Tries per transaction on SQLITE_BUSY (default 10,
                                100 ms wait each); retries are counted
           --progress S         A progress line every S seconds (terminal only)
           --json               Print one JSON document instead of the report
           --unsafe-reads       Run each read statement as its own read (no single
                                snapshot), so the bank check is seen to catch it
           --sweep 1,2,4,8      Run once per reader count; show the scaling
           --compare FILE.json  Ratios against an earlier --json result
           --here               Use the open database file (tables bench_accounts,
                                bench_history; dropped after if .bench made them)
           --accounts N         Bank accounts (default 1000)
           --seed N             PRNG seed (xoshiro256**): the same seed draws the
                                same values (default: random, shown in the report)
           --commit-log FILE    After each write COMMIT returns, append its last
                                inserted rowid (the bank: its bench_history id)
                                to FILE as a line, for crash tests
           --read SQL           A read transaction (instead of the bank)
           --write SQL          A write transaction (instead of the bank)
           --script FILE@W      A file of SQL run as one transaction, weight W;
                                read-only files go to readers, others to writers
           --param NAME=DIST    Bind :NAME to a value drawn per transaction from
                                uniform(LOW,HIGH), zipfian(LOW,HIGH,S),
                                gaussian(MEAN,SD) or exponential(MEAN)
         Report: reads/s, writes/s, latency p50 p90 p99 p99.9 max (ms), BUSY
         retries and failures per 100 transactions, WAL size and checkpoints,
         invariant violations, the bank's cross-check (history rows = commits,
         total intact) and a one-line verdict. Ctrl-C stops a run and reports it.
         JSON fields: workload readers writers seed unsafe_reads seconds
         interrupted reads writes reads_per_second writes_per_second
         read_latency_ms write_latency_ms ({p50 p90 p99 p99_9 max}) busy_retries
         busy_retries_per_100 failures failures_per_100 failure_samples late
         wal_bytes checkpoints violations violation_samples cross_check ({ok
         reported_commits history_rows expected_total found_total} or null)
         verdict, and compare with --compare; --sweep prints {"sweep": [...]}.
      """)
}

/// `.bench ?OPTIONS?`: a concurrency benchmark and isolation check on its own connection pool.
///
/// The shell's connection stays idle meanwhile. Without `--here` the run uses a scratch
/// database file in the temporary directory, removed afterwards.
enum BenchCommand {
  static let run: DotCommand.Handler = { shell, arguments in shell.runBench(arguments) }
}

extension Shell {
  func runBench(_ arguments: [String]) -> DotCommand.Outcome {
    if isDqlite { return runDqliteBench(arguments) }
    // It creates a scratch database and reads --script and --compare files.
    guard allowedInSafeMode("cannot run .bench in safe mode") else { return .failure }
    do {
      let options = try BenchOptions.parse(arguments)
      let workload = try BenchWorkload.make(options)
      // The earlier result is read first: a bad file must not cost a whole run.
      let baseline = try options.compare.map(BenchComparison.load)
      return try runBench(options, workload, baseline)
    } catch {
      errors.write("Error: .bench: \(error.message)\n")
      return .failure
    }
  }

  private func runBench(
    _ options: BenchOptions, _ workload: BenchWorkload, _ baseline: BenchComparison?
  ) throws(BenchError) -> DotCommand.Outcome {
    let path: String
    var wasWAL = true
    if options.here {
      let name = state.databasePath
      guard !name.isEmpty, name != ":memory:", !(name.hasPrefix("file:") && name.contains("memory"))
      else {
        throw BenchError(
          message: "--here needs a database file; this shell's database is in memory")
      }
      if state.openOptions.mode == .readOnly {
        throw BenchError(message: "--here: the database is open read-only")
      }
      guard let connection = openDatabase() else { return .failure }
      if connection.isInsideTransaction {
        throw BenchError(
          message: "--here: a transaction is open; commit or roll it back first")
      }
      let mode = try? connection.scalar("PRAGMA journal_mode", as: String.self)
      wasWAL = mode?.asciiLowercased() == "wal"
      path = state.databasePath
    } else {
      path = Self.scratchPath()
    }
    defer { if !options.here { Self.removeDatabase(path) } }
    let seed = options.seed ?? UInt64.random(in: 0...UInt64(Int64.max))
    let commitLog = try options.commitLog.map(BenchCommitLog.open) ?? -1
    defer { if commitLog >= 0 { BenchCommitLog.close(commitLog) } }
    let control = BenchControl()
    var results: [BenchResult] = []
    let showsProgress =
      options.progress != nil && errors.isTerminal && state.isInteractive && state.audience.isPerson
    let readerCounts = options.sweep ?? [options.readers]
    do {
      try self.control.workStop.whileRunning(onStop: control.stop) {
        for readers in readerCounts where !control.isStopped {
          var pointOptions = options
          pointOptions.readers = readers
          let runner = BenchRunner(
            options: pointOptions, workload: workload, path: path, seed: seed, control: control,
            commitLog: commitLog)
          var last = (time: BenchControl.now(), reads: 0, writes: 0)
          let result = try BlockingBridge.run(
            tick: showsProgress ? options.progress : nil,
            onTick: { last = writeBenchProgress(control, since: last) },
            { try await runner.run() })
          results.append(result)
        }
      }
    } catch let error as BenchError {
      throw error
    } catch {
      let message = (error as? SQLiteError)?.message ?? "\(error)"
      throw BenchError(message: message)
    }
    if options.here && !wasWAL {
      errors.write(".bench --here: \(path) is now in WAL mode\n")
    }
    writeBenchResults(results, options, baseline)
    let failed = results.contains {
      ($0.crossCheck.map { !$0.isIntact } ?? false) || ($0.violations > 0 && !$0.unsafeReads)
    }
    return failed ? .failure : .success
  }

  private func writeBenchResults(
    _ results: [BenchResult], _ options: BenchOptions, _ baseline: BenchComparison?
  ) {
    guard let first = results.first else { return }
    let comparison = baseline?.against(first)
    if options.json {
      if options.sweep != nil {
        output.write(BenchJSON.sweep(results) + "\n")
      } else {
        let extra = comparison.map { [("compare", $0.json)] } ?? []
        output.write(BenchJSON.object(first, extra: extra) + "\n")
      }
      return
    }
    let charts =
      output === standardOutput && output.isTerminal && state.isInteractive
      && state.audience.isPerson
    // A chart's title is bold where the shell colours headers (`.color`, NO_COLOR).
    let decoration = state.style.decoration
    func chart(_ chartLines: [String]) -> [String] {
      guard let decoration, let title = chartLines.first else { return chartLines }
      return [decoration.headerStart + title + decoration.end] + chartLines.dropFirst()
    }
    var lines: [String] = []
    for result in results {
      lines += BenchReport.lines(result)
      if charts {
        lines += chart(BenchReport.latencyChart("read", result.reads))
        lines += chart(BenchReport.latencyChart("write", result.writes))
      }
    }
    if results.count > 1 {
      lines += BenchReport.sweepLines(results)
      if charts { lines += chart(BenchReport.sweepChart(results)) }
    }
    if let comparison { lines += comparison.lines }
    for line in lines { output.write(line + "\n") }
  }

  /// Writes one progress line on standard error: rates since the last line.
  private func writeBenchProgress(
    _ control: BenchControl, since last: (time: UInt64, reads: Int, writes: Int)
  ) -> (time: UInt64, reads: Int, writes: Int) {
    let now = BenchControl.now()
    let reads = control.reads.load(ordering: .relaxed)
    let writes = control.writes.load(ordering: .relaxed)
    let seconds = Double(now - last.time) / 1e9
    guard seconds > 0 else { return last }
    errors.write(
      "progress: \(BenchFormat.fixed(Double(reads - last.reads) / seconds, 0)) reads/s, "
        + "\(BenchFormat.fixed(Double(writes - last.writes) / seconds, 0)) writes/s "
        + "(\(reads) reads, \(writes) writes so far)\n")
    errors.flush()
    return (now, reads, writes)
  }

  /// A path in the temporary directory for a scratch database.
  static func scratchPath() -> String {
    let directory = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
    return directory + "/litesh-bench-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).db"
  }

  /// Removes a database file and its `-wal`, `-shm` and `-journal` files.
  static func removeDatabase(_ path: String) {
    for suffix in ["", "-wal", "-shm", "-journal"] { unlink(path + suffix) }
  }
}
