/// The check every W2 variant reports: the sum of ids and a, the sum of b, the bytes of c.
///
/// One definition, so the C, SQLiteCore and GRDB workers (and each W2 variant) can only agree
/// when they read the same rows.
public struct ScanCheck: Sendable {
  @usableFromInline var sum: Int64 = 0
  @usableFromInline var total = 0.0
  @usableFromInline var length = 0

  /// An empty check.
  @inlinable
  public init() {}

  /// Adds one row's columns.
  @inlinable @inline(__always)
  public mutating func add(id: Int64, a: Int64, b: Double, cBytes: Int) {
    sum &+= id &+ a
    total += b
    length += cBytes
  }

  /// The check text `bench-c` prints too: `sum,total*4,length`.
  public var text: String { "\(sum),\(Int64(total * 4)),\(length)" }
}

/// A W2 row type with the four columns: ``ScanCheck`` can sum a collected array of them.
public protocol ScanItem {
  /// Column id.
  var id: Int64 { get }
  /// Column a.
  var a: Int64 { get }
  /// Column b.
  var b: Double { get }
  /// Column c.
  var c: String { get }
}

extension ScanCheck {
  /// The check over collected rows.
  ///
  /// Inlinable, so each worker specializes it for its own row type: the sum is the harness's
  /// work, and unspecialized it cost more per row than a whole `RowDecodable` decode (callgrind).
  @inlinable
  public init<S: Sequence>(items: S) where S.Element: ScanItem {
    self.init()
    for item in items { add(id: item.id, a: item.a, b: item.b, cBytes: item.c.utf8.count) }
  }
}
