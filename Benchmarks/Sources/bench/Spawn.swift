@preconcurrency import Glibc

/// Where a child's standard stream goes.
enum Stream {
  /// `/dev/null`.
  case null
  /// A file, created or truncated for output, read for input.
  case file(String)
  /// A pipe the driver reads to the end (output only).
  case capture
}

/// What a finished child did and cost.
struct ChildResult {
  /// The exit status, or 128 + the signal number.
  var status: Int32
  /// Standard output when it was captured.
  var output: String
  /// User plus system CPU time in seconds.
  var cpuSeconds: Double
  /// Wall time in seconds.
  var wallSeconds: Double
  /// Peak resident set size in KiB (`ru_maxrss` of this child alone).
  var peakKiB: Int
}

/// `bench-run`, beside the driver: the fork-and-exec trampoline every measured command goes through.
let runnerPath = executableDirectory() + "/bench-run"

/// Runs `arguments` through `bench-run` and returns what it cost, measured by `wait4`.
///
/// Standard error goes to `errorPath` so a failure can be shown.
func spawn(
  _ arguments: [String], input: Stream = .null, output: Stream = .capture,
  errorPath: String = "/dev/null"
) -> ChildResult {
  var actions = posix_spawn_file_actions_t()
  posix_spawn_file_actions_init(&actions)
  defer { posix_spawn_file_actions_destroy(&actions) }
  switch input {
  case .file(let path): posix_spawn_file_actions_addopen(&actions, 0, path, O_RDONLY, 0)
  case .null, .capture: posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
  }
  var outputPipe: [Int32] = [-1, -1]
  switch output {
  case .file(let path):
    posix_spawn_file_actions_addopen(&actions, 1, path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
  case .null:
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
  case .capture:
    guard pipe(&outputPipe) == 0 else { fatal("pipe failed") }
    posix_spawn_file_actions_adddup2(&actions, outputPipe[1], 1)
  }
  posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
  var statsPipe: [Int32] = [-1, -1]
  guard pipe(&statsPipe) == 0 else { fatal("pipe failed") }
  posix_spawn_file_actions_adddup2(&actions, statsPipe[1], 3)
  for descriptor in outputPipe + statsPipe where descriptor > 3 {
    posix_spawn_file_actions_addclose(&actions, descriptor)
  }
  var argv: [UnsafeMutablePointer<CChar>?] = ([runnerPath] + arguments).map { strdup($0) }
  argv.append(nil)
  defer {
    for argument in argv { free(argument) }
  }
  let start = monotonicSeconds()
  var pid: pid_t = 0
  let rc = posix_spawn(&pid, runnerPath, &actions, nil, argv, environ)
  guard rc == 0 else { fatal("cannot start \(runnerPath): \(String(cString: strerror(rc)))") }
  close(statsPipe[1])
  var text: [UInt8] = []
  if case .capture = output {
    close(outputPipe[1])
    text = readAll(outputPipe[0])
  }
  let stats = String(decoding: readAll(statsPipe[0]), as: UTF8.self)
  var status: Int32 = 0
  while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
  let wall = monotonicSeconds() - start
  let fields = stats.split(whereSeparator: { $0 == " " || $0 == "\n" }).compactMap { Int($0) }
  guard fields.count == 4 else { fatal("bench-run gave no figures for \(arguments[0])") }
  return ChildResult(
    status: Int32(fields[0]), output: String(decoding: text, as: UTF8.self),
    cpuSeconds: Double(fields[1] + fields[2]) / 1e6, wallSeconds: wall, peakKiB: fields[3])
}

/// Reads a descriptor to its end and closes it.
func readAll(_ descriptor: Int32) -> [UInt8] {
  var bytes: [UInt8] = []
  var buffer = [UInt8](repeating: 0, count: 65536)
  while true {
    let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
    if count < 0 && errno == EINTR { continue }
    if count <= 0 { break }
    bytes.append(contentsOf: buffer[0..<count])
  }
  close(descriptor)
  return bytes
}

/// The directory holding this executable (and the workers, `bench-run` and litesh).
func executableDirectory() -> String {
  var buffer = [CChar](repeating: 0, count: 4096)
  let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
  guard count > 0 else { return ".build/release" }
  let path = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  return String(path[..<(path.lastIndex(of: "/") ?? path.endIndex)])
}

/// Seconds on the monotonic clock.
func monotonicSeconds() -> Double {
  var time = timespec()
  clock_gettime(CLOCK_MONOTONIC, &time)
  return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

/// Prints the message on stderr and exits with status 2.
func fatal(_ message: String) -> Never {
  fputs("bench: \(message)\n", stderr)
  exit(2)
}

/// The contents of a file, or `nil` when it cannot be read.
func readFile(_ path: String) -> [UInt8]? {
  guard let file = fopen(path, "rb") else { return nil }
  defer { fclose(file) }
  var bytes: [UInt8] = []
  var buffer = [UInt8](repeating: 0, count: 65536)
  while true {
    let count = fread(&buffer, 1, buffer.count, file)
    if count == 0 { break }
    bytes.append(contentsOf: buffer[0..<count])
  }
  return bytes
}

/// Deletes a database file and its `-wal`, `-shm` and `-journal` companions.
func removeDatabase(_ path: String) {
  for suffix in ["", "-wal", "-shm", "-journal"] { unlink(path + suffix) }
}

/// Copies a file in chunks (the base database into a workload's own file).
func copyFile(_ from: String, to: String) {
  guard let source = fopen(from, "rb"), let target = fopen(to, "wb") else {
    fatal("cannot copy \(from) to \(to)")
  }
  defer {
    fclose(source)
    fclose(target)
  }
  var buffer = [UInt8](repeating: 0, count: 1 << 20)
  while true {
    let count = fread(&buffer, 1, buffer.count, source)
    if count == 0 { break }
    guard fwrite(buffer, 1, count, target) == count else { fatal("cannot write \(to)") }
  }
}

/// Whether a file exists.
func fileExists(_ path: String) -> Bool { access(path, F_OK) == 0 }

/// Prints a progress line on stderr.
func log(_ message: String) {
  fputs("bench: \(message)\n", stderr)
}
