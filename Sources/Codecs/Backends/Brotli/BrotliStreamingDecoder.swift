import CBrotli

/// Streams `br` bodies (RFC 7932) through `BrotliDecoderDecompressStream`. A Brotli stream has
/// one end marker and no concatenation, so any byte after it is corrupt input.
public final class BrotliStreamingDecoder: StreamingDecoder {
  public let coding = "br"
  public private(set) var consumedBytes = 0
  public private(set) var producedBytes = 0

  private let limits: StreamingDecodeLimits
  private let state: OpaquePointer
  private let output: UnsafeMutableRawBufferPointer
  private var finished = false
  private var failed: StreamingDecodeError?

  /// Fails only when the library cannot allocate its state.
  public init(limits: StreamingDecodeLimits, outputBufferBytes: Int = 128 << 10) throws(StreamingDecodeError) {
    guard let state = BrotliDecoderCreateInstance(nil, nil, nil) else {
      throw .library(coding: "br", code: 0, message: "BrotliDecoderCreateInstance returned NULL")
    }
    self.state = state
    self.limits = limits
    output = .allocate(byteCount: max(outputBufferBytes, 1024), alignment: 16)
  }

  deinit {
    BrotliDecoderDestroyInstance(state)
    output.deallocate()
  }

  public func feed(_ input: UnsafeRawBufferPointer, into sink: StreamingSink) throws(StreamingDecodeError) {
    if let failed { throw failed }
    guard let base = input.baseAddress, !input.isEmpty else { return }
    do throws(StreamingDecodeError) {
      guard !finished else {
        throw .corrupt(coding: coding, detail: "\(input.count) bytes follow the end of the stream")
      }
      var availableIn = input.count
      var nextIn: UnsafePointer<UInt8>? = base.assumingMemoryBound(to: UInt8.self)
      while true {
        var availableOut = output.count
        var nextOut: UnsafeMutablePointer<UInt8>? = output.baseAddress!.assumingMemoryBound(to: UInt8.self)
        let before = availableIn
        let result = BrotliDecoderDecompressStream(state, &availableIn, &nextIn, &availableOut, &nextOut, nil)
        consumedBytes += before - availableIn
        let produced = output.count - availableOut
        if produced > 0 {
          producedBytes += produced
          try limits.check(produced: producedBytes, consumed: consumedBytes)
          try sink(UnsafeRawBufferPointer(rebasing: output[..<produced]))
        }
        switch result {
        case BROTLI_DECODER_RESULT_NEEDS_MORE_OUTPUT:
          continue
        case BROTLI_DECODER_RESULT_NEEDS_MORE_INPUT:
          return
        case BROTLI_DECODER_RESULT_SUCCESS:
          finished = true
          if availableIn > 0 {
            throw .corrupt(coding: coding, detail: "\(availableIn) bytes follow the end of the stream")
          }
          return
        default:
          throw BrotliStatus.streamingError(BrotliDecoderGetErrorCode(state))
        }
      }
    } catch {
      failed = error
      throw error
    }
  }

  public func finish(into sink: StreamingSink) throws(StreamingDecodeError) {
    if let failed { throw failed }
    guard finished else {
      failed = .truncated(coding: coding)
      throw .truncated(coding: coding)
    }
  }
}
