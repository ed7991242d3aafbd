import CZstd
import DeflateBenchSupport

/// zstd's `ZSTD_compressStream2` fed chunk by chunk: `ZSTD_e_flush` at each chunk's end,
/// `ZSTD_e_end` on the last. Same level and checksum as `ZstdCompressor`; the frame has no
/// content size (a streaming uploader does not know it), so zstd sizes its window for the level
/// rather than for the input, which makes its memory a constant of the level.
final class ZstdStreamingCompressor: StreamingCompressor {
  private let context: OpaquePointer
  private let counter: AllocationCounter
  private let buffer: UnsafeMutableRawBufferPointer

  init(level: Int) throws(CodecError) {
    let counter = AllocationCounter()
    let context = try makeCountedCompressionContext(counter)
    self.context = context
    self.counter = counter
    buffer = .allocate(byteCount: streamingOutputBufferBytes, alignment: 64)
    _ = try ZstdStatus.check(
      ZSTD_CCtx_setParameter(context, ZSTD_c_compressionLevel, Int32(level)), operation: "ZSTD_CCtx_setParameter",
      capacity: 0)
    _ = try ZstdStatus.check(
      ZSTD_CCtx_setParameter(context, ZSTD_c_checksumFlag, 1), operation: "ZSTD_CCtx_setParameter", capacity: 0)
  }

  deinit {
    ZSTD_freeCCtx(context)
    buffer.deallocate()
  }

  var peakMemoryBytes: Int { counter.peakBytes + buffer.count }

  func reset() throws(CodecError) {
    _ = try ZstdStatus.check(
      ZSTD_CCtx_reset(context, ZSTD_reset_session_only), operation: "ZSTD_CCtx_reset", capacity: 0)
  }

  func compress(
    chunk: UnsafeRawBufferPointer, last: Bool, emit: (UnsafeRawBufferPointer) throws(CodecError) -> Void
  ) throws(CodecError) {
    var input = ZSTD_inBuffer(src: chunk.baseAddress, size: chunk.count, pos: 0)
    let directive = last ? ZSTD_e_end : ZSTD_e_flush
    while true {
      var output = ZSTD_outBuffer(dst: buffer.baseAddress, size: buffer.count, pos: 0)
      // The result is the bytes still to flush: 0 once the chunk is consumed and flushed.
      let remaining = try ZstdStatus.check(
        ZSTD_compressStream2(context, &output, &input, directive), operation: "ZSTD_compressStream2",
        capacity: buffer.count)
      if output.pos > 0 { try emit(UnsafeRawBufferPointer(rebasing: buffer[0..<output.pos])) }
      if remaining == 0 && input.pos == input.size { return }
    }
  }
}

extension ZstdBackend: StreamingCompressionBackend {
  public func makeStreamingCompressorUnchecked(level: Int, container: Container) throws(CodecError)
    -> any StreamingCompressor
  {
    try ZstdStreamingCompressor(level: level)
  }
}
