/// One streaming form of a cell: the same payloads, backend, level and container, compressed
/// chunk by chunk with a flush at each chunk's end, as an uploader that sends while it
/// compresses. Recorded beside the cell's whole-body figures, which it is compared with.
public struct StreamingMeasurement: Codable, Sendable, Equatable {
  /// Uncompressed bytes per chunk (the last chunk of a payload may be shorter).
  public var chunkBytes: Int
  /// Streamed bytes over all payloads, flushes included.
  public var outputBytes: Int
  /// Compression speed in MB/s of uncompressed input, one value per repetition.
  public var compressSamplesMBps: [Double]
  /// Peak bytes the compressor held: the library's state plus its output buffer, plus the
  /// chunk being compressed. Independent of the body's size.
  public var memoryBytes: Int
  /// True when every streamed payload decoded back exactly with the cell's verifier.
  public var verified: Bool
  /// The streaming upload against the whole-body one, when the run had `--upload`.
  public var upload: StreamingUploadMeasurement?

  public init(
    chunkBytes: Int, outputBytes: Int, compressSamplesMBps: [Double], memoryBytes: Int, verified: Bool,
    upload: StreamingUploadMeasurement? = nil
  ) {
    self.chunkBytes = chunkBytes
    self.outputBytes = outputBytes
    self.compressSamplesMBps = compressSamplesMBps
    self.memoryBytes = memoryBytes
    self.verified = verified
    self.upload = upload
  }

  /// How many percent more bytes streaming sends than whole-body compression of the same
  /// payloads (`wholeOutputBytes`, the cell's `output_bytes`): the price of the flushes.
  public func ratioLossPercent(wholeOutputBytes: Int) -> Double {
    guard wholeOutputBytes > 0 else { return 0 }
    return 100 * (Double(outputBytes) / Double(wholeOutputBytes) - 1)
  }
}

/// The same payloads uploaded twice to the echo server: whole-body (compress all of it, then
/// send it with Content-Length) and streaming (compress chunk by chunk while sending, with
/// `Transfer-Encoding: chunked`). Times run from the start of compression to the last byte of
/// the server's answer, summed over the payloads.
public struct StreamingUploadMeasurement: Codable, Sendable, Equatable {
  /// The link the server emulated (`none` for an unthrottled loopback).
  public var link: String
  public var wholeBodyMs: Double
  public var streamingMs: Double
  /// The client's peak resident memory above its level before the upload (the process's
  /// high-water mark, reset before each form), the largest over the payloads.
  public var wholeBodyPeakBytes: Int
  public var streamingPeakBytes: Int
  /// Bytes the server received for the streamed bodies (chunk framing excluded).
  public var streamingWireBytes: Int
  /// True when the server decoded every body of both forms to the right size and digest.
  public var serverVerified: Bool
  /// Modelled streaming time for the same link (`UploadModel.streamingSeconds`), in ms.
  public var modelledStreamingMs: Double?

  public init(
    link: String, wholeBodyMs: Double, streamingMs: Double, wholeBodyPeakBytes: Int, streamingPeakBytes: Int,
    streamingWireBytes: Int, serverVerified: Bool, modelledStreamingMs: Double? = nil
  ) {
    self.link = link
    self.wholeBodyMs = wholeBodyMs
    self.streamingMs = streamingMs
    self.wholeBodyPeakBytes = wholeBodyPeakBytes
    self.streamingPeakBytes = streamingPeakBytes
    self.streamingWireBytes = streamingWireBytes
    self.serverVerified = serverVerified
    self.modelledStreamingMs = modelledStreamingMs
  }
}
