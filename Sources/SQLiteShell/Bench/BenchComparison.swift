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

  /// The figures compared: name, path in a `--json` result, and this run's value.
  private static let measures:
    [(name: String, path: String, value: @Sendable (BenchResult) -> Double)] = [
      ("reads/s", "$.reads_per_second", { $0.readsPerSecond }),
      ("writes/s", "$.writes_per_second", { $0.writesPerSecond }),
      ("read p99 ms", "$.read_latency_ms.p99", { $0.reads.milliseconds(atPercentile: 99) }),
      ("write p99 ms", "$.write_latency_ms.p99", { $0.writes.milliseconds(atPercentile: 99) }),
    ]

  /// Reads the earlier figures in `path`, each `now` 0 until ``against(_:)``.
  ///
  /// `.bench` calls it before the run, so a missing or wrong file stops it before anything is
  /// measured.
  static func load(_ path: String) throws(BenchError) -> BenchComparison {
    guard let reader = LineReader.open(path: path) else {
      throw BenchError(message: "--compare: cannot read \"\(path)\"")
    }
    var lines: [String] = []
    while let line = reader.nextLine() { lines.append(line) }
    reader.close()
    let document = lines.joined(separator: "\n")
    let figures: [Figure]?
    do {
      figures = try read(document)
    } catch {
      throw BenchError(message: "--compare: \(error.message)")
    }
    guard let figures else {
      throw BenchError(
        message: "--compare: \"\(path)\" is not the JSON of a .bench --json run")
    }
    return BenchComparison(path: path, figures: figures)
  }

  /// The earlier figures compared with `result`'s.
  func against(_ result: BenchResult) -> BenchComparison {
    var compared = self
    for (index, measure) in Self.measures.enumerated() where index < figures.count {
      compared.figures[index].now = measure.value(result)
    }
    return compared
  }

  /// The earlier figures in `document`; `nil` when it is not a `.bench` result.
  private static func read(_ document: String) throws(SQLiteError) -> [Figure]? {
    let db = try Connection()
    defer { try? db.close() }
    guard try db.scalar("SELECT json_valid(?)", [document], as: Int.self) == 1,
      try db.scalar("SELECT json_type(?, '$.reads_per_second')", [document], as: String.self)
        != nil
    else { return nil }
    var figures: [Figure] = []
    for measure in measures {
      let before =
        try db.scalar("SELECT json_extract(?, ?)", [document, measure.path], as: Double.self) ?? 0
      figures.append(Figure(name: measure.name, before: before, now: 0))
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
