import Glibc

/// A growable array of plain values in one `malloc` block, grown with `realloc`.
///
/// Columnar modes hold a whole result in memory. A Swift `Array` doubles by allocating a new
/// block and copying, so its peak is up to three times the data; `realloc` of a large block
/// remaps pages in place on Linux, so the peak stays near the data itself.
final class GrowableBuffer<Element: BitwiseCopyable> {
  private(set) var base: UnsafeMutablePointer<Element>
  private(set) var count = 0
  private var capacity: Int

  init(capacity: Int = 1024) {
    self.capacity = max(capacity, 16)
    base = Self.allocate(nil, self.capacity)
  }

  deinit { free(base) }

  private static func allocate(
    _ old: UnsafeMutablePointer<Element>?, _ count: Int
  ) -> UnsafeMutablePointer<Element> {
    guard let raw = realloc(old, count * MemoryLayout<Element>.stride) else {
      fatalError("out of memory")
    }
    return raw.bindMemory(to: Element.self, capacity: count)
  }

  /// Makes room for `extra` more elements.
  @inline(__always)
  func reserve(_ extra: Int) {
    if count + extra > capacity {
      capacity = max(capacity + capacity / 2, count + extra)
      base = Self.allocate(base, capacity)
    }
  }

  /// Appends one element.
  @inline(__always)
  func append(_ element: Element) {
    reserve(1)
    base[count] = element
    count += 1
  }

  /// Appends the elements of a buffer.
  @inline(__always)
  func append(contentsOf elements: UnsafeBufferPointer<Element>) {
    guard let source = elements.baseAddress, elements.count > 0 else { return }
    reserve(elements.count)
    (base + count).update(from: source, count: elements.count)
    count += elements.count
  }

  /// The element at `index`.
  @inline(__always)
  subscript(index: Int) -> Element {
    get { base[index] }
    set { base[index] = newValue }
  }

  /// Elements `range` as a buffer, valid until the next append.
  @inline(__always)
  func slice(_ range: Range<Int>) -> UnsafeBufferPointer<Element> {
    UnsafeBufferPointer(start: base + range.lowerBound, count: range.count)
  }
}
