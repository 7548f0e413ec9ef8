import CSQLite
import SQLiteCore

/// The dot-commands this file runs, each declared once: name, shortest abbreviation,
/// `.help` text and handler (see ``DotCommandRegistry/standard`` for their order).
extension DotCommand {
  static let testctrl = DotCommand(
    "testctrl", minimumPrefix: 8, handler: TestControlCommand.run,
    help: """
      .testctrl CMD ...        Run various sqlite3_test_control() operations
                                 Run ".testctrl" with no arguments for details
      """)
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `.testctrl CMD ...`: sqlite3 3.40.1's `sqlite3_test_control()` operations, with its table
/// of names, its prefix matching and its messages.
///
/// `extra_schema_checks` and `tune` are listed but, as in sqlite3's release build, only print
/// their usage.
enum TestControlCommand {
  /// One test-control: its name, code, whether safe mode refuses it, and its usage.
  private struct Control {
    let name: String
    let code: Int32
    let isUnsafe: Bool
    let usage: String
  }

  private static let controls = [
    Control(name: "always", code: SQLITE_TESTCTRL_ALWAYS, isUnsafe: true, usage: "BOOLEAN"),
    Control(name: "assert", code: SQLITE_TESTCTRL_ASSERT, isUnsafe: true, usage: "BOOLEAN"),
    Control(name: "byteorder", code: SQLITE_TESTCTRL_BYTEORDER, isUnsafe: false, usage: ""),
    Control(
      name: "extra_schema_checks", code: SQLITE_TESTCTRL_EXTRA_SCHEMA_CHECKS, isUnsafe: false,
      usage: "BOOLEAN"),
    Control(
      name: "imposter", code: SQLITE_TESTCTRL_IMPOSTER, isUnsafe: true,
      usage: "SCHEMA ON/OFF ROOTPAGE"),
    Control(
      name: "internal_functions", code: SQLITE_TESTCTRL_INTERNAL_FUNCTIONS, isUnsafe: false,
      usage: ""),
    Control(
      name: "localtime_fault", code: SQLITE_TESTCTRL_LOCALTIME_FAULT, isUnsafe: false,
      usage: "BOOLEAN"),
    Control(
      name: "never_corrupt", code: SQLITE_TESTCTRL_NEVER_CORRUPT, isUnsafe: true,
      usage: "BOOLEAN"),
    Control(
      name: "optimizations", code: SQLITE_TESTCTRL_OPTIMIZATIONS, isUnsafe: false,
      usage: "DISABLE-MASK"),
    Control(
      name: "pending_byte", code: SQLITE_TESTCTRL_PENDING_BYTE, isUnsafe: false,
      usage: "OFFSET  "),
    Control(name: "prng_restore", code: SQLITE_TESTCTRL_PRNG_RESTORE, isUnsafe: false, usage: ""),
    Control(name: "prng_save", code: SQLITE_TESTCTRL_PRNG_SAVE, isUnsafe: false, usage: ""),
    Control(
      name: "prng_seed", code: SQLITE_TESTCTRL_PRNG_SEED, isUnsafe: false, usage: "SEED ?db?"),
    Control(name: "seek_count", code: SQLITE_TESTCTRL_SEEK_COUNT, isUnsafe: false, usage: ""),
    Control(name: "sorter_mmap", code: SQLITE_TESTCTRL_SORTER_MMAP, isUnsafe: false, usage: "NMAX"),
    Control(name: "tune", code: SQLITE_TESTCTRL_TUNE, isUnsafe: true, usage: "ID VALUE"),
  ]

