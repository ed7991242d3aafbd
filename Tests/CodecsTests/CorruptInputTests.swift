import DeflateBenchSupport
import Testing

@testable import DeflateBenchCodecs

/// Every decoder against damaged input: it must throw a `CodecError` or, where the format has no
/// checksum to notice, return bytes, but never crash, overrun, or present a partial result of a
/// checked stream as success.
@Suite("Corrupt input")
struct CorruptInputTests {
  /// Every (decoder backend, container) pair, with a valid stream to damage.
  struct DecoderCase: CustomStringConvertible, Sendable {
    let backendName: String
    let container: Container
    var description: String { "\(backendName) \(container.rawValue)" }
    /// gzip (CRC-32 + ISIZE), zlib (Adler-32) and our zstd frames (content checksum) detect any
    /// change to the data; raw DEFLATE and brotli may decode damage into other bytes.
    var hasChecksum: Bool { container == .gzip || container == .zlib || container == .zstd }

    static let all: [DecoderCase] = BackendRegistry.all.flatMap { backend in
      backend.containers.map { DecoderCase(backendName: backend.name, container: $0) }
    }
  }

  static let original = TestInputs.mixed(count: 6_000, seed: 21)

  static func validStream(for decoderCase: DecoderCase) throws -> [UInt8] {
    // zopfli has no decoder of its own (zlib decodes for it); libdeflate writes the sample quickly.
    let encoderName = decoderCase.backendName == "zopfli" ? "libdeflate" : decoderCase.backendName
    let encoder = try BackendRegistry.backend(named: encoderName)
    return try encoder.makeCompressor(level: encoder.defaultLevel, container: decoderCase.container).compress(original)
  }

  /// Decodes into a buffer of exactly the original size, the way the harness does.
  static func decode(_ bytes: [UInt8], _ decoderCase: DecoderCase) -> Result<[UInt8], CodecError> {
    Result { () throws(CodecError) -> [UInt8] in
      let decoder = try BackendRegistry.backend(named: decoderCase.backendName).makeDecompressor(
        container: decoderCase.container)
      return try decoder.decompress(bytes, expectedSize: original.count)
    }
  }

  @Test(arguments: DecoderCase.all)
  func randomBytesAreRejectedOrHarmless(decoderCase: DecoderCase) {
    for seed in 1...200 {
      let garbage = TestInputs.random(count: Int(seed * 7 % 500), seed: UInt64(seed) &* 7919)
      if case .success(let decoded) = Self.decode(garbage, decoderCase) {
        #expect(!decoderCase.hasChecksum || decoded.isEmpty, "\(decoderCase) accepted random bytes (seed \(seed))")
      }
    }
  }

  @Test(arguments: DecoderCase.all)
  func everyTruncationIsRejected(decoderCase: DecoderCase) throws {
    let stream = try Self.validStream(for: decoderCase)
    for length in 0..<stream.count {
      let result = Self.decode(Array(stream.prefix(length)), decoderCase)
      guard case .failure(let error) = result else {
        Issue.record("\(decoderCase) accepted the stream cut to \(length) of \(stream.count) bytes")
        continue
      }
      #expect(error.isInputProblem, "\(decoderCase) cut to \(length): \(error)")
    }
  }

  @Test(arguments: DecoderCase.all)
  func bitFlipsAreRejectedOrHarmless(decoderCase: DecoderCase) throws {
    let stream = try Self.validStream(for: decoderCase)
    var generator = TestInputs.Generator(seed: 31)
    // Every bit of the first and last 16 bytes (headers and trailers), then random bits.
    var positions = Array(0..<min(128, stream.count * 8)) + Array(max(0, stream.count * 8 - 128)..<stream.count * 8)
    positions += (0..<300).map { _ in Int(generator.next() % UInt64(stream.count * 8)) }
    for bit in positions {
      var damaged = stream
      damaged[bit / 8] ^= UInt8(1 << (bit % 8))
      switch Self.decode(damaged, decoderCase) {
      case .success(let decoded):
        // A checked container may only succeed when the flip hit a field no checksum covers
        // (gzip MTIME, XFL or OS) and the data came out intact.
        #expect(!decoderCase.hasChecksum || decoded == Self.original, "\(decoderCase) bit \(bit)")
      case .failure(let error):
        #expect(error.isInputProblem, "\(decoderCase) bit \(bit): \(error)")
      }
    }
  }

  @Test(arguments: DecoderCase.all)
  func trailingBytesAreRejected(decoderCase: DecoderCase) throws {
    let stream = try Self.validStream(for: decoderCase)
    for extra in [[UInt8](arrayLiteral: 0), [1, 2, 3], [UInt8](repeating: 0xA5, count: 40), stream] {
      let result = Self.decode(stream + extra, decoderCase)
      guard case .failure(let error) = result else {
        Issue.record("\(decoderCase) accepted \(extra.count) bytes after the stream")
        continue
      }
      #expect(error.isInputProblem, "\(decoderCase): \(error)")
    }
  }

  @Test(arguments: DecoderCase.all.filter { $0.container == .gzip })
  func gzipTrailerChecksAreEnforced(decoderCase: DecoderCase) throws {
    let stream = try Self.validStream(for: decoderCase)
    for (field, offset) in [
      ("CRC-32", stream.count - 8), ("ISIZE", stream.count - 4), ("ISIZE high byte", stream.count - 1),
    ] {
      var damaged = stream
      damaged[offset] ^= 0x01
      guard case .failure(.corruptInput) = Self.decode(damaged, decoderCase) else {
        Issue.record("\(decoderCase) accepted a wrong \(field)")
        continue
      }
    }
  }

  @Test(arguments: DecoderCase.all)
  func outputBufferTooSmallIsReported(decoderCase: DecoderCase) throws {
    let stream = try Self.validStream(for: decoderCase)
    let decoder = try BackendRegistry.backend(named: decoderCase.backendName).makeDecompressor(
      container: decoderCase.container)
    for capacity in [0, 1, Self.original.count / 2, Self.original.count - 1] {
      #expect(throws: CodecError.outputTooSmall(backend: decoderCase.backendName, capacity: capacity)) {
        try decoder.decompress(stream, expectedSize: capacity)
      }
    }
    #expect(try decoder.decompress(stream, expectedSize: Self.original.count) == Self.original, "exact size fits")
  }

  @Test func growingBufferStopsAtItsLimit() throws {
    let zeros = [UInt8](repeating: 0, count: 1 << 20)
    let stream = try Codec.compress(zeros, backend: "zlib", level: 9)
    let decoder = try ZlibBackend().makeDecompressor(container: .gzip)
    #expect(throws: CodecError.outputTooSmall(backend: "zlib", capacity: 300_000)) {
      try decoder.decompress(stream, expectedSize: nil, limit: 300_000)
    }
    #expect(try decoder.decompress(stream, expectedSize: nil) == zeros)
  }
}

extension CodecError {
  /// Damage must surface as a problem with the input, never as a library malfunction.
  var isInputProblem: Bool {
    switch self {
    case .corruptInput, .outputTooSmall: true
    default: false
    }
  }
}
