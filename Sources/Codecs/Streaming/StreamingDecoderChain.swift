/// Several decoders in a row for `Content-Encoding: a, b`, which means `a` was applied first and
/// `b` last; decoding runs `b` first (RFC 9110 §8.4). Each stage streams into the next, so no
/// stage holds more than its output buffer.
///
/// Every stage checks the limits on its own output, and the chain checks the final output
/// against the bytes that arrived, so nesting two 1000:1 bombs does not pass as 1000:1 twice.
public final class StreamingDecoderChain: StreamingDecoder {
  /// The stages in decoding order: the last-applied coding first.
  public let stages: [any StreamingDecoder]
  public var coding: String { stages.reversed().map(\.coding).joined(separator: ", ") }
  public var consumedBytes: Int { stages.first?.consumedBytes ?? 0 }
  public private(set) var producedBytes = 0

  private let limits: StreamingDecodeLimits

  /// - Parameter stages: decoders in decoding order (the reverse of the header's order).
  public init(stages: [any StreamingDecoder], limits: StreamingDecodeLimits) {
    precondition(!stages.isEmpty, "a chain needs at least one stage")
    self.stages = stages
    self.limits = limits
  }

  public func feed(_ input: UnsafeRawBufferPointer, into sink: StreamingSink) throws(StreamingDecodeError) {
    try feed(input, stage: 0, into: sink)
  }

  public func finish(into sink: StreamingSink) throws(StreamingDecodeError) {
    // Finishing a stage can still flush output into the next one, so finish front to back.
    for index in stages.indices {
      try stages[index].finish { (piece) throws(StreamingDecodeError) in
        try self.feed(piece, stage: index + 1, into: sink)
      }
    }
  }

  private func feed(_ input: UnsafeRawBufferPointer, stage index: Int, into sink: StreamingSink)
    throws(StreamingDecodeError)
  {
    guard index < stages.count else {
      producedBytes += input.count
      try limits.check(produced: producedBytes, consumed: consumedBytes)
      try sink(input)
      return
    }
    try stages[index].feed(input) { (piece) throws(StreamingDecodeError) in
      try self.feed(piece, stage: index + 1, into: sink)
    }
  }
}
