import DeflateBenchSupport
import Testing

@testable import DeflateBenchCodecs

/// zlib and ISA-L count bytes in 32-bit fields; inputs and outputs over 4 GiB are fed to them in
/// chunks. A tiny chunk limit exercises the same loops on small buffers.
@Suite("Chunked 32-bit length fields")
struct ChunkedLengthTests {
  static let input = TestInputs.mixed(count: 50_000, seed: 81)

  @Test(arguments: [Container.gzip, .zlib, .raw])
  func zlibCompressesAndInflatesInChunks(container: Container) throws {
    for level in [0, 1, 6, 9] {
      for chunk in [1, 7, 4096] {
        let compressor = try ZlibCompressor(level: level, container: container, chunkLimit: chunk)
        let compressed = try compressor.compress(Self.input)
        #expect(compressed.count <= compressor.compressBound(Self.input.count))
        try Verifier(backend: ZlibBackend(), level: level, container: container)
          .verify(original: Self.input, compressed: compressed, inputName: "chunks of \(chunk)")
        let inflater = try ZlibDecompressor(container: container, chunkLimit: chunk)
        #expect(try inflater.decompress(compressed, expectedSize: Self.input.count) == Self.input)
        #expect(throws: CodecError.outputTooSmall(backend: "zlib", capacity: Self.input.count - 1)) {
          try inflater.decompress(compressed, expectedSize: Self.input.count - 1)
        }
      }
      // Levels above 0 do not depend on how the input is split.
      if level > 0 {
        let whole = try ZlibCompressor(level: level, container: container).compress(Self.input)
        #expect(try ZlibCompressor(level: level, container: container, chunkLimit: 4096).compress(Self.input) == whole)
      }
    }
  }

  @Test(arguments: [Container.gzip, .zlib, .raw])
  func isalInflatesInChunks(container: Container) throws {
    let compressed = try Codec.compress(Self.input, backend: "libdeflate", level: 6, container: container)
    for chunk in [1, 7, 4096] {
      let inflater = try IsalDecompressor(container: container, chunkLimit: chunk)
      #expect(try inflater.decompress(compressed, expectedSize: Self.input.count) == Self.input, "chunks of \(chunk)")
      #expect(throws: CodecError.self) { try inflater.decompress(Array(compressed.dropLast()), expectedSize: nil) }
      #expect(throws: CodecError.self) { try inflater.decompress(compressed + [0, 0], expectedSize: nil) }
    }
  }

  @Test func isalRefusesInputsBeyondItsLimitWithoutTouchingThem() throws {
    let compressor = try IsalBackend().makeCompressor(level: 1, container: .gzip)
    // A buffer that claims to be larger than the limit; the check happens before any read.
    let fake = UnsafeRawBufferPointer(start: UnsafeRawPointer(bitPattern: 0x1000), count: IsalBackend.inputLimit + 1)
    var output = [UInt8](repeating: 0, count: 64)
    #expect(
      throws: CodecError.inputTooLarge(
        backend: "isal", bytes: IsalBackend.inputLimit + 1, limit: IsalBackend.inputLimit)
    ) {
      try output.withUnsafeMutableBytes { _ = try compressor.compress(fake, into: $0) }
    }
  }
}
