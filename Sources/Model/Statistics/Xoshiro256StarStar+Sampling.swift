import DeflateBenchSupport

// The project has one seeded generator, the corpora's xoshiro256** (seeded through SplitMix64),
// so a seed means the same stream everywhere. The bootstrap and the runner's shuffled cell order
// draw indices from it.
extension Xoshiro256StarStar {
  /// A uniform index in `0..<bound` (Lemire's multiply-and-reject, no modulo bias), the same on
  /// every platform and Swift version, unlike `Int.random(in:using:)`.
  public mutating func nextIndex(below bound: Int) -> Int {
    precondition(bound > 0, "nextIndex(below:) needs a positive bound")
    return index(bound)
  }
}
