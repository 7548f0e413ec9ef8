/// Dot-commands and command-line options.
extension CompatibilityCases {
  static let dotCommands: [CompatibilityCase] = [
    CompatibilityCase(
      ".help lists the shared commands", input: ".help mode\n.help echo\n.help headers\n"),
    CompatibilityCase(
      ".help with one match shows details", input: ".help once\n.help trace\n.help separator\n"),
    CompatibilityCase(".help with no match", input: ".help zzz\n"),
    CompatibilityCase(
      ".help PATTERN on several lines of one command prints that command once",
      input: ".help csv\n"),
    CompatibilityCase(
      ".mode reports and rejects",
      input:
        ".mode\n.mode csv\n.mode\n.mode column --wrap 5 --ww --quote\n.mode\n.mode qbox\n.mode\n"
        + ".mode insert foo\n.mode\n.mode bogus\n.mode csv a b\n.mode l\n.mode\n.mode t\n.mode\n"),
    CompatibilityCase(
      ".mode column turns headers on",
      input: ".mode column\nSELECT 1 AS a;\n.mode csv\nSELECT 2 AS b;\n"),
    CompatibilityCase(
      ".mode column keeps explicit headers off",
      input: ".headers off\n.mode column\nSELECT 1 AS a;\n"),
    CompatibilityCase(
      ".headers and its errors",
      input:
        ".headers on\nSELECT 1 AS a;\n.headers\n.head off\nSELECT 1 AS a;\n.headers maybe\nSELECT 2 AS b;\n"
    ),
    CompatibilityCase(
      ".nullvalue and .separator errors and clipping",
      input: ".nullvalue\n.nullvalue abcdefghijklmnopqrstuvwxyz\nSELECT NULL;\n.separator\n"
        + ".separator a b c\nSELECT 1, 2;\n.show\n"),
    CompatibilityCase(
      ".print joins and unescapes",
      input: ".print a b \"c d\" e\\tf \"g\\th\" 'i\\tj' \\101\\x\n.print\n.print \"unterminated\n"),
    CompatibilityCase(
      "on|off commands print their usage",
      input: ".bail\n.echo\n.changes\n.timer\n.eqp\n.headers\n.bail yes\n.echo 0x1\n.echo off\n"),
    CompatibilityCase(
      "abbreviations resolve in sqlite3's order",
      input: ".e\n.ec off\n.h on\n.he off\n.mo csv\n.mo\n.se : ;\n.sho\n.w 3\n.ti\n.b\n.ch\n.lim\n"),
    CompatibilityCase(
      // A file argument keeps it off the dqlite run: `.vfsinfo` needs a local SQLite file.
      "one-letter and debug-build abbreviations resolve as in sqlite3", [":memory:"],
      input: ".a\n.i\n.no\n.nonc\n.pa\n.par\n.vf\n.vfsn\n.wh 1\n.treetrace\n.selecttrace 3\n.tree\n"
        + ".lin\n.lint\nSELECT 1;\n.vf\n.vfsl\n"),
    CompatibilityCase(
      // sqlite3 3.40.1 tries `.wheretrace` before `.width`: `.w 2` sets no width, `.wi 2` does.
      ".w is .wheretrace, .wi is .width",
      input: ".w 2\n.mode column\nSELECT 123456 AS xyzabc;\n.wi 2\nSELECT 123456 AS xyzabc;\n"),
    CompatibilityCase(
      ".changes after each chunk",
      input:
        "CREATE TABLE t(a);\n.changes on\nINSERT INTO t VALUES(1),(2);\nSELECT * FROM t;\nSELEC;\n"
        + "UPDATE t SET a = 3;\n.changes off\nSELECT 1;\n"),
    CompatibilityCase(
      ".show after settings",
      input:
        ".echo on\n.headers on\n.mode box\n.nullvalue 'N\"\\'\n.separator \\t \\001\n.width 1 -2 0x10 3k\n"
        + ".eqp full\n.explain on\n.show\n"),
    CompatibilityCase(".show defaults", input: ".show\n"),
    CompatibilityCase(".show with an argument", input: ".show x\n"),
    // Usage errors: those litesh builds from the command's declaration (its help line), then
    // those where sqlite3 prints other text than its help line (`.check` last: it ends sqlite3).
    CompatibilityCase(
      "usage errors match sqlite3's bytes",
      input: ".auth\n.bail\n.binary\n.changes\n.echo\n.timer\n.headers\n.cd\n.read\n.show x\n"
        + ".fullschema x y\n.restore a b c\n.nullvalue\n.separator\n.scanstats\n"
        + ".clone\n.indexes a b\n.schema a b\n.system\n.load\n.stats a b\n.nonce\n.eqp\n"
        + ".imposter\n.log\n.check\n"),
    // A file argument keeps these off the dqlite run: they need a local SQLite file.
    CompatibilityCase(
      "usage errors of the local-file commands match sqlite3's bytes", [":memory:"],
      input: ".limit a b c\n.sha3sum a b\n.connection x y z\n"),
    CompatibilityCase(
      ".output to a file and back",
      input: ".output out.txt\nSELECT 1;\n.print x\n.output\nSELECT 2;\n.read out2.sql\n",
      files: ["out2.sql": ".print from-read\n"]),
    CompatibilityCase(
      ".once covers only the next command",
      input: ".once o.txt\nSELECT 3;\nSELECT 4;\n.once o2.txt\n.print a\n.print b\n"),
    CompatibilityCase(".once to a pipe", input: ".once |tr a-z A-Z\n.print abc\n.print def\n"),
    CompatibilityCase(
      ".output to a pipe", input: ".output |tr a-z A-Z\n.print abc\nSELECT 'x';\n.output\n"),
    CompatibilityCase(
      ".output errors",
      input: ".output /nonexistent/x\n.output off\n.show\n.once --bogus\n.output a b\n"),
    CompatibilityCase(
      ".excel, -e and -x usage errors",
      input: ".help excel\n.excel foo\n.once -e x\n.output -x a\n.exc --bom b\n.print after\n"),
    CompatibilityCase(
      ".output stdout and stderr", input: ".output stderr\nSELECT 1;\n.output stdout\nSELECT 2;\n"),
    CompatibilityCase(".output with a byte-order mark", input: ".output --bom\nSELECT 1;\n"),
    CompatibilityCase(".prompt is accepted", input: ".prompt a b\n.prompt\nSELECT 1;\n"),
    CompatibilityCase(
      ".timeout sets the busy timeout", input: ".timeout 100\n.timeout\nSELECT 1;\n"),
    CompatibilityCase(
      ".limit lists, reads and sets limits",
      input:
        ".limit\n.limit len\n.limit length 1000\n.limit x\n.limit l\n.limit a b c\n.limits column\n"
    ),
    CompatibilityCase(
      ".eqp on and full",
      input: "CREATE TABLE t(a INTEGER PRIMARY KEY, b);\n.eqp on\nSELECT * FROM t WHERE a = 1;\n"
        + "SELECT * FROM t WHERE b = 1;\n.eqp off\nSELECT 1;\n"),
    CompatibilityCase(
      ".explain on, off and auto",
      input:
        "EXPLAIN QUERY PLAN SELECT 1;\n.explain off\nEXPLAIN QUERY PLAN SELECT 1;\n.explain on\n"
        + "SELECT 1;\n.explain auto\nEXPLAIN SELECT 1;\n"),
    CompatibilityCase(
      ".trace to stdout and a file",
      input: ".trace stdout\nSELECT 1;\nCREATE TABLE t(a);\n.trace off\nSELECT 2;\n.trace t.txt\n"
        + "SELECT 3;\n.trace --bogus\n"),
    CompatibilityCase(".log takes one argument", input: ".log\n.log off\nSELECT 1;\n"),
    CompatibilityCase(".width resets", input: ".width 5\n.width\n.show\n"),
  ]

