/// xoshiro256** (Blackman, Vigna 2018): the project's one generator for corpus content.
///
/// Corpus bytes must be identical on every run and platform, so nothing here calls the standard
/// library's `random(in:using:)` or `shuffled`, whose algorithms are free to change between Swift
/// releases; bounded draws use Lemire's multiply-and-reject method written out below.
public struct Xoshiro256StarStar: RandomNumberGenerator, Sendable {
  private var s0: UInt64
  private var s1: UInt64
  private var s2: UInt64
  private var s3: UInt64

  /// Seeds the 256-bit state from one 64-bit seed through SplitMix64.
  public init(seed: UInt64) {
    var mixer = SplitMix64(seed: seed)
    s0 = mixer.next()
    s1 = mixer.next()
    s2 = mixer.next()
    s3 = mixer.next()
  }

  /// A generator with an explicit 256-bit state (not all zero), for checking against the
  /// reference implementation.
  public init(state: (UInt64, UInt64, UInt64, UInt64)) {
    precondition(state != (0, 0, 0, 0), "the all-zero state is a fixed point")
    (s0, s1, s2, s3) = state
  }

  /// A generator for one named purpose, so streams for different profiles never coincide even
  /// when they share a seed.
  public init(seed: UInt64, stream: String) {
    self.init(seed: seed ^ Self.fnv1a(stream))
  }

  /// The next 64 pseudo-random bits.
  @inline(__always)
  public mutating func next() -> UInt64 {
    let result = rotateLeft(s1 &* 5, 7) &* 9
    let t = s1 << 17
    s2 ^= s0
    s3 ^= s1
    s1 ^= s2
    s0 ^= s3
    s2 ^= t
    s3 = rotateLeft(s3, 45)
    return result
  }

  /// A uniform value in `0..<bound` (bound > 0), without modulo bias.
  public mutating func next(below bound: UInt64) -> UInt64 {
    precondition(bound > 0, "bound must be positive")
    var product = next().multipliedFullWidth(by: bound)
    if product.low < bound {
      let threshold = (0 &- bound) % bound
      while product.low < threshold {
        product = next().multipliedFullWidth(by: bound)
      }
    }
    return product.high
  }

  /// A uniform `Int` in `range`.
  public mutating func int(in range: ClosedRange<Int>) -> Int {
    let span = UInt64(bitPattern: Int64(range.upperBound &- range.lowerBound)) &+ 1
    if span == 0 { return Int(truncatingIfNeeded: next()) }
    return range.lowerBound &+ Int(truncatingIfNeeded: next(below: span))
  }

  /// A uniform index into a collection of `count` elements.
  public mutating func index(_ count: Int) -> Int {
    Int(truncatingIfNeeded: next(below: UInt64(count)))
  }

  /// True with probability `percent`/100.
  public mutating func chance(_ percent: Int) -> Bool {
    next(below: 100) < UInt64(percent)
  }

  /// True with probability `numerator`/`denominator`.
  public mutating func chance(_ numerator: Int, in denominator: Int) -> Bool {
    next(below: UInt64(denominator)) < UInt64(numerator)
  }

  /// A uniformly chosen element of a non-empty array.
  public mutating func pick<T>(_ elements: [T]) -> T {
    elements[index(elements.count)]
  }

  /// Fills `buffer` with pseudo-random bytes, eight at a time, little-endian so the bytes are
  /// the same on every platform.
  public mutating func fill(_ buffer: UnsafeMutableRawBufferPointer) {
    var offset = 0
    let count = buffer.count
    while offset + 8 <= count {
      buffer.storeBytes(of: next().littleEndian, toByteOffset: offset, as: UInt64.self)
      offset += 8
    }
    if offset < count {
      var last = next()
      while offset < count {
        buffer[offset] = UInt8(truncatingIfNeeded: last)
        last >>= 8
        offset += 1
      }
    }
  }

  /// 64-bit FNV-1a over UTF-8, a platform-independent string hash for stream names.
  static func fnv1a(_ text: String) -> UInt64 {
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in text.utf8 {
      hash ^= UInt64(byte)
      hash &*= 0x0000_0100_0000_01B3
    }
    return hash
  }
}

@inline(__always)
private func rotateLeft(_ value: UInt64, _ amount: UInt64) -> UInt64 {
  (value << amount) | (value >> (64 - amount))
}
