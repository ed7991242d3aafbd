/// RFC 9842's `dcz` framing: an 8-byte zstd skippable-frame header (magic `0x184D2A5E`, length
/// 32, little-endian) carrying the dictionary's SHA-256, then an ordinary zstd frame compressed
/// with that dictionary. A plain zstd decoder skips the hash frame; a server reads it to pick
/// the dictionary.
public enum DczFrame {
  /// The skippable-frame magic and length, as they appear on the wire.
  public static let magic: [UInt8] = [0x5E, 0x2A, 0x4D, 0x18, 0x20, 0x00, 0x00, 0x00]
  /// Magic plus hash.
  public static let headerBytes = 40

  /// Writes the header for `sha256` at the start of `output`, which has room for it.
  static func write(sha256: [UInt8], into output: UnsafeMutableRawBufferPointer) {
    for (index, byte) in (magic + sha256).enumerated() { output[index] = byte }
  }

  /// The SHA-256 a header names.
  /// - Throws: a description of what is wrong: too short, or not the dcz magic.
  public static func hash(in header: UnsafeRawBufferPointer) throws(DczHeaderError) -> [UInt8] {
    guard header.count >= headerBytes else { throw .truncated(header.count) }
    guard header.prefix(magic.count).elementsEqual(magic) else {
      throw .wrongMagic(CompressionDictionary.hex(header.prefix(magic.count)))
    }
    return Array(header[magic.count..<headerBytes])
  }

  /// Why a body was refused the one dictionary it was decoded with: it names another.
  static func wrongDictionary(named hash: [UInt8], given dictionary: CompressionDictionary) -> String {
    "the body names dictionary \(CompressionDictionary.hex(hash)), not \(dictionary.name) (\(dictionary.sha256Hex))"
  }
}

/// Why a `dcz` header was refused.
public enum DczHeaderError: Error, Equatable, Sendable, CustomStringConvertible {
  case truncated(Int)
  case wrongMagic(String)

  public var description: String {
    switch self {
    case .truncated(let count):
      "the dcz header is truncated: \(count) of \(DczFrame.headerBytes) bytes"
    case .wrongMagic(let found):
      "the dcz header starts with \(found), not \(CompressionDictionary.hex(DczFrame.magic))"
    }
  }
}