  static let run: DotCommand.Handler = { shell, arguments in
    guard let connection = shell.openDatabase() else { return .failure }
    var name = Substring(arguments.first ?? "help")
    // The name may start with "-" or "--".
    for _ in 0..<2 where name.count > 1 && name.hasPrefix("-") { name = name.dropFirst() }
    if name == "help" {
      shell.output.write("Available test-controls:\n")
      for control in controls {
        shell.output.write("  .testctrl \(control.name) \(control.usage)\n")
      }
      return .failure
    }
    let matches = controls.filter { $0.name.utf8.starts(with: name.utf8) }
    guard let control = matches.first else {
      shell.errors.write(
        "Error: unknown test-control: \(name)\nUse \".testctrl --help\" for help\n")
      return .success
    }
    guard matches.count == 1 else {
      shell.errors.write(
        "Error: ambiguous test-control: \"\(name)\"\nUse \".testctrl --help\" for help\n")
      return .failure
    }
    if control.isUnsafe,
      !shell.allowedInSafeMode("\".testctrl \(control.name)\" may not be used in safe mode")
    {
      return .failure
    }
    let values = Array(arguments.dropFirst())
    let result = connection.withUnsafeHandle { db in perform(control.code, values, db, shell) }
    switch result {
    case .usage:
      shell.output.write("Usage: .testctrl \(name) \(control.usage)\n")
      return .failure
    case .printed(let value):
      shell.output.write("\(value)\n")
    case .quiet:
      break
    }
    return .success
  }

  /// What an operation shows: its usage (wrong arguments), its result, or nothing.
  private enum Outcome {
    case usage
    case printed(Int32)
    case quiet
  }

  /// Calls `sqlite3_test_control` for `code` with the arguments sqlite3's shell passes.
  private static func perform(
    _ code: Int32, _ values: [String], _ db: OpaquePointer, _ shell: Shell
  ) -> Outcome {
    let integer = { (index: Int) in
      Int32(truncatingIfNeeded: DotCommandArguments.integer(values[index]))
    }
    let boolean = { (index: Int) -> Int32 in
      let (value, warning) = ShellNumbers.booleanValue(values[index])
      if let warning { shell.errors.write(warning) }
      return Int32(truncatingIfNeeded: value)
    }
    switch code {
    case SQLITE_TESTCTRL_OPTIMIZATIONS where values.count == 1:
      let mask = values[0].withCString { strtol($0, nil, 0) }
      _ = csqlite_test_control_db_int(
        code, db, Int32(truncatingIfNeeded: UInt32(truncatingIfNeeded: mask)))
    case SQLITE_TESTCTRL_PRNG_SAVE, SQLITE_TESTCTRL_PRNG_RESTORE:
      guard values.isEmpty else { return .usage }
      _ = csqlite_test_control(code)
    case SQLITE_TESTCTRL_BYTEORDER:
      guard values.isEmpty else { return .usage }
      return .printed(csqlite_test_control(code))
    case SQLITE_TESTCTRL_PENDING_BYTE where values.count == 1:
      _ = csqlite_test_control_unsigned(code, UInt32(truncatingIfNeeded: integer(0)))
    case SQLITE_TESTCTRL_PRNG_SEED where values.count == 1 || values.count == 2:
      var seed = integer(0)
      if seed == 0 && values[0] == "random" {
        sqlite3_randomness(Int32(MemoryLayout<Int32>.size), &seed)
        shell.standardOutput.write("-- random seed: \(seed)\n")
      }
      if values.count == 2 {
        // Loads the schema first, as sqlite3 does.
        _ = sqlite3_table_column_metadata(db, nil, "x", nil, nil, nil, nil, nil, nil)
      }
      _ = csqlite_test_control_int_db(code, seed, values.count == 2 ? db : nil)
    case SQLITE_TESTCTRL_ASSERT where values.count == 1,
      SQLITE_TESTCTRL_ALWAYS where values.count == 1:
      return .printed(csqlite_test_control_int(code, boolean(0)))
    case SQLITE_TESTCTRL_LOCALTIME_FAULT where values.count == 1,
      SQLITE_TESTCTRL_NEVER_CORRUPT where values.count == 1:
      _ = csqlite_test_control_int(code, boolean(0))
    case SQLITE_TESTCTRL_INTERNAL_FUNCTIONS:
      _ = csqlite_test_control_db(code, db)
    case SQLITE_TESTCTRL_IMPOSTER where values.count == 3:
      _ = csqlite_test_control_imposter(db, values[0], integer(1), integer(2))
    case SQLITE_TESTCTRL_SEEK_COUNT:
      var count: sqlite3_uint64 = 0
      _ = csqlite_test_control_db_counter(code, db, &count)
      shell.output.write("\(count)\n")
    case SQLITE_TESTCTRL_SORTER_MMAP where values.count == 1:
      _ = csqlite_test_control_db_int(code, db, integer(0))
    default:
      return .usage
    }
    return .quiet
  }
}
