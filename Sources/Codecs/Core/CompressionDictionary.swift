/// A dictionary shared by sender and receiver: bytes both sides load before a body is compressed
/// or decoded, so a small body can refer to text it never contained. It is either a zstd
/// dictionary as `dict train` writes it (magic `37 a4 30 ec`, entropy tables, then content) or
/// raw content (any other bytes), which every dictionary-capable library accepts.
///
/// The SHA-256 is the dictionary's identity on the wire (RFC 9842's `dcz` header) and in results;
/// the caller computes it (the hashing code lives outside the codec layer) and the initializer
/// checks only its length.
public struct CompressionDictionary: Sendable, Equatable, Hashable {
  /// What reports call it: the file name, without folders.
  public let name: String
  public let bytes: [UInt8]
  /// The 32-byte SHA-256 of `bytes`.
  public let sha256: [UInt8]
  /// Where it came from, for reports: "file PATH", or the sample it was trained on.
  public var origin: String?

  /// - Throws: `.invalidDictionary` when `bytes` is empty or the digest is not 32 bytes.
  public init(name: String, bytes: [UInt8], sha256: [UInt8]) throws(CodecError) {
    guard !bytes.isEmpty else { throw .invalidDictionary(name: name, detail: "it is empty") }
    guard sha256.count == 32 else {
      throw .invalidDictionary(name: name, detail: "its SHA-256 has \(sha256.count) bytes, not 32")
    }
    self.name = name
    self.bytes = bytes
    self.sha256 = sha256
  }

  /// The SHA-256 as 64 lowercase hex digits, as `sha256sum` prints it.
  public var sha256Hex: String { Self.hex(sha256) }

  /// Lowercase hex of any bytes (a digest named in an error).
  public static func hex(_ bytes: some Sequence<UInt8>) -> String {
    let digits = Array("0123456789abcdef".utf8)
    var text: [UInt8] = []
    for byte in bytes {
      text.append(digits[Int(byte >> 4)])
      text.append(digits[Int(byte & 0x0f)])
    }
    return String(decoding: text, as: UTF8.self)
  }

  /// Whether the bytes start with zstd's dictionary magic number (a trained dictionary).
  public var isZstdFormat: Bool { bytes.starts(with: [0x37, 0xA4, 0x30, 0xEC]) }
}
