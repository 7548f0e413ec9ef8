/// What dot-commands print for wrong arguments, and the settings sqlite3 changes only in part:
/// usage help searched by the name as typed, `.trace` with several files, `.explain` as a mode,
/// and the commands that find no database open yet.
extension CompatibilityCases {
  static let usage: [CompatibilityCase] = [
    CompatibilityCase(
      "the help after bad arguments lists the commands the name as typed starts",
      input: ".o x y\n.on -y\n.ou a b\n.r 2\n.re --x\n.rec -y\n.im a b c d\n.param x\n"
        + ".print after\n"),
    CompatibilityCase(
      ".sha3sum with an unknown option names the command as typed and lists its help",
      input: ".sha3 -x\n.sha3s --y\n.sha3sum -z\n.print after\n"),
    CompatibilityCase(
      "with -bail the help after bad arguments is printed before stopping",
      ["-bail"], input: ".r 2\n.print not-reached\n"),
    CompatibilityCase(
      ".trace with several files traces to the first and never creates the others",
      input: ".trace a b c\nSELECT 1;\n.trace off\n.shell ls\n.read a\n"
        + ".trace nodir/f d\n.shell ls\n"),
    CompatibilityCase(
      ".mode after .explain on leaves explain mode; .explain 2 changes nothing",
      input: ".explain on\n.mode column\nSELECT 1 AS a, 2 AS b;\nEXPLAIN SELECT 1;\n"
        + "EXPLAIN QUERY PLAN SELECT 1;\n.explain auto\n.explain 2\n"
        + "EXPLAIN QUERY PLAN SELECT 1;\n.mode csv\n.explain on\n.explain 2\n.mode\n.explain 0\n"
        + ".mode\n.explain bogus\n.explain 4294967297\n.mode\nEXPLAIN QUERY PLAN SELECT 1;\n"),
    CompatibilityCase(
      ".vfsinfo and .vfslist first find no database open without a database argument",
      input: ".vfsinfo\n.vfslist\n.vfsinfo main\nSELECT 1;\n.vfsinfo\n.vfslist\n"),
  ]
}
