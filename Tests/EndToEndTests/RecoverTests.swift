import Foundation
import TestSupport
import Testing

/// `.recover` end to end: litesh writes the script, the real sqlite3 loads it into a new file,
/// and sqlite3's `.dump` of the two files is compared (or, for a corrupted file, what survived).
@Suite("Recover round trip and corruption")
struct RecoverTests {
  static let sqlite3 = Binary.sqlite3

  /// Tables of every kind (generated columns, a key that is no rowid alias, STRICT with a
  /// column added later, WITHOUT ROWID with its key in another order), then indexes, a view,
  /// a trigger and ANALYZE's table (UNIQUE indexes before the others,
  /// so the rebuilt file lists them in the same order), 100 rows over many pages, and
  /// blobs and text long enough for overflow chains.
  static let schema = """
    PRAGMA user_version = 7;
    CREATE TABLE t(a INTEGER PRIMARY KEY, b TEXT, c REAL, d BLOB);
    INSERT INTO t VALUES(1, 'it''s', 0.1, x'00ff'), (2, 'two
    lines', -2.5e300, NULL), (3, 'é ü 😀', 1e-5, zeroblob(3)), (-9223372036854775808, '', 0.0, '');
    CREATE TABLE plain(x, y);
    INSERT INTO plain VALUES('a', 1), ('b', 2.0), (NULL, x'01');
    CREATE TABLE wr(k TEXT PRIMARY KEY, v) WITHOUT ROWID;
    INSERT INTO wr SELECT 'key' || value, randomblob(value * 40) FROM generate_series(1, 60);
    CREATE TABLE big(id INTEGER PRIMARY KEY AUTOINCREMENT, data);
    INSERT INTO big(data) SELECT randomblob(2000 + value * 13) FROM generate_series(1, 50);
    INSERT INTO big(data) SELECT hex(randomblob(1500)) FROM generate_series(1, 50);
    CREATE TABLE chain(x);
    INSERT INTO chain VALUES(randomblob(30000));
    CREATE TABLE gen(a INTEGER PRIMARY KEY, b, c AS (b * 2) STORED, d AS (b + 1), e);
    INSERT INTO gen(a, b, e) VALUES(1, 2, 'x'), (2, 5, 'y');
    CREATE TABLE desckey(a INTEGER PRIMARY KEY DESC, b);
    INSERT INTO desckey VALUES(5, 'five'), (9, 'nine');
    CREATE TABLE st(x INT, y TEXT) STRICT;
    INSERT INTO st VALUES(1, 'a');
    ALTER TABLE st ADD COLUMN z TEXT DEFAULT 'later';
    INSERT INTO st VALUES(2, 'b', 'given');
    CREATE TABLE pair(p, q, PRIMARY KEY(q, p)) WITHOUT ROWID;
    INSERT INTO pair VALUES(1, 2), (3, 4);
    CREATE UNIQUE INDEX plain_x ON plain(x);
    CREATE INDEX t_b ON t(b);
    CREATE VIEW v AS SELECT a, b FROM t WHERE a > 1;
    CREATE TRIGGER tr AFTER INSERT ON plain BEGIN INSERT INTO t(b) VALUES(new.x); END;
    ANALYZE;

    """

  /// A scratch directory holding `db.db` made by sqlite3 from `schema` (and `extra`).
  static func makeDatabase(_ extra: String = "") throws -> ScratchDirectory {
    let directory = try ScratchDirectory("litesh-recover")
    try directory.write("schema.sql", Array((schema + extra).utf8))
    let made = try BatchRun.run(
      sqlite3, ["db.db"], in: directory, inputFile: directory.path("schema.sql"))
    #expect(made.status == 0 && made.errors.isEmpty, "\(made.errors)")
    return directory
  }

  /// `litesh DATABASE .recover OPTIONS` into `script.sql`, then `sqlite3 new.db < script.sql`.
  static func recover(
    _ directory: ScratchDirectory, _ database: String = "db.db", options: [String] = []
  ) throws -> BatchRun {
    let recovered = try BatchRun.run(
      Binary.litesh, [database, ([".recover"] + options).joined(separator: " ")], in: directory)
    #expect(recovered.status == 0, "\(recovered.errors)")
    #expect(recovered.errors.isEmpty)
    #expect(recovered.signal == nil)
    try directory.write("script.sql", recovered.output)
    try? FileManager.default.removeItem(atPath: directory.path("new.db"))
    let loaded = try BatchRun.run(
      sqlite3, ["new.db"], in: directory, inputFile: directory.path("script.sql"))
    #expect(loaded.status == 0 && loaded.errors.isEmpty, "\(loaded.errors)")
    return recovered
  }

