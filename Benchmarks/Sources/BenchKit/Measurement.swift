#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Process CPU time and wall time around one workload, printed as the line the driver reads.
public struct Measurement {
  private let cpuStart = Measurement.now(CLOCK_PROCESS_CPUTIME_ID)
  private let wallStart = Measurement.now(CLOCK_MONOTONIC)
  private var cpu: Int64 = 0
  private var wall: Int64 = 0

  /// Starts the clocks.
  public init() {}

  /// Stops the clocks.
  public mutating func stop() {
    cpu = Measurement.now(CLOCK_PROCESS_CPUTIME_ID) - cpuStart
    wall = Measurement.now(CLOCK_MONOTONIC) - wallStart
  }

  /// Prints `ok cpu_ns=… wall_ns=… [extra] check=…` and flushes stdout.
  public func report(check: String, extra: String = "") {
    let middle = extra.isEmpty ? "" : " \(extra)"
    print("ok cpu_ns=\(cpu) wall_ns=\(wall)\(middle) check=\(check)")
    fflush(stdout)
  }

  /// Nanoseconds on `clock`.
  public static func now(_ clock: clockid_t) -> Int64 {
    var time = timespec()
    clock_gettime(clock, &time)
    return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
  }
}

/// Prints a failure on stderr and exits with status 2.
public func fail(_ message: String) -> Never {
  fputs("bench worker: \(message)\n", stderr)
  exit(2)
}
