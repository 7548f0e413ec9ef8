// bench: the benchmark driver. Runs the library workloads (C, SQLiteCore, GRDB) and the shell
// workloads (litesh, sqlite3) in interleaved rounds, each measurement in a fresh process, and
// prints the tables. Exits 1 when implementations disagree.
//
//   bench [--quick] [--rounds N] [--only library|shell] [--workloads w2,w2d,W5,...]
//         [--litesh PATH] [--sqlite3 PATH] [--work DIR]
//   --workloads: library rows by worker name (w2d) or by the start of their label (W5).
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

if only.isEmpty || only == "library" {
  let suite = LibrarySuite(
    sizes: sizes, binDirectory: binDirectory, workDirectory: work,
    baseDatabase: inputs.database(rows: sizes.rows), selected: selected)
  let report = LibraryReport(workloads: suite.workloads, results: suite.run())
  print("\nLibrary workloads: CPU time of the workload in its worker (W5: throughput over")
  print(
    "\(format(sizes.seconds, 1)) s), medians over rounds; ratios are medians of per-round ratios.\n"
  )
  print(report.table().render())
  failures += report.mismatches
}
if only.isEmpty || only == "shell" {
  let suite = ShellSuite(sizes: sizes, inputs: inputs, litesh: litesh, sqlite3: sqlite3, work: work)
  let report = suite.run()
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
