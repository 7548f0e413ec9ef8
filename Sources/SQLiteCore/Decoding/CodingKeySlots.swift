/// What each coding key of a `Codable` pass resolved to (a column, a parameter), learned from
/// the first pass in the order the keys come, so that later passes only check that the key at
/// each position is the same one instead of looking its name up.
///
/// The same key is recognised by its bits when its type is a plain value of at most 8 bytes (a
/// synthesized `CodingKeys` enum), by its name otherwise. ``RowDecoder`` keeps one for the
/// columns of a query, ``RecordEncoder`` one for the parameters of a statement.
struct CodingKeySlots {
  /// A coding key, the number it resolved to, and how to recognise the key again.
  ///
  /// Plain values only, so reading a slot retains nothing; the key's name is in `names`.
  private struct Slot {
    let keyType: ObjectIdentifier
    /// The key's bits, when its type is a plain value of at most 8 bytes.
    let bits: UInt64?
    let resolved: Int
  }

  private var slots: [Slot] = []
  private var names: [String] = []
  private var position = 0

  /// Starts a pass: the next key asked for is the first.
  @inline(__always)
  mutating func restart() { position = 0 }

  /// What `key`, the next key of this pass, resolves to: the learned number when the key at
  /// this position is unchanged, otherwise `resolve(name)`, learned unless it is `nil`.
  @inline(__always)
  mutating func slot<Key: CodingKey>(for key: Key, resolve: (String) -> Int?) -> Int? {
    let current = position
    position = current &+ 1
    let keyType = ObjectIdentifier(Key.self)
    let bits = Self.bits(of: key)
    if current < slots.count {
      let slot = slots[current]
      if slot.keyType == keyType {
        if let bits, slot.bits == bits { return slot.resolved }
        if names[current] == key.stringValue { return slot.resolved }
      }
    }
    let name = key.stringValue
    guard let resolved = resolve(name) else { return nil }
    let slot = Slot(keyType: keyType, bits: bits, resolved: resolved)
    if current < slots.count {
      slots[current] = slot
      names[current] = name
    } else if current == slots.count {
      slots.append(slot)
      names.append(name)
    }
    return resolved
  }

  /// A key's bits when its type is a plain value of at most 8 bytes: equal bits are the same key.
  ///
  /// A padding byte may differ between two equal keys; that only sends the lookup to the name.
  @inline(__always)
  private static func bits<Key>(of key: Key) -> UInt64? {
    guard _isPOD(Key.self), MemoryLayout<Key>.size <= MemoryLayout<UInt64>.size else {
      return nil
    }
    var bits: UInt64 = 0
    withUnsafeMutableBytes(of: &bits) { $0.storeBytes(of: key, as: Key.self) }
    return bits
  }
}
