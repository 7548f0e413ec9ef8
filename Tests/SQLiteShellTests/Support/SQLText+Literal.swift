public import SQLiteCore

/// Lets tests write expected input lines and chunks as string literals.
extension SQLText: ExpressibleByStringLiteral {
  public init(stringLiteral value: String) { self.init(value) }
}
