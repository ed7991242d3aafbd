import CZlib
import DeflateBenchSupport

/// zlib's deflate fed chunk by chunk: `deflate(Z_SYNC_FLUSH)` at each chunk's end (the flush an
/// uploader needs so the receiver can decode everything sent so far), `Z_FINISH` on the last.
/// Same parameters as `ZlibCompressor` (window 15, memLevel 8, default strategy), so the only
/// difference in output is what the flushes cost: an empty stored block (4-5 bytes) per chunk
/// and the block boundaries they force.
final class ZlibStreamingCompressor: StreamingCompressor {
  let container: Container
  private let stream: ZlibStream
  private let counter: AllocationCounter
  private let buffer: UnsafeMutableRawBufferPointer

  init(level: Int, container: Container) throws(CodecError) {
    let counter = AllocationCounter()
    stream = try ZlibStream.deflate(level: level, container: container, counter: counter)
    self.container = container
    self.counter = counter
    buffer = .allocate(byteCount: streamingOutputBufferBytes, alignment: 64)
  }

  deinit { buffer.deallocate() }

  var peakMemoryBytes: Int { counter.peakBytes + buffer.count }

  func reset() throws(CodecError) {
    let code = deflateReset(stream.pointer)
    guard code == Z_OK else {
      throw ZlibStatus.error(
        code, stream: stream.pointer, operation: "deflateReset", backend: "zlib", container: container)
    }
  }

  func compress(
    chunk: UnsafeRawBufferPointer, last: Bool, emit: (UnsafeRawBufferPointer) throws(CodecError) -> Void
  ) throws(CodecError) {
    let z = stream.pointer
    // Chunks are far below 4 GiB (the CLI caps them); a larger one would be a caller's bug.
    precondition(chunk.count <= uint32ChunkLimit, "a streaming chunk must fit zlib's 32-bit avail_in")
    z.pointee.next_in = UnsafeMutablePointer(mutating: chunk.byteBase)
    z.pointee.avail_in = UInt32(chunk.count)
    let flush = last ? Z_FINISH : Z_SYNC_FLUSH
    while true {
      z.pointee.next_out = buffer.byteBase
      z.pointee.avail_out = UInt32(buffer.count)
      let code = deflate(z, flush)
      let produced = buffer.count - Int(z.pointee.avail_out)
      if produced > 0 { try emit(UnsafeRawBufferPointer(rebasing: buffer[0..<produced])) }
      switch code {
      case Z_STREAM_END:
        return
      case Z_OK, Z_BUF_ERROR:
        // A flush is complete when deflate left output space unused; until then it has more.
        if !last && z.pointee.avail_in == 0 && z.pointee.avail_out > 0 { return }
        if code == Z_BUF_ERROR && produced == 0 {
          throw ZlibStatus.error(code, stream: z, operation: "deflate", backend: "zlib", container: container)
        }
      default:
        throw ZlibStatus.error(code, stream: z, operation: "deflate", backend: "zlib", container: container)
      }
    }
  }
}

extension ZlibBackend: StreamingCompressionBackend {
  public func makeStreamingCompressorUnchecked(level: Int, container: Container) throws(CodecError)
    -> any StreamingCompressor
  {
    try ZlibStreamingCompressor(level: level, container: container)
  }
}
