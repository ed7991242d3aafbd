import DeflateBenchCodecs

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The contexts and buffers one worker thread uses during a cell visit, all made before any
/// timing: one compressor and one decompressor (library contexts are never created inside a
/// timed loop), output slots sized by the library's own bound, and slots for decoded bytes.
final class CellWorker {
  let compressor: any Compressor
  let decompressor: any Decompressor
  let compressed: OutputArena
  let restored: OutputArena
  let compressPass: CompressPass
  let decompressPass: DecompressPass

  /// - Parameter decoder: the backend whose decompressor times decoding (the cell's own backend
  ///   when it can read the container, otherwise the verifier).
  init(cell: PlannedCell, inputs: InputArena, decoder: any CompressionBackend) throws(CodecError) {
    let compressor = InjectedCorruption.wrap(
      InjectedExtraWork.wrap(
        try cell.backend.makeCompressor(level: cell.level, container: cell.container), backend: cell.backend.name,
        sizes: inputs.sizes), backend: cell.backend.name)
    self.compressor = compressor
    decompressor = try decoder.makeDecompressor(container: cell.container)
    compressed = OutputArena(
      capacities: inputs.sizes.map { compressor.compressBound($0) }, prefaultLimit: InputArena.borrowThreshold)
    restored = OutputArena(capacities: inputs.sizes)
    compressPass = CompressPass(compressor: compressor, inputs: inputs.views, outputs: compressed)
    decompressPass = DecompressPass(decompressor: decompressor, inputs: compressed.written, outputs: restored)
  }

  /// The index of the first payload that `restored` does not hold exactly, or nil when every
  /// payload came back byte for byte. Called outside any timing.
  func firstMismatch(against inputs: InputArena) -> Int? {
    for index in inputs.views.indices {
      let original = inputs.views[index]
      guard restored.lengths[index] == original.count else { return index }
      if original.count > 0,
        memcmp(restored.slots[index].baseAddress!, original.baseAddress!, original.count) != 0
      {
        return index
      }
    }
    return nil
  }
}
