import DeflateBenchCodecs
import Foundation
import TestSupport
import Testing

/// The streaming decoders against streams made by zlib and by the system tools, fed in pieces
/// of every awkward size, plus truncation, garbage and bombs.
@Suite("Streaming decoders")
struct StreamingDecoderTests {
  static let original = TestBodies.json(bytes: 300_000)

  /// Decodes `body` in pieces of `pieceSize` and returns the output, or throws the first error.
  static func decode(
    _ body: [UInt8], header: String?, pieceSize: Int = 4096, limits: StreamingDecodeLimits = .init()
  ) throws(StreamingDecodeError) -> [UInt8] {
    let decoder = try HTTPContentCoding.decoder(forHeader: header, limits: limits)
    var output: [UInt8] = []
    var start = 0
    while start < body.count {
      let end = min(body.count, start + pieceSize)
      let result: Result<Void, StreamingDecodeError> = body[start..<end].withUnsafeBytes { piece in
        Result { () throws(StreamingDecodeError) in try decoder.feed(piece) { output += $0 } }
      }
      try result.get()
      start = end
    }
    try decoder.finish { output += $0 }
    #expect(decoder.consumedBytes == body.count)
    #expect(decoder.producedBytes == output.count)
    return output
  }

  @Test("zlib's gzip, zlib and raw streams decode, whatever the piece size", arguments: [1, 7, 4096, 1 << 20])
  func zlibStreams(pieceSize: Int) throws {
    let gzip = TestBodies.deflate(Self.original, windowBits: 31)
    let zlib = TestBodies.deflate(Self.original, windowBits: 15)
    let raw = TestBodies.deflate(Self.original, windowBits: -15)
    #expect(try Self.decode(gzip, header: "gzip", pieceSize: pieceSize) == Self.original)
    #expect(try Self.decode(zlib, header: "deflate", pieceSize: pieceSize) == Self.original)
    // Raw DEFLATE sent as "deflate" is recognised by its missing zlib header.
    #expect(try Self.decode(raw, header: "deflate", pieceSize: pieceSize) == Self.original)
  }

  @Test(
    "the system gzip, zstd and brotli tools are read back exactly",
    .enabled(if: Judge.areAvailable(.gzip, .zstd, .brotli), Comment(rawValue: Judge.missing(.gzip, .zstd, .brotli))))
  func systemTools() throws {
    for (tool, coding) in [("gzip", "gzip"), ("zstd", "zstd"), ("brotli", "br")] {
      let body = try #require(TestBodies.compress(Self.original, with: tool), "\(tool) failed")
      #expect(try Self.decode(body, header: coding, pieceSize: 1000) == Self.original, "\(tool)")
    }
  }

  /// A zstd body whose decoded size is a multiple of the decoder's 128 KiB output buffer: the call
  /// that fills the buffer exactly also ends the frame, and the decoder must not take the frame for
  /// cut off (the server answered 400 to every such body made by the zstd tool).
  @Test(
    "zstd bodies that end exactly on the output buffer's boundary decode",
    .enabled(if: Judge.zstd.isAvailable, Comment(rawValue: Judge.zstd.missing)),
    arguments: [(128 << 10) - 1, 128 << 10, (128 << 10) + 1, 256 << 10])
  func zstdOnTheBufferBoundary(size: Int) throws {
    let original = Array(TestBodies.json(bytes: size + 1)[..<size])
    let body = try #require(TestBodies.compress(original, with: "zstd", arguments: ["-c", "-3"]), "zstd failed")
    for pieceSize in [1000, body.count] {
      #expect(try Self.decode(body, header: "zstd", pieceSize: pieceSize) == original, "piece \(pieceSize)")
    }
  }

  @Test("several gzip members back to back decode as one body, as RFC 1952 allows")
  func multiMemberGzip() throws {
    let first = Array(Self.original[..<1000])
    let second = Array(Self.original[1000...])
    let body = TestBodies.deflate(first, windowBits: 31) + TestBodies.deflate(second, windowBits: 31)
    #expect(try Self.decode(body, header: "gzip", pieceSize: 333) == Self.original)
  }

  @Test("a list of codings is undone in reverse order")
  func chain() throws {
    let gzipped = TestBodies.deflate(Self.original, windowBits: 31)
    let thenZlib = TestBodies.deflate(gzipped, windowBits: 15)
    #expect(try Self.decode(thenZlib, header: "gzip, deflate", pieceSize: 500) == Self.original)
    #expect(try Self.decode(thenZlib, header: "x-gzip,identity , deflate") == Self.original)
  }

