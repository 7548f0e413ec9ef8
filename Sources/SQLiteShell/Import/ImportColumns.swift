/// The column list `.import` gives a table it creates from a header row, as sqlite3 3.40.1's
/// `zAutoColumn` builds it: every column TEXT, empty names `?`, and names that repeat (ignoring
/// ASCII case) renamed `name_N` by position.
struct ImportColumns {
  /// The final column names, in order.
  let names: [String]
  /// `"old" to "new"` for each renamed column; empty when nothing was renamed.
  let renames: [String]

  /// Names the columns of `header` (the first row's fields).
  init(header: [String]) {
    let given = header.map { $0.isEmpty ? "?" : $0 }
    let folded = given.map { $0.asciiLowercased() }
    var counts: [String: Int] = [:]
    for name in folded { counts[name, default: 0] += 1 }
    let repeated = folded.map { (counts[$0] ?? 0) > 1 }
    guard repeated.contains(true) else {
      names = given
      renames = []
      return
    }
    // sqlite3 looks for the fewest extra zeros that make the names unique with positions
    // padded to the digits of the column count, then writes the positions unpadded.
    let digits = String(given.count).count
    func renamed(zeros: Int, padding: Int) -> [String] {
      given.indices.map { index in
        guard repeated[index] else { return given[index] }
        let position = String(index + 1)
        let pad = String(repeating: "0", count: zeros + max(0, padding - position.count))
        return given[index] + "_" + pad + position
      }
    }
    var zeros = 0
    while Set(renamed(zeros: zeros, padding: digits).map { $0.asciiLowercased() }).count
      < given.count && zeros < 8
    {
      zeros += 1
    }
    let final = renamed(zeros: zeros, padding: 1)
    names = final
    renames = given.indices.filter { repeated[$0] }.map {
      given[$0].sqlQuoted() + " to " + final[$0].sqlQuoted()
    }
  }

  /// `(\n"a" TEXT, "b" TEXT, …)`, four columns to a line.
  var definition: String {
    var text = "(\n"
    for (index, name) in names.enumerated() {
      if index > 0 { text += index % 4 == 0 ? ",\n " : ", " }
      text += name.sqlQuoted() + " TEXT"
    }
    return text + ")"
  }
}
