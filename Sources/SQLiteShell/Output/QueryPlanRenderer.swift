package import SQLiteCore

/// One row of `EXPLAIN QUERY PLAN`: its id, its parent's id and its text.
package struct QueryPlanRow: Sendable, Equatable {
  /// The row's id (column `id`).
  package var id: Int
  /// The id of the row it hangs under; 0 for the top level (column `parent`).
  package var parent: Int
  /// The text (column `detail`).
  package var detail: String

  /// Creates a row.
  package init(id: Int, parent: Int, detail: String) {
    self.id = id
    self.parent = parent
    self.detail = detail
  }
}

/// Draws `EXPLAIN QUERY PLAN` rows as sqlite3's `QUERY PLAN` tree (`|--`, `` `-- ``).
package enum QueryPlanRenderer {
  /// Writes the tree of `rows`: `QUERY PLAN`, then each row under its parent.
  ///
  /// As sqlite3 does, a first row whose text starts with `-` replaces the `QUERY PLAN` title
  /// (its text after three characters), and a lone such row prints nothing.
  package static func render(_ rows: [QueryPlanRow], to sink: OutputSink) {
    var rows = rows[...]
    guard let first = rows.first else { return }
    if first.detail.hasPrefix("-") {
      guard rows.count > 1 else { return }
      sink.write(String(first.detail.dropFirst(3)) + "\n")
      rows = rows.dropFirst()
    } else {
      sink.write("QUERY PLAN\n")
    }
    renderLevel(Array(rows), parent: 0, prefix: "", to: sink)
  }

  /// Steps an `EXPLAIN QUERY PLAN` statement and writes its tree, as `.eqp on` shows it before
  /// running a statement.
  ///
  /// A row whose text starts with `-` first flushes the tree collected so far, as in sqlite3.
  package static func writePlan(of statement: some RowSource, to sink: OutputSink)
    throws(SQLiteError)
  {
    var rows: [QueryPlanRow] = []
    while try statement.step() {
      let detail = statement.string(at: 3)
      if detail.hasPrefix("-") {
        render(rows, to: sink)
        rows.removeAll()
      }
      rows.append(
        QueryPlanRow(
          id: Int(statement.int64(at: 0)), parent: Int(statement.int64(at: 1)), detail: detail))
    }
    render(rows, to: sink)
  }

  /// The plan of an `EXPLAIN QUERY PLAN` statement run under `.explain auto`.
  static func writeCollected(_ statement: some RowSource, to sink: OutputSink) throws(SQLiteError) {
    var rows: [QueryPlanRow] = []
    defer { render(rows, to: sink) }
    while try statement.step() {
      guard statement.storageClass(at: 3) != .null else { continue }
      rows.append(
        QueryPlanRow(
          id: Int(statement.int64(at: 0)), parent: Int(statement.int64(at: 1)),
          detail: statement.string(at: 3)))
    }
  }

  private static func renderLevel(
    _ rows: [QueryPlanRow], parent: Int, prefix: String, to sink: OutputSink
  ) {
    var index = nextRow(rows, parent: parent, after: -1)
    while let current = index {
      let next = nextRow(rows, parent: parent, after: current)
      sink.write(prefix + (next == nil ? "`--" : "|--") + rows[current].detail + "\n")
      // sqlite3's prefix buffer holds 100 bytes: deeper levels are not drawn.
      if prefix.utf8.count < 93 {
        renderLevel(
          rows, parent: rows[current].id, prefix: prefix + (next == nil ? "   " : "|  "), to: sink)
      }
      index = next
    }
  }

  private static func nextRow(_ rows: [QueryPlanRow], parent: Int, after: Int) -> Int? {
    var index = after + 1
    while index < rows.count {
      if rows[index].parent == parent { return index }
      index += 1
    }
    return nil
  }
}
