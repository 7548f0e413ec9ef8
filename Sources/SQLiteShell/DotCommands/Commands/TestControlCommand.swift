import Glibc
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

/// `.testctrl CMD ...`: sqlite3 3.40.1's `sqlite3_test_control()` operations, with its table
/// of names, its prefix matching and its messages.
///
/// `extra_schema_checks` and `tune` are listed but, as in sqlite3's release build, only print
/// their usage.
enum TestControlCommand {
  /// One test-control: its name, code, whether safe mode refuses it, and its usage.
  private struct Control {
    let name: String
    let operation: TestControl
    let isUnsafe: Bool
    let usage: String
  }

  private static let controls = [
    Control(name: "always", operation: .always, isUnsafe: true, usage: "BOOLEAN"),
    Control(name: "assert", operation: .assert, isUnsafe: true, usage: "BOOLEAN"),
    Control(name: "byteorder", operation: .byteOrder, isUnsafe: false, usage: ""),
    Control(
      name: "extra_schema_checks", operation: .extraSchemaChecks, isUnsafe: false,
      usage: "BOOLEAN"),
    Control(
      name: "imposter", operation: .imposter, isUnsafe: true,
      usage: "SCHEMA ON/OFF ROOTPAGE"),
    Control(
      name: "internal_functions", operation: .internalFunctions, isUnsafe: false,
      usage: ""),
    Control(
      name: "localtime_fault", operation: .localtimeFault, isUnsafe: false,
      usage: "BOOLEAN"),
    Control(
      name: "never_corrupt", operation: .neverCorrupt, isUnsafe: true,
      usage: "BOOLEAN"),
    Control(
      name: "optimizations", operation: .optimizations, isUnsafe: false,
      usage: "DISABLE-MASK"),
    Control(
      name: "pending_byte", operation: .pendingByte, isUnsafe: false,
      usage: "OFFSET  "),
    Control(name: "prng_restore", operation: .prngRestore, isUnsafe: false, usage: ""),
    Control(name: "prng_save", operation: .prngSave, isUnsafe: false, usage: ""),
    Control(
      name: "prng_seed", operation: .prngSeed, isUnsafe: false, usage: "SEED ?db?"),
    Control(name: "seek_count", operation: .seekCount, isUnsafe: false, usage: ""),
    Control(name: "sorter_mmap", operation: .sorterMmap, isUnsafe: false, usage: "NMAX"),
    Control(name: "tune", operation: .tune, isUnsafe: true, usage: "ID VALUE"),
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
    let result = perform(control.operation, values, connection, shell)
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

  /// Calls `sqlite3_test_control` for `operation` with the arguments sqlite3's shell passes.
  private static func perform(
    _ operation: TestControl, _ values: [String], _ db: Connection, _ shell: Shell
  ) -> Outcome {
    let integer = { (index: Int) in
      Int32(truncatingIfNeeded: DotCommandArguments.integer(values[index]))
    }
    let boolean = { (index: Int) -> Int32 in
      let (value, warning) = ShellNumbers.booleanValue(values[index])
      if let warning { shell.errors.write(warning) }
      return Int32(truncatingIfNeeded: value)
    }
    switch operation {
    case .optimizations where values.count == 1:
      let mask = values[0].withCString { strtol($0, nil, 0) }
      operation.call(on: db, Int32(truncatingIfNeeded: UInt32(truncatingIfNeeded: mask)))
    case .prngSave, .prngRestore:
      guard values.isEmpty else { return .usage }
      operation.call()
    case .byteOrder:
      guard values.isEmpty else { return .usage }
      return .printed(operation.call())
    case .pendingByte where values.count == 1:
      operation.call(unsigned: UInt32(truncatingIfNeeded: integer(0)))
    case .prngSeed where values.count == 1 || values.count == 2:
      var seed = integer(0)
      if seed == 0 && values[0] == "random" {
        seed = sqliteRandom(Int32.self)
        shell.standardOutput.write("-- random seed: \(seed)\n")
      }
      if values.count == 2 {
        // Loads the schema first, as sqlite3 does.
        db.loadSchema()
      }
      operation.call(seed, on: values.count == 2 ? db : nil)
    case .assert where values.count == 1,
      .always where values.count == 1:
      return .printed(operation.call(boolean(0)))
    case .localtimeFault where values.count == 1,
      .neverCorrupt where values.count == 1:
      operation.call(boolean(0))
    case .internalFunctions:
      operation.call(on: db)
    case .imposter where values.count == 3:
      db.imposterTestControl(database: values[0], isOn: integer(1), rootPage: integer(2))
    case .seekCount:
      shell.output.write("\(operation.counter(on: db))\n")
    case .sorterMmap where values.count == 1:
      operation.call(on: db, integer(0))
    default:
      return .usage
    }
    return .quiet
  }
}
