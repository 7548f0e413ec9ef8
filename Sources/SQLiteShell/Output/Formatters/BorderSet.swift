/// The horizontal rules and cell separators of table, box and markdown modes.
struct BorderSet {
  /// The rule above the header (table, box), or nil.
  var top: [UInt8]?
  /// The rule under the header.
  var headerRule: [UInt8]?
  /// The rule between rows when a row spans several lines, or nil (markdown).
  var rowRule: [UInt8]?
  /// The rule under the last row, or nil.
  var bottom: [UInt8]?
  /// Printed before the first cell of a line.
  var lineStart: [UInt8]
  /// Printed between cells.
  var cellSeparator: [UInt8]
  /// Printed after the last cell of a line.
  var lineEnd: [UInt8]

  /// The borders of `mode` for columns of the given widths; `nil` for column mode.
  static func forMode(_ mode: OutputMode, widths: [Int]) -> BorderSet? {
    switch mode {
    case .table:
      let rule = asciiRule("+", widths)
      return BorderSet(
        top: rule, headerRule: rule, rowRule: rule, bottom: rule, lineStart: bytes("| "),
        cellSeparator: bytes(" | "), lineEnd: bytes(" |\n"))
    case .markdown:
      return BorderSet(
        top: nil, headerRule: asciiRule("|", widths), rowRule: nil, bottom: nil,
        lineStart: bytes("| "), cellSeparator: bytes(" | "), lineEnd: bytes(" |\n"))
    case .box, .qbox:
      let middle = boxRule("├", "┼", "┤", widths)
      return BorderSet(
        top: boxRule("┌", "┬", "┐", widths), headerRule: middle, rowRule: middle,
        bottom: boxRule("└", "┴", "┘", widths), lineStart: bytes("│ "),
        cellSeparator: bytes(" │ "), lineEnd: bytes(" │\n"))
    default:
      return nil
    }
  }

  private static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

  /// `+----+---+` with two more dashes than each width.
  private static func asciiRule(_ joint: String, _ widths: [Int]) -> [UInt8] {
    var rule = joint
    for width in widths { rule += String(repeating: "-", count: width + 2) + joint }
    return bytes(rule + "\n")
  }

  /// `┌────┬───┐` with two more lines than each width.
  private static func boxRule(
    _ left: String, _ joint: String, _ right: String, _ widths: [Int]
  ) -> [UInt8] {
    let pieces = widths.map { String(repeating: "─", count: $0 + 2) }
    return bytes(left + pieces.joined(separator: joint) + right + "\n")
  }
}
