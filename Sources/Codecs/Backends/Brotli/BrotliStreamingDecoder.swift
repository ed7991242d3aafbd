import CBrotli

/// Streams `br` bodies (RFC 7932) through `BrotliDecoderDecompressStream`. A Brotli stream has
/// one end marker and no concatenation, so any byte after it is corrupt input.
public final class BrotliStreamingDecoder: StreamingDecoder {
  public let coding = "br"
  public var consumedBytes: Int { buffer.consumedBytes }
  public var producedBytes: Int { buffer.producedBytes }

  private let buffer: StreamingDecodeBuffer
  private let state: OpaquePointer
  private var finished = false
  /// The server's budget the state allocates from (its ring buffer, up to 16 MiB), or nil.
  private let account: BudgetAccount?

  /// Fails only when the library cannot allocate its state.
  public init(limits: StreamingDecodeLimits, outputBufferBytes: Int = 128 << 10) throws(StreamingDecodeError) {
    let account = limits.memoryBudget.map(BudgetAccount.init)
    let made =
      if let account {
        BrotliDecoderCreateInstance(brotliBudgetAlloc, brotliBudgetFree, account.opaque)
      } else {
        BrotliDecoderCreateInstance(nil, nil, nil)
      }
    guard let state = made else {
      if let account, account.refused { throw .memoryBudgetExhausted(limit: account.budget.limit) }
      throw .library(coding: "br", code: 0, message: "BrotliDecoderCreateInstance returned NULL")
    }
    self.state = state
    self.account = account
    buffer = StreamingDecodeBuffer(limits: limits, outputBufferBytes: outputBufferBytes)
  }

  deinit { BrotliDecoderDestroyInstance(state) }

  public func feed(_ input: UnsafeRawBufferPointer, into sink: StreamingSink) throws(StreamingDecodeError) {
    try buffer.guarded { () throws(StreamingDecodeError) in
      guard let base = input.baseAddress, !input.isEmpty else { return }
      guard !finished else {
        throw .corrupt(coding: coding, detail: "\(input.count) bytes follow the end of the stream")
      }
      var availableIn = input.count
      var nextIn: UnsafePointer<UInt8>? = base.assumingMemoryBound(to: UInt8.self)
      let output = buffer.output
      while true {
        var availableOut = output.count
        var nextOut: UnsafeMutablePointer<UInt8>? = output.baseAddress!.assumingMemoryBound(to: UInt8.self)
        let before = availableIn
        let result = BrotliDecoderDecompressStream(state, &availableIn, &nextIn, &availableOut, &nextOut, nil)
        buffer.consumedBytes += before - availableIn
        try buffer.emit(output.count - availableOut, to: sink)
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
          if let account, account.refused { throw .memoryBudgetExhausted(limit: account.budget.limit) }
          throw BrotliStatus.streamingError(BrotliDecoderGetErrorCode(state))
        }
      }
    }
  }

  public func finish(into sink: StreamingSink) throws(StreamingDecodeError) {
    try buffer.guarded { () throws(StreamingDecodeError) in
      guard finished else { throw .truncated(coding: coding) }
    }
  }
}

/// brotli's allocator hooks, charging the `BudgetAccount` passed as `opaque`.
let brotliBudgetAlloc: brotli_alloc_func = { opaque, size in
  BudgetAccount.allocate(size, opaque: opaque)
}

let brotliBudgetFree: brotli_free_func = { opaque, address in
  BudgetAccount.free(address, opaque: opaque)
}
