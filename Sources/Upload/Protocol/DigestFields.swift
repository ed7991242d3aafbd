import DeflateBenchSupport
import Foundation

/// The digests a request announces, and how the server checks them.
///
/// RFC 9530 defines `Content-Digest` (over the message content) and `Repr-Digest` (over the
/// representation), both with the content coding applied: for a gzip upload, the digest of the
/// gzip bytes. For a whole (non-range) upload both cover the same bytes, the body as received
/// before decoding, and every `sha-256` and `sha-512` member of either is checked. Both fields
/// are RFC 8941 dictionaries: a repeated key keeps its last value; unknown algorithms are ignored.
/// `X-Content-SHA256` is this project's own field for the digest of the decoded body, so one
/// request can prove both that the bytes arrived intact and that they decode to the original.
///
/// A chunked request may send any of them as a trailer, after the body, when its `Trailer`
/// field announces it (RFC 9110 §6.6.2): the body is then hashed from its first byte. A digest
/// trailer that was not announced could not be checked, and is refused rather than ignored.
public struct DigestFields: Sendable, Equatable {
  /// A digest algorithm the server can check.
  public enum Algorithm: String, Sendable, Equatable, CaseIterable {
    case sha256 = "sha-256"
    case sha512 = "sha-512"

    var byteCount: Int { self == .sha256 ? 32 : 64 }
  }

  /// One digest to check against the body as received.
  public struct Expected: Sendable, Equatable {
    /// `Content-Digest` or `Repr-Digest`.
    public var field: String
    public var algorithm: Algorithm
    public var bytes: [UInt8]
  }

  /// Digests of the encoded body, in field order.
  public var encoded: [Expected]
  /// SHA-256 of the decoded body, from `X-Content-SHA256`.
  public var decoded: [UInt8]?
  /// The digest fields the `Trailer` field announces, lower-cased.
  public var announcedTrailers: Set<String> = []

  /// The fields read here, lower-cased.
  static let fieldNames: Set<String> = ["content-digest", "repr-digest", "x-content-sha256"]

  public init(encoded: [Expected] = [], decoded: [UInt8]? = nil) {
    self.encoded = encoded
    self.decoded = decoded
  }

  public var isEmpty: Bool { encoded.isEmpty && decoded == nil }

  /// Whether any announced digest of the encoded body uses `algorithm`.
  public func needs(_ algorithm: Algorithm) -> Bool { encoded.contains { $0.algorithm == algorithm } }

  /// Whether a trailer may bring a digest of the body as received (either algorithm).
  var expectsEncodedTrailer: Bool {
    announcedTrailers.contains("content-digest") || announcedTrailers.contains("repr-digest")
  }

  /// Whether a trailer may bring `X-Content-SHA256`.
  var expectsDecodedTrailer: Bool { announcedTrailers.contains("x-content-sha256") }

  /// Why a digest field could not be read (answered with 400).
  public struct Malformed: Error, Equatable, Sendable, CustomStringConvertible {
    public var field: String
    public var value: String
    public var reason: String = ""
    /// A well-formed digest trailer the `Trailer` field did not announce.
    public var unannouncedTrailer = false
    public var description: String {
      if unannouncedTrailer {
        return "the \(field) trailer was not announced in the request's Trailer field, so the body was not "
          + "hashed to check it; send 'Trailer: \(field)' in the head"
      }
      return "malformed \(field) field '\(value.prefix(120))'" + (reason.isEmpty ? "" : ": \(reason)")
    }
  }

  /// Reads the digest fields of a request head.
  public init(head: HTTPRequestHead) throws(Malformed) {
    encoded = []
    for name in ["Content-Digest", "Repr-Digest"] {
      guard let value = head.value(name) else { continue }
      encoded += try Self.members(of: value, field: name)
    }
    if let hex = head.value("X-Content-SHA256") { decoded = try Self.decodedDigest(hex) }
    let announced = head.values("Trailer").flatMap { $0.split(separator: ",") }.map {
      $0.trimming(characters: " \t").lowercased()
    }
    announcedTrailers = Set(announced).intersection(Self.fieldNames)
  }

  /// Adds the digest fields of a chunked request's trailer section; other trailers are ignored.
  public mutating func add(trailers: [HTTPRequestHead.Field]) throws(Malformed) {
    for field in trailers where Self.fieldNames.contains(field.name.lowercased()) {
      guard announcedTrailers.contains(field.name.lowercased()) else {
        throw Malformed(field: field.name, value: field.value, unannouncedTrailer: true)
      }
      if field.name.caseInsensitiveEquals("X-Content-SHA256") {
        decoded = try Self.decodedDigest(field.value)
      } else {
        encoded += try Self.members(of: field.value, field: field.name)
      }
    }
  }

  private static func decodedDigest(_ hex: String) throws(Malformed) -> [UInt8] {
    guard let bytes = Self.bytes(fromHex: hex.trimming(characters: " \t")), bytes.count == 32 else {
      throw Malformed(field: "X-Content-SHA256", value: hex, reason: "expected 64 hexadecimal digits")
    }
    return bytes
  }

  /// The checkable members of one digest field: the `sha-256` and `sha-512` byte sequences.
  static func members(of value: String, field: String) throws(Malformed) -> [Expected] {
    let dictionary: StructuredDictionary
    do throws(StructuredDictionary.Malformed) {
      dictionary = try StructuredDictionary(parsing: value)
    } catch {
      throw Malformed(field: field, value: value, reason: error.reason)
    }
    var found: [Expected] = []
    for algorithm in Algorithm.allCases {
      guard let member = dictionary.value(algorithm.rawValue) else { continue }
      guard case .bytes(let bytes) = member, bytes.count == algorithm.byteCount else {
        throw Malformed(
          field: field, value: value,
          reason: "\(algorithm.rawValue) must be a byte sequence of \(algorithm.byteCount) bytes")
      }
      found.append(Expected(field: field, algorithm: algorithm, bytes: bytes))
    }
    return found
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
