import DeflateBenchResults

/// One of N equal parts of a run's matrix (`--shard K/N`), so a CI job matrix can spread a large
/// suite over several machines and `merge` can put the parts back together.
///
/// Cells are assigned by position in the matrix sorted by `CellKey`: cell i belongs to shard
/// (i mod N) + 1. Sorting makes the assignment independent of the order backends or corpora are
/// listed in, and dealing cells out round-robin spreads each backend's slow high levels over all
/// shards instead of giving one shard all of zopfli. Every cell is in exactly one shard.
public struct Shard: Sendable, Equatable, CustomStringConvertible {
  /// 1-based index of this shard.
  public let index: Int
  /// How many shards the matrix is cut into.
  public let count: Int

  /// Nil unless 1 <= index <= count.
  public init?(index: Int, count: Int) {
    guard count >= 1, index >= 1, index <= count else { return nil }
    self.index = index
    self.count = count
  }

  /// Parses `K/N`, for example `2/4`. Nil for anything else, including `0/4` and `5/4`.
  public static func parse(_ text: String) -> Shard? {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else { return nil }
    return Shard(index: index, count: count)
  }

  /// `K/N`, as recorded in `RunContext.shard`.
  public var description: String { "\(index)/\(count)" }

  /// The keys of `keys` that belong to this shard, in sorted order.
  public func select(_ keys: [CellKey]) -> [CellKey] {
    let sorted = keys.sorted()
    return sorted.indices.filter { $0 % count == index - 1 }.map { sorted[$0] }
  }

  /// Whether the key at `position` in the sorted matrix belongs to this shard.
  public func contains(position: Int) -> Bool { position % count == index - 1 }
}
