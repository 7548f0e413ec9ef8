/// `value` converted to `T` when `T` is ``ValueConvertible``: `nil` when it is not, `.some(nil)`
/// when the value does not convert.
///
/// The row decoder asks this before `init(from:)`, so a type's own conversion wins over its
/// `Decodable` conformance (a `Date` reads the text it was stored as, not a `Double`).
@inline(__always)
func convertedValue<T>(_ type: T.Type, _ value: Value) -> T?? {
  guard let convertible = type as? any ValueConvertible.Type else { return nil }
  return .some(converted(convertible, value) as? T)
}

private func converted<C: ValueConvertible>(_ type: C.Type, _ value: Value) -> C? {
  C.fromSQLite(value)
}
