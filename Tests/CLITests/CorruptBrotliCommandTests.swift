import Foundation
import TestSupport
import Testing

/// `decompress --backend brotli` on streams that break brotli's format: a data error (exit 65)
/// naming the file, never a library failure (exit 1), as for zlib and zstd.
@Suite("decompress: corrupt brotli streams are data errors")
struct CorruptBrotliCommandTests {
  static let body = Array(#"{"event":"upload","properties":{"distinct_id":"abc","time":1700000000}}"#.utf8)
  /// `body` as one uncompressed meta-block, byte for byte what brotli -q 0 writes for it: a
  /// window of 4 MiB, a meta-block of 72 bytes stored as is, then an empty last meta-block.
  static let stream: [UInt8] = [0x0b, 0x23, 0x80] + body + [0x03]

  /// One bit flipped, and the error brotli 1.0.9 reports for it (decode.h's names).
  struct Damage: Sendable, CustomTestStringConvertible {
    let byte: Int
    let mask: UInt8
    let error: String
    var testDescription: String { error }
  }

  static let damages = [
    // The reserved bit of the meta-block header set.
    Damage(byte: 1, mask: 0x01, error: "RESERVED"),
    // A set bit in the padding after the last meta-block header, which must be zeros.
    Damage(byte: stream.count - 1, mask: 0x04, error: "PADDING_2"),
  ]

  @Test("the intact stream decodes, so the damage below is all that is wrong")
  func intactStreamDecodes() throws {
    let scratch = try ScratchDirectory("brotli-intact")
    try scratch.write("body.br", Self.stream)
    let result = try deflateBench(["decompress", "--backend", "brotli", "--input", scratch.path("body.br")])
    #expect(result.succeeded, "\(result.stderrText)")
    #expect(result.stdout == Self.body)
  }

  @Test(
    "a format error exits 65 with one line naming the file and the error, and the brotli command agrees",
    .enabled(if: Judge.brotli.isAvailable, Comment(rawValue: Judge.brotli.missing)), arguments: damages)
  func formatErrorIsADataError(damage: Damage) throws {
    let scratch = try ScratchDirectory("brotli-\(damage.error)")
    var damaged = Self.stream
    damaged[damage.byte] ^= damage.mask
    try scratch.write("body.br", damaged)
    let path = scratch.path("body.br")
    let result = try deflateBench(
      ["decompress", "--backend", "brotli", "--input", path, "-o", scratch.path("body.json")])
    #expect(result.status == 65, "\(result.stderrText)")
    let lines = result.stderrText.split(separator: "\n")
    #expect(lines.count == 1, "\(result.stderrText)")
    #expect(result.stderrText.contains("'\(path)'"), "\(result.stderrText)")
    #expect(result.stderrText.contains(damage.error), "\(result.stderrText)")
    #expect(!FileManager.default.fileExists(atPath: scratch.path("body.json")))
    // The reference decoder refuses it too, so the stream is corrupt, not our reading of it.
    let judge = try ProcessRunner.run("brotli", arguments: ["-dc"], stdin: damaged)
    #expect(!judge.succeeded, "brotli -dc accepted the damaged stream")
  }
}
