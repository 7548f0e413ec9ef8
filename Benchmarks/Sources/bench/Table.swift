/// A plain-text table in GitHub markdown form, columns padded to their widest cell.
struct Table {
  var header: [String]
  var rows: [[String]] = []

  /// Appends one row; missing cells are empty.
  mutating func add(_ cells: [String]) { rows.append(cells) }

  /// The table as text, one line per row.
  func render() -> String {
    let all = [header] + rows
    var widths = [Int](repeating: 0, count: header.count)
    for row in all {
      for (index, cell) in row.enumerated() where index < widths.count {
        widths[index] = max(widths[index], cell.count)
      }
    }
    func line(_ cells: [String]) -> String {
      let padded = widths.indices.map { index -> String in
        let cell = index < cells.count ? cells[index] : ""
        return cell + String(repeating: " ", count: widths[index] - cell.count)
      }
      return "| " + padded.joined(separator: " | ") + " |"
    }
    let rule =
      "|" + widths.map { String(repeating: "-", count: $0 + 2) }.joined(separator: "|") + "|"
    return ([line(header), rule] + rows.map(line)).joined(separator: "\n")
  }
}
