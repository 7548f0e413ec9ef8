/// `.connection`: the list, switching, closing, and what each connection keeps for itself.
extension CompatibilityCases {
  static let connections: [CompatibilityCase] = [
    CompatibilityCase(
      ".connection lists, switches and closes connections; only one digit is a number",
      ["main.db"],
      input: ".connection\n.connection 1\n.connection\nCREATE TABLE t1(a);\n.databases\n"
        + ".connection 0\n.connection\n.tables\n.connection 2\n.open x2.db\n.connection\n"
        + ".connection close 0\n.connection close 2\n.connection close 1\n.connection\n"
        + ".connection 9\n.connection\n.connection close 9\n.connection 10\n"
        + ".connection close 10\n.connection x\n.connection close\n.connection close x\n"
        + ".connection a b c\n.connection 1\n.connection\n.tables\n.con\n.connection 0\n"
        + ".connection close 1\n.connection\n.connection close 3\n.connection 5\n"
        + ".connection\n.connection -1\n.connection 01\n.open\n.connection 4\n.open \"\"\n"
        + ".connection\n.connection 0\n.connection\n"),
    CompatibilityCase(
      ".connection keeps temp tables, parameters, sessions and changes per connection",
      input: ".connection\nCREATE TEMP TABLE tt(x);\n.parameter set :a 5\n.connection 1\n"
        + ".connection\nSELECT count(*) FROM temp.sqlite_master;\n.parameter list\n"
        + ".parameter set :a 7\n"
        + "SELECT :a, sha3('x') IS NOT NULL, typeof(decimal_add('1', '2'));\n"
        + "CREATE TABLE m(a PRIMARY KEY, b);\n.session open main s1\n"
        + "INSERT INTO m VALUES (1, 2);\n.session list\n.changes on\n"
        + "INSERT INTO m VALUES (2, 3);\n.connection 0\n.changes off\n.session list\n"
        + ".parameter list\nSELECT :a;\n.tables\n.connection 1\n.session isempty\n"
        + ".session list\n.connection close 0\n.connection\n.connection 0\n.connection\n"
        + ".tables\n.output o.txt\n.connection\nSELECT 'to file';\n.output\n"
        + "SELECT readfile('o.txt');\n.show\n.connection 3\n.show\n"),
    CompatibilityCase(
      ".connection keeps trace, limits, dbconfig and the authorizer per connection",
      input: ".trace stdout\nSELECT 1;\n.connection 1\nSELECT 2;\n.connection 0\nSELECT 3;\n"
        + ".trace off\n.limit length 100\n.connection 1\n.limit length\n.connection 0\n"
        + ".limit length\n.dbconfig enable_fkey off\n.connection 2\n.dbconfig enable_fkey\n"
        + ".timer on\n.connection 0\n.timer off\n.eqp on\n.connection 3\nSELECT 4;\n"
        + ".eqp off\n.auth on\n.connection 1\nCREATE TABLE t(a);\n.connection 3\n.auth off\n"
        + ".changes on\n.connection 0\nSELECT 1;\n"),
    CompatibilityCase(
      ".connection on two connections to one file: each sees the other's commits",
      ["shared.db"],
      input: "CREATE TABLE t(a);\nINSERT INTO t VALUES (1);\n.connection 1\n.open shared.db\n"
        + "SELECT count(*) FROM t;\nINSERT INTO t VALUES (2);\n.connection 0\n"
        + "SELECT group_concat(a) FROM t;\n.connection\n"),
  ]
}
