import CBrotli

/// brotli's encoder for one quality (level).
///
/// "Reusable" means something narrower for brotli than for the other backends: in brotli 1.0.9 an
/// encoder state is single-use (once a stream is finished it cannot be reset, and there is no
/// reset call), so each `compress` creates a `BrotliEncoderState`, streams the whole input through
/// it with BROTLI_OPERATION_FINISH and destroys it. That is exactly what brotli's own one-shot
/// `BrotliEncoderCompress` does internally, so timings include the state's creation because every
/// brotli user pays it; the big buffers (ring buffer, hash tables) are allocated lazily on first
/// use in either path. Going through the streaming API instead of the one-shot call lets the
/// state use counting allocator hooks (the one-shot call takes none); `peakMemoryBytes` is the
/// largest amount any single call held.
///
/// The parameters match `BrotliEncoderCompress(quality, BROTLI_DEFAULT_WINDOW, BROTLI_MODE_GENERIC)`:
/// window 22, generic mode, and the input size as the size hint. Should the streamed result not
/// fit in `BrotliEncoderMaxCompressedSize` bytes, the call falls back to `BrotliEncoderCompress`,
/// which then emits brotli's uncompressed-stream form, as the one-shot API does.
final class BrotliCompressor: Compressor {
  let quality: Int
  private let counter: AllocationCounter
  private var peakPerCall = 0

  init(quality: Int) {
    self.quality = quality
    self.counter = AllocationCounter()
  }

  var peakMemoryBytes: Int? { peakPerCall }

  func compressBound(_ inputCount: Int) -> Int {
    let bound = BrotliEncoderMaxCompressedSize(inputCount)
    return bound > 0 ? bound : Int.max  // 0 means the bound overflowed size_t
  }

  func compress(_ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer) throws(CodecError)
    -> Int
  {
    let written = try compressStreaming(input, into: output)
    if let written, written <= BrotliEncoderMaxCompressedSize(input.count) { return written }
    return try compressOneShot(input, into: output)
  }

  /// The streamed result, or nil when it did not fit in `output`.
  private func compressStreaming(_ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer)
    throws(CodecError) -> Int?
  {
    guard let state = BrotliEncoderCreateInstance(brotliCountingAlloc, brotliCountingFree, counter.opaque) else {
      throw .library(backend: "brotli", operation: "BrotliEncoderCreateInstance", code: 0, message: "out of memory")
    }
    defer {
      BrotliEncoderDestroyInstance(state)
      peakPerCall = max(peakPerCall, counter.peakBytes)
    }
    BrotliEncoderSetParameter(state, BROTLI_PARAM_QUALITY, UInt32(quality))
    BrotliEncoderSetParameter(state, BROTLI_PARAM_LGWIN, UInt32(BROTLI_DEFAULT_WINDOW))
    BrotliEncoderSetParameter(state, BROTLI_PARAM_MODE, BROTLI_MODE_GENERIC.rawValue)
    BrotliEncoderSetParameter(state, BROTLI_PARAM_SIZE_HINT, UInt32(clamping: input.count))
    var availableIn = input.count
    var nextIn: UnsafePointer<UInt8>? = input.byteBase
    var availableOut = output.count
    var nextOut: UnsafeMutablePointer<UInt8>? = output.byteBase
    while true {
      guard
        BrotliEncoderCompressStream(state, BROTLI_OPERATION_FINISH, &availableIn, &nextIn, &availableOut, &nextOut, nil)
          != 0
      else {
        throw .library(
          backend: "brotli", operation: "BrotliEncoderCompressStream", code: 0, message: "the encoder failed")
      }
      if BrotliEncoderIsFinished(state) != 0 { return output.count - availableOut }
      if availableOut == 0 { return nil }
    }
  }

  /// brotli's one-shot call, which guarantees the `BrotliEncoderMaxCompressedSize` bound.
  private func compressOneShot(_ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer)
    throws(CodecError) -> Int
  {
    var size = output.count
    let ok = BrotliEncoderCompress(
      Int32(quality), BROTLI_DEFAULT_WINDOW, BROTLI_MODE_GENERIC, input.count, input.byteBase, &size,
      output.byteBase)
    guard ok != 0 else { throw .outputTooSmall(backend: "brotli", capacity: output.count) }
    return size
  }
}

/// brotli's allocator hooks, counting into the `AllocationCounter` passed as `opaque`.
let brotliCountingAlloc: brotli_alloc_func = { opaque, size in
  AllocationCounter.allocate(size, opaque: opaque)
}

let brotliCountingFree: brotli_free_func = { opaque, address in
  AllocationCounter.free(address, opaque: opaque)
}
