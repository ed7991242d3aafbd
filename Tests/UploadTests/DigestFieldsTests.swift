import DeflateBenchCorpora
import Testing

@testable import DeflateBenchUpload

@Suite("Digest fields")
struct DigestFieldsTests {
  static func head(_ fields: [(String, String)]) -> HTTPRequestHead {
    HTTPRequestHead(
      method: "POST", target: "/", minorVersion: 1, fields: fields.map { HTTPRequestHead.Field($0.0, $0.1) },
      framing: .length(0), wireBytes: 0)
  }

  @Test("Repr-Digest's sha-256 member is found among others and with parameters")
  func reprDigest() throws {
    let digest = SHA256.hash(Array("hello".utf8))
    let value = "sha-512=:AAAA:, sha-256=:\(digest.base64):;note=1"
    let fields = try DigestFields(head: Self.head([("Repr-Digest", value)]))
    #expect(fields.encoded == digest.bytes)
    #expect(DigestFields.reprDigestValue(digest) == "sha-256=:\(digest.base64):")
  }

  @Test("X-Content-SHA256 reads hex in either case; bad values are malformed")
  func decodedDigest() throws {
    let digest = SHA256.hash(Array("hello".utf8))
    #expect(try DigestFields(head: Self.head([("x-content-sha256", digest.hex.uppercased())])).decoded == digest.bytes)
    #expect(throws: DigestFields.Malformed.self) { try DigestFields(head: Self.head([("X-Content-SHA256", "abc")])) }
    #expect(throws: DigestFields.Malformed.self) { try DigestFields(head: Self.head([("Repr-Digest", "sha-256=abc")])) }
    // Only other algorithms: nothing to check.
    #expect(try DigestFields(head: Self.head([("Repr-Digest", "sha-512=:AAAA:")])).isEmpty)
  }
}
