/// The median and range of one figure over the rounds.
struct Summary {
  var median: Double
  var min: Double
  var max: Double

  /// Summarizes `values`; all zero when there are none.
  init(_ values: [Double]) {
    let sorted = values.sorted()
    guard let first = sorted.first, let last = sorted.last else {
      (median, min, max) = (0, 0, 0)
      return
    }
    let middle = sorted.count / 2
    median = sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    min = first
    max = last
  }
}

/// Fixed-point text without Foundation: `format(1.2345, 2)` is `"1.23"`.
func format(_ value: Double, _ digits: Int) -> String {
  guard value.isFinite else { return "–" }
  var scale = 1.0
  for _ in 0..<digits { scale *= 10 }
  let scaled = (abs(value) * scale).rounded()
  let whole = Int(scaled / scale)
  var text = (value < 0 && scaled > 0 ? "-" : "") + String(whole)
  if digits > 0 {
    let fraction = Int(scaled - Double(whole) * scale)
    let digitsText = String(fraction)
    text += "." + String(repeating: "0", count: digits - digitsText.count) + digitsText
  }
  return text
}

/// A ratio with its per-round range: `1.52× (1.48–1.60)`.
func ratioText(_ summary: Summary) -> String {
  "\(format(summary.median, 2))× (\(format(summary.min, 2))–\(format(summary.max, 2)))"
}

/// A duration in milliseconds with its range: `612 ms (598–640)`.
func millisecondsText(_ summary: Summary) -> String {
  let digits = summary.median < 10 ? 2 : 0
  return
    "\(format(summary.median * 1000, digits)) ms (\(format(summary.min * 1000, digits))–\(format(summary.max * 1000, digits)))"
}

/// A throughput with its range: `351k/s (340k–360k)`.
func rateText(_ summary: Summary) -> String {
  func short(_ value: Double) -> String {
    value >= 10_000 ? "\(format(value / 1000, 0))k" : format(value, 0)
  }
  return "\(short(summary.median))/s (\(short(summary.min))–\(short(summary.max)))"
}

/// KiB as MiB with one decimal.
func mebibytes(_ kibibytes: Int) -> String { format(Double(kibibytes) / 1024, 1) }
