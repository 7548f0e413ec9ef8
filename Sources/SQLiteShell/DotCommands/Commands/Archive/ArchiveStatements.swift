/// The SQL `.archive` runs, byte for byte as sqlite3 3.40.1 builds it: `-n` prints these texts.
///
/// Names are bytes and go into the SQL quoted as `%q` does (each `'` doubled), so a file name
/// that is not UTF-8 reaches SQLite unchanged.
enum ArchiveStatements {
  static let pageSize = "PRAGMA page_size=512"
  static let drop = "DROP TABLE IF EXISTS sqlar"
  static let create = """
    CREATE TABLE IF NOT EXISTS sqlar(
      name TEXT PRIMARY KEY,  -- name of the file
      mode INT,               -- access permissions
      mtime INT,              -- last modification time
      sz INT,                 -- original file size
      data BLOB               -- compressed content
    )
    """

  /// Adds what `fsdir(PATH, DIRECTORY)` finds; `onlyIfChanged` skips files whose mode and
  /// mtime the archive already has (`-u`), `verbose` prints each name as it goes in.
  static func insert(
    _ path: [UInt8], directory: [UInt8]?, verbose: Bool, onlyIfChanged: Bool
  ) -> [UInt8] {
    var sql = Array(
      """
      REPLACE INTO sqlar(name,mode,mtime,sz,data)
        SELECT
          \(verbose ? "shell_putsnl(name)" : "name"),
          mode,
          mtime,
          CASE substr(lsmode(mode),1,1)
            WHEN '-' THEN length(data)
            WHEN 'd' THEN 0
            ELSE -1 END,
          sqlar_compress(data)
        FROM fsdir(
      """.utf8)
    sql +=
      path.sqlQuoted() + Array(",".utf8) + (directory.map { $0.sqlQuoted() } ?? Array("NULL".utf8))
    sql += Array(") AS disk\n  WHERE lsmode(mode) NOT LIKE '?%'".utf8)
    if onlyIfChanged {
      sql += Array(
        (" AND NOT EXISTS(SELECT 1 FROM sqlar AS mem WHERE mem.name=disk.name"
          + " AND mem.mtime=disk.mtime AND mem.mode=disk.mode)").utf8)
    }
    return sql + Array(";".utf8)
  }

  /// The members `names` select: each name itself and everything under it, matched with `=`
  /// or, with `-g`, with GLOB; `1` when no names are given.
  static func whereClause(_ names: [[UInt8]], glob: Bool) -> [UInt8] {
    guard !names.isEmpty else { return Array("1".utf8) }
    let operation = glob ? "GLOB" : "="
    var clause: [UInt8] = []
    for (index, name) in names.enumerated() {
      if index > 0 { clause += Array(" OR ".utf8) }
      clause += Array(" name \(operation) ".utf8) + name.sqlQuoted()
      clause += Array(" OR substr(name,1,\(name.count + 1)) \(operation) ".utf8)
      clause += (name + [UInt8(ascii: "/")]).sqlQuoted()
    }
    return clause
  }

  /// `SELECT name` (or with `-v`, mode, size, time and name) of the members selected.
  static func list(where clause: [UInt8], verbose: Bool) -> [UInt8] {
    let columns = verbose ? "lsmode(mode), sz, datetime(mtime, 'unixepoch'), name" : "name"
    return Array("SELECT \(columns) FROM sqlar WHERE ".utf8) + clause
  }

  /// Writes each member selected under `$dir`, never a name holding `..`.
  ///
  /// With `$dirOnly` = 1 it redoes only the directories, whose times the files written into
  /// them changed.
  ///
  /// With `links`, only the symbolic links (`true`) or only the other members (`false`):
  /// litesh's passes, which `-n` does not print. They also write a member named from the root
  /// (`/etc/x`) under the current directory (`./etc/x`) when no `-C` is given, as `tar` does;
  /// sqlite3 writes it where it says, outside the directory being extracted into.
  static func extract(where clause: [UInt8], links: Bool? = nil) -> [UInt8] {
    let target =
      links == nil
      ? "($dir || name)" : "(CASE WHEN $dir = '' AND name GLOB '/*' THEN '.' ELSE $dir END || name)"
    var sql = Array(
      "SELECT  \(target), writefile(\(target), sqlar_uncompress(data, sz), mode, mtime) FROM sqlar WHERE ("
        .utf8)
    sql += clause
    sql += Array(") AND (data IS NULL OR $dirOnly = 0) AND name NOT GLOB '*..[/\\]*'".utf8)
    if let links { sql += Array(" AND lsmode(mode) \(links ? "" : "NOT ")LIKE 'l%'".utf8) }
    return sql
  }

  /// Deletes the members selected (sqlite3 leaves the clause empty without names).
  static func remove(where clause: [UInt8]) -> [UInt8] {
    Array("DELETE FROM sqlar WHERE ".utf8) + clause + Array(";".utf8)
  }

  /// Finds a member by name, or with `-g` by GLOB pattern.
  static func check(glob: Bool) -> String {
    glob
      ? "SELECT name FROM sqlar WHERE glob($name,name)"
      : "SELECT name FROM sqlar WHERE name=$name"
  }
}
