/// SplitMix64 (Steele, Lea and Flood, 2014): a tiny generator whose main job here is to expand one
/// 64-bit seed into the 256-bit state xoshiro needs, so nearby seeds still give unrelated streams.
public struct SplitMix64: RandomNumberGenerator, Sendable {
  private var state: UInt64

  public init(seed: UInt64) {
    state = seed
  }

  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// xoshiro256** (Blackman and Vigna, 2018): the project's seeded generator. Written out here rather
/// than taken from the standard library because Swift promises no stable algorithm for its own
/// generators: a seed must give the same bootstrap intervals and the same cell order on every
/// platform and Swift version, or a rerun with `--seed` would not reproduce a report.
public struct Xoshiro256StarStar: RandomNumberGenerator, Sendable {
  private var s0: UInt64
  private var s1: UInt64
  private var s2: UInt64
  private var s3: UInt64

  /// Seeds the state through SplitMix64, as the xoshiro authors recommend; the all-zero state
  /// (which would stay zero forever) cannot arise from it.
  public init(seed: UInt64) {
    var seeder = SplitMix64(seed: seed)
    s0 = seeder.next()
    s1 = seeder.next()
    s2 = seeder.next()
    s3 = seeder.next()
  }

  /// Starts from a raw state, for checking the published reference outputs of the algorithm.
  ///
  /// - Precondition: the state is not all zeros (the generator would return zeros forever).
  public init(state: (UInt64, UInt64, UInt64, UInt64)) {
    precondition(state != (0, 0, 0, 0), "xoshiro256** cannot start from the all-zero state")
    (s0, s1, s2, s3) = state
  }

  public mutating func next() -> UInt64 {
    let result = rotateLeft(s1 &* 5, by: 7) &* 9
    let t = s1 << 17
    s2 ^= s0
    s3 ^= s1
    s1 ^= s2
    s0 ^= s3
    s2 ^= t
    s3 = rotateLeft(s3, by: 45)
    return result
  }

  /// A uniformly distributed index in `0..<bound` by Lemire's multiply-and-reject method, spelled
  /// out so the sequence of indices for a seed does not depend on the standard library's choice.
  ///
  /// - Precondition: `bound > 0`.
  public mutating func nextIndex(below bound: Int) -> Int {
    precondition(bound > 0, "nextIndex(below:) needs a positive bound")
    let range = UInt64(bound)
    var product = next().multipliedFullWidth(by: range)
    if product.low < range {
      // Reject the few low products that would make some indices slightly more likely.
      let threshold = (0 &- range) % range
      while product.low < threshold {
        product = next().multipliedFullWidth(by: range)
      }
    }
    return Int(product.high)
  }

  private func rotateLeft(_ value: UInt64, by amount: UInt64) -> UInt64 {
    (value << amount) | (value >> (64 - amount))
  }
}
