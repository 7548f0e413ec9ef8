import Foundation
import SQLiteShell
import TestSupport
import Testing

/// `.describe`: a table's columns, row count, indexes and foreign keys; a view's definition.
///
/// litesh's own command, so the expected text is written here.
@Suite("DescribeCommand")
struct DescribeCommandTests {
  static let schema = """
    CREATE TABLE artist(id INTEGER PRIMARY KEY, name TEXT NOT NULL COLLATE NOCASE);
    CREATE TABLE track(album_id INTEGER NOT NULL, position INTEGER NOT NULL,
      title TEXT NOT NULL DEFAULT 'untitled',
      artist_id INTEGER REFERENCES artist(id) ON DELETE CASCADE,
      price REAL DEFAULT 0.99,
      PRIMARY KEY(album_id, position));
    CREATE INDEX track_title ON track(title COLLATE NOCASE, price DESC);
    CREATE VIEW cheap AS SELECT title, price FROM track WHERE price < 1;
    INSERT INTO artist VALUES(1, 'AC/DC');
    INSERT INTO track(album_id, position, title, artist_id) VALUES(1, 1, 'Hells Bells', 1),
      (1, 2, 'Shoot to Thrill', 1);

    """

  @Test("a table: composite key positions, defaults, collation, rows, indexes, foreign keys")
  func table() {
    let (output, errors) = ShellHarness().run(Self.schema + ".describe TRACK\n.describe artist\n")
    #expect(errors.isEmpty)
    #expect(
      output == """
        column|type|not null|default|pk|collation
        album_id|INTEGER|NOT NULL||1|
        position|INTEGER|NOT NULL||2|
        title|TEXT|NOT NULL|'untitled'||
        artist_id|INTEGER||||
        price|REAL||0.99||
        track holds 2 rows
        index|unique|columns|origin
        sqlite_autoindex_track_1|yes|album_id, position|primary key
        track_title|no|title COLLATE NOCASE, price DESC|index
        foreign key|references|on update|on delete
        artist_id|artist(id)|NO ACTION|CASCADE
        column|type|not null|default|pk|collation
        id|INTEGER|||1|
        name|TEXT|NOT NULL|||NOCASE
        artist holds 1 row

        """)
  }

  @Test("a view: its columns and its definition; headers return to their setting after")
  func view() {
    let (output, _) = ShellHarness().run(Self.schema + ".describe main.cheap\nSELECT 1 AS x;\n")
    #expect(
      output == """
        column|type|not null|default|pk|collation
        title|TEXT||||
        price|REAL||||
        CREATE VIEW cheap AS SELECT title, price FROM track WHERE price < 1;
        1

        """)
  }

  @Test("an unknown name or a missing argument fails with a message")
  func failures() {
    let harness = ShellHarness()
    let (_, errors) = harness.run(
      "CREATE TABLE track(a);\n.describe nosuch\n.describe trak\n.describe\n")
    #expect(
      errors == "Error: no such table or view: nosuch\n"
        + "Error: no such table or view: trak (closest: track)\nUsage: .describe TABLE\n")
    #expect(harness.shell.exitStatus == 1)
  }

  @Test("on a file that is not a database it gives SQLite's reason, as sqlite3's .tables does")
  func notADatabase() throws {
    try ScratchDirectory.with("litesh-describe") { directory in
      let path = directory.path("notes.txt")
      try Data(String(repeating: "not a database, just some text\n", count: 40).utf8)
        .write(to: URL(fileURLWithPath: path))
      let sqlite3 = try ProgramRun.run(Binary.sqlite3, [path], input: Array(".tables\n".utf8))
      let harness = ShellHarness(path: path, readers: 0)
      let (_, errors) = harness.run(".describe x\n")
      #expect(!sqlite3.errors.isEmpty)
      #expect(errors == sqlite3.errors)
      #expect(harness.shell.exitStatus == 1)
    }
  }

  @Test("origin unique in lower case; foreign keys in declaration order, a bare parent's key named")
  func uniqueAndForeignKeyOrder() {
    let (output, errors) = ShellHarness().run(
      """
      CREATE TABLE p(a, b, UNIQUE(a, b));
      CREATE TABLE k(id INTEGER PRIMARY KEY);
      CREATE TABLE c(x REFERENCES p(a), y, z, w, v REFERENCES k,
        FOREIGN KEY(y, z) REFERENCES p(a, b), FOREIGN KEY(w) REFERENCES p ON DELETE SET NULL);
      .describe p
      .describe c

      """)
    #expect(errors.isEmpty)
    #expect(output.contains("sqlite_autoindex_p_1|yes|a, b|unique\n"))
    #expect(
      output.hasSuffix(
        """
        foreign key|references|on update|on delete
        x|p(a)|NO ACTION|NO ACTION
        v|k(id)|NO ACTION|NO ACTION
        y, z|p(a, b)|NO ACTION|NO ACTION
        w|p|NO ACTION|SET NULL

        """))
  }

  @Test("no default is blank, even where NULL shows; a declared DEFAULT NULL shows NULL")
  func defaults() {
    let (output, errors) = ShellHarness().run(
      "CREATE TABLE t(a, b DEFAULT NULL, c DEFAULT 3);\n.nullvalue (null)\n.describe t\n")
    #expect(errors.isEmpty)
    #expect(
      output == """
        column|type|not null|default|pk|collation
        a|||||
        b|||NULL||
        c|||3||
        t holds 0 rows

        """)
  }

  @Test("the schema table describes itself, under each of its names")
  func schemaTable() {
    let harness = ShellHarness()
    let (output, errors) = harness.run(
      "CREATE TABLE t(a);\n.describe sqlite_master\n.describe SQLITE_SCHEMA\n"
        + ".describe temp.sqlite_temp_master\n")
    #expect(errors.isEmpty)
    let columns = """
      column|type|not null|default|pk|collation
      type|TEXT||||
      name|TEXT||||
      tbl_name|TEXT||||
      rootpage|INT||||
      sql|TEXT||||

      """
    #expect(
      output == columns + "sqlite_master holds 1 row\n" + columns + "sqlite_schema holds 1 row\n"
        + columns + "sqlite_temp_master holds 0 rows\n")
    #expect(harness.shell.exitStatus == 0)
  }
}