  /// What sqlite3 prints for `sql` on `database`.
  static func query(_ directory: ScratchDirectory, _ database: String, _ sql: String) throws
    -> String
  {
    try BatchRun.run(sqlite3, [database, sql], in: directory).outputText
  }

  /// Overwrites bytes of `name` at `offset`.
  static func patch(
    _ directory: ScratchDirectory, _ name: String, at offset: Int, _ bytes: [UInt8]
  )
    throws
  {
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: directory.path(name)))
    try handle.seek(toOffset: UInt64(offset))
    try handle.write(contentsOf: Data(bytes))
    try handle.close()
  }

  @Test("an intact database rebuilds into one whose .dump is the same")
  func intact() throws {
    let directory = try Self.makeDatabase()
    defer { directory.remove() }
    let script = try Self.recover(directory)
    #expect(script.outputText.hasPrefix("BEGIN;\nPRAGMA writable_schema = on;\nPRAGMA encoding"))
    #expect(script.outputText.hasSuffix("PRAGMA writable_schema = off;\nCOMMIT;\n"))
    let original = try Self.query(directory, "db.db", ".dump")
    #expect(original.contains("CREATE TABLE wr"))
    #expect(try Self.query(directory, "new.db", ".dump") == original)
    #expect(try Self.query(directory, "new.db", "PRAGMA user_version") == "7\n")
  }

  @Test(
    "what sqlite3 prints before it fails starts litesh's script, byte for byte",
    arguments: [
      "PRAGMA page_size = 512; PRAGMA user_version = -3; PRAGMA application_id = 123456;",
      "PRAGMA encoding = 'UTF-16be'; PRAGMA auto_vacuum = 2; PRAGMA page_size = 65536;",
      "PRAGMA encoding = 'UTF-16le'; PRAGMA auto_vacuum = 1;",
    ])
  func sameStart(settings: String) throws {
    let directory = try ScratchDirectory("litesh-recover")
    defer { directory.remove() }
    try directory.write("make.sql", Array((settings + " CREATE TABLE t(a);\n").utf8))
    _ = try BatchRun.run(
      Self.sqlite3, ["s.db"], in: directory, inputFile: directory.path("make.sql"))
    let reference = try BatchRun.run(Self.sqlite3, ["s.db", ".recover"], in: directory)
    let litesh = try BatchRun.run(Binary.litesh, ["s.db", ".recover"], in: directory)
    #expect(
      reference.outputText.hasSuffix(
        "PRAGMA application_id = '\(settings.contains("123456") ? 123456 : 0)';\n"))
    #expect(litesh.output.starts(with: reference.output))
    #expect(litesh.status == 0 && litesh.errors.isEmpty)
  }

  @Test("a WAL database recovers the transactions not yet checkpointed")
  func writeAheadLog() throws {
    let directory = try Self.makeDatabase("PRAGMA journal_mode = WAL;\n")
    defer { directory.remove() }
    // sqlite3 copies the files while it still holds them: the copy's WAL keeps its frames.
    let writes = """
      PRAGMA wal_autocheckpoint = 0;
      INSERT INTO plain VALUES('late', 3);
      UPDATE big SET data = 'changed' WHERE id = 7;
      CREATE TABLE afterwards(z);
      INSERT INTO afterwards VALUES(42);
      .shell cp db.db copy.db && cp db.db-wal copy.db-wal

      """
    try directory.write("writes.sql", Array(writes.utf8))
    _ = try BatchRun.run(
      Self.sqlite3, ["db.db"], in: directory, inputFile: directory.path("writes.sql"))
    let log = try FileManager.default.attributesOfItem(atPath: directory.path("copy.db-wal"))
    #expect((log[.size] as? Int ?? 0) > 4096)
    _ = try Self.recover(directory, "copy.db")
    let original = try Self.query(directory, "copy.db", ".dump")
    #expect(original.contains("INSERT INTO afterwards VALUES(42);"))
    #expect(try Self.query(directory, "new.db", ".dump") == original)
  }

  @Test("a header overwritten with junk: the page size is guessed and everything comes back")
  func header() throws {
    let directory = try Self.makeDatabase()
    defer { directory.remove() }
    let original = try Self.query(directory, "db.db", ".dump")
    try Self.patch(directory, "db.db", at: 0, [UInt8](repeating: 0xAB, count: 100))
    _ = try Self.recover(directory)
    #expect(try Self.query(directory, "new.db", ".dump") == original)
  }

  @Test("a schema page overwritten: the rows go to lost_and_found under their tree's root")
  func schemaPage() throws {
    let directory = try Self.makeDatabase()
    defer { directory.remove() }
    let root = try Self.query(
      directory, "db.db", "SELECT rootpage FROM sqlite_schema WHERE name = 'big'")
    try Self.patch(directory, "db.db", at: 100, [UInt8](repeating: 0xAB, count: 3996))
    _ = try Self.recover(directory)
    let found = try Self.query(
      directory, "new.db",
      "SELECT count(*), count(DISTINCT id), sum(id) FROM lost_and_found WHERE rootpgno = \(root)")
    #expect(found == "100|100|5050\n")
  }

  @Test("an interior page overwritten: its leaves' rows are all found, in lost_and_found")
  func interiorPage() throws {
    let directory = try Self.makeDatabase()
    defer { directory.remove() }
    let root = try Self.query(
      directory, "db.db", "SELECT rootpage FROM sqlite_schema WHERE name = 'big'")
    let page = try #require(Int(root.trimmingCharacters(in: .whitespacesAndNewlines)))
    try FileManager.default.copyItem(
      atPath: directory.path("db.db"), toPath: directory.path("old.db"))
    #expect(
      try Self.query(directory, "db.db", "SELECT pagetype FROM dbstat WHERE pageno = \(page)")
        == "internal\n")
    try Self.patch(directory, "db.db", at: (page - 1) * 4096, [UInt8](repeating: 0xAB, count: 4096))
    _ = try Self.recover(directory)
    let sql = """
      ATTACH 'old.db' AS old;
      SELECT count(*) FROM lost_and_found l JOIN old.big o ON o.id = l.id AND o.data = l.c1
      WHERE l.nfield = 2;
      SELECT count(*) FROM wr;
      """
    #expect(try Self.query(directory, "new.db", sql) == "100\n60\n")
  }

  @Test("a truncated file: the rows of the pages left load, each as it was")
  func truncated() throws {
    let directory = try Self.makeDatabase()
    defer { directory.remove() }
    try FileManager.default.copyItem(
      atPath: directory.path("db.db"), toPath: directory.path("old.db"))
    let size = try #require(
      try FileManager.default.attributesOfItem(atPath: directory.path("db.db"))[.size] as? Int)
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: directory.path("db.db")))
    try handle.truncate(atOffset: UInt64(size / 2 + 1000))
    try handle.close()
    _ = try Self.recover(directory)
    let counts = try Self.query(
      directory, "new.db",
      "ATTACH 'old.db' AS old; SELECT count(*) > 0, count(*) < 100 FROM big;"
        + "SELECT count(*) FROM big b JOIN old.big o USING(id) WHERE b.data IS NOT NULL"
        + " AND b.data IS NOT o.data;"
        + "SELECT count(*) FROM t;")
    #expect(counts == "1|1\n0\n4\n")
  }

  @Test("an overflow chain that loops: its row has no field left, the rest is intact")
  func overflowLoop() throws {
    let directory = try Self.makeDatabase()
    defer { directory.remove() }
    let pages = try Self.query(
      directory, "db.db", "SELECT pageno FROM dbstat WHERE name = 'chain' AND pagetype = 'overflow'"
    )
    .split(separator: "\n").compactMap { Int($0) }
    #expect(pages.count >= 5)
    // The third overflow page points back to the first.
    try Self.patch(
      directory, "db.db", at: (pages[2] - 1) * 4096,
      withUnsafeBytes(of: UInt32(pages[0]).bigEndian) { Array($0) })
    _ = try Self.recover(directory)
    #expect(try Self.query(directory, "new.db", "SELECT count(*) FROM chain") == "0\n")
    #expect(
      try Self.query(directory, "new.db", "SELECT count(*) FROM big; SELECT count(*) FROM wr")
        == "100\n60\n")
  }

  @Test("a schema entry smuggling a second statement is left out; its rows go to lost_and_found")
  func smuggledStatement() throws {
    let directory = try ScratchDirectory("litesh-recover")
    defer { directory.remove() }
    let setup = """
      CREATE TABLE t(a); INSERT INTO t VALUES('kept');
      PRAGMA writable_schema = ON;
      UPDATE sqlite_schema SET sql = 'CREATE TABLE t(a); DROP TABLE other' WHERE name = 't';

      """
    try directory.write("setup.sql", Array(setup.utf8))
    _ = try BatchRun.run(
      Self.sqlite3, ["db.db"], in: directory, inputFile: directory.path("setup.sql"))
    let script = try Self.recover(directory).outputText
    #expect(!script.contains("DROP TABLE"))
    #expect(try Self.query(directory, "new.db", "SELECT id, c0 FROM lost_and_found") == "1|kept\n")
  }

  @Test("a database a writer holds locked is refused, with nothing on standard output")
  func locked() throws {
    let directory = try ScratchDirectory("litesh-recover")
    defer { directory.remove() }
    try directory.write("setup.sql", Array("CREATE TABLE t(a); INSERT INTO t VALUES(1);\n".utf8))
    _ = try BatchRun.run(
      Self.sqlite3, ["lk.db"], in: directory, inputFile: directory.path("setup.sql"))
    let writer = try Coprocess(Self.sqlite3, ["lk.db"], directory: directory.root)
    writer.send("BEGIN EXCLUSIVE; INSERT INTO t VALUES(2); SELECT 'locked';\n")
    _ = try writer.read(until: "locked\n")
    let refused = try BatchRun.run(Binary.litesh, ["lk.db", ".recover"], in: directory)
    #expect(refused.status == 1)
    #expect(refused.output.isEmpty)
    #expect(
      refused.errors
        == "Error: cannot recover \"lk.db\": database is locked (another connection is writing it)\n"
    )
    writer.send("COMMIT;\n")
    _ = try writer.finish()
    let recovered = try BatchRun.run(Binary.litesh, ["lk.db", ".recover"], in: directory)
    #expect(recovered.outputText.contains("INSERT OR IGNORE INTO 't'(_rowid_, 'a') VALUES (2, 2);"))
  }

  @Test("a file that is not a database: sqlite3's two lines and its error, and a failure")
  func notADatabase() throws {
    let directory = try ScratchDirectory("litesh-recover")
    defer { directory.remove() }
    try directory.write("text.db", Array(String(repeating: "not a database\n", count: 400).utf8))
    let litesh = try BatchRun.run(Binary.litesh, ["text.db", ".recover"], in: directory)
    let sqlite3 = try BatchRun.run(Self.sqlite3, ["text.db", ".recover"], in: directory)
    #expect(litesh.output == sqlite3.output)
    #expect(litesh.errors == sqlite3.errors)
    #expect(litesh.status != 0 && sqlite3.status != 0)
  }

  @Test("--no-rowids, --lost-and-found and --ignore-freelist change the script as documented")
  func options() throws {
    // Debian's SQLite zeroes freed pages unless told otherwise.
    let directory = try Self.makeDatabase(
      "PRAGMA secure_delete = 0;\nDELETE FROM big WHERE id > 10;\n")
    defer { directory.remove() }
    let withRowids = try Self.recover(directory).outputText
    #expect(
      withRowids.contains("INSERT OR IGNORE INTO 'plain'(_rowid_, 'x', 'y') VALUES (1, 'a', 1);"))
    #expect(
      withRowids.contains(
        "CREATE TABLE lost_and_found(rootpgno INTEGER, pgno INTEGER, nfield INTEGER, id INTEGER, c0"
      ))
    let plain = try Self.recover(
      directory, options: ["--no-rowids", "--lost-and-found", "found", "--ignore-freelist"]
    ).outputText
    #expect(
      plain.contains("INSERT OR IGNORE INTO 'plain'(_rowid_, 'x', 'y') VALUES (NULL, 'a', 1);"))
    #expect(!plain.contains("lost_and_found"))
    #expect(!plain.contains("CREATE TABLE found"))
  }
}
