/// The command a misspelt dot-command most likely meant, for a person at the prompt.
extension DotCommandRegistry {
  /// The commands litesh runs that are nearest to `typed` (the name without the dot) by edit
  /// distance, best first: within one edit for a name of up to three letters, two up to eight,
  /// three beyond; several only when they are equally near; none when nothing is that near.
  package func closestCommands(to typed: String) -> [String] {
    let written = typed.lowercased()
    guard !written.isEmpty else { return [] }
    let limit = written.count <= 3 ? 1 : written.count <= 8 ? 2 : 3
    let scored = implemented.map { (ColumnSuggestions.editDistance(written, $0.name), $0.name) }
    guard let best = scored.map(\.0).min(), best <= limit else { return [] }
    return scored.filter { $0.0 == best }.map(\.1).sorted()
  }
}
