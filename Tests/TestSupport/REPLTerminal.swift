import Foundation

/// Drives the built `litesh` in a real terminal: a tmux pane on a private tmux server.
///
/// Every wait polls the screen for what must appear; nothing waits a fixed time. Each
/// instance has its own tmux socket, session and home directory, and removes them on `close()`.
public final class REPLTerminal {
  /// Whether tmux is installed (`scripts/setup.sh --test` installs it).
  public static let isAvailable = FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux")

  public let socket: String
  public let home: String

  /// Starts `litesh ARGUMENTS` in a fresh pane with a UTF-8 locale and `home` as `$HOME`.
  ///
  /// A person at a terminal gets the display mode; tests about something else that read
  /// sqlite3's list rows pass `-list`, as a user choosing a mode would.
  /// `pipingOutputTo`: a command litesh's standard output is piped to (`litesh … | tee log`);
  /// `launchedBy`: a program and its arguments that run litesh (`strace …`).
  public init(
    arguments: [String] = [], environment: [String: String] = [:], home: String? = nil,
    width: Int = 100, height: Int = 30, pipingOutputTo filter: String? = nil,
    launchedBy launcher: [String] = []
  ) throws {
    socket = "litesh-e2e-\(getpid())-\(UUID().uuidString.prefix(8))"
    if let home {
      self.home = home
    } else {
      self.home = NSTemporaryDirectory() + socket
      try FileManager.default.createDirectory(atPath: self.home, withIntermediateDirectories: true)
    }
    // litesh's config file is looked for in `home` too, never in the developer's own.
    var variables = [
      "LANG": "C.UTF-8", "HOME": self.home, "TERM": "xterm-256color",
      "XDG_CONFIG_HOME": self.home + "/.config",
    ]
    variables.merge(environment) { _, new in new }
    let assignments = variables.sorted { $0.key < $1.key }.map {
      "\($0.key)=\(Self.quote($0.value))"
    }
    let invocation = (launcher + [Binary.litesh] + arguments).map(Self.quote).joined(separator: " ")
    let pipe: String = filter.map { " | " + $0 } ?? ""
    let command =
      "env -u NO_COLOR -u LITESH_HISTORY " + assignments.joined(separator: " ") + " "
      + invocation + pipe + "; echo LITESH-EXITED; sleep 60"
    try tmux(
      ["new-session", "-d", "-s", "repl", "-x", "\(width)", "-y", "\(height)", command],
      capturing: false)
  }

  /// Ends the tmux server; the home directory stays when it was passed in.
  public func close(removingHome: Bool = true) {
    _ = try? tmux(["kill-server"])
    if removingHome { try? FileManager.default.removeItem(atPath: home) }
  }

  /// The pane's text, scrollback included; with `escapes`, colour attributes as SGR codes.
  public func screen(escapes: Bool = false) -> String {
    (try? tmux(["capture-pane", "-p", "-J", "-S", "-1000", "-t", "repl"] + (escapes ? ["-e"] : [])))
      ?? ""
  }

  /// Types literal text (a trailing `;` is escaped for tmux).
  public func type(_ text: String) throws {
    var text = text
    if text.hasSuffix(";") { text = String(text.dropLast()) + "\\;" }
    try tmux(["send-keys", "-t", "repl", "-l", text])
  }

  /// Presses keys by tmux name: `Enter`, `Tab`, `Up`, `Left`, `C-c`, `C-d`.
  public func press(_ keys: String...) throws {
    try tmux(["send-keys", "-t", "repl"] + keys)
  }

  /// Resizes the pane's window, as a user dragging the terminal's edge.
  public func resize(width: Int, height: Int) throws {
    try tmux(["resize-window", "-t", "repl", "-x", "\(width)", "-y", "\(height)"])
  }

  /// The number of lines that start with the main or continuation prompt.
  public func promptCount() -> Int {
    screen().split(separator: "\n").filter {
      $0.hasPrefix("litesh>") || $0.hasPrefix("litesh[") || $0.hasPrefix("   ...>")
    }.count
  }

  /// Presses Enter and waits for the next prompt.
  public func enter(timeout: Double = 10) throws {
    let before = promptCount()
    try press("Enter")
    try waitUntil("a prompt after Enter", timeout: timeout) { self.promptCount() > before }
  }

  /// Presses Ctrl-D (end of input) and waits until litesh has ended.
  public func endWithControlD(timeout: Double = 10) throws {
    try press("C-d")
    try waitFor("LITESH-EXITED", timeout: timeout)
  }

  /// Types a line, presses Enter and waits for the next prompt.
  public func run(_ line: String) throws {
    try type(line)
    try enter()
  }

  /// Types a line, presses Enter, waits for the next prompt and then for `text` to stand on the
  /// screen more often than before the line was typed (new output, not an earlier line's).
  public func run(_ line: String, expecting text: String, timeout: Double = 10) throws {
    try waitForNew(text, timeout: timeout) { try run(line) }
  }

  /// Starts `line` and interrupts it: returns the number of prompts before it, to wait for the
  /// next one.
  ///
  /// Types `line`, presses Enter, waits for the progress line ("running": the statement is
  /// under way), presses Ctrl-C and waits at most `timeout` seconds for `report`.
  @discardableResult
  public func interrupt(
    _ line: String, expecting report: String = "interrupted", timeout: Double
  ) throws -> Int {
    let prompts = promptCount()
    try type(line)
    try press("Enter")
    try waitFor("running")
    try press("C-c")
    try waitFor(report, timeout: timeout)
    return prompts
  }

