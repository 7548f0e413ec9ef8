/// `.eqp trigger` and `full` with triggers, `.indices`, and where `.sqliterc` is read from.
extension CompatibilityCases {
  static let leftovers: [CompatibilityCase] = [
    CompatibilityCase(
      ".show lists a width for each column of the last columnar result",
      input: ".mode box\nSELECT 1 AS a, 2 AS b;\n.show\n.width 5\nSELECT 1, 2, 3;\n.show\n"
        + ".mode table\nSELECT 1 WHERE 0;\n.width 4 4\n.show\n.mode list\nSELECT 1, 2, 3, 4;\n"
        + ".show\n"),
    CompatibilityCase(
      ".eqp trigger shows trigger plans and no bytecode; full shows both",
      input: "CREATE TABLE t(a);\nCREATE TABLE u(b);\nCREATE INDEX ui ON u(b);\n"
        + "CREATE TRIGGER r AFTER INSERT ON t BEGIN DELETE FROM u WHERE b = new.a; END;\n"
        + ".eqp trigger\nINSERT INTO t SELECT b FROM u WHERE b > 2;\nSELECT * FROM u WHERE b = 3;\n"
        + ".eqp full\nINSERT INTO t SELECT b FROM u WHERE b > 2;\n.dbconfig trigger_eqp\n"
        + ".mode box\n.headers on\nSELECT 1 AS one;\n"),
    CompatibilityCase(
      ".indices is .indexes",
      input: "CREATE TABLE t(a, b);\nCREATE INDEX i1 ON t(a);\nCREATE TABLE u(c);\n"
        + "CREATE INDEX i2 ON u(c);\n.indices\n.indices t\n.indic u\n.ind\n.indices a b\n"),
    CompatibilityCase(
      "a .sqliterc in $HOME is not read while the password entry names another home",
      input: "SELECT 1;\n", files: ["../home/.sqliterc": ".print from-home\n"]),
  ]
}
