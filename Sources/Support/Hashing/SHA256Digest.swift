import Foundation

/// A finished SHA-256 digest: 32 bytes, printable as lowercase hex or base64 (the forms of
/// `sha256sum` and of HTTP `Digest`/`Content-Digest` headers).
public struct SHA256Digest: Sendable, Hashable, CustomStringConvertible {
  /// The 32 digest bytes.
  public let bytes: [UInt8]

  public init(bytes: [UInt8]) {
    precondition(bytes.count == 32, "a SHA-256 digest has 32 bytes")
    self.bytes = bytes
  }

  /// Lowercase hexadecimal, 64 characters.
  public var hex: String {
    let digits = Array("0123456789abcdef".utf8)
    var text: [UInt8] = []
    text.reserveCapacity(64)
    for byte in bytes {
      text.append(digits[Int(byte >> 4)])
      text.append(digits[Int(byte & 0x0f)])
    }
    return String(decoding: text, as: UTF8.self)
  }

  /// Standard base64 with padding, 44 characters.
  public var base64: String { Data(bytes).base64EncodedString() }

  public var description: String { hex }
}
