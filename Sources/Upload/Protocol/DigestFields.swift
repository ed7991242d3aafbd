import DeflateBenchCorpora
import Foundation

/// The SHA-256 digests a request announces, and how the server checks them.
///
/// RFC 9530 defines `Repr-Digest` and `Content-Digest` over the representation as sent, with its
/// content coding applied: for a gzip upload, the digest of the gzip bytes. They are checked
/// against the body as received, before decoding. `X-Content-SHA256` is this project's own field
/// for the digest of the decoded body, so one request can prove both that the bytes arrived
/// intact and that they decode to the original.
public struct DigestFields: Sendable, Equatable {
  /// SHA-256 of the encoded body, from `Repr-Digest` or else `Content-Digest`.
  public var encoded: [UInt8]?
  /// SHA-256 of the decoded body, from `X-Content-SHA256`.
  public var decoded: [UInt8]?

  public init(encoded: [UInt8]? = nil, decoded: [UInt8]? = nil) {
    self.encoded = encoded
    self.decoded = decoded
  }

  public var isEmpty: Bool { encoded == nil && decoded == nil }

  /// Why a digest field could not be read (answered with 400).
  public struct Malformed: Error, Equatable, Sendable, CustomStringConvertible {
    public var field: String
    public var value: String
    public var description: String { "malformed \(field) field '\(value.prefix(120))'" }
  }

  /// Reads the digest fields of a request head. A digest field without a `sha-256` member is
  /// ignored (the server only knows SHA-256); a `sha-256` member that is not 32 bytes of
  /// base64 is malformed.
  public init(head: HTTPRequestHead) throws(Malformed) {
    for name in ["Repr-Digest", "Content-Digest"] {
      guard encoded == nil, let value = head.value(name) else { continue }
      encoded = try Self.sha256Member(of: value, field: name)
    }
    if let hex = head.value("X-Content-SHA256") {
      guard let bytes = Self.bytes(fromHex: hex.trimming(characters: " \t")), bytes.count == 32 else {
        throw Malformed(field: "X-Content-SHA256", value: hex)
      }
      decoded = bytes
    }
  }

  /// The `sha-256=:BASE64:` member of a structured-field dictionary (RFC 8941 byte sequence).
  static func sha256Member(of value: String, field: String) throws(Malformed) -> [UInt8]? {
    for member in value.split(separator: ",") {
      let parts = member.split(separator: "=", maxSplits: 1)
      guard parts.count == 2, parts[0].trimming(characters: " \t").lowercased() == "sha-256" else { continue }
      let item = parts[1].trimming(characters: " \t")
      // Parameters (`;key=value`) may follow the item; they do not change the digest.
      let bytesItem = item.split(separator: ";", maxSplits: 1).first.map(String.init) ?? item
      guard bytesItem.count >= 2, bytesItem.hasPrefix(":"), bytesItem.hasSuffix(":"),
        let data = Data(base64Encoded: String(bytesItem.dropFirst().dropLast())), data.count == 32
      else {
        throw Malformed(field: field, value: value)
      }
      return [UInt8](data)
    }
    return nil
  }

  /// The `Repr-Digest` value for bytes: `sha-256=:BASE64:`.
  public static func reprDigestValue(_ digest: SHA256Digest) -> String { "sha-256=:\(digest.base64):" }

  static func bytes(fromHex text: String) -> [UInt8]? {
    let digits = Array(text.utf8)
    guard digits.count % 2 == 0 else { return nil }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(digits.count / 2)
    var index = 0
    while index < digits.count {
      guard let high = nibble(digits[index]), let low = nibble(digits[index + 1]) else { return nil }
      bytes.append(high << 4 | low)
      index += 2
    }
    return bytes
  }

  private static func nibble(_ digit: UInt8) -> UInt8? {
    switch digit {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
    default: nil
    }
  }
}
