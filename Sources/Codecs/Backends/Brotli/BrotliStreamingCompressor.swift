import CBrotli
import DeflateBenchSupport

/// brotli's encoder fed chunk by chunk: `BROTLI_OPERATION_FLUSH` at each chunk's end,
/// `BROTLI_OPERATION_FINISH` on the last. Same quality, window (22) and mode as
/// `BrotliCompressor`, but without a size hint: a streaming uploader does not know the size.
/// An encoder state cannot be reset in brotli 1.0.9, so `reset` makes a new one.
final class BrotliStreamingCompressor: StreamingCompressor {
  let quality: Int
  private let counter = AllocationCounter()
  private let buffer: UnsafeMutableRawBufferPointer
  private var state: OpaquePointer?

  init(quality: Int) {
    self.quality = quality
    buffer = .allocate(byteCount: streamingOutputBufferBytes, alignment: 64)
  }

  deinit {
    if let state { BrotliEncoderDestroyInstance(state) }
    buffer.deallocate()
  }

  var peakMemoryBytes: Int { counter.peakBytes + buffer.count }

  func reset() throws(CodecError) {
    if let state { BrotliEncoderDestroyInstance(state) }
    state = nil
    guard let fresh = BrotliEncoderCreateInstance(brotliCountingAlloc, brotliCountingFree, counter.opaque) else {
      throw .library(backend: "brotli", operation: "BrotliEncoderCreateInstance", code: 0, message: "out of memory")
    }
    BrotliEncoderSetParameter(fresh, BROTLI_PARAM_QUALITY, UInt32(quality))
    BrotliEncoderSetParameter(fresh, BROTLI_PARAM_LGWIN, UInt32(BROTLI_DEFAULT_WINDOW))
    BrotliEncoderSetParameter(fresh, BROTLI_PARAM_MODE, BROTLI_MODE_GENERIC.rawValue)
    state = fresh
  }

  func compress(
    chunk: UnsafeRawBufferPointer, last: Bool, emit: (UnsafeRawBufferPointer) throws(CodecError) -> Void
  ) throws(CodecError) {
    if state == nil { try reset() }
    guard let state else { return }
    var availableIn = chunk.count
    var nextIn: UnsafePointer<UInt8>? = chunk.byteBase
    let operation = last ? BROTLI_OPERATION_FINISH : BROTLI_OPERATION_FLUSH
    while true {
      var availableOut = buffer.count
      var nextOut: UnsafeMutablePointer<UInt8>? = buffer.byteBase
      guard BrotliEncoderCompressStream(state, operation, &availableIn, &nextIn, &availableOut, &nextOut, nil) != 0
      else {
        throw .library(
          backend: "brotli", operation: "BrotliEncoderCompressStream", code: 0, message: "the encoder failed")
      }
      let produced = buffer.count - availableOut
      if produced > 0 { try emit(UnsafeRawBufferPointer(rebasing: buffer[0..<produced])) }
      let drained = availableIn == 0 && BrotliEncoderHasMoreOutput(state) == 0
      if last ? BrotliEncoderIsFinished(state) != 0 : drained { return }
    }
  }
}

extension BrotliBackend: StreamingCompressionBackend {
  public func makeStreamingCompressorUnchecked(level: Int, container: Container) throws(CodecError)
    -> any StreamingCompressor
  {
    BrotliStreamingCompressor(quality: level)
  }
}
