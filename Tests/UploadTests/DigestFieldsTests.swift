import DeflateBenchSupport
import Foundation
import TestSupport
import Testing

@testable import DeflateBenchUpload

@Suite("Digest fields")
struct DigestFieldsTests {
  static func head(_ fields: [(String, String)]) -> HTTPRequestHead {
    HTTPRequestHead(
      method: "POST", target: "/", minorVersion: 1, fields: fields.map { HTTPRequestHead.Field($0.0, $0.1) },
      framing: .length(0), wireBytes: 0)
  }

  static func base64(_ bytes: [UInt8]) -> String { Data(bytes).base64EncodedString() }

  @Test("Repr-Digest's sha-256 member is found among others and with parameters")
  func reprDigest() throws {
    let digest = SHA256.hash(Array("hello".utf8))
    let value = "md5=:AAAA:, sha-256=:\(digest.base64):;note=1, other=(1 \"x\");a=?1"
    let fields = try DigestFields(head: Self.head([("Repr-Digest", value)]))
    #expect(fields.encoded == [.init(field: "Repr-Digest", algorithm: .sha256, bytes: digest.bytes)])
    #expect(DigestFields.reprDigestValue(digest) == "sha-256=:\(digest.base64):")
  }

  @Test("Both fields and both algorithms are collected; a repeated key keeps its last value (RFC 8941)")
  func everyCheckableDigest() throws {
    let hello = Array("hello".utf8)
    let sha256 = SHA256.hash(hello).bytes
    let sha512 = SHA512.hash(hello)
    let wrong = Self.base64([UInt8](repeating: 7, count: 32))
    let fields = try DigestFields(
      head: Self.head([
        ("Content-Digest", "sha-512=:\(Self.base64(sha512)):"),
        ("Repr-Digest", "sha-256=:\(wrong):"), ("Repr-Digest", "sha-256=:\(Self.base64(sha256)):"),
      ]))
    #expect(
      fields.encoded == [
        .init(field: "Content-Digest", algorithm: .sha512, bytes: sha512),
        .init(field: "Repr-Digest", algorithm: .sha256, bytes: sha256),
      ])
  }

  @Test("X-Content-SHA256 reads hex in either case; malformed dictionaries and wrong lengths are refused")
  func malformed() throws {
    let digest = SHA256.hash(Array("hello".utf8))
    #expect(try DigestFields(head: Self.head([("x-content-sha256", digest.hex.uppercased())])).decoded == digest.bytes)
    let bad = [
      ("X-Content-SHA256", "abc"), ("Repr-Digest", "sha-256=abc"), ("Repr-Digest", "sha-512=:AAAA:"),
      ("Content-Digest", "sha-256=:\(digest.base64)"), ("Content-Digest", "sha-256=:\(digest.base64):,"),
      ("Content-Digest", "SHA-256=:\(digest.base64):"), ("Repr-Digest", "a=\"unterminated"),
    ]
    for (name, value) in bad {
      #expect(throws: DigestFields.Malformed.self, "\(name): \(value)") {
        try DigestFields(head: Self.head([(name, value)]))
      }
    }
    // Only algorithms the server does not know: nothing to check.
    #expect(try DigestFields(head: Self.head([("Repr-Digest", "unixsum=30, md5=:AAAA:")])).isEmpty)
  }

  @Test(
    "SHA-512 agrees with python3's hashlib at every length around the block boundaries",
    .enabled(if: Judge.python3.isAvailable, Comment(rawValue: Judge.python3.missing)))
  func sha512MatchesPython() throws {
    let lengths = [0, 1, 3, 111, 112, 113, 127, 128, 129, 239, 240, 255, 256, 1000, 70_000]
    var generator = SystemRandomNumberGenerator()
    let inputs = lengths.map { length in (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) } }
    let script = """
      import sys, hashlib
      data = sys.stdin.buffer.read()
      lengths = [\(lengths.map(String.init).joined(separator: ","))]
      offset = 0
      for n in lengths:
          print(hashlib.sha512(data[offset:offset + n]).hexdigest())
          offset += n
      """
    let result = try ProcessRunner.run("python3", arguments: ["-c", script], stdin: inputs.flatMap { $0 })
    #expect(result.succeeded, "\(result.stderrText)")
    let expected = result.stdoutText.split(separator: "\n").map(String.init)
    let actual = inputs.map { SHA512.hash($0).map { String(format: "%02x", $0) }.joined() }
    #expect(actual == expected)
  }
}
