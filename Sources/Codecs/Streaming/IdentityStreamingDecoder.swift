/// The `identity` coding: bytes pass through unchanged, still counted against the size limit
/// (the ratio is always 1, so only `maxDecodedBytes` can refuse them).
public final class IdentityStreamingDecoder: StreamingDecoder {
  public let coding = "identity"
  public private(set) var consumedBytes = 0
  public var producedBytes: Int { consumedBytes }

  private let limits: StreamingDecodeLimits

  public init(limits: StreamingDecodeLimits) {
    self.limits = limits
  }

  public func feed(_ input: UnsafeRawBufferPointer, into sink: StreamingSink) throws(StreamingDecodeError) {
    guard !input.isEmpty else { return }
    consumedBytes += input.count
    try limits.check(produced: consumedBytes, consumed: consumedBytes)
    try sink(input)
  }

  public func finish(into sink: StreamingSink) throws(StreamingDecodeError) {}
}
