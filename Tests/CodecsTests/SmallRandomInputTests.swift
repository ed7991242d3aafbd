import Testing

@testable import DeflateBenchCodecs

/// Incompressible inputs of 1 to 300 bytes at every level and container. Output must fit the
/// library's own bound (a buffer of 1.1 n + 12 bytes would be too small for some of these).
///
/// zopfli takes 0.1-0.2 s per call on 300 random bytes (zopfli 1.0.3 itself, measured from C:
/// 108 ms at 1 iteration, 226 ms at 50), so all 300 sizes at its 12 cells would take minutes;
/// it gets a spread of sizes around the powers of two instead.
@Suite("Small incompressible inputs")
struct SmallRandomInputTests {
  static let inputs = (1...300).map { TestInputs.random(count: $0, seed: UInt64($0)) }
  static let zopfliSizes: Set = [1, 2, 3, 7, 8, 9, 63, 64, 65, 127, 128, 129, 255, 256, 257, 299, 300]

  @Test(arguments: Cell.all)
  func everySizeFrom1To300(cell: Cell) throws {
    let compressor = try cell.backend.makeCompressor(level: cell.level, container: cell.container)
    let decompressor = try cell.backend.makeDecompressor(container: cell.container)
    let verifier = try Verifier(backend: cell.backend, level: cell.level, container: cell.container)
    var output = [UInt8](repeating: 0, count: compressor.compressBound(300))
    var decoded = [UInt8](repeating: 0, count: 301)
    for input in Self.inputs where !TestInputs.isSlow(cell.backendName) || Self.zopfliSizes.contains(input.count) {
      let bound = compressor.compressBound(input.count)
      let written = try input.withUnsafeBytes { source in
        try output.withUnsafeMutableBytes { target in
          // Only the bound, not the whole scratch buffer: a write past the bound must fail.
          try compressor.compress(source, into: UnsafeMutableRawBufferPointer(rebasing: target[..<bound]))
        }
      }
      let compressed = Array(output[..<written])
      let count = try compressed.withUnsafeBytes { source in
        try decoded.withUnsafeMutableBytes { try decompressor.decompress(source, into: $0) }
      }
      #expect(count == input.count && Array(decoded[..<count]) == input, "\(cell), \(input.count) bytes")
      try verifier.verify(original: input, compressed: compressed, inputName: "\(input.count) random bytes")
    }
  }
}
