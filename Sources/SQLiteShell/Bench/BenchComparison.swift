import SQLiteCore

/// `--compare FILE.json`: this run's figures as ratios of an earlier `--json` result.
///
/// The earlier document is read by SQLite's own `json_extract`, on an in-memory connection.
struct BenchComparison: Sendable {
  /// A figure, its earlier value and the ratio now / before.
  struct Figure: Sendable {
    var name: String
    var before: Double
    var now: Double
    var ratio: Double { before > 0 ? now / before : 0 }
  }

  /// The file compared with.
  var path: String
  /// The figures compared.
  var figures: [Figure]

  /// Reads `path` and compares `result` with it.
  static func load(_ path: String, against result: BenchResult) throws(BenchError)
    -> BenchComparison
  {
    guard let reader = LineReader.open(path: path) else {
      throw BenchError(message: "--compare: cannot read \"\(path)\"")
    }
    var lines: [String] = []
    while let line = reader.nextLine() { lines.append(line) }
    reader.close()
    let document = lines.joined(separator: "\n")
    let paths = [
      ("reads/s", "$.reads_per_second", result.readsPerSecond),
      ("writes/s", "$.writes_per_second", result.writesPerSecond),
      ("read p99 ms", "$.read_latency_ms.p99", result.reads.milliseconds(atPercentile: 99)),
      ("write p99 ms", "$.write_latency_ms.p99", result.writes.milliseconds(atPercentile: 99)),
    ]
    let figures: [Figure]?
    do {
      figures = try read(document, paths)
    } catch {
      throw BenchError(message: "--compare: \(error.message)")
    }
    guard let figures else {
      throw BenchError(
        message: "--compare: \"\(path)\" is not the JSON of a .bench --json run")
    }
    return BenchComparison(path: path, figures: figures)
  }

  /// The earlier figures at `paths` in `document`; `nil` when it is not a `.bench` result.
  private static func read(
    _ document: String, _ paths: [(String, String, Double)]
  ) throws(SQLiteError) -> [Figure]? {
    let db = try Connection()
    defer { try? db.close() }
    guard try db.scalar("SELECT json_valid(?)", [document], as: Int.self) == 1,
      try db.scalar("SELECT json_type(?, '$.reads_per_second')", [document], as: String.self)
        != nil
    else { return nil }
    var figures: [Figure] = []
    for (name, jsonPath, now) in paths {
      let before =
        try db.scalar("SELECT json_extract(?, ?)", [document, jsonPath], as: Double.self) ?? 0
      figures.append(Figure(name: name, before: before, now: now))
    }
    return figures
  }

  /// The comparison as report lines.
  var lines: [String] {
    ["compared with \(path):"]
      + figures.map {
        "  " + BenchFormat.left($0.name, 13)
          + BenchFormat.right(BenchFormat.fixed($0.before, 3), 12)
          + " -> " + BenchFormat.right(BenchFormat.fixed($0.now, 3), 12) + "  "
          + BenchFormat.fixed($0.ratio, 2) + "x"
      }
  }

  /// The comparison as a JSON object.
  var json: String {
    "{\"file\": \(BenchFormat.jsonString(path)), "
      + figures.map {
        "\(BenchFormat.jsonString($0.name)): {\"before\": \(BenchFormat.fixed($0.before, 3)),"
          + " \"now\": \(BenchFormat.fixed($0.now, 3)), \"ratio\": \(BenchFormat.fixed($0.ratio, 3))}"
      }.joined(separator: ", ") + "}"
  }
}
