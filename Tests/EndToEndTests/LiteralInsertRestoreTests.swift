import Foundation
import SQLiteCore
import TestSupport
import Testing

/// Restoring a dump (and other scripts of literal INSERTs) gives the very database file
/// sqlite3 builds from the same script, and the same bytes on every output.
///
/// litesh runs such statements through prepared shapes with bound values; sqlite3 parses each
/// one. The source tables hold every column affinity and awkward values (random bit-pattern
/// doubles, -0.0, 5e-324, 1e308, integers at ±2^63, quotes, line breaks, NUL, bytes that are
/// not UTF-8, blobs, NULL); sqlite3 dumps them, both shells restore the dump, and the files
/// are compared byte for byte.
@Suite("Literal INSERT restore")
struct LiteralInsertRestoreTests {
  static let sqlite3 = Binary.sqlite3
  static let types = [
    "", "INTEGER", "REAL", "TEXT", "NUMERIC", "BLOB", "INT", "FLOAT", "VARCHAR(9)",
  ]

  /// A source database: one table per affinity and one with a column of each.
  static func makeSource(at path: String, seed: UInt64, rows: Int) throws {
    let connection = try Connection(path: path)
    var random = SplitMix(seed: seed)
    try connection.execute("BEGIN")
    var tables: [(name: String, columns: Int)] = []
    for (index, type) in types.enumerated() {
      try connection.execute(
        "CREATE TABLE \"t \(index)\"(id INTEGER PRIMARY KEY, v \(type), w \(type))")
      tables.append(("\"t \(index)\"", 3))
    }
    let all = types.enumerated().map { "c\($0.offset) \($0.element)" }.joined(separator: ", ")
    try connection.execute("CREATE TABLE mixed(\(all))")
    tables.append(("mixed", types.count))
    try connection.execute("CREATE TABLE strict(i INTEGER, r REAL, t TEXT, b BLOB, a ANY) STRICT")
    for (name, columns) in tables {
      let marks = Array(repeating: "?", count: columns).joined(separator: ",")
      let insert = try connection.prepare("INSERT INTO \(name) VALUES(\(marks))")
      for _ in 0..<rows {
        for column in 1...columns {
          if name.hasPrefix("\"t"), column == 1 {
            try insert.bind(.null, at: 1)
          } else {
            try insert.bind(Self.awkwardValue(&random), at: column)
          }
        }
        try insert.stepOnceAndReset()
      }
    }
    let strict = try connection.prepare("INSERT INTO strict VALUES(?,?,?,?,?)")
    for _ in 0..<rows {
      try strict.bind(.integer(Int64(bitPattern: random.next())), at: 1)
      try strict.bind(.real(Self.awkwardDouble(&random)), at: 2)
      try strict.bind(.text(String(random.next() % 1000)), at: 3)
      try strict.bind(.blob([UInt8(random.next() & 0xFF)]), at: 4)
      try strict.bind(Self.awkwardValue(&random), at: 5)
      try strict.stepOnceAndReset()
    }
    // Text of any bytes (NUL, not UTF-8): half the blobs become text of the same bytes.
    let textColumns = tables.map { ($0.name, "w") } + (0..<types.count).map { ("mixed", "c\($0)") }
    for (name, column) in textColumns where name != "mixed" || column != "w" {
      try connection.execute(
        "UPDATE \(name) SET \(column) = CAST(\(column) AS TEXT)"
          + " WHERE typeof(\(column)) = 'blob' AND rowid % 2 = 0")
    }
    try connection.execute("COMMIT")
    try connection.close()
  }

  static func awkwardDouble(_ random: inout SplitMix) -> Double {
    let edges: [Double] = [
      -0.0, 0.0, .leastNonzeroMagnitude, -.leastNonzeroMagnitude, 1e308, -1e308, .infinity,
      -.infinity, 9223372036854775808.0,
      -9223372036854775808.0, 2.2250738585072014e-308, 0.1, 1.0, 100.0, 1e15, 1e16,
      123_456_789_012_345_680,
    ]
    let pick = random.next() % 4
    if pick == 0 { return edges[Int(random.next() % UInt64(edges.count))] }
    let value = Double(bitPattern: random.next())
    return value.isNaN ? 1.5 : value
  }

