/// The half of a library's streaming decoder that does not depend on the library: the buffer the
/// library decodes into, the byte counts, the limits the output is held to, and the first error,
/// after which the decoder stays failed (the library's state can no longer be trusted).
final class StreamingDecodeBuffer {
  let limits: StreamingDecodeLimits
  /// Where the library writes decoded bytes before `emit` hands them on.
  let output: UnsafeMutableRawBufferPointer
  /// Encoded bytes the library has taken so far.
  var consumedBytes = 0
  /// Decoded bytes handed to the sink so far.
  private(set) var producedBytes = 0
  private var failed: StreamingDecodeError?

  init(limits: StreamingDecodeLimits, outputBufferBytes: Int) {
    self.limits = limits
    output = .allocate(byteCount: max(outputBufferBytes, 1024), alignment: 16)
  }

  deinit { output.deallocate() }

  /// Counts the first `count` bytes of `output` as decoded, checks the limits (so nothing past
  /// them reaches the sink), then hands the bytes to `sink`.
  func emit(_ count: Int, to sink: StreamingSink) throws(StreamingDecodeError) {
    guard count > 0 else { return }
    producedBytes += count
    try limits.check(produced: producedBytes, consumed: consumedBytes)
    try sink(UnsafeRawBufferPointer(rebasing: output[..<count]))
  }

  /// Runs one `feed` or `finish`: once a call has thrown, every later call throws the same error.
  func guarded(_ body: () throws(StreamingDecodeError) -> Void) throws(StreamingDecodeError) {
    if let failed { throw failed }
    do throws(StreamingDecodeError) {
      try body()
    } catch {
      failed = error
      throw error
    }
  }
}
