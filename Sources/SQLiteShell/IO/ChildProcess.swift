import Glibc

/// A program started with `/bin/sh -c`, for the editor of `.edit` and the REPL's pager.
///
/// The child gets default signal dispositions and an empty signal mask (the shell ignores
/// SIGPIPE and catches SIGINT; neither must leak into a pager or an editor) and shares the
/// terminal unless ``start(_:arguments:standardInput:)`` is given a descriptor to read.
package struct ChildProcess: Sendable {
  /// The process id.
  package let pid: Int32

  /// Starts `command` with `/bin/sh -c`, or returns `nil` when it cannot start.
  ///
  /// `arguments` become `$1`, `$2`…; `standardInput` (if given) becomes the child's
  /// descriptor 0.
  package static func start(
    _ command: String, arguments: [String] = [], standardInput: Int32? = nil
  ) -> ChildProcess? {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    if let standardInput, standardInput != 0 {
      posix_spawn_file_actions_adddup2(&actions, standardInput, 0)
    }
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var empty = sigset_t()
    sigemptyset(&empty)
    posix_spawnattr_setsigmask(&attributes, &empty)
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for signal in [SIGINT, SIGQUIT, SIGPIPE, SIGTERM, SIGCHLD, SIGWINCH, SIGTSTP] {
      sigaddset(&defaults, signal)
    }
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    let words = ["sh", "-c", command, "sh"] + arguments
    let argv = words.map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var pid: Int32 = 0
    guard posix_spawn(&pid, "/bin/sh", &actions, &attributes, argv, environ) == 0 else {
      return nil
    }
    return ChildProcess(pid: pid)
  }

  /// Waits for the process to end: its exit status, or 128 + the signal that ended it.
  package func wait() -> Int32 {
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 {
      if errno != EINTR { return -1 }
    }
    let signal = status & 0x7F
    return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
  }

  /// Whether the program `command` starts with can be found.
  ///
  /// A path that is executable, or a name in `PATH`; `true` when the first word is not a plain word (quotes, an assignment,
  /// shell syntax), which only the shell can tell.
  package static func findsProgram(of command: String) -> Bool {
    guard let word = command.split(whereSeparator: { $0 == " " || $0 == "\t" }).first else {
      return false
    }
    let plain = word.allSatisfy { $0.isLetter || $0.isNumber || "/._-+".contains($0) }
    guard plain else { return true }
    if word.contains("/") { return access(String(word), X_OK) == 0 }
    let path = environment("PATH") ?? "/usr/bin:/bin"
    return path.split(separator: ":").contains { directory in
      access("\(directory)/\(word)", X_OK) == 0
    }
  }

  /// The value of environment variable `name`, or `nil` when unset or empty.
  package static func environment(_ name: String) -> String? {
    guard let value = getenv(name), value.pointee != 0 else { return nil }
    return String(cString: value)
  }
}
