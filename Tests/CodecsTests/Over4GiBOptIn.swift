import Foundation
import Testing

@testable import DeflateBenchCodecs

/// Inputs over 4 GiB: zlib and ISA-L count bytes in 32 bits and must be fed in chunks (zlib) or
/// refuse clearly (ISA-L's compressor); nothing may be truncated silently. It needs about 9 GB of
/// memory and two minutes, so it is an opt-in suite (its name ends in `OptIn`, which
/// scripts/test.sh leaves out) that `scripts/test-opt-in.sh over-4gib` runs.
@Suite(
  "Over 4 GiB", .serialized,
  .enabled(
    if: ProcessInfo.processInfo.environment["DEFLATEBENCH_TEST_OVER_4GIB"] == "1",
    "opt-in: scripts/test-opt-in.sh over-4gib runs it (DEFLATEBENCH_TEST_OVER_4GIB=1; 9 GB, 2 min)"))
struct Over4GiBOptIn {
  static let size = (1 << 32) + 12_345

  @Test(arguments: [("zlib", 1), ("libdeflate", 1), ("zstd", -7), ("brotli", 0)])
  func zerosRoundTrip(name: String, level: Int) throws {
    // calloc maps zero pages lazily, so the input costs no memory until read.
    let input = UnsafeRawBufferPointer(start: calloc(Self.size, 1)!, count: Self.size)
    defer { free(UnsafeMutableRawPointer(mutating: input.baseAddress)) }
    let backend = try BackendRegistry.backend(named: name)
    let container = backend.containers[0]
    let compressor = try backend.makeCompressor(level: level, container: container)
    let bound = compressor.compressBound(Self.size)
    let output = UnsafeMutableRawBufferPointer(start: malloc(bound)!, count: bound)
    defer { free(output.baseAddress) }
    let compressed = UnsafeRawBufferPointer(rebasing: output[..<(try compressor.compress(input, into: output))])
    let decoded = UnsafeMutableRawBufferPointer(start: malloc(Self.size)!, count: Self.size)
    defer { free(decoded.baseAddress) }
    var decoders = [try #require(Verifier.decodingBackend(for: backend)).name]
    if container == .gzip { decoders.append("isal") }
    for decoderName in decoders {
      let decoder = try BackendRegistry.backend(named: decoderName).makeDecompressor(container: container)
      #expect(try decoder.decompress(compressed, into: decoded) == Self.size, "\(name) decoded by \(decoderName)")
      #expect(memcmp(decoded.baseAddress!, input.baseAddress!, Self.size) == 0)
    }
  }

  @Test func isalRefusesClearly() throws {
    let input = UnsafeRawBufferPointer(start: calloc(Self.size, 1)!, count: Self.size)
    defer { free(UnsafeMutableRawPointer(mutating: input.baseAddress)) }
    let compressor = try IsalBackend().makeCompressor(level: 1, container: .gzip)
    let output = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 16)
    defer { output.deallocate() }
    #expect(throws: CodecError.inputTooLarge(backend: "isal", bytes: Self.size, limit: IsalBackend.inputLimit)) {
      _ = try compressor.compress(input, into: output)
    }
  }
}
