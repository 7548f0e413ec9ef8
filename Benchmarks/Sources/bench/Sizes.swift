/// How big and how long: `--quick` for the CI smoke run, the sizes otherwise.
struct Sizes {
  var rows = 1_000_000
  var lookups = 200_000
  var transactions = 10_000
  var seconds = 3.0
  /// Rounds of W1–W4 and of the shell workloads.
  var rounds = 5
  /// Rounds of the hop-free W5 rows (each is 3 implementations × `seconds`).
  var concurrentRounds = 3
  /// Rounds of the plain-task W5 rows, the ones judged against GRDB: two libraries' thread
  /// hand-overs on a shared 2-core VM swing 20–40% from one 3 s run to the next, so their
  /// median takes more runs to settle than the hop-free rows'.
  var taskRounds = 7
  /// Starts of each shell per start-up round.
  var startsPerRound = 20
  /// Rows of the small inputs that check a shell's output against sqlite3's.
  var checkRows = 300

  /// The smoke sizes: every workload runs once, small.
  static let quick = Sizes(
    rows: 20_000, lookups: 20_000, transactions: 1_000, seconds: 0.5, rounds: 1,
    concurrentRounds: 1, taskRounds: 1, startsPerRound: 5, checkRows: 300)
}
