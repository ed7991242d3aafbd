import DeflateBenchResults
import DeflateBenchSupport

/// The bytes an HTTP version puts around a request body, and the packets it travels in. Every
/// constant names its source; docs/model.md has the table.
public enum HTTPFraming {
  /// The versions `--http` takes.
  public static let versions = ["1.1", "2", "3"]

  /// HTTP/2 frame header: 9 bytes before every frame (RFC 9113 section 4.1).
  public static let http2FrameHeaderBytes = 9
  /// The largest DATA frame payload a peer accepts until it says otherwise:
  /// SETTINGS_MAX_FRAME_SIZE's initial value, 16,384 (RFC 9113 section 6.5.2).
  public static let http2MaxFramePayloadBytes = 16_384
  /// TLS 1.3 record overhead: a 5-byte header, the 1-byte inner content type and a 16-byte AEAD
  /// tag (AES-GCM or ChaCha20-Poly1305) per record of at most 2^14 plaintext bytes (RFC 8446
  /// sections 5.1, 5.2).
  public static let tlsRecordOverheadBytes = 22
  public static let tlsRecordPlaintextBytes = 16_384

  /// Header fields of a kept-alive request that HPACK sends as one-byte indexed fields once the
  /// first request put them in the dynamic table (RFC 7541 sections 2.3, 6.1): :method POST and
  /// :scheme https from the static table, :authority, :path, accept, accept-language,
  /// accept-encoding, user-agent and content-type from the dynamic table: the fields URLSession
  /// sends with a JSON POST (see `RequestHeadProbe`).
  public static let hpackRepeatedFields = 9

  /// QUIC: the UDP payload of a packet, 1,350 bytes (Chromium's and quiche's default maximum
  /// packet size; RFC 9000 section 14 requires at least 1,200).
  public static let quicPacketBytes = 1350
  /// Bytes of a 1-RTT QUIC packet that are not request bytes: 1 B flags, an 8-byte destination
  /// connection ID, up to 4 B of packet number (RFC 9000 section 17.3), the 16-byte AEAD tag
  /// (RFC 9001 section 5.3) and about 8 B of STREAM frame header (type, stream ID, offset,
  /// length varints; RFC 9000 section 19.8): 37 bytes.
  public static let quicPacketOverheadBytes = 37
  /// IPv4 (20 B) and UDP (8 B) headers around each QUIC packet.
  public static let quicIPUDPHeaderBytes = 28
  /// QUIC's one combined transport and TLS handshake (RFC 9000 section 7, RFC 9001 section 4).
  public static let quicHandshakeRoundTrips = 1
  /// The limits of QUIC's variable-length integers (RFC 9000 section 16): a value below the
  /// n-th takes 1, 2 or 4 bytes, any other 8.
  public static let quicVarintLimits = [64, 16_384, 1_073_741_824]

  /// How request bytes travel: per-packet payload and header bytes on the link, and the initial
  /// window in packets.
  public struct Transport: Sendable, Equatable {
    public var payloadBytesPerPacket: Double
    public var headerBytesPerPacket: Double
    public var initialWindowPackets: Double
  }

  /// TCP for HTTP/1.1 and HTTP/2; QUIC for HTTP/3, whose initial window is 10 maximum-size
  /// datagrams (RFC 9002 section 7.2).
  public static func transport(_ parameters: ModelParameters) -> Transport {
    if parameters.http == "3" {
      return Transport(
        payloadBytesPerPacket: Double(quicPacketBytes - quicPacketOverheadBytes),
        headerBytesPerPacket: Double(quicPacketOverheadBytes + quicIPUDPHeaderBytes),
        initialWindowPackets: Double(parameters.initialWindowSegments))
    }
    return Transport(
      payloadBytesPerPacket: Double(parameters.mssBytes), headerBytesPerPacket: Double(parameters.packetHeaderBytes),
      initialWindowPackets: Double(parameters.initialWindowSegments))
  }

  /// Round trips a new connection spends before its request: TCP's plus TLS 1.3's
  /// (`cold_handshake_round_trips`, 2) for HTTP/1.1 and HTTP/2; QUIC's one combined transport and
  /// TLS handshake for HTTP/3 (RFC 9000 section 7, RFC 9001 section 4).
  public static func handshakeRoundTrips(_ parameters: ModelParameters) -> Int {
    parameters.http == "3" ? quicHandshakeRoundTrips : parameters.coldHandshakeRoundTrips
  }

