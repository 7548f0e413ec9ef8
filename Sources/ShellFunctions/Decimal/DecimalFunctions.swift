import SQLiteCore

/// `decimal`, `decimal_add`, `decimal_sub`, `decimal_mul`, `decimal_cmp`, the `decimal_sum`
/// aggregate (also a window function) and the `decimal` collation, as in sqlite3 3.40.1.
///
/// Every argument is read as its text (a real as SQLite renders it), so `decimal(0.1)` is
/// `0.1`; `NULL` in gives `NULL` out.
enum DecimalFunctions {
  static func register(_ registration: FunctionRegistration) throws(SQLiteError) {
    try registration.scalar("decimal", 1, .pure) { context, arguments in
      guard let value = number(arguments, 0) else { return }
      context.result(text: value.text)
    }
    try registration.scalar("decimal_cmp", 2, .pure) { context, arguments in
      guard let a = number(arguments, 0), let b = number(arguments, 1) else { return }
      context.result(Int64(a.compare(to: b).signum()))
    }
    try registration.scalar("decimal_add", 2, .pure) { context, arguments in
      guard var a = number(arguments, 0), let b = number(arguments, 1) else { return }
      a.add(b)
      context.result(text: a.text)
    }
    try registration.scalar("decimal_sub", 2, .pure) { context, arguments in
      guard var a = number(arguments, 0), var b = number(arguments, 1) else { return }
      b.isNegative.toggle()
      a.add(b)
      context.result(text: a.text)
    }
    try registration.scalar("decimal_mul", 2, .pure) { context, arguments in
      guard var a = number(arguments, 0), let b = number(arguments, 1) else { return }
      a.multiply(by: b)
      context.result(text: a.text)
    }
    try registration.window("decimal_sum", 1, .pure, DecimalSum.self)
    try registration.collation("decimal") { a, b in
      DecimalNumber(text: a).compare(to: DecimalNumber(text: b))
    }
  }

  /// The argument as a decimal, or `nil` for `NULL`.
  static func number(_ arguments: FunctionArguments, _ index: Int) -> DecimalNumber? {
    arguments.textBytes(index).map { DecimalNumber(text: $0) }
  }
}

/// The running total of `decimal_sum`: `NULL` for no rows, `0` when every row was `NULL`.
final class DecimalSum: AggregateState {
  private var total: DecimalNumber?

  init() {}

  func step(_ context: FunctionContext, _ arguments: FunctionArguments) {
    add(arguments, negated: false)
  }

  func inverse(_ context: FunctionContext, _ arguments: FunctionArguments) {
    add(arguments, negated: true)
  }

  private func add(_ arguments: FunctionArguments, negated: Bool) {
    var sum = total ?? .zero
    if var value = DecimalFunctions.number(arguments, 0) {
      if negated { value.isNegative.toggle() }
      sum.add(value)
    }
    total = sum
  }

  func result(_ context: FunctionContext) {
    guard let total else { return context.resultNull() }
    context.result(text: total.text)
  }
}
