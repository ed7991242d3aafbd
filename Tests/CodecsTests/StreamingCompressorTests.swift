import DeflateBenchSupport
import Foundation
import TestSupport
import Testing

@testable import DeflateBenchCodecs

/// Streaming compressors: every chunked stream decodes with a different implementation (and
/// with the outside programs), a flush really makes each chunk decodable on its own arrival,
/// and backends without a streaming API say so instead of faking one.
@Suite("Streaming compressors")
struct StreamingCompressorTests {
  static let input = TestInputs.jsonEvents(count: 400, seed: 7) + TestInputs.random(count: 50_000, seed: 3)
  static let streamingBackends: [(backend: any CompressionBackend, container: Container)] = [
    (ZlibBackend(), .gzip), (ZlibBackend(), .zlib), (ZlibBackend(), .raw), (ZlibNgBackend(), .gzip),
    (ZlibNgBackend(), .zlib), (ZlibNgBackend(), .raw), (IsalBackend(), .gzip),
    (IsalBackend(), .zlib), (IsalBackend(), .raw), (ZstdBackend(), .zstd), (BrotliBackend(), .br),
  ]

  @Test func everyLevelAndChunkSizeRoundTripsThroughTheVerifier() throws {
    for (backend, container) in Self.streamingBackends {
      let verifier = try #require(Verifier.decodingBackend(for: backend))
      for level in backend.levels where level <= 9 {
        for chunk in [1000, 16 << 10, 1 << 20] {
          let compressor = try #require(try backend.makeStreamingCompressor(level: level, container: container))
          let stream = try compressor.compressAll(Self.input, chunkBytes: chunk)
          let decoded = try verifier.makeDecompressor(container: container).decompress(
            stream, expectedSize: Self.input.count)
          #expect(decoded == Self.input, "\(backend.name) \(container) level \(level) chunk \(chunk)")
          // Used twice: reset must start a fresh, identical stream.
          #expect(try compressor.compressAll(Self.input, chunkBytes: chunk) == stream)
        }
      }
    }
  }

  @Test func emptyBodyIsAValidStream() throws {
    for (backend, container) in Self.streamingBackends {
      let compressor = try #require(
        try backend.makeStreamingCompressor(level: backend.defaultLevel, container: container))
      let stream = try compressor.compressAll([], chunkBytes: 4096)
      let decoded = try #require(Verifier.decodingBackend(for: backend)).makeDecompressor(container: container)
        .decompress(
          stream, expectedSize: 0)
      #expect(decoded.isEmpty, "\(backend.name) \(container)")
    }
  }

  /// The point of the flush: after the first chunk's output alone, a streaming decoder has
  /// produced every byte of that chunk (zlib's inflate, a different code path from the encoder).
  @Test func eachFlushMakesItsChunkDecodable() throws {
    let chunk = 20_000
    for (backend, container) in Self.streamingBackends where container == .gzip || container == .zlib {
      let compressor = try #require(try backend.makeStreamingCompressor(level: 1, container: container))
      try compressor.reset()
      var firstOutput: [UInt8] = []
      try Self.input.withUnsafeBytes { buffer in
        try compressor.compress(chunk: UnsafeRawBufferPointer(rebasing: buffer[0..<chunk]), last: false) {
          firstOutput.append(contentsOf: $0)
        }
      }
      let decoder = InflateStreamingDecoder(format: container == .gzip ? .gzip : .deflate, limits: .unlimited)
      var produced: [UInt8] = []
      try firstOutput.withUnsafeBytes { try decoder.feed($0) { produced.append(contentsOf: $0) } }
      #expect(produced == Array(Self.input[0..<chunk]), "\(backend.name) \(container): first chunk decodable")
    }
  }

  @Test func backendsWithoutAStreamingAPIReturnNil() throws {
    #expect(try LibdeflateBackend().makeStreamingCompressor(level: 6, container: .gzip) == nil)
    #expect(!LibdeflateBackend().hasStreamingCompressor)
    #expect(ZlibBackend().hasStreamingCompressor)
  }

  /// Both bodies are larger than every library's window (brotli's 4 MiB is the largest), so
  /// each library has reached its full size; a body twice as large must then cost nothing more.
  @Test func workingMemoryDoesNotGrowWithTheBody() throws {
    let sixMegabytes = Array(repeating: Self.input, count: 6_000_000 / Self.input.count + 1).flatMap { $0 }
    for (backend, container) in Self.streamingBackends where container != .raw {
      let level = backend.levels.contains(3) ? 3 : backend.defaultLevel
      let small = try #require(try backend.makeStreamingCompressor(level: level, container: container))
      _ = try small.compressAll(sixMegabytes, chunkBytes: 256 << 10)
      let large = try #require(try backend.makeStreamingCompressor(level: level, container: container))
      _ = try large.compressAll(sixMegabytes + sixMegabytes, chunkBytes: 256 << 10)
      #expect(large.peakMemoryBytes == small.peakMemoryBytes, "\(backend.name): memory is the level's constant")
    }
  }

  @Test(
    .enabled(
      if: ProcessRunner.isAvailable("gzip") && ProcessRunner.isAvailable("zstd")
        && ProcessRunner.isAvailable("brotli"), "needs gzip, zstd and brotli"))
  func outsideProgramsReadTheChunkedStreams() throws {
    let judges: [(any CompressionBackend, Container, String)] = [
      (ZlibBackend(), .gzip, "gzip"), (IsalBackend(), .gzip, "gzip"), (ZstdBackend(), .zstd, "zstd"),
      (BrotliBackend(), .br, "brotli"),
    ]
    for (backend, container, program) in judges {
      let compressor = try #require(
        try backend.makeStreamingCompressor(level: backend.defaultLevel, container: container))
      let stream = try compressor.compressAll(Self.input, chunkBytes: 8192)
      let result = try ProcessRunner.run(program, arguments: ["-dc"], stdin: stream)
      #expect(result.succeeded, "\(program) -dc: \(result.stderrText)")
      #expect(result.stdout == Self.input, "\(program) restores \(backend.name)'s chunked stream")
    }
  }
}
