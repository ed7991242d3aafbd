import DeflateBenchSupport
import Foundation
import TestSupport
import Testing

@Suite("SHA-256")
struct SHA256Tests {
  /// FIPS 180-4 / NIST CAVP examples.
  @Test(arguments: [
    ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
    ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
    (
      "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
      "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
    ),
    (
      "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
      "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"
    ),
    ("The quick brown fox jumps over the lazy dog", "d7a8fbb307d7809469ca9abcb0082e4f8d5651e46d3cdb762d02d0bf37c9e592"),
  ])
  func knownVectors(message: String, expected: String) {
    #expect(SHA256.hash(Array(message.utf8)).hex == expected)
  }

  @Test func millionAs() {
    var hasher = SHA256()
    let chunk = [UInt8](repeating: UInt8(ascii: "a"), count: 1000)
    for _ in 0..<1000 { hasher.update(chunk) }
    #expect(hasher.finalize().hex == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
  }

  /// Lengths around the 55/56/64-byte padding boundaries, fed whole and in uneven pieces.
  @Test func paddingBoundariesAndChunking() {
    var rng = Xoshiro256StarStar(seed: 7)
    for length in [0, 1, 55, 56, 57, 63, 64, 65, 119, 120, 127, 128, 129, 1000] {
      let bytes = (0..<length).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
      let whole = SHA256.hash(bytes)
      var pieces = SHA256()
      var offset = 0
      while offset < bytes.count {
        let size = min(bytes.count - offset, Int(rng.next(below: 70)))
        pieces.update(bytes[offset..<offset + size])
        offset += size
      }
      #expect(pieces.finalize() == whole, "length \(length)")
    }
  }

  @Test func hexAndBase64() {
    let digest = SHA256.hash(Array("abc".utf8))
    #expect(digest.bytes.count == 32)
    #expect(digest.base64 == "ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0=")
    #expect(digest.description == digest.hex)
  }

  /// `sha256sum` is an independent implementation; random data of an odd size exercises the
  /// multi-block path and the final partial block.
  @Test(.enabled(if: JudgeTool.find("sha256sum") != nil, "sha256sum is not installed"))
  func agreesWithSha256sum() throws {
    let scratch = try ScratchDirectory("sha256")
    var rng = Xoshiro256StarStar(seed: 42)
    let bytes = [UInt8](unsafeUninitializedCapacity: 300_007) { buffer, count in
      rng.fill(UnsafeMutableRawBufferPointer(buffer))
      count = 300_007
    }
    let file = try scratch.write("random.bin", bytes)
    let (status, output) = try JudgeTool.run(JudgeTool.find("sha256sum")!, [file.path])
    #expect(status == 0)
    #expect(output.split(separator: " ").first.map(String.init) == SHA256.hash(bytes).hex)
  }
}
