import DeflateBenchSupport

/// zlib-ng's deflate fed chunk by chunk: a sync flush at each chunk's end, `Z_FINISH` on the
/// last, through a 64 KiB output buffer. Same parameters as `ZlibNgCompressor`, so the output
/// differs from the one-shot stream only by what the flushes cost.
///
/// Each body starts on a new stream, not a `zng_deflateReset` one: with sync flushes, zlib-ng
/// 2.3.3 writes different bytes after a reset than on a fresh stream at levels 2, 7 and 8
/// (scripts/zlib_ng_reset_check.py, on the library alone), and a body's size must not depend on
/// the bodies before it. One-shot streams are identical after a reset, so `ZlibNgCompressor`
/// keeps resetting.
final class ZlibNgStreamingCompressor: StreamingCompressor {
  private let level: Int
  private let container: Container
  private var stream: ZlibNgStream
  private let buffer: UnsafeMutableRawBufferPointer

  init(level: Int, container: Container) throws(CodecError) {
    stream = try ZlibNgStream(deflateLevel: level, container: container)
    self.level = level
    self.container = container
    buffer = .allocate(byteCount: streamingOutputBufferBytes, alignment: 64)
  }

  deinit { buffer.deallocate() }

  var peakMemoryBytes: Int { stream.peakMemoryBytes + buffer.count }

  func reset() throws(CodecError) { stream = try ZlibNgStream(deflateLevel: level, container: container) }

  func compress(
    chunk: UnsafeRawBufferPointer, last: Bool, emit: (UnsafeRawBufferPointer) throws(CodecError) -> Void
  ) throws(CodecError) {
    var rest = chunk
    while true {
      var space = buffer
      let step = try stream.step(&rest, &space, flush: last ? .finish : .sync)
      let produced = buffer.count - space.count
      if produced > 0 { try emit(UnsafeRawBufferPointer(rebasing: buffer[0..<produced])) }
      if step == .streamEnd { return }
      // A flush is complete when deflate left output space unused; until then it has more.
      if !last && rest.isEmpty && !space.isEmpty { return }
      if step == .noProgress && produced == 0 { throw stream.stalled() }
    }
  }
}

extension ZlibNgBackend: StreamingCompressionBackend {
  public func makeStreamingCompressorUnchecked(level: Int, container: Container) throws(CodecError)
    -> any StreamingCompressor
  {
    try ZlibNgStreamingCompressor(level: level, container: container)
  }
}
