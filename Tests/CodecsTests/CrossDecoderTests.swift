import Testing

@testable import DeflateBenchCodecs

/// Every DEFLATE backend's gzip, zlib and raw output at every level, decoded by all four DEFLATE
/// decoders (zlib, zlib-ng, libdeflate, ISA-L) and compared byte for byte.
@Suite("Cross-decoder matrix")
struct CrossDecoderTests {
  static let decoderNames = ["zlib", "zlib-ng", "libdeflate", "isal"]
  static let deflateCells = Cell.all.filter { $0.container.isDeflate }

  @Test(arguments: deflateCells)
  func everyDecoderRestoresEveryEncoder(cell: Cell) throws {
    let slow = TestInputs.isSlow(cell.backendName)
    let inputs: [(String, [UInt8])] = [
      slow
        ? ("json 4000", Array(TestInputs.jsonEvents(count: 30, seed: 11).prefix(4_000)))
        : ("mixed 30000", TestInputs.mixed(count: 30_000, seed: 11)),
      ("json 10 events", TestInputs.jsonEvents(count: 10, seed: 12)),
      ("random \(slow ? 100 : 700)", TestInputs.random(count: slow ? 100 : 700, seed: 13)),
      ("empty", []),
    ]
    let compressor = try cell.backend.makeCompressor(level: cell.level, container: cell.container)
    for (name, input) in inputs {
      let compressed = try compressor.compress(input)
      for decoderName in Self.decoderNames {
        let decoder = try BackendRegistry.backend(named: decoderName).makeDecompressor(container: cell.container)
        let decoded = try decoder.decompress(compressed, expectedSize: input.count)
        #expect(decoded == input, "\(cell) on \(name), decoded by \(decoderName)")
        // Without a known size the convenience grows its buffer until the stream fits.
        #expect(try decoder.decompress(compressed, expectedSize: nil) == input, "\(decoderName), unknown size")
      }
    }
  }
}
