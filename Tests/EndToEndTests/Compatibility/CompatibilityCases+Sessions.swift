/// `.session`: its subcommands, messages and the changeset and patchset bytes it writes.
extension CompatibilityCases {
  /// Three tables with primary keys, for a session to record.
  private static let sessionTables =
    "CREATE TABLE t(a PRIMARY KEY, b);\nCREATE TABLE u(a PRIMARY KEY, b);\n"
    + "CREATE TABLE v(a PRIMARY KEY, b);\n"

  static let sessions: [CompatibilityCase] = [
    CompatibilityCase(
      ".session without a session: the help, and no session to attach or write",
      input: ".session\n.session list\n.session attach t\n.session changeset x.bin\n"
        + ".session close\n.session enable\n.session isempty\n.session bogus\n.ses list\n"
        + ".session indirect off\n.session filter x*\n"),
    CompatibilityCase(
      ".session open: a name once, four sessions at most, closing moves the last into place",
      ["t.db"],
      input: ".session open main s1\n.session open main s1\n.session open nodb s2\n"
        + ".session open main \"\"\n.session open main s2\n.session open main s3\n"
        + ".session open main s4\n.session open main s5\n.session list\n.session s2 close\n"
        + ".session list\n.session s1 close\n.session list\n.session nope isempty\n"
        + ".session nope\n.session s3\n.session open\n.session open a\n.session open a b c\n"),
    CompatibilityCase(
      ".session changeset and patchset write sqlite3's bytes; attach and filter choose tables",
      ["t.db"],
      input: sessionTables + ".session open main s1\n.session attach v\n.session attach nosuch\n"
        + ".session open main s2\n.session s2 filter u* x\n.session open main s3\n"
        + ".session s3 attach *\n.session isempty\n"
        + "INSERT INTO t VALUES (1, 2);\nINSERT INTO u VALUES (1, 'two');\n"
        + "INSERT INTO v VALUES ('x', x'00ff');\nUPDATE t SET b = 3.5 WHERE a = 1;\n"
        + "DELETE FROM u;\nINSERT INTO u VALUES (7, NULL);\n.session isempty\n"
        + ".session changeset c1.bin\n.session patchset p1.bin\n.session s2 changeset c2.bin\n"
        + ".session s3 patchset p3.bin\n"
        + "SELECT hex(readfile('c1.bin')), hex(readfile('p1.bin'));\n"
        + "SELECT hex(readfile('c2.bin')), hex(readfile('p3.bin'));\n"),
    CompatibilityCase(
      ".session enable, indirect and isempty report their flags; a disabled session records nothing",
      input: sessionTables + ".session open main s1\n.session enable\n.session indirect\n"
        + ".session indirect on\nINSERT INTO t VALUES (5, 6);\n.session s1 enable 0\n"
        + "INSERT INTO t VALUES (7, 8);\n.session s1 enable maybe\n.session s1 changeset c.bin\n"
        + "SELECT hex(readfile('c.bin'));\n.session s1 enable yes\n.session s1 indirect no\n"
        + ".session isempty\n.session enable a b\n.session indirect a b\n.session isempty a\n"),
    CompatibilityCase(
      ".session writing to an unwritable file, and wrong argument counts",
      input: sessionTables + ".session open main s\nINSERT INTO t VALUES (1, 1);\n"
        + ".session changeset /nonexistent/dir/x.bin\n.session changeset /\n"
        + ".session changeset\n.session patchset a b\n.session attach\n.session attach a b\n"
        + ".session close x\n.session filter\n.session list x\n.session changeset empty.bin\n"
        + "SELECT length(readfile('empty.bin'));\n"),
    CompatibilityCase(
      ".open closes every session; an empty session writes an empty file",
      ["t.db"],
      input: sessionTables + ".session open main a\n.session open main b\n.session list\n"
        + ".open t2.db\n.session list\n.session isempty\n.session open main z\n.session list\n"
        + ".session changeset z.bin\nSELECT length(readfile('z.bin'));\n"),
    CompatibilityCase(
      ".session changeset and patchset are refused in safe mode", ["-safe"],
      input: ".session open main s\n.session isempty\n.session patchset x\nSELECT 1;\n"),
    CompatibilityCase(
      ".session on a database that cannot be opened", ["/nonexistent/dir/x.db"],
      input: ".session list\nSELECT 2;\n"),
  ]
}
