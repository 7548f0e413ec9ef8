/// Which columns the display mode shows and how wide, for a window `available` columns wide.
///
/// Widths come from the rows held (the head and the tail of the result, never all of it): each
/// column's natural width is the widest of its name and its held cells. When they do not fit:
/// 1. the widest text columns are narrowed first, down to a floor (``textFloor`` columns, or
///    their natural width if smaller); numbers are never narrowed, a cut number misleads;
/// 2. if the floors still do not fit, columns are dropped from the middle: they are taken in
///    the order first, last, second, second-to-last… while their floors fit, and a one-wide
///    `…` column marks where the others were;
/// 3. the room left is shared out again by raising the narrowest cap first (water-filling),
///    so a long column gets what the short ones do not need.
struct DisplayLayout: Equatable {
  /// The columns shown, in order (indexes into the result's columns).
  var shown: [Int]
  /// The width of each shown column.
  var widths: [Int]
  /// The position in ``shown`` before which the `…` column stands, or `nil`.
  var gapBefore: Int?

  /// A text column is never narrowed below this (unless it is narrower).
  static let textFloor = 16

  /// The screen columns a box of `widths` takes, with the `…` column when `gap`.
  static func boxWidth(_ widths: some Collection<Int>, gap: Bool) -> Int {
    widths.reduce(1) { $0 + $1 + 3 } + (gap ? 4 : 0)
  }

  /// Every column at its natural width: `.last`, where the pager scrolls sideways.
  static func natural(_ natural: [Int]) -> DisplayLayout {
    DisplayLayout(shown: Array(natural.indices), widths: natural, gapBefore: nil)
  }

  /// Fits columns of the given natural widths into `available` screen columns; `isNumber`
  /// says which columns hold only numbers (never narrowed).
  static func fit(natural: [Int], isNumber: [Bool], available: Int) -> DisplayLayout {
    let count = natural.count
    guard count > 0 else { return DisplayLayout(shown: [], widths: [], gapBefore: nil) }
    if boxWidth(natural, gap: false) <= available { return .natural(natural) }
    let floors = natural.indices.map { isNumber[$0] ? natural[$0] : min(natural[$0], textFloor) }
    // Take columns from both ends while their floors fit.
    var front: [Int] = []
    var back: [Int] = []
    var used = 1
    var low = 0
    var high = count - 1
    var takesFront = true
    while low <= high {
      let index = takesFront ? low : high
      let gapWidth = low < high ? 4 : 0  // a gap stays while columns are left over
      if used + floors[index] + 3 + gapWidth > available, !(front.isEmpty && back.isEmpty) {
        break
      }
      used += floors[index] + 3
      if takesFront {
        front.append(index)
        low += 1
      } else {
        back.insert(index, at: 0)
        high -= 1
      }
      takesFront.toggle()
    }
    let shown = front + back
    let hasGap = shown.count < count
    let budget = max(available - boxWidth([], gap: hasGap) - 3 * shown.count, shown.count)
    let widths = share(
      budget, natural: shown.map { natural[$0] }, floors: shown.map { floors[$0] })
    return DisplayLayout(shown: shown, widths: widths, gapBefore: hasGap ? front.count : nil)
  }

  /// Widths for columns whose sum is at most `budget` (when the floors allow): each column
  /// gets `min(natural, cap)` but at least its floor, for the largest cap that fits; what is
  /// left goes to the capped columns from the left.
  static func share(_ budget: Int, natural: [Int], floors: [Int]) -> [Int] {
    func widths(cap: Int) -> [Int] {
      natural.indices.map { max(floors[$0], min(natural[$0], cap)) }
    }
    if natural.reduce(0, +) <= budget { return natural }
    if floors.reduce(0, +) >= budget {
      // Not even the floors fit (one column wider than the window): cut the first to fit.
      var result = floors
      let over = floors.reduce(0, +) - budget
      if over > 0, let first = result.indices.first {
        result[first] = max(1, result[first] - over)
      }
      return result
    }
    var low = 0
    var high = natural.max() ?? 0
    while low < high {
      let middle = (low + high + 1) / 2
      if widths(cap: middle).reduce(0, +) <= budget { low = middle } else { high = middle - 1 }
    }
    var result = widths(cap: low)
    var left = budget - result.reduce(0, +)
    for index in result.indices where left > 0 && result[index] < natural[index] {
      result[index] += 1
      left -= 1
    }
    return result
  }
}
