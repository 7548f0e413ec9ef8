import SQLiteCore

/// One scan of `generate_series`.
final class SeriesCursor: VirtualTableCursor {
  var value: Int64 = 0
  var minimum: Int64 = 0
  var maximum: Int64 = 0
  var step: Int64 = 1
  var isDescending = false
  /// Set when the next value would leave the 64-bit range (sqlite3 wraps around instead).
  var isExhausted = false
  var rowid: Int64 = 1

  /// Starts a scan with the arguments the plan bits say are present.
  func filter(plan: Int32, _ arguments: FunctionArguments) {
    var plan = plan
    var next = 0
    func argument() -> Int64 {
      defer { next += 1 }
      return arguments.int64(next)
    }
    minimum = plan & GenerateSeries.Plan.start != 0 ? argument() : 0
    maximum = plan & GenerateSeries.Plan.stop != 0 ? argument() : 0xffff_ffff
    step = 1
    if plan & GenerateSeries.Plan.step != 0 {
      step = argument()
      if step == 0 {
        step = 1
      } else if step < 0 {
        step = 0 &- step
        if plan & GenerateSeries.Plan.ascending == 0 { plan |= GenerateSeries.Plan.descending }
      }
    }
    if (0..<arguments.count).contains(where: { arguments.isNull($0) }) {
      minimum = 1
      maximum = 0
    }
    isExhausted = false
    isDescending = plan & GenerateSeries.Plan.descending != 0
    if isDescending {
      value = maximum
      if step > 0 { value = value &- (maximum &- minimum) % step }
    } else {
      value = minimum
    }
    rowid = 1
  }

  func next() {
    let (next, overflow) =
      isDescending ? value.subtractingReportingOverflow(step) : value.addingReportingOverflow(step)
    value = next
    if overflow { isExhausted = true }
    rowid += 1
  }

  var isAtEnd: Bool {
    isExhausted || (isDescending ? value < minimum : value > maximum)
  }

  func column(_ index: Int32, into context: FunctionContext) {
    switch index {
    case 1: context.result(minimum)
    case 2: context.result(maximum)
    case 3: context.result(step)
    default: context.result(value)
    }
  }
}
