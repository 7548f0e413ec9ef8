import Glibc
import SQLiteCore
import ShellFunctions

/// Arbitrary bytes as a ZIP archive: read by `zipfile(BLOB)`, then as a file through a
/// `zipfile` table that a member is added to (the write path on a corrupt archive).
///
/// Properties: nothing crashes or allocates beyond the input's means (libFuzzer's RSS limit);
/// a deflated member that reads gives exactly its declared size; and after a write that
/// succeeded, the file reads back with the new member in it.
enum ZipFuzz {
  static func run(_ data: [UInt8]) -> [String] {
    guard let db = try? Connection(path: ":memory:") else { return ["cannot open :memory:"] }
    defer { try? db.close() }
    guard (try? ShellFunctions.register(on: db)) != nil else { return ["cannot register"] }
    var problems = readBlob(data, db)
    problems += writeFile(data, db)
    return problems
  }

  /// Every column of every member of the blob.
  private static func readBlob(_ data: [UInt8], _ db: Connection) -> [String] {
    var problems: [String] = []
    let sql =
      "SELECT name, mode, mtime, sz, method, length(rawdata), length(data), zipfile_cds(z)"
      + " FROM zipfile(?)"
    do {
      var statements = db.statements(in: sql)
      guard let statement = try statements.next() else { return ["no statement"] }
      try statement.bind(.blob(data), at: 1)
      while try statement.step() {
        let size = statement.value(at: 3)
        let length = statement.value(at: 6)
        if case .integer(8) = statement.value(at: 4), case .integer(let declared) = size,
          declared > 0, declared < Int64(Int32.max), case .integer(let got) = length,
          got != declared
        {
          problems.append("a deflated member of size \(declared) read as \(got) bytes")
        }
      }
    } catch {
      // A corrupt archive is an error; only a crash or a broken property is a finding.
    }
    return problems
  }

  /// The bytes as a file: a member added through a table; the result must read back.
  private static func writeFile(_ data: [UInt8], _ db: Connection) -> [String] {
    var template = Array("/tmp/litesh-zipfuzz-XXXXXX".utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { buffer in
      buffer.baseAddress.map { mkstemp($0) } ?? -1
    }
    guard descriptor >= 0 else { return ["could not make a temporary file"] }
    let path = String(
      decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    defer { unlink(path) }
    let written = data.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    close(descriptor)
    guard written == data.count else { return ["could not write the temporary file"] }
    let quoted = "'" + path + "'"
    do {
      try db.execute("CREATE VIRTUAL TABLE temp.f USING zipfile(\(quoted))")
    } catch {
      return ["the table would not connect: \(error.message)"]
    }
    defer { try? db.execute("DROP TABLE temp.f") }
    do {
      try db.execute(
        "INSERT OR REPLACE INTO f(name, mtime, data) VALUES('fuzz-new', 1, 'added by the fuzzer')")
    } catch {
      return []
    }
    do {
      var statements = db.statements(
        in: "SELECT count(*) FROM zipfile(\(quoted)) WHERE name = 'fuzz-new'"
          + " AND data = CAST('added by the fuzzer' AS BLOB)")
      guard let statement = try statements.next(), try statement.step() else {
        return ["no count"]
      }
      let count = statement.value(at: 0)
      return count == .integer(1) ? [] : ["the member written reads back \(count) times"]
    } catch {
      return ["the archive written does not read back: \(error.message)"]
    }
  }
}