  static let options: [CompatibilityCase] = [
    CompatibilityCase("-version", ["-version"]),
    CompatibilityCase("--version after a database name", [":memory:", "--version"]),
    CompatibilityCase("an unknown option", ["-bogus"]),
    CompatibilityCase("a double dash alone", ["--", ":memory:"]),
    CompatibilityCase("-version before an unknown option", ["-version", "-bogus"]),
    CompatibilityCase("an unknown option before -version", ["-bogus", "-version"]),
    CompatibilityCase("a missing argument to -cmd", ["-cmd"]),
    CompatibilityCase("a missing argument after a database", [":memory:", "-separator"]),
    CompatibilityCase("a missing argument to -init", ["-init"]),
    CompatibilityCase(
      "SQL arguments run in order and skip stdin",
      [":memory:", "SELECT 1", ".print x", "SELECT 2"],
      input: "SELECT 3;\n"),
    CompatibilityCase("a .quit argument ends early", [":memory:", ".quit", "SELECT 3"]),
    CompatibilityCase(
      "an .exit argument sets the status", [":memory:", "SELECT 1", ".exit 4", "SELECT 3"]),
    CompatibilityCase(
      "-cmd runs before stdin", ["-cmd", "SELECT 7", "-cmd", ".print z", "-cmd", ".mode csv"],
      input: "SELECT 1, 2;\n"),
    CompatibilityCase(
      "-cmd errors do not change the status", ["-cmd", "SELEC", "-cmd", ".bogus"],
      input: "SELECT 1;\n"),
    CompatibilityCase(
      "-cmd errors stop with -bail", ["-bail", "-cmd", "SELEC"], input: "SELECT 1;\n"),
    CompatibilityCase(
      "-cmd runs in order with options", ["-cmd", "SELECT 1, 2", "-csv", "-cmd", "SELECT 3, 4"]),
    CompatibilityCase("-cmd before an unknown option", ["-cmd", "SELECT 1", "-bogus"]),
    CompatibilityCase(
      "-init runs a file first", ["-init", "rc.sql"], input: "SELECT 1, NULL;\n",
      files: ["rc.sql": ".mode csv\n.nullvalue NIL\nSELEC;\n"]),
    CompatibilityCase("-init with a missing file", ["-init", "nosuch.rc"], input: "SELECT 1;\n"),
    CompatibilityCase(
      "-init with a missing file and -bail", ["-bail", "-init", "nosuch.rc"], input: "SELECT 1;\n"),
    CompatibilityCase(
      "-init errors stop with -bail", ["-bail", "-init", "rc.sql"], input: "SELECT 1;\n",
      files: ["rc.sql": "SELEC;\n"]),
    CompatibilityCase(
      "separators, newline, null value and header",
      ["-separator", ";", "-newline", "#", "-nullvalue", "NIL", "-header"],
      input: "SELECT 1, NULL;\n"),
    CompatibilityCase(
      "separator values are literal", ["-separator", "\\t", ":memory:", "SELECT 1, 2"]),
    CompatibilityCase(
      "-noheader after -header", ["-header", "-noheader", ":memory:", "SELECT 1 AS a"]),
    CompatibilityCase("-csv keeps LF row ends", ["-csv", ":memory:", "SELECT 1, 'a b'"]),
    CompatibilityCase(
      "-column without headers", ["-column", ":memory:", "SELECT 1 AS a", ".mode"]),
    CompatibilityCase("-box reports wrap 0", ["-box", ":memory:", ".show"]),
    CompatibilityCase(
      "--json with two dashes", ["--json", ":memory:", "SELECT 1 AS a, NULL AS b"]),
    CompatibilityCase("-line", ["-line", ":memory:", "SELECT 1 AS a, 'x' AS bb"]),
    CompatibilityCase("-list after -csv", ["-csv", "-list", ":memory:", "SELECT 1, 2"]),
    CompatibilityCase("-tabs", ["-tabs", ":memory:", "SELECT 1, 2"]),
    CompatibilityCase("-html", ["-html", "-header", ":memory:", "SELECT 1 AS a"]),
    CompatibilityCase("-markdown", ["-markdown", ":memory:", "SELECT 1 AS a"]),
    CompatibilityCase("-table", ["-table", ":memory:", "SELECT 1 AS a"]),
    CompatibilityCase("-quote", ["-quote", ":memory:", "SELECT 1, 'x', NULL"]),
    CompatibilityCase("-ascii", ["-ascii", ":memory:", "SELECT 1, 2"]),
    CompatibilityCase(
      "-echo echoes stdin only", ["-echo", "-cmd", "SELECT 1"], input: "SELECT 2;\n.print x\n"),
    CompatibilityCase("-bail with SQL arguments", ["-bail", ":memory:", "SELEC", "SELECT 2"]),
    CompatibilityCase("-batch", ["-batch"], input: "SELECT 1;\n"),
    CompatibilityCase(
      "-safe blocks .output", ["-safe"], input: "SELECT 1;\n.output x\nSELECT 2;\n"),
    CompatibilityCase(
      "-safe blocks .read", ["-safe"], input: "\n.read a.sql\n", files: ["a.sql": "SELECT 1;\n"]),
    CompatibilityCase("-safe blocks .once", ["-safe", ":memory:", ".once x"]),
    CompatibilityCase(
      "-eqp shows plans", ["-eqp", ":memory:", "CREATE TABLE q(a); SELECT * FROM q WHERE a=1"]),
    CompatibilityCase("-nofollow", ["-nofollow", "x.db", "SELECT 1"]),
    CompatibilityCase(
      "a database file and SQL",
      ["x.db", "CREATE TABLE t(a); INSERT INTO t VALUES(1); SELECT * FROM t"]),
    CompatibilityCase("a second file name is SQL", ["a.db", "b.db", "SELECT 1"]),
    CompatibilityCase(
      ".open --deserialize works on a copy; the file keeps its rows",
      input: ".open f.db\nCREATE TABLE q(a);\nINSERT INTO q VALUES(1);\n"
        + ".open --deserialize f.db\nINSERT INTO q VALUES(2);\nSELECT count(*) FROM q;\n"
        + ".databases\n.show\n.open f.db\nSELECT count(*) FROM q;\n"
        + ".open --readonly --deserialize f.db\nINSERT INTO q VALUES(3);\n"
        + ".open --deserialize --readonly f.db\nINSERT INTO q VALUES(3);\n"
        + ".open --maxsize\n.open --deserialize\n.databases\n"),
    CompatibilityCase(
      "-deserialize of a missing file and of a file that is no database",
      [
        "-deserialize", "nosuch.db", "SELECT 1", ".tables", ".open --deserialize t.db",
        "SELECT 2", ".tables",
      ], files: ["t.db": "hello\n"]),
    CompatibilityCase(
      "-maxsize stops a deserialized database growing",
      [
        "-maxsize", "9000", "-deserialize", "m.db", "CREATE TABLE q(a)",
        "INSERT INTO q VALUES(randomblob(20000))", "SELECT count(*) FROM q",
      ]),
    CompatibilityCase(
      "-readonly and -deserialize: the last one holds",
      ["-readonly", "-deserialize", "m.db", "CREATE TABLE q(a)", "SELECT count(*) FROM q"]),
    CompatibilityCase(
      "-deserialize then -readonly", ["-deserialize", "-readonly", "m.db", "CREATE TABLE q(a)"]),
    CompatibilityCase("-maxsize without its number", [":memory:", "SELECT 1", "-maxsize"]),
    CompatibilityCase(
      "-mmap sets the default and the ceiling of mmap_size",
      [
        "-mmap", "4096", "f.db", "PRAGMA mmap_size", "PRAGMA mmap_size=100000",
        "PRAGMA mmap_size", ".open g.db", "PRAGMA mmap_size",
      ]),
    CompatibilityCase("-mmap with a size suffix", ["-mmap", "2k", "f.db", "PRAGMA mmap_size"]),
    CompatibilityCase(
      "-vfs picks the default VFS", ["-vfs", "unix-dotfile", "f.db", ".vfsname", "SELECT 1"]),
    CompatibilityCase("-vfs with an unknown name", ["-vfs", "nosuch", "f.db", "SELECT 1"]),
  ]
}