  /// Waits until the screen contains `text`.
  public func waitFor(_ text: String, timeout: Double = 10) throws {
    try waitUntil("\"\(text)\" on screen", timeout: timeout) { self.screen().contains(text) }
  }

  /// The last non-empty line on screen.
  public func lastLine() -> String {
    String(screen().split(separator: "\n").last ?? "")
  }

  /// Waits until the last non-empty line on screen is `line`: for a prompt whose text is
  /// already further up the screen, where `waitFor` would return at once.
  public func waitForLastLine(_ line: String, timeout: Double = 10) throws {
    try waitUntil("\"\(line)\" as the last line", timeout: timeout) { self.lastLine() == line }
  }

  /// Polls `condition` every 20 ms until it holds, failing after `timeout` seconds with the
  /// screen at that moment.
  public func waitUntil(_ what: String, timeout: Double, _ condition: () -> Bool) throws {
    do {
      try TestSupport.waitUntil(what, timeout: timeout, detail: { self.screen() }, condition)
    } catch let error as TestSupportError {
      throw REPLTimeout(description: error.description)
    }
  }

  /// How many times `text` stands on the screen (scrollback included).
  public func occurrences(of text: String) -> Int {
    screen().components(separatedBy: text).count - 1
  }

  /// Runs `action` (typing, pressing keys) and waits until `text` stands on the screen more
  /// often than before it: for text that may already be on screen, where ``waitFor(_:timeout:)``
  /// would return at once.
  public func waitForNew(
    _ text: String, timeout: Double = 10, after action: () throws -> Void
  ) throws {
    let before = occurrences(of: text)
    try action()
    try waitUntil("a new \"\(text)\" on screen", timeout: timeout) {
      self.occurrences(of: text) > before
    }
  }

  /// Runs tmux on this terminal's socket with a default signal mask and dispositions (the test
  /// runner blocks signals, and a blocked SIGINT would make Ctrl-C do nothing), and returns
  /// what it printed.
  @discardableResult
  private func tmux(_ arguments: [String], capturing: Bool = true) throws -> String {
    var outputPipe: [Int32] = [-1, -1]
    guard pipe(&outputPipe) == 0 else { throw REPLTimeout(description: "pipe failed") }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    if capturing {
      posix_spawn_file_actions_adddup2(&actions, outputPipe[1], 1)
    } else {
      // The server new-session starts would hold the pipe open forever.
      posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    }
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addclose(&actions, outputPipe[0])
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var empty = sigset_t()
    sigemptyset(&empty)
    posix_spawnattr_setsigmask(&attributes, &empty)
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for signal in [SIGINT, SIGTERM, SIGQUIT, SIGPIPE, SIGCHLD, SIGHUP] {
      sigaddset(&defaults, signal)
    }
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setflags(
      &attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    let argv = (["tmux", "-L", socket] + arguments).map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var pid: pid_t = 0
    let status = posix_spawn(&pid, "/usr/bin/tmux", &actions, &attributes, argv, environ)
    Glibc.close(outputPipe[1])
    defer { Glibc.close(outputPipe[0]) }
    guard status == 0 else { throw REPLTimeout(description: "cannot start tmux: \(status)") }
    var data: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while capturing {
      let count = read(outputPipe[0], &buffer, buffer.count)
      if count < 0, errno == EINTR { continue }
      if count <= 0 { break }
      data += buffer[..<count]
    }
    var exitStatus: Int32 = 0
    while waitpid(pid, &exitStatus, 0) < 0, errno == EINTR {}
    return String(decoding: data, as: UTF8.self)
  }

  private static func quote(_ text: String) -> String {
    "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }
}

/// A wait in ``REPLTerminal`` that ran out of time, with the screen at that moment.
public struct REPLTimeout: Error, CustomStringConvertible {
  public let description: String
}

/// Starts `litesh ARGUMENTS` in a tmux pane of `width` × `height` (see
/// ``REPLTerminal/init(arguments:environment:home:width:height:)``), waits for its first
/// `prompt`, runs `body` with the terminal and always ends the tmux server afterwards (and
/// removes the home directory, the one passed in too unless `keepingHome`).
///
/// ```swift
/// try withREPL(arguments: ["-list"]) { terminal in
///   try terminal.run("SELECT 40 + 2;")
///   try terminal.waitFor("\n42")
/// }
/// ```
///
/// `prompt: nil` starts without waiting (for a start that prints no prompt).
public func withREPL<R>(
  arguments: [String] = [], environment: [String: String] = [:], home: String? = nil,
  keepingHome: Bool = false, width: Int = 100, height: Int = 30, prompt: String? = "litesh>",
  pipingOutputTo filter: String? = nil, launchedBy launcher: [String] = [],
  _ body: (REPLTerminal) throws -> R
) throws -> R {
  let terminal = try REPLTerminal(
    arguments: arguments, environment: environment, home: home, width: width, height: height,
    pipingOutputTo: filter, launchedBy: launcher)
  defer { terminal.close(removingHome: !keepingHome) }
  if let prompt { try terminal.waitFor(prompt) }
  return try body(terminal)
}