  @Test("identity and no header pass bytes through")
  func identity() throws {
    #expect(try Self.decode(Self.original, header: nil) == Self.original)
    #expect(try Self.decode(Self.original, header: "identity") == Self.original)
  }

  @Test("every truncation of a gzip or zlib body is detected at the end of the body")
  func truncation() throws {
    try Self.expectEveryTruncationRefused([
      ("gzip", TestBodies.deflate(Self.original, windowBits: 31)),
      ("deflate", TestBodies.deflate(Self.original, windowBits: 15)),
    ])
  }

  @Test(
    "every truncation of a zstd or brotli body made by its own tool is detected at the end of the body",
    .enabled(if: Judge.areAvailable(.zstd, .brotli), Comment(rawValue: Judge.missing(.zstd, .brotli))))
  func truncationOfToolBodies() throws {
    try Self.expectEveryTruncationRefused([
      ("zstd", try #require(TestBodies.compress(Self.original, with: "zstd"), "zstd failed")),
      ("br", try #require(TestBodies.compress(Self.original, with: "brotli"), "brotli failed")),
    ])
  }

  static func expectEveryTruncationRefused(_ bodies: [(coding: String, body: [UInt8])]) throws {
    for (coding, body) in bodies {
      for cut in [0, 1, 2, 10, body.count / 2, body.count - 4, body.count - 1] {
        #expect(throws: StreamingDecodeError.truncated(coding: coding), "\(coding) cut at \(cut)") {
          try Self.decode(Array(body[..<cut]), header: coding)
        }
      }
    }
  }

  @Test("random bytes labelled as a coding are corrupt, not a crash")
  func randomBytes() {
    var generator = SystemRandomNumberGenerator()
    let noise = (0..<10_000).map { _ in UInt8.random(in: 0...255, using: &generator) }
    for coding in ["gzip", "zstd", "br"] {
      #expect(throws: StreamingDecodeError.self, "\(coding)") { try Self.decode(noise, header: coding) }
    }
  }

  @Test("bytes after the end of a zlib stream are refused")
  func trailingGarbage() throws {
    let zlib = TestBodies.deflate(Self.original, windowBits: 15) + [1, 2, 3]
    #expect(throws: StreamingDecodeError.self) { try Self.decode(zlib, header: "deflate") }
  }

  @Test(
    "bytes after the end of a brotli stream made by the brotli tool are refused",
    .enabled(if: Judge.brotli.isAvailable, Comment(rawValue: Judge.brotli.missing)))
  func trailingGarbageAfterBrotli() throws {
    let br = try #require(TestBodies.compress(Self.original, with: "brotli"), "brotli failed")
    #expect(throws: StreamingDecodeError.self) { try Self.decode(br + [0], header: "br") }
  }

  @Test("an unknown coding is refused by name, and so is a chain of five")
  func unknownCoding() {
    #expect(throws: StreamingDecodeError.unsupportedCoding("lzma")) { try Self.decode([], header: "gzip, lzma") }
    #expect(throws: StreamingDecodeError.self) { try Self.decode([], header: "gzip, gzip, gzip, gzip, gzip") }
  }

  @Test("the size limit cuts a 2 GiB gzip bomb off after one buffer past the limit")
  func sizeLimit() throws {
    let bomb = TestBodies.gzipBombOfZeros(mebibytes: 2048)
    #expect(bomb.count < 3_000_000)
    let limits = StreamingDecodeLimits(maxDecodedBytes: 8 << 20, maxRatio: nil)
    let decoder = try HTTPContentCoding.decoder(forHeader: "gzip", limits: limits)
    var delivered = 0
    #expect(throws: StreamingDecodeError.decodedTooLarge(limit: 8 << 20)) {
      try bomb.withUnsafeBytes { body in try decoder.feed(body) { delivered += $0.count } }
    }
    #expect(delivered <= 8 << 20)
    #expect(decoder.producedBytes <= (8 << 20) + (128 << 10))
    // The same construction, small, is a valid member end to end: CRC-32 and size check out.
    let small = TestBodies.gzipBombOfZeros(mebibytes: 3)
    let zeros = [UInt8](repeating: 0, count: 3 << 20)
    #expect(try Self.decode(small, header: "gzip", pieceSize: 1 << 16, limits: .unlimited) == zeros)
  }

