import CBrotli

/// brotli's decoder. Like the encoder, a brotli 1.0.9 decoder state cannot be reset, so each call
/// creates one (a few KiB; the ring buffer is sized to the stream and allocated lazily in any
/// case), exactly as brotli's one-shot `BrotliDecoderDecompress` does. Success requires
/// BROTLI_DECODER_RESULT_SUCCESS with every input byte used; brotli streams carry no checksum, so
/// corruption is caught only where it breaks the format.
final class BrotliDecompressor: Decompressor {
  func decompress(_ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer) throws(CodecError)
    -> Int
  {
    guard let state = BrotliDecoderCreateInstance(nil, nil, nil) else {
      throw .library(backend: "brotli", operation: "BrotliDecoderCreateInstance", code: 0, message: "out of memory")
    }
    defer { BrotliDecoderDestroyInstance(state) }
    var availableIn = input.count
    var nextIn: UnsafePointer<UInt8>? = input.byteBase
    var availableOut = output.count
    var nextOut: UnsafeMutablePointer<UInt8>? = output.byteBase
    let result = BrotliDecoderDecompressStream(state, &availableIn, &nextIn, &availableOut, &nextOut, nil)
    switch result {
    case BROTLI_DECODER_RESULT_SUCCESS:
      guard availableIn == 0 else {
        throw .corruptInput(
          backend: "brotli", container: .br, detail: "\(availableIn) bytes follow the end of the stream")
      }
      return output.count - availableOut
    case BROTLI_DECODER_RESULT_NEEDS_MORE_INPUT:
      throw .corruptInput(backend: "brotli", container: .br, detail: "the stream is truncated")
    case BROTLI_DECODER_RESULT_NEEDS_MORE_OUTPUT:
      throw .outputTooSmall(backend: "brotli", capacity: output.count)
    default:
      throw BrotliStatus.error(BrotliDecoderGetErrorCode(state))
    }
  }
}
