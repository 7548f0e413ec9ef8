/// How big and how long: `--quick` for the CI smoke run, the sizes otherwise.
struct Sizes {
  var rows = 1_000_000
  var lookups = 200_000
  var transactions = 10_000
  var seconds = 3.0
  /// Rounds of W1–W4 and of the shell workloads.
  var rounds = 5
  /// Rounds of W5 (each is 4 variants × 3 implementations × `seconds`).
  var concurrentRounds = 3
  /// Starts of each shell per start-up round.
  var startsPerRound = 20
  /// Rows of the small inputs that check a shell's output against sqlite3's.
  var checkRows = 300

  /// The smoke sizes: every workload runs once, small.
  static let quick = Sizes(
    rows: 20_000, lookups: 20_000, transactions: 1_000, seconds: 0.5, rounds: 1,
    concurrentRounds: 1, startsPerRound: 5, checkRows: 300)
}