  @Test("the ratio limit applies past the grace size, and the chain checks the overall ratio")
  func ratioLimit() throws {
    let bomb = TestBodies.gzipBombOfZeros(mebibytes: 64)
    let limits = StreamingDecodeLimits(maxDecodedBytes: 1 << 30, maxRatio: 100, ratioGraceBytes: 1 << 20)
    #expect(throws: StreamingDecodeError.ratioTooHigh(limit: 100)) {
      try Self.decode(bomb, header: "gzip", pieceSize: 65536, limits: limits)
    }
    // Small repetitive bodies are within the grace size and pass.
    let small = TestBodies.deflate([UInt8](repeating: 0, count: 500_000), windowBits: 31)
    #expect(try Self.decode(small, header: "gzip", limits: limits).count == 500_000)
    // Nested: each stage alone stays under 60:1, the whole exceeds it.
    let inner = TestBodies.deflate(Self.original + Self.original, windowBits: 31)
    let nested = TestBodies.deflate(inner, windowBits: 15)
    let overall = Double(Self.original.count * 2) / Double(nested.count)
    let tight = StreamingDecodeLimits(maxRatio: overall * 0.9, ratioGraceBytes: 0)
    #expect(throws: StreamingDecodeError.ratioTooHigh(limit: overall * 0.9)) {
      try Self.decode(nested, header: "gzip, deflate", limits: tight)
    }
  }

  @Test("a decoder that failed stays failed: every later call throws the first error again")
  func failuresAreFinal() throws {
    let zlib = TestBodies.deflate(Self.original, windowBits: 15)
    let brotli = try Codec.compress(Self.original, backend: "brotli")
    let cutBodies: [(String, [UInt8])] = [
      ("gzip", TestBodies.deflate(Self.original, windowBits: 31)), ("deflate", zlib),
      ("zstd", try Codec.compress(Self.original, backend: "zstd")), ("br", brotli),
    ]
    for (coding, body) in cutBodies {
      // Cut off: finish refuses the body, and every call after it repeats that.
      let decoder = try HTTPContentCoding.decoder(forHeader: coding, limits: .init())
      #expect(Self.feed(decoder, Array(body[..<(body.count / 2)])) == nil, "\(coding)")
      #expect(Self.finish(decoder) == .truncated(coding: coding), "\(coding)")
      #expect(Self.finish(decoder) == .truncated(coding: coding), "\(coding)")
      #expect(Self.feed(decoder, Array(body[(body.count / 2)...])) == .truncated(coding: coding), "\(coding)")
    }
    // Refused while feeding (a bad gzip header, bytes after the end): the same error again.
    let refused: [(String, [UInt8])] = [
      ("gzip", [UInt8](repeating: 0xFF, count: 64)), ("deflate", zlib + [1, 2, 3]), ("br", brotli + [0]),
    ]
    for (coding, body) in refused {
      let decoder = try HTTPContentCoding.decoder(forHeader: coding, limits: .init())
      let first = try #require(Self.feed(decoder, body), "\(coding)")
      #expect(Self.feed(decoder, Array(Self.original[..<100])) == first, "\(coding)")
      #expect(Self.finish(decoder) == first, "\(coding)")
    }
  }

  /// Feeds `bytes` in one piece; the error it threw, or nil.
  static func feed(_ decoder: any StreamingDecoder, _ bytes: [UInt8]) -> StreamingDecodeError? {
    bytes.withUnsafeBytes { piece in
      do throws(StreamingDecodeError) {
        try decoder.feed(piece) { _ in }
        return nil
      } catch {
        return error
      }
    }
  }

  /// Ends the body; the error that threw, or nil.
  static func finish(_ decoder: any StreamingDecoder) -> StreamingDecodeError? {
    do throws(StreamingDecodeError) {
      try decoder.finish { _ in }
      return nil
    } catch {
      return error
    }
  }

  @Test("limits and errors read as sentences")
  func messages() {
    #expect(
      StreamingDecodeError.ratioTooHigh(limit: 1000).description
        == "the body decodes to more than 1000 times its encoded size")
    #expect(StreamingDecodeError.truncated(coding: "gzip").description.contains("cut off"))
    #expect(HTTPContentCoding.codings(fromHeader: " GZIP , identity,x-gzip") == ["gzip", "gzip"])
  }
}
