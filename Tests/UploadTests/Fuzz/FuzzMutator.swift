import DeflateBenchSupport

/// Byte-level mutations of valid inputs, the kinds that find bugs in parsers and decoders: bit
/// flips, interesting byte values, truncation, splices of two inputs, repeated and deleted
/// ranges, and fields overwritten with huge sizes.
enum FuzzMutator {
  /// Bytes parsers treat specially, and the edges of signed and unsigned ranges.
  static let interestingBytes: [UInt8] = [0x00, 0x01, 0x0a, 0x0d, 0x20, 0x3b, 0x7f, 0x80, 0xfe, 0xff]

  /// A random input of up to `maxLength` bytes: noise, or one of `seeds` with 1 to 4 mutations,
  /// or two seeds back to back.
  static func input(from seeds: [[UInt8]], maxLength: Int = 1 << 16, using generator: inout Xoshiro256StarStar)
    -> [UInt8]
  {
    switch generator.int(in: 0...9) {
    case 0:
      var noise = [UInt8](repeating: 0, count: generator.int(in: 0...4096))
      noise.withUnsafeMutableBytes { generator.fill($0) }
      return noise
    case 1:
      return generator.pick(seeds) + generator.pick(seeds)
    default:
      var bytes = generator.pick(seeds)
      for _ in 0..<generator.int(in: 1...4) {
        mutate(&bytes, seeds: seeds, using: &generator)
      }
      return bytes.count > maxLength ? Array(bytes[..<maxLength]) : bytes
    }
  }

  /// Applies one mutation in place.
  static func mutate(_ bytes: inout [UInt8], seeds: [[UInt8]], using generator: inout Xoshiro256StarStar) {
    guard !bytes.isEmpty else {
      bytes = [generator.pick(interestingBytes)]
      return
    }
    let position = generator.index(bytes.count)
    switch generator.int(in: 0...7) {
    case 0:
      // Flip one to eight bits anywhere.
      for _ in 0..<generator.int(in: 1...8) {
        bytes[generator.index(bytes.count)] ^= UInt8(1) << UInt8(generator.int(in: 0...7))
      }
    case 1:
      bytes[position] = generator.pick(interestingBytes)
    case 2:
      // Truncate: the most common real corruption, a body cut off.
      bytes.removeSubrange(position...)
    case 3:
      // Splice: this input's head with another's tail.
      let other = generator.pick(seeds)
      let from = other.isEmpty ? 0 : generator.index(other.count)
      bytes = Array(bytes[..<position]) + other[from...]
    case 4:
      // Repeat a range (a chunk line, a header, a block) up to 8 times.
      let end = min(bytes.count, position + generator.int(in: 1...64))
      let range = Array(bytes[position..<end])
      for _ in 0..<generator.int(in: 1...8) { bytes.insert(contentsOf: range, at: position) }
    case 5:
      let end = min(bytes.count, position + generator.int(in: 1...64))
      bytes.removeSubrange(position..<end)
    case 6:
      // A huge size: a length or size field overwritten with all ones or the sign bit.
      let huge: [UInt8] = generator.pick([[0xff, 0xff, 0xff, 0xff], [0xff, 0xff, 0xff, 0x7f], [0, 0, 0, 0x80]])
      for (offset, byte) in huge.enumerated() where position + offset < bytes.count {
        bytes[position + offset] = byte
      }
    default:
      // Random bytes inserted.
      var noise = [UInt8](repeating: 0, count: generator.int(in: 1...32))
      noise.withUnsafeMutableBytes { generator.fill($0) }
      bytes.insert(contentsOf: noise, at: position)
    }
  }
}