  static func awkwardValue(_ random: inout SplitMix) -> Value {
    switch random.next() % 9 {
    case 0: return .null
    case 1:
      let edges: [Int64] = [.min, .max, .min + 1, -1, 0, 1 << 53, -(1 << 62)]
      return .integer(edges[Int(random.next() % UInt64(edges.count))])
    case 2: return .integer(Int64(bitPattern: random.next()) >> (random.next() % 64))
    case 3, 4: return .real(awkwardDouble(&random))
    case 5:
      let texts = [
        "it's", "''", "", "a\nb", "a\r\nb", " 12 ", "1.0", "1e3", "0x10", "-0",
        "9223372036854775808",
        "Zoë 日本", "tab\there", "\"dq\"",
      ]
      return .text(texts[Int(random.next() % UInt64(texts.count))])
    case 6:
      return .text(String(Int64(bitPattern: random.next()) >> (random.next() % 64)))
    case 7:
      return .blob((0..<Int(random.next() % 6)).map { _ in UInt8(random.next() & 0xFF) })
    default:
      return .text(String(Double(bitPattern: random.next()).magnitude))
    }
  }

  /// Runs both shells on the same script and database name; returns (sqlite3, litesh) runs and
  /// whether the resulting files are byte-identical.
  static func restoreBoth(
    script: String, arguments: [String] = [], in directory: ScratchDirectory, tag: String
  ) throws -> (reference: BatchRun, candidate: BatchRun, sameFile: Bool) {
    let scriptPath = directory.path("\(tag).sql")
    let referenceDB = directory.path("\(tag)-sqlite3.db")
    let candidateDB = directory.path("\(tag)-litesh.db")
    let reference = try BatchRun.run(
      sqlite3, [referenceDB] + arguments, in: directory, inputFile: scriptPath)
    let candidate = try BatchRun.run(
      Binary.litesh, [candidateDB] + arguments, in: directory, inputFile: scriptPath)
    let same =
      FileManager.default.contentsEqual(atPath: referenceDB, andPath: candidateDB)
      && FileManager.default.fileExists(atPath: referenceDB)
    _ = script
    return (reference, candidate, same)
  }

  @Test(
    "a dump of every affinity and awkward values restores to the same file", arguments: [1, 2, 3])
  func dumpRestore(seed: UInt64) throws {
    let directory = try ScratchDirectory("litesh-literal-restore")
    defer { directory.remove() }
    let source = directory.path("source.db")
    try Self.makeSource(at: source, seed: seed, rows: 150)
    let dump = try BatchRun.run(Self.sqlite3, [source, ".dump"], in: directory)
    try #require(dump.status == 0)
    try directory.write("dump.sql", dump.output)
    // Standard input, `.read FILE`, and the whole dump as one SQL argument.
    let ways: [(String, [String], Bool)] = [
      ("stdin", [], true), ("read", [".read dump.sql"], false),
      ("argument", [String(decoding: dump.output, as: UTF8.self)], false),
    ]
    for (tag, arguments, usesStdin) in ways {
      if !usesStdin {
        try directory.write("\(tag).sql", [])
      } else {
        try directory.write("\(tag).sql", dump.output)
      }
      if tag == "argument", !dump.output.allSatisfy({ $0 != 0 }) { continue }
      let (reference, candidate, same) = try Self.restoreBoth(
        script: "", arguments: arguments, in: directory, tag: tag)
      #expect(candidate.output == reference.output, "\(tag)")
      #expect(candidate.errors == reference.errors, "\(tag)")
      #expect(candidate.status == reference.status, "\(tag)")
      #expect(same, "\(tag): the database files differ")
    }
  }

