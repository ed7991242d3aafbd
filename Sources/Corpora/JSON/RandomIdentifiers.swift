import DeflateBenchSupport

/// Identifiers that are random in real traffic (UUIDs, trace ids, insert ids), drawn from the
/// seeded generator so they are random-looking yet reproducible. Randomness matters for
/// realism: these fields are what keeps real event batches from compressing too well.
extension Xoshiro256StarStar {
  private static let hexDigits = Array("0123456789abcdef".utf8)
  private static let alphanumerics = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz".utf8)

  /// A version-4 UUID in lowercase with dashes: `3f2b8c1e-9d4a-4f6b-a1c2-7e5d9b0a8c3f`.
  mutating func uuid() -> String {
    var high = next()
    var low = next()
    high = (high & 0xFFFF_FFFF_FFFF_0FFF) | 0x0000_0000_0000_4000
    low = (low & 0x3FFF_FFFF_FFFF_FFFF) | 0x8000_0000_0000_0000
    let hex = Self.hex64(high) + Self.hex64(low)
    let chars = Array(hex.utf8)
    var out: [UInt8] = []
    out.reserveCapacity(36)
    for (index, char) in chars.enumerated() {
      if index == 8 || index == 12 || index == 16 || index == 20 { out.append(UInt8(ascii: "-")) }
      out.append(char)
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// `count` random lowercase hex digits: 32 for an OTLP trace id or a Sentry event id,
  /// 16 for a span id.
  mutating func hex(_ count: Int) -> String {
    var out: [UInt8] = []
    out.reserveCapacity(count)
    var bits: UInt64 = 0
    for index in 0..<count {
      if index % 16 == 0 { bits = next() }
      out.append(Self.hexDigits[Int(bits & 0xF)])
      bits >>= 4
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// `count` random characters from `[0-9A-Za-z]`.
  mutating func alphanumeric(_ count: Int) -> String {
    var out: [UInt8] = []
    out.reserveCapacity(count)
    for _ in 0..<count { out.append(Self.alphanumerics[index(Self.alphanumerics.count)]) }
    return String(decoding: out, as: UTF8.self)
  }

  private static func hex64(_ value: UInt64) -> String {
    var out: [UInt8] = []
    out.reserveCapacity(16)
    for shift in stride(from: 60, through: 0, by: -4) {
      out.append(hexDigits[Int((value >> UInt64(shift)) & 0xF)])
    }
    return String(decoding: out, as: UTF8.self)
  }
}
