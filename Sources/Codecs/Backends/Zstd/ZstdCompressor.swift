import CZstd

/// zstd for one level. One `ZSTD_CCtx`, created with a counting `ZSTD_customMem`, is reused by
/// every call; its parameters are set once and `ZSTD_compress2` resets only the session.
///
/// Frames carry the content size (zstd's default) and a content checksum, as the `zstd` command
/// writes by default, so a corrupted body is detected on decoding as a gzip CRC would be.
///
/// zstd sizes its tables to the input, so the peak grows with the largest input compressed so far
/// (up to the level's full window for big inputs); `peakMemoryBytes` is that running peak.
///
/// With a dictionary, `ZSTD_CCtx_loadDictionary` copies it into the context, which digests it
/// into a CDict on the first call and keeps that for every later frame; the digested tables are
/// allocated through the same counter, so `peakMemoryBytes` includes them.
final class ZstdCompressor: Compressor {
  private let context: OpaquePointer
  private let counter: AllocationCounter

  init(level: Int, dictionary: [UInt8]? = nil) throws(CodecError) {
    let counter = AllocationCounter()
    let context = try makeCountedCompressionContext(counter)
    self.context = context
    self.counter = counter
    // Thrown after every property is set, so deinit still frees the context.
    _ = try ZstdStatus.check(
      ZSTD_CCtx_setParameter(context, ZSTD_c_compressionLevel, Int32(level)), operation: "ZSTD_CCtx_setParameter",
      capacity: 0)
    _ = try ZstdStatus.check(
      ZSTD_CCtx_setParameter(context, ZSTD_c_checksumFlag, 1), operation: "ZSTD_CCtx_setParameter", capacity: 0)
    if let dictionary {
      _ = try ZstdStatus.check(
        dictionary.withUnsafeBytes { ZSTD_CCtx_loadDictionary(context, $0.baseAddress, $0.count) },
        operation: "ZSTD_CCtx_loadDictionary", capacity: 0)
    }
  }

  deinit { ZSTD_freeCCtx(context) }

  var peakMemoryBytes: Int? { counter.peakBytes }

  func compressBound(_ inputCount: Int) -> Int { ZSTD_compressBound(inputCount) }

  func compress(_ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer) throws(CodecError)
    -> Int
  {
    let result = ZSTD_compress2(context, output.byteBase, output.count, input.byteBase, input.count)
    return try ZstdStatus.check(result, operation: "ZSTD_compress2", capacity: output.count)
  }
}
