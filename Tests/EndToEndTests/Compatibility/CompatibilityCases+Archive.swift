/// `.archive` and `-A`: SQLite Archive files made, listed, updated, extracted and trimmed, the
/// option spellings, `-n`'s SQL, and the errors, each compared with sqlite3 3.40.1.
extension CompatibilityCases {
  /// Makes a small tree with fixed times, so listings compare: each directory's time is set
  /// after the files in it are written (writing a file into it changes it).
  private static let tree =
    "SELECT writefile('d/sub/c.txt', printf('%.*c', 3000, 'x'), 33188, 1577836800),"
    + " writefile('d/sub', NULL, 16877, 1577836800), writefile('d/a.txt', 'hello', 33188,"
    + " 1577836800), writefile('d/z.bin', zeroblob(500), 33261, 1577836800),"
    + " writefile('d', NULL, 16877, 1577836800);\n"

  static let archive: [CompatibilityCase] = [
    CompatibilityCase(
      ".archive creates, lists and lists verbosely, in every spelling",
      input: tree + ".ar -cvf ar.db d\n.ar -tf ar.db\n.ar --list --verbose --file ar.db\n"
        + ".ar tvf ar.db\n.ar -tvfar.db d/sub\n.ar -tf ar.db d/a.txt d/sub/\n"
        + ".ar -tgf ar.db 'd/*.txt'\n.ar --li --fi ar.db -- d/z.bin\n"),
    CompatibilityCase(
      ".archive -n prints the SQL each command would run",
      input: tree
        + ".ar -cf ar.db d\n.ar -cnvf ar.db -C sub d\n.ar -unf ar.db d\n.ar -inf ar.db d\n"
        + ".ar -tvnf ar.db d/a.txt d/sub\n.ar -tgnf ar.db 'd/*'\n.ar -xnf ar.db -C out d/a.txt\n"
        + ".ar -rnf ar.db d/sub\n.ar -rnf ar.db\n.ar -nf ar.db\n"),
    CompatibilityCase(
      ".archive on the current database: update, insert, remove, extract",
      input: tree + ".ar -c d\nSELECT name, mode, mtime, sz, hex(data) FROM sqlar ORDER BY 1;\n"
        + "SELECT writefile('d/a.txt', 'changed', 33188, 1609459200);\n.ar -uv d\n.ar -iv d/z.bin\n"
        + "SELECT name, mtime, sz, length(data) FROM sqlar ORDER BY 1;\n.ar -rv d/sub\n.ar -r\n"
        + ".ar -t\n.ar -xv -C out\n"
        + "SELECT name, mode, mtime, hex(data) FROM fsdir('d', 'out') ORDER BY 1;\n"
        + "PRAGMA page_size;\n"),
    CompatibilityCase(
      ".archive errors: options, names not in the archive, no sqlar table, files",
      input: tree + ".ar\n.ar -q\n.ar --bogus\n.ar -tt\n.ar -t --list\n.ar --d\n.ar -tf\n"
        + ".ar --file\n.ar tf\n.ar --file=ar.db -t\n.ar -t\n.ar -tf missing.db\n.ar -c missing\n"
        + ".ar -c d missing\n.ar -t\n.ar -c -C /nonexistent d\n.ar -t d/nothere\n"
        + ".ar -cf ar.db d\n.ar -tf ar.db d/nothere d/a.txt\n.ar -rf ar.db nothere\n"
        + ".ar -tf d/a.txt\n.ar -h\n.ar -v\n.print done\n"),
    CompatibilityCase(
      ".archive -a appends the archive to another file, which keeps its bytes",
      input: tree + ".ar -cvna p.bin d\n.ar -ca p.bin d\n.ar -tva p.bin\n.ar -tvf p.bin d/a.txt\n"
        + ".ar -tnf p.bin\nSELECT substr(readfile('p.bin'), 1, 7);\n",
      files: ["p.bin": "prefix\n"]),
    CompatibilityCase(
      ".archive as a command-line argument exits with SQLite's result code",
      [":memory:", ".ar -ftx.db"]),
    CompatibilityCase(
      ".archive failing on a read-only database exits with status 8",
      ["-readonly", "ro.db", ".ar -c d"], files: ["ro.db": "", "d/f": "f"]),
    CompatibilityCase(
      "-A runs .archive with the words after it, and exits 0 whatever it says",
      ["-A", "-t"]),
    CompatibilityCase("-A without words prints the usage", [":memory:", "-A"]),
    CompatibilityCase("-A joined to its first word, -Atv", [":memory:", "-Atv"]),
    CompatibilityCase(
      "-A reports bad options with its own hint", [":memory:", "-A", "-q"]),
    CompatibilityCase(
      "-A after SQL arguments is an error",
      [":memory:", "SELECT 1;", "-A", "-t"]),
    CompatibilityCase(
      ".archive is refused in safe mode", ["-safe", ":memory:", ".ar -t"]),
  ]
}
