/// zlib-ng's deflate fed chunk by chunk: a sync flush at each chunk's end, `Z_FINISH` on the
/// last, through a 64 KiB output buffer. Same parameters as `ZlibNgCompressor`, so the output
/// differs from the one-shot stream only by what the flushes cost.
final class ZlibNgStreamingCompressor: StreamingCompressor {
  private let stream: ZlibNgStream
  private let buffer: UnsafeMutableRawBufferPointer

  init(level: Int, container: Container) throws(CodecError) {
    stream = try ZlibNgStream(deflateLevel: level, container: container)
    buffer = .allocate(byteCount: streamingOutputBufferBytes, alignment: 64)
  }

  deinit { buffer.deallocate() }

  var peakMemoryBytes: Int { stream.peakMemoryBytes + buffer.count }

  func reset() throws(CodecError) { try stream.reset() }

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
