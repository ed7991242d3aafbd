import DeflateBenchCodecs

/// Which levels a run measures, resolved per backend because every library numbers its levels
/// differently (zlib 0-9, libdeflate 0-12, ISA-L 0-3, zstd negative to 22, ...).
public enum LevelSelection: Sendable, Equatable {
  /// Every level the backend has.
  case all
  /// Every level except those that take seconds per megabyte (see `standardLevels(for:)`): the
  /// default suite, which has to fit in minutes.
  case standard
  /// Only the level the library uses when a caller does not choose one.
  case `default`
  /// The `--quick` preset: three points of the standard range, the fastest, the default (or the
  /// middle when the default is not a standard level) and the strongest.
  case quick
  /// The levels listed, clipped per backend to the ones it has; a backend keeps none when the
  /// list and its levels do not overlap.
  case list([Int])

  /// The selections `--levels` takes by name, in the order help and errors list them.
  public static let named: [(name: String, selection: LevelSelection)] = [
    ("all", .all), ("standard", .standard), ("default", .default), ("quick", .quick),
  ]

  /// Parses the `--levels` value: `all`, `standard`, `default`, `quick` or a comma-separated list such as
  /// `1,6,9` (ranges such as `1-9` also work). Nil when the text is none of these.
  public static func parse(_ text: String) -> LevelSelection? {
    if let named = named.first(where: { $0.name == text }) { return named.selection }
    var levels: [Int] = []
    for part in text.split(separator: ",", omittingEmptySubsequences: false) {
      let item = part.trimmingCharacters(in: " ")
      if let level = Int(item) {
        levels.append(level)
      } else if let range = parseRange(item) {
        levels.append(contentsOf: range)
      } else {
        return nil
      }
    }
    return levels.isEmpty ? nil : .list(levels)
  }

  /// The levels of `backend` this selection measures, ascending and without duplicates.
  public func levels(for backend: any CompressionBackend) -> [Int] {
    let available = backend.levels.sorted()
    switch self {
    case .all:
      return available
    case .standard:
      return Self.standardLevels(for: backend)
    case .default:
      return [backend.defaultLevel]
    case .quick:
      let standard = Self.standardLevels(for: backend)
      guard let fastest = standard.first, let strongest = standard.last else { return [] }
      let middle = standard.contains(backend.defaultLevel) ? backend.defaultLevel : standard[standard.count / 2]
      return Array(Set([fastest, middle, strongest])).sorted()
    case .list(let wanted):
      let wantedSet = Set(wanted)
      return available.filter { wantedSet.contains($0) }
    }
  }

  /// A backend's levels without the ones whose cost is out of proportion for a default suite,
  /// as the backend declares them (`CompressionBackend.standardLevels`): libdeflate 10-12 and
  /// brotli 9-11 (exhaustive searches; each costs about a second per MB or more, 3 to 50 times
  /// the level below), zstd above 12 (the "ultra" levels, seconds per MB and tens of MB of memory)
  /// and its negative levels other than -7, -3 and -1 (each step changes little), and zopfli above
  /// level 1 (zopfli costs over 0.1 s per call even for a few hundred bytes, and more per
  /// iteration). Other backends keep every level. `--levels all` measures everything.
  public static func standardLevels(for backend: any CompressionBackend) -> [Int] {
    backend.standardLevels.sorted()
  }

  /// `a-b` with either bound possibly negative (`-5--1`): split at the first dash that follows
  /// a digit.
  private static func parseRange(_ text: String) -> ClosedRange<Int>? {
    let characters = Array(text)
    for index in characters.indices.dropFirst() where characters[index] == "-" && characters[index - 1].isNumber {
      guard let low = Int(String(characters[..<index])), let high = Int(String(characters[(index + 1)...])),
        low <= high
      else { return nil }
      return low...high
    }
    return nil
  }
}

extension Substring {
  fileprivate func trimmingCharacters(in character: Character) -> String {
    var text = self
    while text.first == character { text.removeFirst() }
    while text.last == character { text.removeLast() }
    return String(text)
  }
}