  /// Literal INSERT scripts that are not dumps: number shapes, signs, column lists, several
  /// rows, errors of every kind, and the settings that print per statement.
  static let scripts: [(String, [String])] = [
    (
      """
      CREATE TABLE t(a, b INTEGER, c REAL, d TEXT, e NUMERIC, f BLOB);
      INSERT INTO t VALUES(1.5,'1.0',1,2.5,'12',x'00ff');
      INSERT INTO t VALUES(-9223372036854775808,9223372036854775808,-9223372036854775809,1e400,'1e3',X'');
      INSERT INTO t VALUES(18446744073709551616,-18446744073709551616,00012,.5,5.,-.0);
      INSERT INTO t VALUES('it''s',' 12 ','abc',-1.5e-300,'0x10','');
      INSERT INTO t VALUES(0.1,0.10000000000000000555,1.0E+2,1e-400,1E308,-1e999);
      INSERT INTO t VALUES(123456789012345678901234567890,1.7976931348623157e308,4.9406564584124654e-324,2.4703282292062328e-324,9007199254740993,-9007199254740993.0);
      INSERT INTO t(a,c) VALUES(1,2),(3,4),(-0,-0.0);
      insert   into   "t" ( "a" ) values ( - 7 ) ;
      INSERT INTO main.t(b) VALUES(5e-324);
      INSERT INTO [t](`e`) VALUES('  1.5  ');
      INSERT INTO t(e) VALUES('1.0'),('-0'),('1e400'),('0x1F'),('9223372036854775808');
      INSERT INTO t VALUES(1,2,3,4,5);
      INSERT INTO t VALUES(0x10,1,2,3,4,5);
      INSERT INTO t VALUES(1e,1,2,3,4,5);
      INSERT INTO t VALUES(char(65),1,2,3,4,5);
      INSERT OR IGNORE INTO t VALUES(1,2,3,4,5,6);
      INSERT INTO t VALUES(1,2,3,4,5,6) /* comment */;
      INSERT INTO t VALUES(1,2,3,4,5,6); INSERT INTO t VALUES(7,8,9,10,11,12);
      INSERT INTO nosuch VALUES(1);
      SELECT count(*), total_changes(), changes(), last_insert_rowid() FROM t;
      """,
      []
    ),
    (
      """
      PRAGMA foreign_keys=ON;
      CREATE TABLE p(id INTEGER PRIMARY KEY, n TEXT UNIQUE NOT NULL CHECK(length(n) < 5));
      CREATE TABLE c(x REFERENCES p(id), y REAL) ;
      CREATE TABLE s(i INTEGER, r REAL) STRICT;
      CREATE TABLE log(m);
      CREATE TRIGGER tr AFTER INSERT ON p BEGIN INSERT INTO log VALUES(new.n || ':' || new.id); END;
      CREATE TRIGGER tf BEFORE INSERT ON c WHEN new.y < 0 BEGIN SELECT RAISE(ABORT, 'negative y'); END;
      .changes on
      INSERT INTO p VALUES(1,'a');
      INSERT INTO p VALUES(1,'b');
      INSERT INTO p VALUES(2,NULL);
      INSERT INTO p VALUES(3,'toolong');
      INSERT INTO p VALUES(4,'d'),(5,'e');
      INSERT INTO p VALUES(6,'f'),(6,'g');
      INSERT INTO c VALUES(1,1.5);
      INSERT INTO c VALUES(99,1.5);
      INSERT INTO c VALUES(1,-2.5);
      INSERT INTO s VALUES(1,2.5);
      INSERT INTO s VALUES('x',2.5);
      INSERT INTO s VALUES(1.5,1);
      BEGIN;
      INSERT INTO p VALUES(7,'h');
      INSERT INTO p VALUES(7,'i');
      COMMIT;
      .changes off
      .echo on
      INSERT INTO p VALUES(8,'j');
      .echo off
      SELECT * FROM p; SELECT * FROM log; SELECT * FROM c; SELECT * FROM s;
      """,
      []
    ),
  ]

  @Test("literal INSERT scripts print, fail and store as sqlite3 does", arguments: [0, 1])
  func scripts(index: Int) throws {
    let directory = try ScratchDirectory("litesh-literal-scripts")
    defer { directory.remove() }
    let (script, arguments) = Self.scripts[index]
    for (tag, extra) in [("plain", [String]()), ("bail", ["-bail"])] {
      try directory.write("\(tag).sql", Array((script + "\n").utf8))
      let (reference, candidate, same) = try Self.restoreBoth(
        script: script, arguments: extra + arguments, in: directory, tag: tag)
      #expect(candidate.outputText == reference.outputText, "\(tag)")
      #expect(candidate.errors == reference.errors, "\(tag)")
      #expect(candidate.status == reference.status, "\(tag)")
      #expect(same, "\(tag): the database files differ")
    }
  }

  /// Settings that see statements one by one: each prints what sqlite3 prints (the fast way is
  /// off under them, or invisible to them).
  @Test(
    "settings that watch statements print what sqlite3 prints",
    arguments: [
      [".trace stdout"], [".auth on"], [".progress 5"], [".eqp on"], [".eqp full"],
      [".log stdout"], [".changes on"], [".echo on"], ["-safe"],
    ])
  func watchedStatements(setting: [String]) throws {
    let directory = try ScratchDirectory("litesh-literal-watched")
    defer { directory.remove() }
    let script = """
      CREATE TABLE t(a INTEGER PRIMARY KEY, b REAL, c TEXT);
      INSERT INTO t VALUES(1,1.5,'x');
      INSERT INTO t VALUES(1,2.5,'y');
      INSERT INTO t VALUES(2,-0.0,'it''s');
      INSERT INTO t(a,c) VALUES(3,'z'),(4,NULL);

      """
    let isOption = setting[0].hasPrefix("-")
    try directory.write("watched.sql", Array(((isOption ? "" : setting[0] + "\n") + script).utf8))
    let (reference, candidate, same) = try Self.restoreBoth(
      script: script, arguments: isOption ? setting : [], in: directory, tag: "watched")
    #expect(candidate.outputText == reference.outputText)
    #expect(candidate.errors == reference.errors)
    #expect(candidate.status == reference.status)
    #expect(same, "the database files differ")
  }
}
