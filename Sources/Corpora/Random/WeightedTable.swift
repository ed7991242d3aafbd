import DeflateBenchSupport

/// Draws indices with fixed integer weights: the skewed (Zipf-like) vocabularies of the event
/// generators. Integer weights and a binary search keep draws bit-identical across platforms,
/// where `pow` from different C libraries could round differently.
public struct WeightedTable: Sendable {
  private let cumulative: [UInt64]

  /// A table with explicit weights (all > 0).
  public init(weights: [UInt64]) {
    precondition(!weights.isEmpty && weights.allSatisfy { $0 > 0 }, "weights must be positive")
    var running: UInt64 = 0
    cumulative = weights.map {
      running += $0
      return running
    }
  }

  /// Zipf-Mandelbrot weights `1 / (rank + flatten)` for `count` ranks: rank 1 is the most
  /// common; a larger `flatten` makes the head less dominant.
  public static func zipf(count: Int, flatten: Int = 0) -> WeightedTable {
    let scale: UInt64 = 1 << 40
    return WeightedTable(weights: (1...count).map { scale / UInt64($0 + flatten) })
  }

  public var count: Int { cumulative.count }

  /// A random index, weighted.
  public func draw(_ rng: inout Xoshiro256StarStar) -> Int {
    let target = rng.next(below: cumulative[cumulative.count - 1])
    var low = 0
    var high = cumulative.count - 1
    while low < high {
      let middle = (low + high) / 2
      if cumulative[middle] > target { high = middle } else { low = middle + 1 }
    }
    return low
  }
}

/// A vocabulary whose words are drawn with Zipf-like frequencies: the first is the most common.
public struct ZipfVocabulary<Element: Sendable>: Sendable {
  public let elements: [Element]
  private let table: WeightedTable

  public init(_ elements: [Element], flatten: Int = 0) {
    self.elements = elements
    table = .zipf(count: elements.count, flatten: flatten)
  }

  public func draw(_ rng: inout Xoshiro256StarStar) -> Element {
    elements[table.draw(&rng)]
  }
}
