// bench: the benchmark driver. Runs the library workloads (C, SQLiteCore, GRDB) and the shell
// workloads (litesh, sqlite3) in interleaved rounds, each measurement in a fresh process, and
// prints the issue's tables. Exits 1 when implementations disagree.
//
//   bench [--quick] [--rounds N] [--only library|shell] [--workloads w2,w2d,W5,...]
//         [--litesh PATH] [--sqlite3 PATH] [--work DIR]
//   --workloads: rows by worker name (w2d) or by the start of their label (W5, dump, restore);
//                a suite none of them names is skipped, a name no row has is an error.
@preconcurrency import Glibc

var sizes = Sizes()
var only = ""
var selected: [String] = []
var binDirectory = executableDirectory()
var litesh = "\(binDirectory)/litesh"
var sqlite3 = "/usr/bin/sqlite3"
var work = ".build/bench-work"
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
  switch argument {
  case "--quick": sizes = .quick
  case "--rounds": sizes.rounds = Int(arguments.popFirst() ?? "") ?? sizes.rounds
  case "--only": only = arguments.popFirst() ?? ""
  case "--workloads":
    selected = (arguments.popFirst() ?? "").split(separator: ",").map(String.init)
  case "--litesh": litesh = arguments.popFirst() ?? litesh
  case "--sqlite3": sqlite3 = arguments.popFirst() ?? sqlite3
  case "--work": work = arguments.popFirst() ?? work
  default: fatal("unknown argument \(argument)")
  }
}
mkdir(work, 0o755)
let inputs = Inputs(
  directory: "\(work)/inputs", binDirectory: binDirectory, sqlite3: sqlite3, sizes: sizes)
var failures: [String] = []
var librarySuite = LibrarySuite(
  sizes: sizes, binDirectory: binDirectory, workDirectory: work, baseDatabase: "",
  selected: selected)
let shellSuite = ShellSuite(
  sizes: sizes, inputs: inputs, litesh: litesh, sqlite3: sqlite3, work: work, selected: selected)
let unknown = selected.filter { name in
  !librarySuite.workloads.contains { $0.name == name || $0.label.hasPrefix(name) }
    && !shellSuite.workloads.contains { $0.label.hasPrefix(name) }
}
if !unknown.isEmpty {
  fatal(
    "no workload named \(unknown.joined(separator: ", ")): give a library worker (w2d) or the "
      + "start of a row's label (W5, dump, restore, start-up, .import)")
}

if (only.isEmpty || only == "library") && !librarySuite.workloads.isEmpty {
  librarySuite.baseDatabase = inputs.database(rows: sizes.rows)
  let report = LibraryReport(workloads: librarySuite.workloads, results: librarySuite.run())
  print("\nLibrary workloads: CPU time of the workload in its worker (W5: throughput over")
  print(
    "\(format(sizes.seconds, 1)) s), medians over rounds; ratios are medians of per-round ratios.\n"
  )
  print(report.table().render())
  failures += report.mismatches
}
if (only.isEmpty || only == "shell") && !shellSuite.workloads.isEmpty {
  let report = shellSuite.run()
  print(
    "\nShell workloads: whole process, CPU time (user + system) from wait4, medians over rounds.\n")
  print(report.table.render())
  failures += report.mismatches
}
fflush(stdout)
if !failures.isEmpty {
  fputs("bench: FAILED, results differ:\n" + failures.map { "  \($0)\n" }.joined(), stderr)
  exit(1)
}
