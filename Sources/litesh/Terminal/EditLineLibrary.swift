@preconcurrency import CEditLine
@preconcurrency import Glibc

/// libedit's readline-compatible API, looked up in the library loaded when the REPL starts.
///
/// litesh does not link libedit: loading it (with libbsd, libmd and libtinfo) and binding its
/// symbols cost every start ~27 page faults and ~1.1M instructions, and only a terminal REPL
/// uses it. ``load()`` opens it with `dlopen` instead, once, on the main thread, and the
/// functions and variables below are its own, found with `dlsym`. `CEditLine` supplies the
/// types only; calling its functions directly would fail to link, by design.
struct EditLineLibrary {
  /// The shared object names tried in order (the versioned name first: no `-dev` package
  /// needed at run time).
  #if os(macOS)
  static let names = ["libedit.3.dylib", "libedit.dylib"]
  #else
  static let names = ["libedit.so.2", "libedit.so"]
  #endif

  typealias CompletionEntry =
    @convention(c) (UnsafePointer<CChar>?, Int32) ->
    UnsafeMutablePointer<CChar>?
  typealias AttemptedCompletion =
    @convention(c) (UnsafePointer<CChar>?, Int32, Int32) ->
    UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?

  let readline: @convention(c) (UnsafePointer<CChar>?) -> UnsafeMutablePointer<CChar>?
  let usingHistory: @convention(c) () -> Void
  let stifleHistory: @convention(c) (Int32) -> Void
  let getScreenSize:
    @convention(c) (UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<Int32>?) -> Void
  let completionMatches:
    @convention(c) (UnsafePointer<CChar>?, CompletionEntry?) ->
      UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
  let readHistory: @convention(c) (UnsafePointer<CChar>?) -> Int32
  let writeHistory: @convention(c) (UnsafePointer<CChar>?) -> Int32
  let truncateHistoryFile: @convention(c) (UnsafePointer<CChar>?, Int32) -> Int32
  let historyGet: @convention(c) (Int32) -> UnsafeMutablePointer<HIST_ENTRY>?
  let addHistory: @convention(c) (UnsafePointer<CChar>?) -> Int32
  let clearHistory: @convention(c) () -> Void
  /// `rl_parse_and_bind`: one `.editrc` line (`bind KEY FUNCTION`).
  let parseAndBind: @convention(c) (UnsafePointer<CChar>?) -> Int32
  /// A readline command function: `(count, key)`.
  typealias CommandFunction = @convention(c) (Int32, Int32) -> Int32
  /// `rl_add_defun`: names a command function and binds one key to it.
  let addDefun: @convention(c) (UnsafePointer<CChar>?, CommandFunction?, Int32) -> Int32
  /// `rl_insert`: in libedit, pushes a key onto the input, to be read as if typed.
  let pushKey: @convention(c) (Int32, Int32) -> Int32
  /// `rl_prep_terminal`: puts the terminal in libedit's edit mode (no line discipline) now.
  let prepareTerminal: @convention(c) (Int32) -> Void

  /// `rl_pre_input_hook`: run by `readline()` after it set the terminal back to the mode it
  /// found, just before the prompt is shown.
  let preInputHook: UnsafeMutablePointer<(@convention(c) () -> Int32)?>
  /// `rl_catch_signals`.
  let catchSignals: UnsafeMutablePointer<Int32>
  /// `rl_readline_name`.
  let readlineName: UnsafeMutablePointer<UnsafePointer<CChar>?>
  /// `rl_attempted_completion_function`.
  let attemptedCompletionFunction: UnsafeMutablePointer<AttemptedCompletion?>
  /// `rl_basic_word_break_characters`.
  let basicWordBreakCharacters: UnsafeMutablePointer<UnsafePointer<CChar>?>
  /// `rl_line_buffer`.
  let lineBuffer: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>
  /// `rl_point`.
  let point: UnsafeMutablePointer<Int32>
  /// `rl_completion_append_character`.
  let completionAppendCharacter: UnsafeMutablePointer<Int32>
  /// `rl_attempted_completion_over`.
  let attemptedCompletionOver: UnsafeMutablePointer<Int32>
  /// `history_length`.
  let historyLength: UnsafeMutablePointer<Int32>
  /// `history_base`.
  let historyBase: UnsafeMutablePointer<Int32>

  /// Why libedit could not be loaded: the loader's message.
  struct LoadFailure: Error {
    let message: String
  }

  /// The library, loaded on first use; the failure is kept and returned again.
  nonisolated(unsafe) private static var loaded: Result<EditLineLibrary, LoadFailure>?

  /// Loads libedit and looks up every symbol litesh uses (main thread only).
  static func load() -> Result<EditLineLibrary, LoadFailure> {
    if let loaded { return loaded }
    let result = Result { () throws(LoadFailure) in try open() }
    loaded = result
    return result
  }

  private static func open() throws(LoadFailure) -> EditLineLibrary {
    var firstReason: String?
    for name in names {
      if let handle = dlopen(name, RTLD_NOW | RTLD_LOCAL) {
        return try EditLineLibrary(handle: handle)
      }
      firstReason = firstReason ?? dlerror().map { String(cString: $0) }
    }
    throw LoadFailure(message: firstReason ?? "\(names[0]) not found")
  }

  private init(handle: UnsafeMutableRawPointer) throws(LoadFailure) {
    func function<T>(_ name: String, as type: T.Type = T.self) throws(LoadFailure) -> T {
      unsafeBitCast(try address(name), to: type)
    }
    func variable<T>(_ name: String, as type: T.Type = T.self) throws(LoadFailure)
      -> UnsafeMutablePointer<T>
    {
      try address(name).assumingMemoryBound(to: type)
    }
    func address(_ name: String) throws(LoadFailure) -> UnsafeMutableRawPointer {
      guard let symbol = dlsym(handle, name) else {
        throw LoadFailure(message: "libedit has no \(name)")
      }
      return symbol
    }
    readline = try function("readline")
    usingHistory = try function("using_history")
    stifleHistory = try function("stifle_history")
    getScreenSize = try function("rl_get_screen_size")
    completionMatches = try function("rl_completion_matches")
    readHistory = try function("read_history")
    writeHistory = try function("write_history")
    truncateHistoryFile = try function("history_truncate_file")
    historyGet = try function("history_get")
    addHistory = try function("add_history")
    clearHistory = try function("clear_history")
    parseAndBind = try function("rl_parse_and_bind")
    addDefun = try function("rl_add_defun")
    pushKey = try function("rl_insert")
    prepareTerminal = try function("rl_prep_terminal")
    preInputHook = try variable("rl_pre_input_hook")
    catchSignals = try variable("rl_catch_signals")
    readlineName = try variable("rl_readline_name")
    attemptedCompletionFunction = try variable("rl_attempted_completion_function")
    basicWordBreakCharacters = try variable("rl_basic_word_break_characters")
    lineBuffer = try variable("rl_line_buffer")
    point = try variable("rl_point")
    completionAppendCharacter = try variable("rl_completion_append_character")
    attemptedCompletionOver = try variable("rl_attempted_completion_over")
    historyLength = try variable("history_length")
    historyBase = try variable("history_base")
  }
}
