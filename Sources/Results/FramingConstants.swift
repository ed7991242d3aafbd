/// The constants the upload model's formula takes besides the run's own parameters: how each
/// HTTP version's request travels and is framed, as results.json carries them (`model.framing`),
/// so report.html and the checkers evaluate the formula from the file alone and hold none of
/// them. `HTTPFraming` (Sources/Model/Upload) is their home, with the source of each; the verdict
/// writes them with the model's parameters.
public struct FramingConstants: Codable, Sendable, Equatable {
  /// How request bytes travel under one `--http` version.
  public struct Transport: Codable, Sendable, Equatable {
    /// Request bytes per packet, and the header bytes each packet adds on the link.
    public var payloadBytesPerPacket: Double
    public var headerBytesPerPacket: Double
    /// The window a connection starts with, in packets.
    public var initialWindowPackets: Double
    /// Round trips a new connection's handshakes take before the request.
    public var handshakeRoundTrips: Int

    public init(
      payloadBytesPerPacket: Double, headerBytesPerPacket: Double, initialWindowPackets: Double,
      handshakeRoundTrips: Int
    ) {
      self.payloadBytesPerPacket = payloadBytesPerPacket
      self.headerBytesPerPacket = headerBytesPerPacket
      self.initialWindowPackets = initialWindowPackets
      self.handshakeRoundTrips = handshakeRoundTrips
    }
  }

  /// Per version (`1.1`, `2`, `3`), under the run's parameters.
  public var transport: [String: Transport]
  /// HTTP/2: the frame header, the largest DATA frame payload, and the TLS 1.3 record's overhead
  /// and plaintext size.
  public var http2FrameHeaderBytes: Int
  public var http2MaxFramePayloadBytes: Int
  public var tlsRecordOverheadBytes: Int
  public var tlsRecordPlaintextBytes: Int
  /// HPACK (and QPACK): the header fields a kept-alive request sends as one-byte indexes.
  public var hpackRepeatedFields: Int
  /// QUIC's variable-length integers: the values below the n-th limit take 1, 2, 4 bytes; the
  /// rest 8.
  public var quicVarintLimits: [Int]
  /// The `Content-Encoding` token each container is sent with (raw DEFLATE as `deflate`).
  public var contentEncodings: [String: String]

  public init(
    transport: [String: Transport], http2FrameHeaderBytes: Int, http2MaxFramePayloadBytes: Int,
    tlsRecordOverheadBytes: Int, tlsRecordPlaintextBytes: Int, hpackRepeatedFields: Int, quicVarintLimits: [Int],
    contentEncodings: [String: String]
  ) {
    self.transport = transport
    self.http2FrameHeaderBytes = http2FrameHeaderBytes
    self.http2MaxFramePayloadBytes = http2MaxFramePayloadBytes
    self.tlsRecordOverheadBytes = tlsRecordOverheadBytes
    self.tlsRecordPlaintextBytes = tlsRecordPlaintextBytes
    self.hpackRepeatedFields = hpackRepeatedFields
    self.quicVarintLimits = quicVarintLimits
    self.contentEncodings = contentEncodings
  }
}
