extension RegexProgram {
  /// Whether the text (UTF-8, up to its first NUL byte) contains a match.
  func matches(_ text: [UInt8]) -> Bool {
    var input = RegexInput(text)
    var c = Self.startOfInput
    if !prefix.isEmpty {
      guard let start = firstOccurrence(of: prefix, in: input.bytes) else { return false }
      input.position = start
      c = Self.startOfInput - 1
    }
    var current = StateSet(capacity: ops.count)
    var next = StateSet(capacity: ops.count)
    next.insert(0)
    while c != Self.endOfInput && !next.isEmpty {
      let previous = c
      c = input.next(foldCase: ignoresCase)
      swap(&current, &next)
      next.removeAll()
      var index = 0
      while index < current.count {
        let state = current[index]
        index += 1
        if step(state, c, previous, &current, &next) { return true }
      }
    }
    for var state in next.states {
      while ops[state] == .goto { state += Int(args[state]) }
      if ops[state] == .accept { return true }
    }
    return false
  }

  /// Runs one instruction for character `c`; `true` when it accepts.
  private func step(
    _ state: Int, _ c: UInt32, _ previous: UInt32, _ current: inout StateSet,
    _ next: inout StateSet
  ) -> Bool {
    let arg = args[state]
    switch ops[state] {
    case .match: if UInt32(bitPattern: arg) == c { next.insert(state + 1) }
    case .atStart: if previous == Self.startOfInput { current.insert(state + 1) }
    case .any: if c != 0 { next.insert(state + 1) }
    case .word: if isWord(c) { next.insert(state + 1) }
    case .notWord: if !isWord(c) && c != 0 { next.insert(state + 1) }
    case .digit: if isDigit(c) { next.insert(state + 1) }
    case .notDigit: if !isDigit(c) && c != 0 { next.insert(state + 1) }
    case .space: if isSpace(c) { next.insert(state + 1) }
    case .notSpace: if !isSpace(c) && c != 0 { next.insert(state + 1) }
    case .boundary: if isWord(c) != isWord(previous) { current.insert(state + 1) }
    case .anyStar:
      next.insert(state)
      current.insert(state + 1)
    case .fork:
      current.insert(state + Int(arg))
      current.insert(state + 1)
    case .goto: current.insert(state + Int(arg))
    case .accept: return true
    case .classExcluding, .classIncluding:
      if ops[state] == .classExcluding && c == 0 { break }
      if classContains(state, c) != (ops[state] == .classExcluding) {
        next.insert(state + Int(arg))
      }
    case .classValue, .classRange: break
    }
    return false
  }

  private func classContains(_ state: Int, _ c: UInt32) -> Bool {
    let length = Int(args[state])
    var offset = 1
    while offset < length {
      let value = UInt32(bitPattern: args[state + offset])
      if ops[state + offset] == .classValue {
        if value == c { return true }
      } else {
        if value <= c && UInt32(bitPattern: args[state + offset + 1]) >= c { return true }
        offset += 1
      }
      offset += 1
    }
    return false
  }

  private func isWord(_ c: UInt32) -> Bool {
    (0x30...0x39).contains(c) || (0x61...0x7a).contains(c) || (0x41...0x5a).contains(c)
      || c == 0x5f
  }

  private func isDigit(_ c: UInt32) -> Bool { (0x30...0x39).contains(c) }

  private func isSpace(_ c: UInt32) -> Bool {
    c == 0x20 || (0x09...0x0d).contains(c)
  }

  private func firstOccurrence(of needle: [UInt8], in haystack: [UInt8]) -> Int? {
    guard needle.count <= haystack.count, let first = needle.first else { return nil }
    var index = 0
    while index + needle.count <= haystack.count {
      if haystack[index] == first && haystack[index..<(index + needle.count)].elementsEqual(needle)
      {
        return index
      }
      index += 1
    }
    return nil
  }
}

/// The set of active automaton states, in insertion order, with constant-time membership.
struct StateSet {
  private(set) var states: [Int] = []
  private var marks: [UInt32]
  private var generation: UInt32 = 1

  init(capacity: Int) {
    marks = [UInt32](repeating: 0, count: capacity)
    states.reserveCapacity(capacity)
  }

  var count: Int { states.count }
  var isEmpty: Bool { states.isEmpty }
  subscript(index: Int) -> Int { states[index] }

  mutating func insert(_ state: Int) {
    guard marks[state] != generation else { return }
    marks[state] = generation
    states.append(state)
  }

  mutating func removeAll() {
    states.removeAll(keepingCapacity: true)
    generation &+= 1
    if generation == 0 {
      for index in marks.indices { marks[index] = 0 }
      generation = 1
    }
  }
}
