/// The fuzz targets: each takes arbitrary bytes, drives one part of the shell, and returns the
/// properties the run broke (empty when all held).
///
/// `Fuzz/` links ``run(_:)`` into a libFuzzer binary (`scripts/fuzz.sh TARGET SECONDS`); the
/// `FuzzCorpusTests` suite replays every file of `Fuzz/Corpus/TARGET/` through the same call.
public enum FuzzTarget: String, CaseIterable, Sendable {
  /// `InputBuffer`: lines into dot-commands, comments and SQL chunks.
  case splitter
  /// `DotCommandArguments`: a dot-command line into words, numbers and booleans.
  case arguments
  /// `ImportReader`: `.import` input (CSV or ASCII separators) into fields.
  case csv
  /// Every output mode over random rows of random values.
  case formatters
  /// `.parameter set KEY VALUE` (and `.parameter list`).
  case parameters
  /// `.bench` options and `--param NAME=DIST(ARGS)`, then draws from what parsed.
  case bench
  /// `.open --hexdb` lines, `.check`'s glob, `.archive`'s options.
  case parsers
  /// `.expert` on the input as SQL, over a schema with triggers and a view.
  case expert
  /// ZIP archives: `zipfile(BLOB)`, and a `zipfile` table written over the bytes as a file.
  case zip
  /// A database file's pages, records and WAL frames, and `.recover`'s script from them.
  case pages
  /// Literal INSERT scripts (a dump restored): the fast way against the normal way.
  case restore

  /// Runs one input; returns a description of each property that failed.
  public func run(_ data: [UInt8]) -> [String] {
    switch self {
    case .splitter: SplitterFuzz.run(data)
    case .arguments: ArgumentsFuzz.run(data)
    case .csv: CSVFuzz.run(data)
    case .formatters: FormatterFuzz.run(data)
    case .parameters: ParameterSetFuzz.run(data)
    case .bench: BenchFuzz.run(data)
    case .parsers: ParsersFuzz.run(data)
    case .expert: ExpertFuzz.run(data)
    case .zip: ZipFuzz.run(data)
    case .pages: PagesFuzz.run(data)
    case .restore: RestoreFuzz.run(data)
    }
  }
}

/// Reads fuzz input as a stream of small decisions; past the end every read is 0.
struct FuzzReader {
  private let data: [UInt8]
  private var index = 0

  init(_ data: [UInt8]) { self.data = data }

  var isAtEnd: Bool { index >= data.count }

  mutating func byte() -> UInt8 {
    guard index < data.count else { return 0 }
    defer { index += 1 }
    return data[index]
  }

  mutating func uint64() -> UInt64 {
    (0..<8).reduce(0) { value, _ in value << 8 | UInt64(byte()) }
  }

  /// Up to `count` bytes.
  mutating func bytes(_ count: Int) -> [UInt8] {
    let end = min(data.count, index + count)
    defer { index = max(index, end) }
    return index < end ? Array(data[index..<end]) : []
  }

  /// The rest of the input.
  mutating func rest() -> [UInt8] { bytes(data.count) }
}

/// Whether the bytes are valid UTF-8.
func isValidUTF8(_ bytes: some Collection<UInt8>) -> Bool {
  String(validating: bytes, as: UTF8.self) != nil
}