  /// The request's bytes on the connection (before packet headers): the head, the body and the
  /// version's framing. `headBytes` is the HTTP/1.1 head (`request_head_bytes` plus the
  /// Content-Encoding line) and stands for it where the version sends the head uncompressed: on
  /// HTTP/1.1, and on a new HTTP/2 or HTTP/3 connection, whose empty dynamic table leaves only
  /// the static table and Huffman coding (an upper bound).
  public static func requestBytes(
    headBytes: Double, bodyBytes: Double, encoded: Bool, parameters: ModelParameters
  ) -> Double {
    switch parameters.http {
    case "2":
      let head = parameters.isCold ? headBytes : Double(compressedHeadBytes(bodyBytes: bodyBytes, encoded: encoded))
      let frames = max(1, (bodyBytes / Double(http2MaxFramePayloadBytes)).rounded(.up))
      let stream = Double(http2FrameHeaderBytes) + head + frames * Double(http2FrameHeaderBytes) + bodyBytes
      let records = max(1, (stream / Double(tlsRecordPlaintextBytes)).rounded(.up))
      return stream + records * Double(tlsRecordOverheadBytes)
    case "3":
      let head = parameters.isCold ? headBytes : Double(compressedHeadBytes(bodyBytes: bodyBytes, encoded: encoded))
      // HEADERS and DATA frames: a type byte and a varint length each (RFC 9114 section 7.1);
      // the QPACK field section prefix, 2 bytes (RFC 9204 section 4.5.1).
      return 1 + Double(varintBytes(Int(head) + 2)) + 2 + head + 1 + Double(varintBytes(Int(bodyBytes))) + bodyBytes
    default:
      return headBytes + bodyBytes
    }
  }

  /// HPACK's size of a kept-alive request head (QPACK's with a dynamic table is the same): the
  /// repeated fields indexed at 1 byte each (content-encoding too when present), and
  /// content-length, which changes per request, as a literal with its static-table name (index
  /// 28: 1 byte), a 1-byte length and the Huffman-coded digits (RFC 7541 sections 6.2.1, 5.2 and
  /// Appendix B: 5 bits for 0, 1 and 2, 6 bits for 3 to 9), padded to a byte.
  public static func compressedHeadBytes(bodyBytes: Double, encoded: Bool) -> Int {
    // Digit by digit in arithmetic rather than through a String: the verdict asks this for every
    // body of every cell on every link and device, and the String's characters took 2 % of the
    // CPU time of `run --quick` on the default corpora.
    let value = Int(bodyBytes.rounded())
    var bits = value < 0 ? 6 : 0  // a minus sign, which is not one of the 5-bit characters
    var rest = value.magnitude
    repeat {
      bits += rest % 10 <= 2 ? 5 : 6
      rest /= 10
    } while rest > 0
    return hpackRepeatedFields + (encoded ? 1 : 0) + 2 + (bits + 7) / 8
  }

  /// Bytes of a QUIC variable-length integer (RFC 9000 section 16).
  static func varintBytes(_ value: Int) -> Int {
    let below = quicVarintLimits.firstIndex { value < $0 } ?? quicVarintLimits.count
    return 1 << below
  }

  /// The formula's constants under `parameters`, as results.json carries them for the page and
  /// the checkers (`model.framing`).
  public static func table(_ parameters: ModelParameters) -> FramingConstants {
    var transports: [String: FramingConstants.Transport] = [:]
    for version in versions {
      var versioned = parameters
      versioned.http = version
      let transport = transport(versioned)
      transports[version] = FramingConstants.Transport(
        payloadBytesPerPacket: transport.payloadBytesPerPacket, headerBytesPerPacket: transport.headerBytesPerPacket,
        initialWindowPackets: transport.initialWindowPackets,
        handshakeRoundTrips: handshakeRoundTrips(versioned))
    }
    return FramingConstants(
      transport: transports, http2FrameHeaderBytes: http2FrameHeaderBytes,
      http2MaxFramePayloadBytes: http2MaxFramePayloadBytes, tlsRecordOverheadBytes: tlsRecordOverheadBytes,
      tlsRecordPlaintextBytes: tlsRecordPlaintextBytes, hpackRepeatedFields: hpackRepeatedFields,
      quicVarintLimits: quicVarintLimits,
      contentEncodings: Dictionary(
        uniqueKeysWithValues: Container.known.map { ($0.rawValue, UploadModel.contentEncoding($0)) }))
  }
}
