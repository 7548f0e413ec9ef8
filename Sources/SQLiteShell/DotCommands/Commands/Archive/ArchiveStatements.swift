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
  ///
  /// With `zipTable`, the rows go into that `zipfile` table, which compresses them itself.
  static func insert(
    _ path: [UInt8], directory: [UInt8]?, verbose: Bool, onlyIfChanged: Bool,
    zipTable: String? = nil
  ) -> [UInt8] {
    let name = verbose ? "shell_putsnl(name)" : "name"
    var sql = Array(
      """
      REPLACE INTO sqlar(name,mode,mtime,sz,data)
        SELECT
          \(name),
          mode,
          mtime,
          CASE substr(lsmode(mode),1,1)
            WHEN '-' THEN length(data)
            WHEN 'd' THEN 0
            ELSE -1 END,
          sqlar_compress(data)
        FROM fsdir(
      """.utf8)
    if let zipTable {
      sql = Array(
        """
        REPLACE INTO \(zipTable)(name,mode,mtime,data)
          SELECT
            \(name),
            mode,
            mtime,
            data
          FROM fsdir(
        """.utf8)
    }
    sql +=
      path.sqlQuoted() + Array(",".utf8) + (directory.map { $0.sqlQuoted() } ?? Array("NULL".utf8))
    sql += Array(") AS disk\n  WHERE lsmode(mode) NOT LIKE '?%'".utf8)
    if onlyIfChanged {
      sql += Array(
        (" AND NOT EXISTS(SELECT 1 FROM \(zipTable ?? "sqlar") AS mem WHERE mem.name=disk.name"
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
  static func list(where clause: [UInt8], verbose: Bool, from source: [UInt8] = sqlar)
    -> [UInt8]
  {
    let columns = verbose ? "lsmode(mode), sz, datetime(mtime, 'unixepoch'), name" : "name"
    return Array("SELECT \(columns) FROM ".utf8) + source + Array(" WHERE ".utf8) + clause
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
  ///
  /// A ZIP archive's `source` (`zip`, `zipfile('FILE')`) gives `data` as it is.
  static func extract(where clause: [UInt8], links: Bool? = nil, from source: [UInt8] = sqlar)
    -> [UInt8]
  {
    let data = source == sqlar ? "sqlar_uncompress(data, sz)" : "data"
    let target =
      links == nil
      ? "($dir || name)" : "(CASE WHEN $dir = '' AND name GLOB '/*' THEN '.' ELSE $dir END || name)"
    var sql = Array(
      "SELECT  \(target), writefile(\(target), \(data), mode, mtime) FROM ".utf8)
    sql += source + Array(" WHERE (".utf8)
    sql += clause
    sql += Array(") AND (data IS NULL OR $dirOnly = 0) AND name NOT GLOB '*..[/\\]*'".utf8)
    if let links { sql += Array(" AND lsmode(mode) \(links ? "" : "NOT ")LIKE 'l%'".utf8) }
    return sql
  }

  /// Deletes the members selected (sqlite3 leaves the clause empty without names).
  static func remove(where clause: [UInt8], from table: String = "sqlar") -> [UInt8] {
    Array("DELETE FROM \(table) WHERE ".utf8) + clause + Array(";".utf8)
  }

  /// Finds a member by name, or with `-g` by GLOB pattern.
  static func check(glob: Bool, from source: [UInt8] = sqlar) -> [UInt8] {
    Array("SELECT name FROM ".utf8) + source
      + Array((glob ? " WHERE glob($name,name)" : " WHERE name=$name").utf8)
  }

  /// The table `.archive` reads by default.
  static let sqlar = Array("sqlar".utf8)

  /// Where a ZIP archive's members are read: the table `zip` of a database opened as the
  /// archive, or `zipfile('FILE')`.
  static func zipSource(_ file: [UInt8]?) -> [UInt8] {
    guard let file else { return Array("zip".utf8) }
    return Array("zipfile(".utf8) + file.sqlQuoted() + Array(")".utf8)
  }

  /// The temporary table `-c`, `-u` and `-i` write a ZIP file through, as sqlite3 makes it.
  static func createZipTable(_ name: String, file: [UInt8]) -> [UInt8] {
    Array("CREATE VIRTUAL TABLE temp.\(name) USING zipfile(".utf8) + file.sqlQuoted()
      + Array(")".utf8)
  }
}
