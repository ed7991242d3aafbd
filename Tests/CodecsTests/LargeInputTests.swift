import Testing

@testable import DeflateBenchCodecs

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// 16 MiB and 256 MiB of zeros through every backend at its fastest and strongest level.
/// Serialized so at most one large set of buffers exists at a time; the zeros are shared and the
/// outputs are checked with memcmp, since element-wise comparison is slow in debug builds.
@Suite("Large inputs", .serialized)
struct LargeInputTests {
  struct LargeCase: CustomStringConvertible, Sendable {
    let backendName: String
    let level: Int
    let size: Int
    var description: String { "\(backendName) level \(level), \(size >> 20) MiB" }
  }

  static let sizes = [16 << 20, 256 << 20]
  static let cases: [LargeCase] = sizes.flatMap { size in
    BackendRegistry.all.flatMap { backend in
      [backend.levels.first!, backend.levels.last!].map { LargeCase(backendName: backend.name, level: $0, size: size) }
    }
  }

  /// One zero-filled block, read-only for the whole run; each case uses a prefix of it.
  nonisolated(unsafe) static let zeros: UnsafeMutableRawBufferPointer = {
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 256 << 20, alignment: 64)
    buffer.initializeMemory(as: UInt8.self, repeating: 0)
    return buffer
  }()

  @Test(arguments: cases)
  func zeros(largeCase: LargeCase) throws {
    let backend = try BackendRegistry.backend(named: largeCase.backendName)
    let container = backend.containers[0]
    let compressor = try backend.makeCompressor(level: largeCase.level, container: container)
    let input = UnsafeRawBufferPointer(rebasing: Self.zeros[..<largeCase.size])

    if let limit = backend.maxInputBytes, largeCase.size > limit {
      // zopfli: a clear refusal, checked before any work.
      let output = UnsafeMutableRawBufferPointer.allocate(byteCount: 64, alignment: 16)
      defer { output.deallocate() }
      #expect(throws: CodecError.inputTooLarge(backend: backend.name, bytes: largeCase.size, limit: limit)) {
        _ = try compressor.compress(input, into: output)
      }
      return
    }

    let bound = compressor.compressBound(largeCase.size)
    let output = UnsafeMutableRawBufferPointer.allocate(byteCount: bound, alignment: 64)
    defer { output.deallocate() }
    let written = try compressor.compress(input, into: output)
    #expect(written > 0 && written <= bound)
    let compressed = UnsafeRawBufferPointer(rebasing: output[..<written])

    let decoded = UnsafeMutableRawBufferPointer.allocate(byteCount: largeCase.size, alignment: 64)
    defer { decoded.deallocate() }
    decoded.initializeMemory(as: UInt8.self, repeating: 0xFF)
    let count = try backend.makeDecompressor(container: container).decompress(compressed, into: decoded)
    #expect(count == largeCase.size)
    #expect(memcmp(decoded.baseAddress!, input.baseAddress!, largeCase.size) == 0, "\(largeCase) decodes to zeros")
    try Verifier(backend: backend, level: largeCase.level, container: container)
      .verify(original: input, compressed: compressed, inputName: "\(largeCase.size >> 20) MiB of zeros")
  }
}
