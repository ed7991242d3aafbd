import CZstd

/// Streams `zstd` bodies (RFC 8878) through `ZSTD_decompressStream`. Several frames back to back
/// decode as one body, as the format allows.
///
/// The window is capped at 8 MiB (`maxWindowLog` 23): RFC 9659 requires HTTP senders to stay
/// within it, and without a cap a 20-byte frame header could make the server reserve 128 MiB (or
/// 2 GiB with the long-distance window) before a single byte is decoded; a larger window is
/// `.windowTooLarge`, which the server answers 413 naming the limit. With a memory budget in the
/// limits, every allocation of the context is charged to it (see `DecoderMemoryBudget`).
public final class ZstdStreamingDecoder: StreamingDecoder {
  public let coding = "zstd"
  public var consumedBytes: Int { buffer.consumedBytes }
  public var producedBytes: Int { buffer.producedBytes }

  private let buffer: StreamingDecodeBuffer
  private let context: OpaquePointer
  /// The last return of `ZSTD_decompressStream`: 0 exactly when a frame ended and was flushed.
  private var lastHint = 0
  private var sawInput = false
  private let maxWindowLog: Int32
  /// The server's budget the context allocates from, or nil for plain malloc.
  private let account: BudgetAccount?

  /// Fails only when the library cannot allocate its context.
  /// - Parameter dictionary: loaded into the context for every frame (a `dcz` body's dictionary).
  public init(
    limits: StreamingDecodeLimits, maxWindowLog: Int32 = 23, outputBufferBytes: Int = 128 << 10,
    dictionary: [UInt8]? = nil
  ) throws(StreamingDecodeError) {
    let account = limits.memoryBudget.map(BudgetAccount.init)
    let made =
      if let account {
        ZSTD_createDCtx_advanced(
          ZSTD_customMem(customAlloc: zstdBudgetAlloc, customFree: zstdBudgetFree, opaque: account.opaque))
      } else {
        ZSTD_createDCtx()
      }
    guard let context = made else {
      if let account, account.refused { throw .memoryBudgetExhausted(limit: account.budget.limit) }
      throw .library(coding: "zstd", code: 0, message: "ZSTD_createDCtx returned NULL")
    }
    self.context = context
    self.account = account
    self.maxWindowLog = maxWindowLog
    buffer = StreamingDecodeBuffer(limits: limits, outputBufferBytes: outputBufferBytes)
    let code = ZSTD_DCtx_setParameter(context, ZSTD_d_windowLogMax, maxWindowLog)
    if ZSTD_isError(code) != 0 {
      throw translated(code)
    }
    if let dictionary {
      let loaded = dictionary.withUnsafeBytes { ZSTD_DCtx_loadDictionary(context, $0.baseAddress, $0.count) }
      if ZSTD_isError(loaded) != 0 { throw translated(loaded) }
    }
  }

  /// A library error, or the budget refusal behind a failed allocation.
  private func translated(_ code: Int) -> StreamingDecodeError {
    if let account, account.refused { return .memoryBudgetExhausted(limit: account.budget.limit) }
    return ZstdStatus.streamingError(code, maxWindowLog: maxWindowLog)
  }

  deinit { ZSTD_freeDCtx(context) }

  public func feed(_ input: UnsafeRawBufferPointer, into sink: StreamingSink) throws(StreamingDecodeError) {
    try buffer.guarded { () throws(StreamingDecodeError) in
      guard let base = input.baseAddress, !input.isEmpty else { return }
      sawInput = true
      var inBuffer = ZSTD_inBuffer(src: base, size: input.count, pos: 0)
      // Loop while input remains, and also while the output buffer came back full with the frame
      // unfinished: zstd may hold decoded bytes it has not flushed yet even when all input is
      // consumed. A hint of 0 means the frame ended and every byte was flushed; calling again
      // then would start reading the next frame's header and leave a nonzero hint behind, so a
      // body whose last call filled the buffer exactly would be taken for a cut-off one.
      var outputWasFull = false
      while inBuffer.pos < inBuffer.size || (outputWasFull && lastHint != 0) {
        var outBuffer = ZSTD_outBuffer(dst: buffer.output.baseAddress, size: buffer.output.count, pos: 0)
        let before = inBuffer.pos
        let hint = ZSTD_decompressStream(context, &outBuffer, &inBuffer)
        if ZSTD_isError(hint) != 0 { throw translated(hint) }
        lastHint = hint
        buffer.consumedBytes += inBuffer.pos - before
        outputWasFull = outBuffer.pos == outBuffer.size
        try buffer.emit(outBuffer.pos, to: sink)
      }
    }
  }

  public func finish(into sink: StreamingSink) throws(StreamingDecodeError) {
    try buffer.guarded { () throws(StreamingDecodeError) in
      guard sawInput, lastHint == 0 else { throw .truncated(coding: coding) }
    }
  }
}
