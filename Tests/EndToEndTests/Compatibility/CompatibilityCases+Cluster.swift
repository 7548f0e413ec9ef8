/// Cases for what the shell rebuilt to run on a dqlite cluster (client-side `.changes`
/// totals, parameter numbering, `.import` in a transaction, rows before a failing step);
/// they hold on a file as well.
extension CompatibilityCases {
  static let cluster: [CompatibilityCase] = [
    CompatibilityCase(
      ".changes counts trigger changes in total_changes only",
      input: "CREATE TABLE t(a);\nCREATE TABLE log(x);\n"
        + "CREATE TRIGGER r AFTER INSERT ON t BEGIN INSERT INTO log VALUES(new.a); END;\n"
        + ".changes on\nINSERT INTO t VALUES(1),(2);\nCREATE TABLE u(b);\n"
        + "SELECT count(*) FROM log;\nDELETE FROM t;\n"),
    CompatibilityCase(
      ".parameter values by name and number sharing positions",
      input: ".parameter set ?1 one\n.parameter set :a alpha\n.parameter set ?3 three\n"
        + ".parameter set ?4 four\nSELECT :a, ?1, ?, ?3, @b;\nSELECT ?2, :a, ?;\n"
        + "SELECT ':a', \"?1\", $a -- :a\n, ?1;\n"),
    CompatibilityCase(
      ".import inside an open transaction goes with it",
      input: "CREATE TABLE t(a, b);\nBEGIN;\n.import --csv d.csv t\nSELECT count(*) FROM t;\n"
        + "ROLLBACK;\nSELECT count(*) FROM t;\n.import --csv d.csv n\n.dump\n",
      files: ["d.csv": "a,b\n1,x\n2,\"y,z\"\n"]),
    CompatibilityCase(
      "rows before a step failing after many rows are printed",
      input: "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 3000)"
        + " SELECT CASE WHEN x < 3000 THEN x ELSE abs(-9223372036854775808) END FROM c;\n"
        + "SELECT 'after';\n"),
    CompatibilityCase(
      "a write with RETURNING prints its rows",
      input: "CREATE TABLE t(a INTEGER PRIMARY KEY, b);\n"
        + "INSERT INTO t(b) VALUES('x'),('y') RETURNING a, b;\nSELECT count(*) FROM t;\n"),
  ]
}
