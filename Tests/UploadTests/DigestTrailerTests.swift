import DeflateBenchCorpora
import DeflateBenchSupport
import Foundation
import TestSupport
import Testing

/// Issue #25, L4 and L5: digests the way RFC 8941 and RFC 9530 let clients send them, against
/// `deflate-bench serve` as a separate process over a socket: unpadded base64, and digests that
/// arrive as chunked trailers after the body.
@Suite(
  "digest fields: unpadded base64 and chunked trailers", .serialized,
  .enabled(if: Condition.executableIsBuilt, Comment(rawValue: Condition.executableMissing)))
struct DigestTrailerTests {
  static let body = TestBodies.json(bytes: 20_000)
  static let rightSHA256 = Data(SHA256.hash(body).bytes).base64EncodedString()
  static let wrongSHA256 = Data([UInt8](repeating: 1, count: 32)).base64EncodedString()
  static let rightSHA512 = Data(SHA512.hash(body)).base64EncodedString()

  static func unpadded(_ base64: String) -> String { String(base64.prefix { $0 != "=" }) }

  /// The body in chunks of 7,000 bytes, then the last chunk and `trailers`.
  static func chunked(_ head: String, trailers: String) -> [UInt8] {
    var bytes = Array("POST /t HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\(head)\r\n".utf8)
    var offset = 0
    while offset < body.count {
      let piece = body[offset..<min(offset + 7000, body.count)]
      bytes += Array("\(String(piece.count, radix: 16))\r\n".utf8) + piece + Array("\r\n".utf8)
      offset += piece.count
    }
    return bytes + Array("0\r\n\(trailers)\r\n".utf8)
  }

  @Test("L4: an unpadded base64 digest (RFC 8941 §4.2.7: parsers should not fail) is read and checked")
  func unpaddedDigests() throws {
    // 32 and 64 bytes encode to 43 and 86 characters plus padding: both lose their '='.
    #expect(Self.rightSHA256.hasSuffix("=") && Self.rightSHA512.hasSuffix("="))
    let server = try ServeProcess.start()
    defer { server.stop() }
    let cases: [(String, Int)] = [
      ("Repr-Digest: sha-256=:\(Self.unpadded(Self.rightSHA256)):", 200),
      ("Content-Digest: sha-512=:\(Self.unpadded(Self.rightSHA512)):", 200),
      ("Repr-Digest: sha-256=:\(Self.unpadded(Self.wrongSHA256)):", 400),
      // Still not base64: a character outside the alphabet, or a length no encoding has.
      ("Repr-Digest: sha-256=:\(Self.unpadded(Self.rightSHA256))*:", 400),
      ("Repr-Digest: sha-256=:\(Self.unpadded(Self.rightSHA256))AA:", 400),
    ]
    for (field, status) in cases {
      let request = Array("POST /u HTTP/1.1\r\nHost: t\r\nContent-Length: \(Self.body.count)\r\n\(field)\r\n\r\n".utf8)
      let response = try HostileServerTests.status(of: request + Self.body, port: server.port)
      #expect(response?.status == status, "\(field): \(response?.text ?? "no answer")")
      if status == 200 { #expect(response?.json["digest"] as? String == "match", "\(field)") }
    }
  }

  @Test("L5: a digest sent as an announced chunked trailer is checked; a wrong one is 400")
  func announcedTrailers() throws {
    let server = try ServeProcess.start()
    defer { server.stop() }
    let decodedHex = SHA256.hash(Self.body).hex
    let cases: [(head: String, trailer: String, status: Int)] = [
      ("Trailer: Repr-Digest\r\n", "Repr-Digest: sha-256=:\(Self.rightSHA256):\r\n", 200),
      ("Trailer: Repr-Digest\r\n", "Repr-Digest: sha-256=:\(Self.wrongSHA256):\r\n", 400),
      ("Trailer: Content-Digest, X-Trace\r\n", "Content-Digest: sha-512=:\(Self.rightSHA512):\r\n", 200),
      ("Trailer: X-Content-SHA256\r\n", "X-Content-SHA256: \(decodedHex)\r\n", 200),
      ("Trailer: X-Content-SHA256\r\n", "X-Content-SHA256: \(String(repeating: "0", count: 64))\r\n", 400),
      // A digest in the head and another in the trailer: both are checked.
      (
        "Repr-Digest: sha-256=:\(Self.rightSHA256):\r\nTrailer: Content-Digest\r\n",
        "Content-Digest: sha-256=:\(Self.wrongSHA256):\r\n", 400
      ),
    ]
    for (head, trailer, status) in cases {
      let response = try HostileServerTests.status(of: Self.chunked(head, trailers: trailer), port: server.port)
      #expect(response?.status == status, "\(head)\(trailer): \(response?.text ?? "no answer")")
      let digest = response?.json["digest"] as? String
      #expect(digest == (status == 200 ? "match" : "mismatch"), "\(trailer): \(response?.text ?? "")")
    }
  }

  @Test("L5: a digest trailer the Trailer field did not announce is refused with 400 saying so, never ignored")
  func unannouncedTrailers() throws {
    let server = try ServeProcess.start()
    defer { server.stop() }
    for digest in [Self.wrongSHA256, Self.rightSHA256] {
      let response = try HostileServerTests.status(
        of:
          Self.chunked("", trailers: "Repr-Digest: sha-256=:\(digest):\r\n"), port: server.port)
      #expect(response?.status == 400, "\(response?.text ?? "no answer")")
      let error = response?.json["error"] as? String ?? ""
      #expect(error.contains("Repr-Digest trailer was not announced"), "\(error)")
      #expect(error.contains("Trailer: Repr-Digest"), "\(error)")
    }
    // Other trailers stay as they were: checked for syntax, then ignored.
    let other = try HostileServerTests.status(of: Self.chunked("", trailers: "X-Trace: abc\r\n"), port: server.port)
    #expect(other?.status == 200, "\(other?.text ?? "no answer")")
  }
}
